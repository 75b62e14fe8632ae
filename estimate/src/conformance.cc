#include "uldp/estimate/conformance.h"

#include <algorithm>
#include <cmath>
#include <istream>
#include <string>

#include "uldp/error.h"
#include "uldp/estimate/statistics.h"

namespace uldp::estimate {
namespace {

// Q(y|x) of a symbol-valued model. Zero exactly when the exact Q(y|x) is zero: the doubles are
// the nearest to the exact rationals, and no nonzero entry of a registered mechanism underflows.
double symbol_probability(const EstimationModel& model, std::size_t x, std::size_t y) {
  if (const auto* urr = std::get_if<UrrParams>(&model)) {
    if (urr->sensitive.contains(y)) return y == x ? urr->c1 : urr->c2;
    return y == x ? urr->c3 : 0.0;
  }
  return std::get<DenseParams>(model)(x, y);
}

std::size_t symbol_outputs(const EstimationModel& model) {
  if (const auto* dense = std::get_if<DenseParams>(&model)) return dense->outputs;
  return num_symbols(model);
}

// P(bit j = 1 | x).
double bit_probability(const UnaryParams& m, std::size_t x, std::size_t j) {
  return j == x ? m.on[j] : m.off[j];
}

std::string trim(const std::string& line) {
  const std::size_t begin = line.find_first_not_of(" \t\r");
  if (begin == std::string::npos) return "";
  return line.substr(begin, line.find_last_not_of(" \t\r") - begin + 1);
}

std::uint64_t parse_index(const std::string& text, std::uint64_t limit, const std::string& source,
                          std::size_t line, std::size_t column, const char* what) {
  if (text.empty() || text.size() > 12 ||
      text.find_first_not_of("0123456789") != std::string::npos) {
    throw InputError(source, line, column,
                     std::string("expected ") + what + " index, found '" + text.substr(0, 40) +
                         (text.size() > 40 ? "...'" : "'"));
  }
  const std::uint64_t value = std::stoull(text);
  if (value >= limit) {
    throw InputError(
        source, line, column,
        std::string(what) + " " + text + " is outside 0.." + std::to_string(limit - 1));
  }
  return value;
}

// The best (largest) lower bound on P(E|x) / P(E|x') for one event, counts[x] of per_input[x].
struct EventBound {
  double ratio = 0;
  std::size_t x = 0, x_prime = 0;
};

EventBound event_bound(const std::vector<std::uint64_t>& counts,
                       const std::vector<std::uint64_t>& per_input, double interval_alpha) {
  // The pair is chosen by point estimates; any pair gives a valid bound (the intervals hold
  // simultaneously), this one the most promising.
  std::size_t best = per_input.size(), worst = per_input.size();
  for (std::size_t x = 0; x < per_input.size(); ++x) {
    if (per_input[x] == 0) continue;
    const double p = static_cast<double>(counts[x]) / static_cast<double>(per_input[x]);
    if (best == per_input.size() ||
        p > static_cast<double>(counts[best]) / static_cast<double>(per_input[best])) {
      best = x;
    }
  }
  if (best == per_input.size() || counts[best] == 0) return {};
  for (std::size_t x = 0; x < per_input.size(); ++x) {
    if (per_input[x] == 0 || x == best) continue;
    const double p = static_cast<double>(counts[x]) / static_cast<double>(per_input[x]);
    const double q = worst == per_input.size() ? 2.0
                                               : static_cast<double>(counts[worst]) /
                                                     static_cast<double>(per_input[worst]);
    // Among equal estimates, more samples give the smaller upper bound.
    if (p < q || (p == q && per_input[x] > per_input[worst])) worst = x;
  }
  if (worst == per_input.size()) return {};
  const double lower = clopper_pearson(counts[best], per_input[best], interval_alpha).lower;
  const double upper = clopper_pearson(counts[worst], per_input[worst], interval_alpha).upper;
  return {upper > 0 ? lower / upper : HUGE_VAL, best, worst};
}

}  // namespace

const char* conformance_name(Conformance verdict) {
  switch (verdict) {
    case Conformance::kConforms:
      return "conforms";
    case Conformance::kDeviates:
      return "deviates";
    case Conformance::kViolates:
      return "violates";
  }
  return "?";
}

SampleTallies tally_samples(std::istream& in, const std::string& source,
                            const EstimationModel& model, const RatioScope& scope) {
  SampleTallies t;
  t.k = num_symbols(model);
  t.bit_vectors = reports_are_bit_vectors(model);
  const std::size_t k = t.k;
  if (t.bit_vectors && k > SampleTallies::kMaxBits) {
    throw InvalidArgument("conform: bit vectors of k = " + std::to_string(k) +
                          " bits exceed the limit " + std::to_string(SampleTallies::kMaxBits));
  }
  if (!t.bit_vectors && k > SampleTallies::kMaxSymbols) {
    throw InvalidArgument("conform: k = " + std::to_string(k) + " symbols exceed the limit " +
                          std::to_string(SampleTallies::kMaxSymbols));
  }
  t.per_input.assign(k, 0);
  const bool pairs = t.bit_vectors && k <= SampleTallies::kMaxPairBits;
  if (t.bit_vectors) {
    t.ones.assign(k * k, 0);
    t.protected_ones.assign(k * k, 0);
    t.in_protected.assign(k, 0);
    if (pairs) t.both_ones.assign(k * k * k, 0);
  } else {
    t.symbol_counts.resize(k);
  }
  const std::size_t outputs = t.bit_vectors ? 0 : symbol_outputs(model);
  std::string line;
  std::size_t number = 0;
  std::vector<std::size_t> set_bits;
  while (std::getline(in, line)) {
    ++number;
    const std::string text = trim(line);
    if (text.empty() || text[0] == '#') continue;
    const std::size_t comma = text.find(',');
    const std::size_t column = line.find_first_not_of(" \t") + 1;
    if (comma == std::string::npos) {
      throw InputError(source, number, column, "expected 'x,y' (input index, output)");
    }
    const std::size_t x =
        parse_index(trim(text.substr(0, comma)), k, source, number, column, "input");
    const std::string y = trim(text.substr(comma + 1));
    const std::size_t y_column = column + comma + 1;
    ++t.n;
    ++t.per_input[x];
    bool possible = true;
    if (!t.bit_vectors) {
      const std::size_t symbol = parse_index(y, outputs, source, number, y_column, "output");
      ++t.symbol_counts[x][static_cast<std::uint32_t>(symbol)];
      possible = symbol_probability(model, x, symbol) > 0;
    } else {
      const auto& m = std::get<UnaryParams>(model);
      if (y.size() != k || y.find_first_not_of("01") != std::string::npos) {
        throw InputError(source, number, y_column,
                         "expected a string of k = " + std::to_string(k) + " characters 0/1");
      }
      set_bits.clear();
      bool in_protected = true;
      for (std::size_t j = 0; j < k; ++j) {
        const bool one = y[j] == '1';
        const double p1 = bit_probability(m, x, j);
        if ((one && p1 == 0) || (!one && p1 == 1)) possible = false;
        if (one) {
          set_bits.push_back(j);
          ++t.ones[x * k + j];
          if (scope.protected_zero_bits && scope.protected_zero_bits->contains(j))
            in_protected = false;
        }
      }
      if (in_protected) {
        ++t.in_protected[x];
        for (std::size_t j : set_bits) ++t.protected_ones[x * k + j];
      }
      if (pairs) {
        for (std::size_t a = 0; a < set_bits.size(); ++a) {
          for (std::size_t b = a + 1; b < set_bits.size(); ++b) {
            ++t.both_ones[(x * k + set_bits[a]) * k + set_bits[b]];
          }
        }
      }
    }
    if (!possible) {
      if (!t.first_impossible_line) {
        t.first_impossible_line = number;
        t.first_impossible = "x = " + std::to_string(x) + ", y = " + y.substr(0, 64);
      }
      ++t.impossible;
    }
  }
  if (t.n == 0) throw InputError(source, "no samples");
  return t;
}

ConformanceReport check_conformance(const SampleTallies& t, const EstimationModel& model,
                                    const RatioScope& scope, double alpha) {
  if (!(alpha > 0 && alpha < 1)) throw InvalidArgument("--alpha: must be in (0,1)");
  ConformanceReport r;
  r.alpha = alpha;
  const std::size_t k = t.k;
  std::size_t tested_inputs = 0;
  for (std::uint64_t n : t.per_input) tested_inputs += n > 0 ? 1 : 0;

  // Goodness of fit, Bonferroni over every test (half of alpha).
  const bool pairs = !t.both_ones.empty();
  r.fit_tests = t.bit_vectors ? tested_inputs * (k + (pairs ? k * (k - 1) / 2 : 0)) : tested_inputs;
  r.fit_threshold = alpha / 2 / static_cast<double>(std::max<std::size_t>(r.fit_tests, 1));
  auto consider = [&](const FitTest& test, const std::string& what) {
    if (test.p_value < r.min_p_value) {
      r.min_p_value = test.p_value;
      r.worst_test = what;
    }
  };
  for (std::size_t x = 0; x < k; ++x) {
    const std::uint64_t n = t.per_input[x];
    if (n == 0) continue;
    if (!t.bit_vectors) {
      const std::size_t outputs = symbol_outputs(model);
      std::vector<std::uint64_t> observed(outputs, 0);
      std::vector<double> p(outputs);
      for (const auto& [y, c] : t.symbol_counts[x]) observed[y] = c;
      for (std::size_t y = 0; y < outputs; ++y) p[y] = symbol_probability(model, x, y);
      consider(g_test(observed, p), "x = " + std::to_string(x) + ", output histogram");
      continue;
    }
    const auto& m = std::get<UnaryParams>(model);
    for (std::size_t j = 0; j < k; ++j) {
      const std::uint64_t ones = t.ones[x * k + j];
      const double p = bit_probability(m, x, j);
      const std::uint64_t o[] = {ones, n - ones};
      const double e[] = {p, 1 - p};
      consider(g_test(o, e), "x = " + std::to_string(x) + ", bit " + std::to_string(j));
    }
    if (!pairs) continue;
    for (std::size_t i = 0; i < k; ++i) {
      for (std::size_t j = i + 1; j < k; ++j) {
        const std::uint64_t both = t.both_ones[(x * k + i) * k + j];
        const std::uint64_t oi = t.ones[x * k + i], oj = t.ones[x * k + j];
        const std::uint64_t o[] = {both, oi - both, oj - both, n - oi - oj + both};
        const double pi = bit_probability(m, x, i), pj = bit_probability(m, x, j);
        const double e[] = {pi * pj, pi * (1 - pj), (1 - pi) * pj, (1 - pi) * (1 - pj)};
        consider(g_test(o, e), "x = " + std::to_string(x) + ", bits " + std::to_string(i) +
                                   " and " + std::to_string(j));
      }
    }
  }
  r.fit_rejected = r.min_p_value < r.fit_threshold;

  // The ε lower bound over a fixed family of events (the other half of alpha).
  std::vector<std::pair<std::string, std::vector<std::uint64_t>>> events;
  if (!t.bit_vectors) {
    const std::size_t outputs = symbol_outputs(model);
    std::vector<std::vector<std::uint64_t>> by_output(outputs);
    std::size_t family = 0;
    for (std::size_t y = 0; y < outputs; ++y) {
      if (scope.protected_symbols && !scope.protected_symbols->contains(y)) continue;
      ++family;
    }
    r.intervals = family * tested_inputs;
    for (std::size_t x = 0; x < k; ++x) {
      for (const auto& [y, c] : t.symbol_counts[x]) {
        if (scope.protected_symbols && !scope.protected_symbols->contains(y)) continue;
        if (by_output[y].empty()) by_output[y].assign(k, 0);
        by_output[y][x] = c;
      }
    }
    for (std::size_t y = 0; y < outputs; ++y) {
      if (!by_output[y].empty())
        events.emplace_back("y = " + std::to_string(y), std::move(by_output[y]));
    }
  } else {
    const bool uldp = scope.protected_zero_bits.has_value();
    const auto& ones = uldp ? t.protected_ones : t.ones;
    const auto& totals = uldp ? t.in_protected : t.per_input;
    const std::string within = uldp ? " within Y_P" : "";
    for (std::size_t j = 0; j < k; ++j) {
      std::vector<std::uint64_t> one(k), zero(k);
      for (std::size_t x = 0; x < k; ++x) {
        one[x] = ones[x * k + j];
        zero[x] = totals[x] - one[x];
      }
      events.emplace_back("bit " + std::to_string(j) + " = 1" + within, std::move(one));
      events.emplace_back("bit " + std::to_string(j) + " = 0" + within, std::move(zero));
    }
    if (pairs && !uldp) {
      for (std::size_t i = 0; i < k; ++i) {
        for (std::size_t j = i + 1; j < k; ++j) {
          std::vector<std::uint64_t> both(k);
          for (std::size_t x = 0; x < k; ++x) both[x] = t.both_ones[(x * k + i) * k + j];
          events.emplace_back("bits " + std::to_string(i) + " and " + std::to_string(j) + " = 1",
                              std::move(both));
        }
      }
    }
    r.intervals = events.size() * tested_inputs;
  }
  const double interval_alpha =
      alpha / 2 / static_cast<double>(std::max<std::size_t>(r.intervals, 1));
  for (const auto& [name, counts] : events) {
    const EventBound b = event_bound(counts, t.per_input, interval_alpha);
    if (b.ratio > r.exp_eps_lower_bound) {
      r.exp_eps_lower_bound = b.ratio;
      r.event = name;
      r.x = b.x;
      r.x_prime = b.x_prime;
      r.count_x = counts[b.x];
      r.n_x = t.per_input[b.x];
      r.count_x_prime = counts[b.x_prime];
      r.n_x_prime = t.per_input[b.x_prime];
    }
  }
  // A statistical bound, so a relative margin far above double rounding keeps an exact-t client
  // from failing on the last bit.
  r.ratio_violated = scope.claimed && r.exp_eps_lower_bound > scope.claimed_exp_eps * (1 + 1e-9);
  if ((t.impossible > 0 && scope.claimed) || r.ratio_violated) {
    r.verdict = Conformance::kViolates;
  } else if (r.fit_rejected || t.impossible > 0) {
    r.verdict = Conformance::kDeviates;
  }
  return r;
}

}  // namespace uldp::estimate
