// Per-user and aggregated samplers (see sampler.h for why the aggregated draws are exact).
#include "uldp/estimate/sampler.h"

#include <algorithm>
#include <numeric>
#include <string>

#include "internal/bit_vector_sampler.h"
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
  internal::BitVectorSampler sampler(params);
  BitReports reports(params.k, smaller_layout(params.k, sampler.expected_set_bits()));
  reports.reserve(inputs.size(), static_cast<std::size_t>(sampler.expected_set_bits() *
                                                          static_cast<double>(inputs.size())));
  sampler.sample(rng, inputs, reports);
  return reports;
}

SamplerThreadLimit::SamplerThreadLimit(unsigned max_threads)
    : previous_(internal::sampler_thread_limit) {
  internal::sampler_thread_limit = max_threads;
}

SamplerThreadLimit::~SamplerThreadLimit() { internal::sampler_thread_limit = previous_; }

void sample_reports(Xoshiro256& rng, const UnaryParams& params,
                    std::span<const std::uint32_t> inputs, BitReports& out, unsigned threads) {
  validate(params);
  check_inputs(inputs, params.k);
  if (out.k() != params.k) {
    throw InvalidArgument("sample_reports: the output holds " + std::to_string(out.k()) +
                          "-bit reports, the mechanism draws " + std::to_string(params.k));
  }
  internal::BitVectorSampler sampler(params);
  // Room for what is there plus the expected new bits (a no-op when the memory is reused).
  // (A packed output needs no count of its set bits: scanning its words would cost O(size).)
  const std::size_t listed_bits = out.layout() == BitLayout::kSetBits ? out.total_set_bits() : 0;
  out.reserve(out.size() + inputs.size(),
              listed_bits + static_cast<std::size_t>(sampler.expected_set_bits() *
                                                     static_cast<double>(inputs.size())));
  sampler.sample(rng, inputs, out, threads);
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
