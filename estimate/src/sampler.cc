// Per-user and aggregated samplers (see sampler.h for why the aggregated draws are exact).
#include "uldp/estimate/sampler.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <string>

#include "uldp/error.h"

namespace uldp::estimate {
namespace {

void check_inputs(std::span<const std::uint32_t> inputs, std::size_t k) {
  for (std::uint32_t x : inputs) {
    if (x >= k) {
      throw InvalidArgument("sampler: input " + std::to_string(x) + " is outside 0.." +
                            std::to_string(k - 1));
    }
  }
}

void check_counts(std::span<const std::uint64_t> counts, std::size_t k) {
  if (counts.size() != k) {
    throw InvalidArgument("sampler: " + std::to_string(counts.size()) +
                          " input counts for k = " + std::to_string(k) + " symbols");
  }
}

// Vose's alias table for one row of a dense mechanism.
struct AliasTable {
  std::vector<double> probability;
  std::vector<std::uint32_t> alias;

  explicit AliasTable(std::span<const double> weights) {
    const std::size_t m = weights.size();
    probability.assign(m, 0.0);
    alias.assign(m, 0);
    const double total = std::accumulate(weights.begin(), weights.end(), 0.0);
    std::vector<double> scaled(m);
    std::vector<std::uint32_t> small, large;
    for (std::size_t i = 0; i < m; ++i) {
      scaled[i] = weights[i] * static_cast<double>(m) / total;
      (scaled[i] < 1.0 ? small : large).push_back(static_cast<std::uint32_t>(i));
    }
    while (!small.empty() && !large.empty()) {
      const std::uint32_t s = small.back(), l = large.back();
      small.pop_back();
      probability[s] = scaled[s];
      alias[s] = l;
      scaled[l] = (scaled[l] + scaled[s]) - 1.0;
      if (scaled[l] < 1.0) {
        large.pop_back();
        small.push_back(l);
      }
    }
    for (std::uint32_t i : large) probability[i] = 1.0;
    for (std::uint32_t i : small) probability[i] = 1.0;  // rounding leftovers
  }

  std::uint32_t draw(Xoshiro256& rng) const {
    const auto column = static_cast<std::uint32_t>(uniform_below(rng, probability.size()));
    return uniform01(rng) < probability[column] ? column : alias[column];
  }
};

// 64 independent Bernoulli(p) draws at once, exact for the double p: lane j compares a uniform
// U_j (its bits drawn lazily, one random word per binary digit for all lanes) with the binary
// expansion of p, and is decided at the first digit where they differ. About 8 words per 64
// lanes whatever p is.
struct WideBernoulli {
  std::vector<std::uint8_t> digits;  // binary digits of p after the point, most significant first

  explicit WideBernoulli(double p) {
    for (int i = 0; p > 0.0 && i < 1100; ++i) {  // exact: doubling and subtracting 1 are exact
      p *= 2.0;
      const bool bit = p >= 1.0;
      digits.push_back(bit ? 1 : 0);
      if (bit) p -= 1.0;
    }
  }

  std::uint64_t draw(Xoshiro256& rng) const {
    std::uint64_t undecided = ~std::uint64_t{0}, result = 0;
    for (std::size_t i = 0; undecided != 0; ++i) {
      const std::uint64_t r = rng();
      if (i < digits.size() && digits[i]) {
        result |= undecided & ~r;  // U's digit 0 < p's digit 1: U < p
        undecided &= r;
      } else {
        undecided &= ~r;  // U's digit 1 > p's digit 0: U > p (or p's digits have ended)
      }
    }
    return result;
  }
};

// The bits sharing one "off" probability, sampled together: geometric gaps when sparse,
// 64 lanes at a time otherwise.
struct BitGroup {
  double off = 0;
  std::vector<std::uint32_t> bits;
  bool dense = false;
  WideBernoulli wide{0.0};
  double log_stay = 0;  // sparse: log(1 - off)

  void sample(Xoshiro256& rng, std::vector<std::uint32_t>& out) const {
    const std::size_t size = bits.size();
    if (off >= 1.0) {
      out.insert(out.end(), bits.begin(), bits.end());
    } else if (dense) {
      for (std::size_t base = 0; base < size; base += 64) {
        std::uint64_t mask = wide.draw(rng);
        if (size - base < 64) mask &= (std::uint64_t{1} << (size - base)) - 1;
        while (mask != 0) {
          out.push_back(bits[base + static_cast<std::size_t>(__builtin_ctzll(mask))]);
          mask &= mask - 1;
        }
      }
    } else {
      double position = -1.0;
      for (;;) {
        position += 1.0 + std::floor(std::log(uniform01_open_zero(rng)) / log_stay);
        if (position >= static_cast<double>(size)) break;
        out.push_back(bits[static_cast<std::size_t>(position)]);
      }
    }
  }
};

std::vector<BitGroup> make_groups(const UnaryParams& params) {
  std::map<double, std::vector<std::uint32_t>> by_off;
  for (std::size_t j = 0; j < params.k; ++j) {
    if (params.off[j] > 0.0) by_off[params.off[j]].push_back(static_cast<std::uint32_t>(j));
  }
  std::vector<BitGroup> groups;
  for (auto& [off, bits] : by_off) {
    BitGroup group;
    group.off = off;
    group.bits = std::move(bits);
    group.dense = off > 0.05;
    if (group.dense) group.wide = WideBernoulli(off);
    group.log_stay = std::log1p(-off);
    groups.push_back(std::move(group));
  }
  return groups;
}

}  // namespace

std::vector<std::uint64_t> sample_input_counts(Xoshiro256& rng, std::uint64_t n,
                                               std::span<const double> p) {
  return multinomial(rng, n, p);
}

std::vector<std::uint32_t> inputs_from_counts(Xoshiro256& rng,
                                              std::span<const std::uint64_t> input_counts) {
  std::vector<std::uint32_t> inputs;
  inputs.reserve(std::accumulate(input_counts.begin(), input_counts.end(), std::uint64_t{0}));
  for (std::size_t x = 0; x < input_counts.size(); ++x) {
    inputs.insert(inputs.end(), input_counts[x], static_cast<std::uint32_t>(x));
  }
  for (std::size_t i = inputs.size(); i > 1; --i) {  // Fisher–Yates
    std::swap(inputs[i - 1], inputs[uniform_below(rng, i)]);
  }
  return inputs;
}

// uRR as a two-stage draw: with probability c3 report x itself, otherwise a uniform symbol of
// X_S. For x in X_S this gives c3 + c2 = c1 on x and c2 elsewhere; for x in X_N, c3 and c2.
std::vector<std::uint32_t> sample_reports(Xoshiro256& rng, const UrrParams& params,
                                          std::span<const std::uint32_t> inputs) {
  validate(params);
  check_inputs(inputs, params.k);
  const std::size_t sensitive = params.sensitive.size();
  std::vector<std::uint32_t> reports(inputs.size());
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    if (sensitive == 0 || uniform01(rng) < params.c3) {
      reports[i] = inputs[i];
    } else {
      reports[i] =
          static_cast<std::uint32_t>(params.sensitive.indices()[uniform_below(rng, sensitive)]);
    }
  }
  return reports;
}

std::vector<std::uint32_t> sample_reports(Xoshiro256& rng, const DenseParams& params,
                                          std::span<const std::uint32_t> inputs) {
  validate(params);
  check_inputs(inputs, params.inputs);
  std::vector<AliasTable> tables;
  tables.reserve(params.inputs);
  for (std::size_t x = 0; x < params.inputs; ++x) {
    tables.emplace_back(
        std::span<const double>(params.q.data() + x * params.outputs, params.outputs));
  }
  std::vector<std::uint32_t> reports(inputs.size());
  for (std::size_t i = 0; i < inputs.size(); ++i) reports[i] = tables[inputs[i]].draw(rng);
  return reports;
}

BitReports sample_reports(Xoshiro256& rng, const UnaryParams& params,
                          std::span<const std::uint32_t> inputs) {
  validate(params);
  check_inputs(inputs, params.k);
  const std::vector<BitGroup> groups = make_groups(params);
  double expected_bits = 1.0;
  for (double off : params.off) expected_bits += off;
  BitReports reports(params.k);
  reports.reserve(inputs.size(),
                  static_cast<std::size_t>(expected_bits * static_cast<double>(inputs.size())));
  std::vector<std::uint32_t> scratch;
  for (std::uint32_t x : inputs) {
    scratch.clear();
    for (const BitGroup& group : groups) group.sample(rng, scratch);
    if (groups.size() > 1) std::sort(scratch.begin(), scratch.end());
    // Bit x follows the "on" channel: drop its off-draw and draw it again (independent bits).
    auto it = std::lower_bound(scratch.begin(), scratch.end(), x);
    const bool present = it != scratch.end() && *it == x;
    const bool on = uniform01(rng) < params.on[x];
    if (present && !on) scratch.erase(it);
    if (!present && on) scratch.insert(it, x);
    for (std::uint32_t bit : scratch) reports.push_bit(bit);
    reports.end_report();
  }
  return reports;
}

std::vector<std::uint64_t> sample_report_counts(Xoshiro256& rng, const UrrParams& params,
                                                std::span<const std::uint64_t> input_counts) {
  validate(params);
  check_counts(input_counts, params.k);
  std::vector<std::uint64_t> counts(params.k, 0);
  std::uint64_t moved = 0;  // users whose report is a uniform symbol of X_S
  for (std::size_t x = 0; x < params.k; ++x) {
    const std::uint64_t kept =
        params.sensitive.empty() ? input_counts[x] : binomial(rng, input_counts[x], params.c3);
    counts[x] += kept;
    moved += input_counts[x] - kept;
  }
  std::size_t cells = params.sensitive.size();
  for (std::size_t y : params.sensitive.indices()) {  // uniform multinomial, sequential binomials
    const std::uint64_t here = cells == 1 ? moved : binomial(rng, moved, 1.0 / cells);
    counts[y] += here;
    moved -= here;
    --cells;
  }
  return counts;
}

std::vector<std::uint64_t> sample_report_counts(Xoshiro256& rng, const DenseParams& params,
                                                std::span<const std::uint64_t> input_counts) {
  validate(params);
  check_counts(input_counts, params.inputs);
  std::vector<std::uint64_t> counts(params.outputs, 0);
  for (std::size_t x = 0; x < params.inputs; ++x) {
    if (input_counts[x] == 0) continue;
    const auto row =
        multinomial(rng, input_counts[x],
                    std::span<const double>(params.q.data() + x * params.outputs, params.outputs));
    for (std::size_t y = 0; y < params.outputs; ++y) counts[y] += row[y];
  }
  return counts;
}

BitCounts sample_report_counts(Xoshiro256& rng, const UnaryParams& params,
                               std::span<const std::uint64_t> input_counts) {
  validate(params);
  check_counts(input_counts, params.k);
  BitCounts counts;
  counts.n = std::accumulate(input_counts.begin(), input_counts.end(), std::uint64_t{0});
  counts.ones.resize(params.k);
  for (std::size_t j = 0; j < params.k; ++j) {
    counts.ones[j] = binomial(rng, input_counts[j], params.on[j]) +
                     binomial(rng, counts.n - input_counts[j], params.off[j]);
  }
  return counts;
}

}  // namespace uldp::estimate
