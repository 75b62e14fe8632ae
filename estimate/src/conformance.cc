#include "uldp/estimate/conformance.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>
#include <iomanip>
#include <istream>
#include <limits>
#include <sstream>
#include <string>
#include <string_view>

#include "uldp/cancellation.h"
#include "uldp/error.h"
#include "uldp/estimate/line_reader.h"
#include "uldp/estimate/statistics.h"
#include "uldp/estimate/targeted_test.h"
#include "uldp/estimate/threshold.h"

namespace uldp::estimate {
namespace {

// Symbol samples are counted in a k x outputs table up to this many cells (8 MiB), else per input
// in a map.
constexpr std::size_t kMaxTableCells = std::size_t{1} << 20;

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

// rappor-bloom's bits beyond its listing, or null.
const BloomBitModel* bloom_bits(const EstimationModel& model) {
  const auto* dense = std::get_if<DenseParams>(&model);
  return dense && dense->bloom_bits ? &*dense->bloom_bits : nullptr;
}

// Whether the model's cells are relative to the reporting input (no cell is an event).
bool relative_cells(const EstimationModel& model) {
  const auto* dense = std::get_if<DenseParams>(&model);
  return dense && dense->cells_relative_to_input;
}

// Whether such cells come with events across inputs (local hashing's "v = h_s(a)").
bool input_events(const EstimationModel& model) {
  const auto* dense = std::get_if<DenseParams>(&model);
  return dense && dense->input_event_name;
}

// A pooled block family's memberships, or null.
const PooledMembership* pooled_membership(const EstimationModel& model) {
  const auto* dense = std::get_if<DenseParams>(&model);
  return dense && dense->membership ? &*dense->membership : nullptr;
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

// The count of a counted line: a whole number of samples, 0 to 2^64 - 1, digits only.
std::uint64_t parse_count(const std::string& text, const std::string& source, std::size_t line,
                          std::size_t column) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) {
    throw InputError(
        source, line, column,
        "expected a count of samples (a whole number), found '" + message_excerpt(text) + "'");
  }
  if (error != std::errc() || stop != end) {
    throw InputError(source, line, column, "count " + message_excerpt(text) + " exceeds 2^64 - 1");
  }
  return value;
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

// Clopper–Pearson intervals at one level, each (count, trials) computed once: the events of a
// run share their counts (a Bloom-filter mechanism's 2 C m bit events over a few inputs).
class IntervalCache {
 public:
  explicit IntervalCache(double alpha) : alpha_(alpha) {}
  const BinomialInterval& operator()(std::uint64_t count, std::uint64_t trials) {
    const auto [it, fresh] = cache_.try_emplace({count, trials});
    if (fresh) it->second = clopper_pearson(count, trials, alpha_);
    return it->second;
  }

 private:
  struct PairHash {
    std::size_t operator()(const std::pair<std::uint64_t, std::uint64_t>& p) const {
      return std::hash<std::uint64_t>()(p.first * 0x9E3779B97F4A7C15ull ^ p.second);
    }
  };
  double alpha_;
  std::unordered_map<std::pair<std::uint64_t, std::uint64_t>, BinomialInterval, PairHash> cache_;
};

// The best (largest) lower bound on P(E|x) / P(E|x') for one event, counts[x] of per_input[x].
struct EventBound {
  double ratio = 0;
  std::size_t x = 0, x_prime = 0;
};

// An event whose point estimates cannot beat `to_beat` is not bounded (the bound never exceeds
// the ratio of the point estimates): most events of a run, and two Clopper–Pearson bounds each.
EventBound event_bound(const std::vector<std::uint64_t>& counts,
                       const std::vector<std::uint64_t>& per_input, IntervalCache& intervals,
                       double to_beat) {
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
  // lower <= count / n of `best` and upper >= that of `worst`: the bound is at most their ratio.
  const double point = static_cast<double>(counts[best]) * static_cast<double>(per_input[worst]);
  if (point <= to_beat * static_cast<double>(counts[worst]) * static_cast<double>(per_input[best]))
    return {};
  const double lower = intervals(counts[best], per_input[best]).lower;
  const double upper = intervals(counts[worst], per_input[worst]).upper;
  return {upper > 0 ? lower / upper : HUGE_VAL, best, worst};
}

// uBD's reports are bit vectors of a block plus the input's own bit, uHR's are Hadamard columns:
// neither independent bits nor a histogram of input symbols, so none of the rows below applies.
void require_supported(const EstimationModel& model) {
  if (std::holds_alternative<UbdParams>(model) || std::holds_alternative<UbdOptParams>(model)) {
    throw InvalidArgument(
        "conform: mechanisms ubd and ubd-opt are not supported yet (their reports are blocks, "
        "not independent bits or symbols)");
  }
  if (std::holds_alternative<UssParams>(model)) {
    throw InvalidArgument(
        "conform: mechanism uss is not supported yet (its reports are subsets, not independent "
        "bits)");
  }
  if (std::holds_alternative<UhrParams>(model)) {
    throw InvalidArgument(
        "conform: mechanism uhr is not supported yet (its reports are Hadamard columns, not "
        "input symbols)");
  }
}

std::size_t fit_test_count(const EstimationModel& model, std::size_t inputs) {
  if (!reports_are_bit_vectors(model)) {
    const BloomBitModel* bloom = bloom_bits(model);
    // rappor-bloom: per input, one test per cohort and bit, and their sum.
    return inputs * (1 + (pooled_membership(model) ? 1 : 0) +
                     (bloom ? 1 + bloom->cohorts * bloom->bits : 0));
  }
  const std::size_t k = num_symbols(model);
  return inputs * (k + (k <= SampleTallies::kMaxPairBits ? k * (k - 1) / 2 : 0));
}

std::size_t event_family_size(const EstimationModel& model, const RatioScope& scope) {
  const std::size_t k = num_symbols(model);
  if (!reports_are_bit_vectors(model)) {
    // A pooled family's blocks are in Y_P: its events "a block of size K holding a" too.
    const PooledMembership* m = pooled_membership(model);
    if (relative_cells(model)) {
      return input_events(model) ? 2 * std::get<DenseParams>(model).inputs_with_events : 0;
    }
    std::size_t more = m ? m->blocks.size() * m->sensitive.size() : 0;
    // rappor-bloom's: "cohort c, bit j = 1" and "= 0".
    if (const BloomBitModel* bloom = bloom_bits(model)) more += 2 * bloom->cohorts * bloom->bits;
    if (!scope.protected_symbols) return symbol_outputs(model) + more;
    return scope.protected_symbols->size() + more;
  }
  const bool pairs = k <= SampleTallies::kMaxPairBits && !scope.protected_zero_bits;
  return 2 * k + (pairs ? 4 * (k * (k - 1) / 2) : 0);
}

// The smallest n (a power of two, then bisected) for which `enough(n)` holds; nullopt past 2^40.
std::optional<std::uint64_t> smallest_n(const std::function<bool(std::uint64_t)>& enough) {
  std::uint64_t hi = 1;
  while (!enough(hi)) {
    if (hi >= (std::uint64_t{1} << 40)) return std::nullopt;
    hi *= 2;
  }
  std::uint64_t lo = hi / 2;
  while (hi - lo > 1) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    (enough(mid) ? hi : lo) = mid;
  }
  return hi;
}

// The reference's tightest event of the family: the largest P(E|x) / P(E|x') with P(E|x') > 0.
struct TightestEvent {
  double ratio = 0;  ///< 0: no finite ratio event
  std::string event;
  double p_x = 0, p_x_prime = 0;
};

// `labels`: the outputs' names where they are not their indices (symbol models).
TightestEvent tightest_event(const EstimationModel& model, const RatioScope& scope,
                             const std::vector<std::string>& labels) {
  const std::size_t k = num_symbols(model);
  TightestEvent best;
  auto consider = [&](double a, double b, const std::function<std::string()>& name) {
    if (b > 0 && a / b > best.ratio) best = {a / b, name(), a, b};
  };
  if (!reports_are_bit_vectors(model)) {
    if (k * symbol_outputs(model) > 4'000'000 || relative_cells(model)) return best;
    for (std::size_t y = 0; y < symbol_outputs(model); ++y) {
      if (scope.protected_symbols && !scope.protected_symbols->contains(y)) continue;
      // The two largest entries of column y and its two smallest positive ones: the best pair of
      // distinct inputs is among them (O(k) per output, not O(k^2)).
      std::size_t top = k, second = k, low = k, second_low = k;
      for (std::size_t x = 0; x < k; ++x) {
        const double q = symbol_probability(model, x, y);
        if (top == k || q > symbol_probability(model, top, y)) {
          second = top, top = x;
        } else if (second == k || q > symbol_probability(model, second, y)) {
          second = x;
        }
        if (q <= 0) continue;
        if (low == k || q < symbol_probability(model, low, y)) {
          second_low = low, low = x;
        } else if (second_low == k || q < symbol_probability(model, second_low, y)) {
          second_low = x;
        }
      }
      for (std::size_t x : {top, second}) {
        for (std::size_t xp : {low, second_low}) {
          if (x == k || xp == k || x == xp) continue;
          consider(symbol_probability(model, x, y), symbol_probability(model, xp, y), [&] {
            std::string name = "y = ";
            name += labels.empty() ? std::to_string(y) : labels[y];
            return name + ", x = " + std::to_string(x) + ", x' = " + std::to_string(xp);
          });
        }
      }
    }
    return best;
  }
  const auto& m = std::get<UnaryParams>(model);
  const bool pairs = k <= SampleTallies::kMaxPairBits && !scope.protected_zero_bits;
  // Inputs i and j (the two bits' owners) are the only ones whose rows differ on bits i, j.
  for (std::size_t i = 0; i < k; ++i) {
    for (std::size_t j = 0; j < k; ++j) {
      if (i == j) continue;
      for (int a = 0; a <= 1; ++a) {
        const double pa = a ? m.on[i] : 1 - m.on[i], qa = a ? m.off[i] : 1 - m.off[i];
        if (!pairs) {
          consider(pa, qa, [&] { return "bit " + std::to_string(i) + " = " + std::to_string(a); });
          continue;
        }
        for (int b = 0; b <= 1; ++b) {
          const double pb = b ? m.off[j] : 1 - m.off[j], qb = b ? m.on[j] : 1 - m.on[j];
          consider(pa * pb, qa * qb, [&] {
            return "bits " + std::to_string(i) + "," + std::to_string(j) + " = " +
                   std::to_string(a) + "," + std::to_string(b);
          });
        }
      }
    }
  }
  return best;
}

// Whether n samples per input show a client whose tight ratio is e^ε (1 + excess) to violate
// the claim with the given power: the faulty client keeps P(E|x) and lowers P(E|x'), and both
// counts at their power quantiles must push the Clopper–Pearson bound above e^ε.
bool detects_excess(const TightestEvent& e, double claimed_exp_eps, double excess, std::uint64_t n,
                    double interval_alpha, double power) {
  const double p = e.p_x, q = std::min(e.p_x_prime, e.p_x / (claimed_exp_eps * (1 + excess)));
  const double z = normal_quantile(1 - (1 - power) / 2);
  const double nd = static_cast<double>(n);
  const double low = std::floor(nd * p - z * std::sqrt(nd * p * (1 - p)));
  const double high = std::ceil(nd * q + z * std::sqrt(nd * q * (1 - q)));
  if (low <= 0 || high > nd) return false;
  const double lower = clopper_pearson(static_cast<std::uint64_t>(low), n, interval_alpha).lower;
  const double upper =
      clopper_pearson(static_cast<std::uint64_t>(std::max(high, 0.0)), n, interval_alpha).upper;
  return upper > 0 && lower / upper > claimed_exp_eps * (1 + 1e-9);
}

// The z-scores of one cell's binomial test: reject p0 at alpha/2/tests when the truth is
// p0 + delta, with the given power; n = ((z_test + z_power) / 2 / delta)^2 at variance 1/4.
double cell_z_sum(double alpha, double power, std::size_t fit_tests) {
  return normal_quantile(1 - alpha / 4 / static_cast<double>(std::max<std::size_t>(fit_tests, 1))) +
         normal_quantile(power);
}

// What n samples of the weakest input can detect (the inverse of plan_conformance).
Resolution resolution_at(const EstimationModel& model, const RatioScope& scope, double alpha,
                         double power, std::size_t fit_tests, std::size_t intervals,
                         std::uint64_t n, const std::vector<std::string>& labels,
                         ResolutionDetail detail) {
  Resolution r;
  r.power = power;
  r.fewest_samples = n;
  if (n == 0) return r;
  r.cell_deviation =
      std::min(1.0, cell_z_sum(alpha, power, fit_tests) * 0.5 / std::sqrt(static_cast<double>(n)));
  if (detail == ResolutionDetail::kCellOnly) return r;
  const TightestEvent e = tightest_event(model, scope, labels);
  if (!scope.claimed || e.ratio == 0) return r;
  const double interval_alpha =
      alpha / 2 / static_cast<double>(std::max<std::size_t>(intervals, 1));
  auto detects = [&](double excess) {
    return detects_excess(e, scope.claimed_exp_eps, excess, n, interval_alpha, power);
  };
  constexpr double kFinest = 1.0 / 1024;
  double hi = kFinest;
  while (!detects(hi)) {
    if (hi > 1e6) return r;
    hi *= 2;
  }
  // To 1e-3 relatively (the report prints three digits): each step costs two Clopper–Pearson
  // bounds, and a sequential run states the resolution at every look.
  double lo = hi == kFinest ? 0 : hi / 2;
  while (hi - lo > 1e-3 * hi) {
    const double mid = (lo + hi) / 2;
    (detects(mid) ? hi : lo) = mid;
  }
  r.eps_excess = hi;
  r.event = e.event;
  return r;
}

void check_level_and_demand(double alpha, const EvidenceDemand& demand) {
  if (!(alpha > 0 && alpha < 1)) throw InvalidArgument("false_alarm: must be in (0,1)");
  if (!(demand.power > 0 && demand.power < 1)) throw InvalidArgument("power: must be in (0,1)");
  if (!(demand.resolution > 0 && demand.resolution <= 1)) {
    throw InvalidArgument("resolution: must be in (0,1]");
  }
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
    case Conformance::kInsufficient:
      return "insufficient";
  }
  return "?";
}

namespace {

// y as written: a CSV-quoted cell ("{1,3}", with "" for a quote) loses its quotes.
std::optional<std::string> unquoted(const std::string& y) {
  if (y.size() < 2 || y.front() != '"') return y;
  if (y.back() != '"') return std::nullopt;
  std::string out;
  for (std::size_t i = 1; i + 1 < y.size(); ++i) {
    if (y[i] == '"') {
      if (i + 2 >= y.size() || y[i + 1] != '"') return std::nullopt;
      ++i;
    }
    out += y[i];
  }
  return out;
}

// "{1,3}" for the 1 bits of a k-character 0/1 string; "4" for a single bit outside `over`.
std::optional<std::string> set_label_of_bits(const std::string& y, const IndexSet& over) {
  if (y.size() != over.universe() || y.find_first_not_of("01") != std::string::npos) {
    return std::nullopt;
  }
  std::vector<std::uint32_t> members;
  for (std::size_t j = 0; j < y.size(); ++j) {
    if (y[j] == '1') members.push_back(static_cast<std::uint32_t>(j));
  }
  return report_label(members, over);
}

// The members of an output written as a set: "{1,3}", a 0/1 string of `universe` characters, or
// one symbol "4"; ascending. nullopt when y is none of these.
std::optional<std::vector<std::uint32_t>> members_of_output(const std::string& y,
                                                            std::size_t universe) {
  std::vector<std::uint32_t> members;
  if (y.size() == universe && y.find_first_not_of("01") == std::string::npos) {
    for (std::size_t j = 0; j < y.size(); ++j) {
      if (y[j] == '1') members.push_back(static_cast<std::uint32_t>(j));
    }
    return members;
  }
  const bool braced = y.size() >= 2 && y.front() == '{' && y.back() == '}';
  const std::string body = braced ? y.substr(1, y.size() - 2) : y;
  std::size_t start = 0;
  while (start <= body.size()) {
    std::size_t end = body.find(',', start);
    if (end == std::string::npos) end = body.size();
    const std::string item = trim(body.substr(start, end - start));
    if (item.empty() || item.size() > 9 ||
        item.find_first_not_of("0123456789") != std::string::npos)
      return std::nullopt;
    const std::size_t value = std::stoul(item);
    if (value >= universe) return std::nullopt;
    members.push_back(static_cast<std::uint32_t>(value));
    if (!braced && end != body.size()) return std::nullopt;
    start = end + 1;
  }
  std::sort(members.begin(), members.end());
  if (std::adjacent_find(members.begin(), members.end()) != members.end()) return std::nullopt;
  return members;
}

// The members of y in a pooled reference, or an InputError naming the line.
std::vector<std::uint32_t> pooled_members(const std::string& y, const OutputSyntax& syntax,
                                          const std::string& source, std::size_t line,
                                          std::size_t column) {
  const std::size_t universe = syntax.bit_strings_over ? syntax.bit_strings_over->universe() : 0;
  std::optional<std::vector<std::uint32_t>> members = members_of_output(y, universe);
  if (!members) {
    throw InputError(source, line, column,
                     "output '" + message_excerpt(y) + "' is not a set of symbols ({1,3}, a " +
                         std::to_string(universe) + "-character 0/1 string, or one symbol)");
  }
  return std::move(*members);
}

// y as a symbol written the way labels write it (decimal, no sign, no leading zero), if < limit.
std::optional<std::size_t> canonical_index(const std::string& y, std::size_t limit) {
  if (y.empty() || y.size() > 12 || (y[0] == '0' && y.size() > 1) ||
      y.find_first_not_of("0123456789") != std::string::npos) {
    return std::nullopt;
  }
  const std::uint64_t value = std::stoull(y);
  if (value >= limit) return std::nullopt;
  return static_cast<std::size_t>(value);
}

// The column of y: by label when the syntax has labels, else as a 0-based index; nullopt for an
// output written in the reference's syntax that the reference never produces (a set or bit
// string outside its outputs). Text that is no output label at all is an input error.
std::optional<std::size_t> output_column(
    std::size_t x, const std::string& y, const OutputSyntax& syntax,
    const std::unordered_map<std::string_view, std::size_t>& by_label, std::size_t outputs,
    const std::string& source, std::size_t line, std::size_t column) {
  // CSV quotes around y are no part of it ("0,\"4\"" is output 4), as docs/cli.md promises.
  const std::optional<std::string> text = unquoted(y);
  if (!text)
    throw InputError(source, line, column, "unbalanced quotes in the output " + y.substr(0, 40));
  if (by_label.empty()) return parse_index(*text, outputs, source, line, column, "output");
  // The cell of a set in a pooled reference; nullopt for a well-formed set that is no output of
  // it (a block of the wrong size: evidence against the client, not a malformed line).
  if (syntax.cell_of_set)
    return syntax.cell_of_set(pooled_members(*text, syntax, source, line, column));
  if (const auto it = by_label.find(*text); it != by_label.end()) return it->second;
  if (const std::optional<FoldedSymbols>& fold = syntax.folded_symbols) {
    if (const std::optional<std::size_t> o = canonical_index(*text, fold->symbols.universe());
        o && fold->symbols.contains(*o)) {
      return *o == x ? fold->own_cell : fold->another_cell;
    }
  }
  if (syntax.bit_strings_over) {
    if (const std::optional<std::string> set = set_label_of_bits(*text, *syntax.bit_strings_over)) {
      if (const auto it = by_label.find(*set); it != by_label.end()) return it->second;
      return std::nullopt;
    }
    // A set of symbols ("{0,2}") where the outputs are sets: a set the reference never outputs.
    if (text->starts_with('{') && members_of_output(*text, syntax.bit_strings_over->universe()))
      return std::nullopt;
  }
  throw InputError(source, line, column,
                   "output '" + message_excerpt(*text) +
                       "' is not an output label of the reference (labels as uldp mechanism "
                       "--format csv lists them, e.g. '" +
                       syntax.labels.front() + "'; " + syntax.output_index_name +
                       " reads y as the 0-based column)");
}

}  // namespace

void add_tallies(SampleTallies& into, const SampleTallies& more, std::size_t lines_before) {
  if (into.k != more.k || into.bit_vectors != more.bit_vectors) {
    throw InvalidArgument("add_tallies: tallies of different models");
  }
  auto add = [](std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b) {
    if (a.empty()) a.assign(b.size(), 0);
    for (std::size_t i = 0; i < b.size(); ++i) a[i] += b[i];
  };
  if (into.n > std::numeric_limits<std::uint64_t>::max() - more.n) {
    throw InvalidArgument("the samples add up past 2^64 - 1");
  }
  into.n += more.n;
  add(into.per_input, more.per_input);
  if (into.symbol_counts.size() < more.symbol_counts.size())
    into.symbol_counts.resize(more.symbol_counts.size());
  for (std::size_t x = 0; x < more.symbol_counts.size(); ++x) {
    for (const auto& [y, count] : more.symbol_counts[x]) into.symbol_counts[x][y] += count;
  }
  add(into.ones, more.ones);
  add(into.protected_ones, more.protected_ones);
  add(into.in_protected, more.in_protected);
  add(into.both_ones, more.both_ones);
  add(into.membership, more.membership);
  add(into.sized, more.sized);
  add(into.bloom_ones, more.bloom_ones);
  add(into.event_hits, more.event_hits);
  add(into.event_reports, more.event_reports);
  if (more.impossible > 0 && !into.first_impossible_line) {
    into.first_impossible_line = *more.first_impossible_line + lines_before;
    into.first_impossible = more.first_impossible;
    into.first_impossible_source = more.first_impossible_source;
  }
  into.impossible += more.impossible;
  if (into.output_labels.empty()) into.output_labels = more.output_labels;
}

namespace {

// What tallying samples needs, built once from the model, the scope and the syntax: the tallies,
// the symbols' (x, y) table with whether each cell is possible, and the labels' columns.
class TallyState {
 public:
  TallyState(const EstimationModel& model, const OutputSyntax& syntax) : model_(model) {
    require_supported(model);
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
    if (t.bit_vectors) {
      t.ones.assign(k * k, 0);
      t.protected_ones.assign(k * k, 0);
      t.in_protected.assign(k, 0);
      if (k <= SampleTallies::kMaxPairBits) t.both_ones.assign(k * k * k, 0);
    } else {
      t.symbol_counts.resize(k);
    }
    if (const PooledMembership* m = pooled_membership(model)) {
      membership_ = m;
      const std::size_t v = m->sensitive.size();
      block_index_.assign(v + 1, m->blocks.size());
      for (std::size_t b = 0; b < m->blocks.size(); ++b) block_index_[m->blocks[b]] = b;
      rank_.assign(k, v);
      const std::vector<std::size_t> xs = m->sensitive.indices();
      for (std::size_t r = 0; r < v; ++r) rank_[xs[r]] = r;
      t.membership.assign(k * m->blocks.size() * v, 0);
      t.sized.assign(k * m->blocks.size(), 0);
      // A listed family: each output's members, from its label ("{1,3}", "4"); a pooled one's
      // cells are not outputs, its samples' members are read from each line.
      if (!syntax.cell_of_set) {
        for (const std::string& label : syntax.labels) {
          column_members_.push_back(
              members_of_output(label, k).value_or(std::vector<std::uint32_t>{}));
        }
      }
    }
    if (const BloomBitModel* b = bloom_bits(model)) {
      bloom_ = b;
      t.bloom_ones.assign(k * b->cohorts * b->bits, 0);
    }
    if (input_events(model)) {
      t.event_hits.assign(k * k, 0);
      t.event_reports.assign(k, 0);
      in_event_.assign(k, 0);
    }
    outputs = t.bit_vectors ? 0 : symbol_outputs(model);
    if (!t.bit_vectors && !syntax.labels.empty()) {
      if (syntax.labels.size() != outputs) {
        throw InvalidArgument("conform: " + std::to_string(syntax.labels.size()) +
                              " output labels for " + std::to_string(outputs) + " outputs");
      }
      for (std::size_t y = 0; y < outputs; ++y) {
        const bool folded = syntax.folded_symbols && (y == syntax.folded_symbols->own_cell ||
                                                      y == syntax.folded_symbols->another_cell);
        if (!folded) by_label.emplace(syntax.labels[y], y);  // symbols find those cells
      }
      t.output_labels = syntax.labels;
    }
    // Symbols: the counts of (x, y) in a k x outputs table when it is small (else per input in a
    // map), and whether Q(y|x) > 0, looked up rather than recomputed per sample.
    table_ = !t.bit_vectors && k * outputs <= kMaxTableCells;
    cell_counts_.assign(table_ ? k * outputs : 0, 0);
    cell_possible_.assign(table_ ? k * outputs : 0, 0);
    for (std::size_t x = 0; table_ && x < k; ++x) {
      for (std::size_t y = 0; y < outputs; ++y) {
        cell_possible_[x * outputs + y] = symbol_probability(model, x, y) > 0 ? 1 : 0;
      }
    }
  }

  void note_impossible(std::size_t x, std::string_view y, std::size_t number,
                       std::uint64_t count = 1) {
    if (count == 0) return;
    if (!t.first_impossible_line) {
      t.first_impossible_line = number;
      t.first_impossible = "x = " + std::to_string(x) + ", y = " + std::string(y.substr(0, 64));
    }
    t.impossible += count;
  }

  // Symbol samples: input x, output column `symbol` named `y` (for the impossible's message).
  void add_symbol(std::size_t x, std::size_t symbol, std::string_view y, std::size_t number,
                  std::uint64_t count = 1) {
    t.n += count;
    t.per_input[x] += count;
    if (!column_members_.empty()) add_members(x, column_members_[symbol], count);
    bool possible;
    if (table_) {
      cell_counts_[x * outputs + symbol] += count;
      possible = cell_possible_[x * outputs + symbol] != 0;
    } else {
      if (count > 0) t.symbol_counts[x][static_cast<std::uint32_t>(symbol)] += count;
      possible = symbol_probability(model_, x, symbol) > 0;
    }
    if (!possible) note_impossible(x, y, number, count);
  }

  // A pooled family's sample of input x with output `members` (ascending): a block of X_S of a
  // size the family draws is tallied by size and by each member.
  void add_members(std::size_t x, std::span<const std::uint32_t> members, std::uint64_t count) {
    if (!membership_ || members.empty() || members.size() >= block_index_.size()) return;
    const std::size_t b = block_index_[members.size()];
    const std::size_t blocks = membership_->blocks.size(), v = block_index_.size() - 1;
    if (b == blocks) return;
    for (const std::uint32_t a : members) {
      if (rank_[a] == v) return;  // S ∪ {o}: not a block of X_S
    }
    t.sized[x * blocks + b] += count;
    for (const std::uint32_t a : members) t.membership[(x * blocks + b) * v + rank_[a]] += count;
  }

  // rappor-bloom: `count` samples of input x reporting "c:bits" (`y` as written, for messages);
  // false when `report` is not of that form, nothing tallied.
  bool add_cohort_bits(std::size_t x, std::string_view report, std::string_view y,
                       std::size_t number, std::uint64_t count) {
    const std::size_t colon = report.find(':');
    if (colon == std::string_view::npos || colon == 0 || colon > 9) return false;
    std::size_t c = 0;
    for (std::size_t i = 0; i < colon; ++i) {
      if (report[i] < '0' || report[i] > '9' || (i == 0 && report[0] == '0' && colon > 1))
        return false;
      c = c * 10 + static_cast<std::size_t>(report[i] - '0');
    }
    const std::string_view bits = report.substr(colon + 1);
    if (c >= bloom_->cohorts || bits.size() != bloom_->bits) return false;
    unsigned not_a_bit = 0;
    for (const char bit : bits) not_a_bit |= static_cast<unsigned>((bit & ~1) != '0');
    if (not_a_bit != 0) return false;
    // A bit is certain only where a probability is 0 or 1 (f = 0 with q = 1, say).
    bool impossible = false;
    const auto certain = [](double one) { return one == 0 || one == 1; };
    if (certain(bloom_->one_if_on) || certain(bloom_->one_if_off)) {
      for (std::size_t j = 0; j < bits.size(); ++j) {
        const double one = bloom_->one(x, c, j);
        impossible = impossible || (bits[j] == '1' ? one == 0 : one == 1);
      }
    }
    add_symbol(x, c, y, number, count);
    std::uint64_t* ones = t.bloom_ones.data() + (x * bloom_->cohorts + c) * bloom_->bits;
    for (std::size_t j = 0; j < bits.size(); ++j)
      ones[j] += static_cast<std::uint64_t>(bits[j] - '0') * count;
    if (impossible) note_impossible(x, y, number, count);
    return true;
  }

  const BloomBitModel* bloom() const { return bloom_; }

  // Cells relative to the input: `count` samples of x reporting `report`, in the events across
  // inputs that hold it.
  void add_input_events(std::size_t x, std::string_view report, const OutputSyntax& syntax,
                        std::uint64_t count) {
    if (t.event_reports.empty() || !syntax.input_events) return;
    std::fill(in_event_.begin(), in_event_.end(), 0);
    if (!syntax.input_events(report, in_event_)) return;
    t.event_reports[x] += count;
    std::uint64_t* hits = t.event_hits.data() + x * t.k;
    for (std::size_t a = 0; a < t.k; ++a) hits[a] += in_event_[a] * count;
  }

  // Samples whose output the reference never produces for any input: counted for x and as
  // impossible, in no cell.
  void add_outside(std::size_t x, std::string_view y, std::size_t number, std::uint64_t count = 1) {
    t.n += count;
    t.per_input[x] += count;
    note_impossible(x, y, number, count);
  }

  // A file of counts may hold none (a shard whose GROUP BY found no rows): its caller decides.
  SampleTallies finish(const std::string& source, bool allow_none = false) {
    if (table_) {
      for (std::size_t x = 0; x < t.k; ++x) {
        for (std::size_t y = 0; y < outputs; ++y) {
          if (const std::uint64_t c = cell_counts_[x * outputs + y]; c > 0) {
            t.symbol_counts[x].emplace(static_cast<std::uint32_t>(y), c);
          }
        }
      }
    }
    if (t.n == 0 && !allow_none) throw InputError(source, "no samples");
    if (t.first_impossible_line) t.first_impossible_source = source;
    return std::move(t);
  }

  SampleTallies t;
  std::size_t outputs = 0;
  std::unordered_map<std::string_view, std::size_t> by_label;

 private:
  const EstimationModel& model_;
  const PooledMembership* membership_ = nullptr;
  const BloomBitModel* bloom_ = nullptr;
  std::vector<std::size_t> block_index_;  ///< by block size: its index in blocks, or none
  std::vector<std::size_t> rank_;         ///< by symbol: its rank in X_S, or v
  std::vector<std::vector<std::uint32_t>> column_members_;  ///< a listed family's outputs
  std::vector<std::uint8_t> in_event_;  ///< scratch: the events across inputs holding a report
  bool table_ = false;
  std::vector<std::uint64_t> cell_counts_;
  std::vector<std::uint8_t> cell_possible_;
};

}  // namespace

std::optional<SampleTallies> tally_symbol_columns(std::span<const std::int64_t> inputs,
                                                  std::span<const std::int64_t> outputs,
                                                  const EstimationModel& model,
                                                  const OutputSyntax& syntax) {
  if (reports_are_bit_vectors(model) || syntax.cell_of_set || syntax.folded_symbols ||
      syntax.cell_of_report || bloom_bits(model) || inputs.size() != outputs.size()) {
    return std::nullopt;
  }
  TallyState state(model, syntax);
  // The column an integer output names: the label with its decimal text, or the column itself.
  std::unordered_map<std::int64_t, std::size_t> labelled;
  for (std::size_t y = 0; y < syntax.labels.size(); ++y) {
    const std::string& label = syntax.labels[y];
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(label.data(), label.data() + label.size(), value);
    const bool canonical = error == std::errc() && end == label.data() + label.size() &&
                           label == std::to_string(value);
    if (canonical) labelled.emplace(value, y);
  }
  const auto k = static_cast<std::int64_t>(state.t.k);
  const auto columns = static_cast<std::int64_t>(state.outputs);
  char text[24];
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    if (i % 65536 == 65535) check_cancelled();
    const std::int64_t x = inputs[i], y = outputs[i];
    if (x < 0 || x >= k) return std::nullopt;
    std::size_t column = 0;
    if (syntax.labels.empty()) {
      if (y < 0 || y >= columns) return std::nullopt;
      column = static_cast<std::size_t>(y);
    } else {
      const auto found = labelled.find(y);
      if (found == labelled.end()) return std::nullopt;
      column = found->second;
    }
    const auto end = std::to_chars(text, text + sizeof text, y).ptr;
    state.add_symbol(static_cast<std::size_t>(x), column, std::string_view(text, end - text),
                     i + 1);
  }
  if (state.t.n == 0) return std::nullopt;
  return state.finish("samples");
}

SampleTallies tally_samples(std::istream& in, const std::string& source,
                            const EstimationModel& model, const RatioScope& scope,
                            const OutputSyntax& syntax, std::size_t block, SampleLine lines) {
  const bool counted = lines == SampleLine::kCounted;
  TallyState state(model, syntax);
  SampleTallies& t = state.t;
  const std::size_t k = t.k;
  const bool pairs = !t.both_ones.empty();
  const std::size_t outputs = state.outputs;
  const auto& by_label = state.by_label;
  // Bits: whether a 1 (a 0) of bit j is impossible for input x, and the bits Y_P needs at 0.
  std::vector<std::uint8_t> one_impossible, zero_impossible, protected_bit;
  if (t.bit_vectors) {
    const auto& m = std::get<UnaryParams>(model);
    one_impossible.resize(k * k);
    zero_impossible.resize(k * k);
    protected_bit.resize(k);
    for (std::size_t x = 0; x < k; ++x) {
      for (std::size_t j = 0; j < k; ++j) {
        const double p1 = bit_probability(m, x, j);
        one_impossible[x * k + j] = p1 == 0 ? 1 : 0;
        zero_impossible[x * k + j] = p1 == 1 ? 1 : 0;
      }
    }
    for (std::size_t j = 0; j < k; ++j) {
      protected_bit[j] = scope.protected_zero_bits && scope.protected_zero_bits->contains(j);
    }
  }
  auto add_symbol = [&](std::size_t x, std::size_t symbol, std::string_view y, std::size_t number,
                        std::uint64_t count = 1) { state.add_symbol(x, symbol, y, number, count); };
  // Tallies `count` samples of a k-character 0/1 string; false (nothing tallied) when y is none.
  std::vector<std::size_t> set_bits(t.bit_vectors ? k : 0);
  auto add_bits = [&](std::size_t x, std::string_view y, std::size_t number,
                      std::uint64_t count = 1) {
    if (y.size() != k) return false;
    const std::uint8_t* never_one = one_impossible.data() + x * k;
    const std::uint8_t* never_zero = zero_impossible.data() + x * k;
    std::size_t set = 0;
    unsigned impossible = 0, outside_protected = 0;
    for (std::size_t j = 0; j < k; ++j) {
      const char c = y[j];
      if ((c & ~1) != '0') return false;  // neither '0' nor '1'
      const unsigned one = static_cast<unsigned>(c - '0');
      impossible |= one ? never_one[j] : never_zero[j];
      outside_protected |= one & protected_bit[j];
      set_bits[set] = j;
      set += one;
    }
    t.n += count;
    t.per_input[x] += count;
    std::uint64_t* ones = t.ones.data() + x * k;
    for (std::size_t a = 0; a < set; ++a) ones[set_bits[a]] += count;
    if (outside_protected == 0) {
      t.in_protected[x] += count;
      for (std::size_t a = 0; a < set; ++a) t.protected_ones[x * k + set_bits[a]] += count;
    }
    if (pairs) {
      for (std::size_t a = 0; a < set; ++a) {
        std::uint64_t* row = t.both_ones.data() + (x * k + set_bits[a]) * k;
        for (std::size_t b = a + 1; b < set; ++b) row[set_bits[b]] += count;
      }
    }
    if (impossible != 0) state.note_impossible(x, y, number, count);
    return true;
  };

  // Any line: blanks, comments, quotes, labels, sets, and every error.
  auto general_line = [&](std::string line, std::size_t number) {
    // A UTF-8 byte order mark (Excel's "CSV UTF-8", PowerShell's Out-File) is not content.
    if (number == 1 && line.starts_with("\xEF\xBB\xBF")) line.erase(0, 3);
    std::string text = trim(line);
    if (text.empty() || text[0] == '#') return;
    const std::size_t comma = text.find(',');
    const std::size_t column = line.find_first_not_of(" \t") + 1;
    if (comma == std::string::npos) {
      throw InputError(source, number, column,
                       counted ? "expected 'x,y,count' (input index, output, samples)"
                               : "expected 'x,y' (input index, output)");
    }
    std::uint64_t count = 1;
    if (counted) {
      const std::size_t last = text.rfind(',');
      if (last == comma) {
        throw InputError(source, number, column + text.size(),
                         "expected ',count' after the output (x,y,count)");
      }
      count = parse_count(trim(text.substr(last + 1)), source, number, column + last + 1);
      if (t.n > std::numeric_limits<std::uint64_t>::max() - count) {
        throw InputError(source, number, column + last + 1,
                         "the counts add up past 2^64 - 1 samples");
      }
      text.resize(last);
    }
    const std::string x_text = trim(text.substr(0, comma));
    if (x_text == std::to_string(k)) {
      throw InputError(source, number, column,
                       "input " + x_text + " is outside 0.." + std::to_string(k - 1) +
                           " (inputs are 0-based; is the file numbered from 1?)");
    }
    const std::size_t x = parse_index(x_text, k, source, number, column, "input");
    const std::string y = trim(text.substr(comma + 1));
    const std::size_t y_column = column + comma + 1;
    if (state.bloom()) {
      const std::optional<std::string> report = unquoted(y);
      if (!report || !state.add_cohort_bits(x, *report, y, number, count)) {
        throw InputError(source, number, y_column,
                         "expected 'c:bits' (c a " + state.bloom()->prefix + " 0.." +
                             std::to_string(state.bloom()->cohorts - 1) + ", ':', then m = " +
                             std::to_string(state.bloom()->bits) + " characters 0/1)");
      }
    } else if (!t.bit_vectors && syntax.cell_of_report) {
      const std::optional<std::string> report = unquoted(y);
      if (!report) {
        throw InputError(source, number, y_column,
                         "unbalanced quotes in the output " + y.substr(0, 40));
      }
      std::optional<std::size_t> cell;
      try {
        cell = syntax.cell_of_report(x, *report);
      } catch (const InvalidArgument& e) {
        throw InputError(source, number, y_column,
                         std::string(e.what()) + " (outputs are " + syntax.report_form + ")");
      }
      if (cell) {
        add_symbol(x, *cell, y, number, count);
        state.add_input_events(x, *report, syntax, count);
      } else {
        state.add_outside(x, y, number, count);
      }
    } else if (!t.bit_vectors && syntax.cell_of_set) {
      const std::optional<std::string> set = unquoted(y);
      if (!set) {
        throw InputError(source, number, y_column,
                         "unbalanced quotes in the output " + y.substr(0, 40));
      }
      const std::vector<std::uint32_t> members =
          pooled_members(*set, syntax, source, number, y_column);
      if (const std::optional<std::size_t> cell = syntax.cell_of_set(members)) {
        add_symbol(x, *cell, y, number, count);
        state.add_members(x, members, count);
      } else {
        state.add_outside(x, y, number, count);
      }
    } else if (!t.bit_vectors) {
      if (const std::optional<std::size_t> symbol =
              output_column(x, y, syntax, by_label, outputs, source, number, y_column)) {
        add_symbol(x, *symbol, y, number, count);
      } else {
        state.add_outside(x, y, number, count);
      }
    } else {
      // CSV quotes around a bit string are no part of it ("0,\"0110\""), as around a label.
      const std::optional<std::string> bits = unquoted(y);
      if (!bits || !add_bits(x, *bits, number, count)) {
        throw InputError(source, number, y_column,
                         "expected a string of k = " + std::to_string(k) + " characters 0/1" +
                             (bits && *bits != y ? " (inside the quotes)" : ""));
      }
    }
  };

  // The bulk of a large file, "x,y" without blanks, quotes or sets, is read here without a copy;
  // every other line goes to general_line.
  // A pooled reference's labels name its cells, which no sample names (its outputs are read as
  // sets, cohort:bits, or folded by the reporting input).
  const bool cells_not_outputs = syntax.cell_of_set || syntax.cell_of_report || state.bloom();
  bool identity_labels = !cells_not_outputs;
  for (std::size_t y = 0; identity_labels && y < syntax.labels.size(); ++y) {
    identity_labels = syntax.labels[y] == std::to_string(y);
  }
  const bool plain_labels = !by_label.empty() && !cells_not_outputs && !identity_labels;
  LineReader reader(in, source, block, kMaxTextLine);
  std::string_view raw;
  while (reader.next(raw)) {
    const std::size_t number = reader.line_number();
    if (number % 65536 == 0) check_cancelled();
    if (counted) {  // few lines, each of many samples: the general reader
      general_line(std::string(raw), number);
      continue;
    }
    std::string_view rest = raw;
    if (!rest.empty() && rest.back() == '\r') rest.remove_suffix(1);
    std::size_t i = 0;
    std::uint64_t x = 0;
    while (i < rest.size() && i < 12 && rest[i] >= '0' && rest[i] <= '9') {
      x = x * 10 + static_cast<std::uint64_t>(rest[i++] - '0');
    }
    if (i > 0 && i < rest.size() && rest[i] == ',' && x < k) {
      const std::string_view y = rest.substr(i + 1);
      if (t.bit_vectors) {
        if (add_bits(x, y, number)) continue;
      } else if (state.bloom()) {
        if (state.add_cohort_bits(x, y, y, number, 1)) continue;
      } else if (identity_labels) {
        // A canonical index: digits without leading zeros (an index label or --output-index).
        std::size_t d = 0;
        std::uint64_t symbol = 0;
        while (d < y.size() && d < 12 && y[d] >= '0' && y[d] <= '9') {
          symbol = symbol * 10 + static_cast<std::uint64_t>(y[d++] - '0');
        }
        if (d > 0 && d == y.size() && (y[0] != '0' || d == 1) && symbol < outputs) {
          add_symbol(x, symbol, y, number);
          continue;
        }
      } else if (plain_labels && !y.empty() && y.front() != '"' && y.front() != ' ' &&
                 y.front() != '\t' && y.back() != ' ' && y.back() != '\t' && y.back() != '\r') {
        if (const auto it = by_label.find(y); it != by_label.end()) {
          add_symbol(x, it->second, y, number);
          continue;
        }
      }
    }
    general_line(std::string(raw), number);
  }
  if (in.bad()) throw InputError(source, "read error");
  return state.finish(source, counted);
}

namespace {

// A pooled family's sensitive input x: its samples by block size, holding x or not, and the rest
// (X_N reports, S ∪ {o}), against the reference: a client that never reports its own value in
// blocks of one size keeps every pooled cell's total right, not this.
FitTest own_block_test(const PooledMembership& m, const SampleTallies& t, std::size_t x) {
  const std::size_t blocks = m.blocks.size(), v = m.sensitive.size();
  const std::vector<std::size_t>& xs = m.sensitive.indices();
  const auto rank =
      static_cast<std::size_t>(std::lower_bound(xs.begin(), xs.end(), x) - xs.begin());
  std::vector<std::uint64_t> observed;
  std::vector<double> p;
  std::uint64_t in_blocks = 0;
  double p_blocks = 0;
  for (std::size_t b = 0; b < blocks; ++b) {
    const std::uint64_t own = t.membership[(x * blocks + b) * v + rank];
    const std::uint64_t sized = t.sized[x * blocks + b];
    observed.push_back(own);
    observed.push_back(sized - own);
    p.push_back(m.own[b]);
    p.push_back(std::max(0.0, m.sized[b] - m.own[b]));
    in_blocks += sized;
    p_blocks += m.sized[b];
  }
  observed.push_back(t.per_input[x] - in_blocks);
  p.push_back(std::max(0.0, 1 - p_blocks));
  return g_test(observed, p);
}

// One bit of `n` reports, `ones` of them 1, against P(1) = p: its Pearson term (mean exactly 1,
// variance at most 2) as the statistic, and with `exact` the exact two-sided binomial p-value (a
// bit may have a few dozen samples per cohort, where a G-test's chi-square tail is far off at a
// Bonferroni level of 1e-7).
FitTest binomial_bit_test(std::uint64_t ones, std::uint64_t n, double p, bool exact) {
  FitTest bit;
  if (n == 0 || !(p > 0 && p < 1)) return bit;  // a certain bit: impossible samples say the rest
  const double nd = static_cast<double>(n), o = static_cast<double>(ones);
  bit.statistic = (o - nd * p) * (o - nd * p) / (nd * p * (1 - p));
  bit.df = 1;
  if (!exact) return bit;
  const double at_most = ones == n ? 1 : 1 - regularized_beta(p, o + 1, nd - o);
  const double at_least = ones == 0 ? 1 : regularized_beta(p, o, nd - o + 1);
  bit.p_value = std::min(1.0, 2 * std::min(at_most, at_least));
  return bit;
}

// A lower bound on that exact p-value, cheap: the tail beyond the observed mean a = ones/n is at
// least exp(-n D(a||p)) / sqrt(8 n a (1 - a)) (Ash, Information Theory, Lemma 4.7.2), taken a
// tenth of for margin; 0 where it does not apply (a = 0 or 1).
double binomial_p_lower_bound(std::uint64_t ones, std::uint64_t n, double p) {
  if (ones == 0 || ones == n || !(p > 0 && p < 1)) return 0;
  const double nd = static_cast<double>(n), a = static_cast<double>(ones) / nd;
  const double divergence = a * std::log(a / p) + (1 - a) * std::log((1 - a) / (1 - p));
  return std::exp(-nd * divergence) / std::sqrt(8 * nd * a * (1 - a)) / 10;
}

// A Bloom-filter mechanism's input x: every bit of every prefix c (a cohort, a hash index)
// against its probability. `each` sees the exact test of each bit whose p-value may be below
// `smallest` (the others cannot change the smallest p); the sum of all bits' Pearson terms is
// returned as one test (the chi-square tail with that many degrees of freedom is conservative
// for it): it sees a deviation spread thinly over many bits (a wrong q, a permanent response
// reused), a bit's own test one on a single bit.
FitTest bloom_bits_test(const BloomBitModel& b, const SampleTallies& t, std::size_t x,
                        const double& smallest,
                        const std::function<void(const FitTest&, std::size_t, std::size_t)>& each) {
  FitTest sum;
  for (std::size_t c = 0; c < b.cohorts; ++c) {
    const auto in_cohort = t.symbol_counts[x].find(static_cast<std::uint32_t>(c));
    const std::uint64_t n = in_cohort == t.symbol_counts[x].end() ? 0 : in_cohort->second;
    if (n == 0) continue;
    const std::uint64_t* ones = t.bloom_ones.data() + (x * b.cohorts + c) * b.bits;
    for (std::size_t j = 0; j < b.bits; ++j) {
      const double p = b.one(x, c, j);
      const bool exact = binomial_p_lower_bound(ones[j], n, p) < smallest;
      const FitTest bit = binomial_bit_test(ones[j], n, p, exact);
      if (exact) each(bit, c, j);
      sum.statistic += bit.statistic;
      sum.df += bit.df;
    }
  }
  sum.p_value = sum.df > 0 ? chi_square_survival(sum.statistic, sum.df) : 1;
  return sum;
}

// A pooled family's events "a block of size K holding a", one per size and sensitive a.
void add_membership_events(
    const PooledMembership& m, const SampleTallies& t,
    std::vector<std::pair<std::string, std::vector<std::uint64_t>>>& events) {
  const std::size_t blocks = m.blocks.size(), v = m.sensitive.size(), k = t.k;
  const std::vector<std::size_t>& xs = m.sensitive.indices();
  for (std::size_t b = 0; b < blocks; ++b) {
    for (std::size_t r = 0; r < v; ++r) {
      std::vector<std::uint64_t> counts(k);
      bool any = false;
      for (std::size_t x = 0; x < k; ++x) {
        counts[x] = t.membership[(x * blocks + b) * v + r];
        any = any || counts[x] > 0;
      }
      if (!any) continue;
      events.emplace_back(
          "a block of size " + std::to_string(m.blocks[b]) + " holding " + std::to_string(xs[r]),
          std::move(counts));
    }
  }
}

}  // namespace

ConformanceReport check_conformance(const SampleTallies& t, const EstimationModel& model,
                                    const RatioScope& scope, double alpha,
                                    const EvidenceDemand& demand, ResolutionDetail detail) {
  check_level_and_demand(alpha, demand);
  ConformanceReport r;
  r.alpha = alpha;
  const std::size_t k = t.k;
  std::size_t tested_inputs = 0;
  for (std::uint64_t n : t.per_input) tested_inputs += n > 0 ? 1 : 0;

  // Goodness of fit, Bonferroni over every test (half of alpha).
  const bool pairs = !t.both_ones.empty();
  r.fit_tests = fit_test_count(model, tested_inputs);
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
      if (const PooledMembership* m = pooled_membership(model); m && m->sensitive.contains(x)) {
        consider(own_block_test(*m, t, x),
                 "x = " + std::to_string(x) + ", blocks holding x and not, by size");
      }
      if (const BloomBitModel* b = bloom_bits(model)) {
        const FitTest all = bloom_bits_test(
            *b, t, x, r.min_p_value, [&](const FitTest& bit, std::size_t c, std::size_t j) {
              if (bit.p_value < r.min_p_value) {  // named only when it is the smallest yet
                consider(bit, "x = " + std::to_string(x) + ", " + b->prefix + " " +
                                  std::to_string(c) + ", bit " + std::to_string(j));
              }
            });
        consider(all, "x = " + std::to_string(x) + ", every " + b->prefix + "'s bits");
      }
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
    r.intervals = event_family_size(model, scope) * tested_inputs;
    for (std::size_t x = 0; x < k && !relative_cells(model); ++x) {
      for (const auto& [y, c] : t.symbol_counts[x]) {
        if (scope.protected_symbols && !scope.protected_symbols->contains(y)) continue;
        if (by_output[y].empty()) by_output[y].assign(k, 0);
        by_output[y][x] = c;
      }
    }
    for (std::size_t y = 0; y < outputs; ++y) {
      if (!by_output[y].empty())
        events.emplace_back(
            "y = " + (t.output_labels.empty() ? std::to_string(y) : t.output_labels[y]),
            std::move(by_output[y]));
    }
    if (const PooledMembership* m = pooled_membership(model)) add_membership_events(*m, t, events);
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
      // All four joint values of each pair: RAPPOR's tight ratio t is attained only by
      // (y_i, y_j) = (1, 0) against (0, 1), never by a single bit.
      for (std::size_t i = 0; i < k; ++i) {
        for (std::size_t j = i + 1; j < k; ++j) {
          std::vector<std::uint64_t> n11(k), n10(k), n01(k), n00(k);
          for (std::size_t x = 0; x < k; ++x) {
            const std::uint64_t both = t.both_ones[(x * k + i) * k + j];
            const std::uint64_t oi = t.ones[x * k + i], oj = t.ones[x * k + j];
            n11[x] = both;
            n10[x] = oi - both;
            n01[x] = oj - both;
            n00[x] = t.per_input[x] - oi - oj + both;
          }
          const std::string name = "bits " + std::to_string(i) + "," + std::to_string(j) + " = ";
          events.emplace_back(name + "1,1", std::move(n11));
          events.emplace_back(name + "1,0", std::move(n10));
          events.emplace_back(name + "0,1", std::move(n01));
          events.emplace_back(name + "0,0", std::move(n00));
        }
      }
    }
    r.intervals = event_family_size(model, scope) * tested_inputs;
  }
  const double interval_alpha =
      alpha / 2 / static_cast<double>(std::max<std::size_t>(r.intervals, 1));
  IntervalCache intervals(interval_alpha);
  const auto bound = [&](const std::vector<std::uint64_t>& counts,
                         const std::function<std::string()>& name) {
    const EventBound b = event_bound(counts, t.per_input, intervals, r.exp_eps_lower_bound);
    if (b.ratio > r.exp_eps_lower_bound) {
      r.exp_eps_lower_bound = b.ratio;
      r.event = name();
      r.x = b.x;
      r.x_prime = b.x_prime;
      r.count_x = counts[b.x];
      r.n_x = t.per_input[b.x];
      r.count_x_prime = counts[b.x_prime];
      r.n_x_prime = t.per_input[b.x_prime];
    }
  };
  for (const auto& event : events) bound(event.second, [&] { return event.first; });
  // rappor-bloom's bit events, one at a time (2 C m of them, each over every input).
  if (const BloomBitModel* b = bloom_bits(model); b && !t.bit_vectors) {
    std::vector<std::uint64_t> one(k), zero(k);
    for (std::size_t c = 0; c < b->cohorts; ++c) {
      for (std::size_t j = 0; j < b->bits; ++j) {
        for (std::size_t x = 0; x < k; ++x) {
          const auto in_cohort = t.symbol_counts[x].find(static_cast<std::uint32_t>(c));
          const std::uint64_t n = in_cohort == t.symbol_counts[x].end() ? 0 : in_cohort->second;
          one[x] = t.bloom_ones[(x * b->cohorts + c) * b->bits + j];
          zero[x] = n - one[x];
        }
        const std::string event =
            b->prefix + " " + std::to_string(c) + ", bit " + std::to_string(j);
        bound(one, [&] { return event + " = 1"; });
        bound(zero, [&] { return event + " = 0"; });
      }
    }
  }
  // Local hashing's and hcms's events across inputs, "y is a's own hash value" and not, one pair
  // per input a that has them.
  if (!t.event_hits.empty()) {
    const auto& name = std::get<DenseParams>(model).input_event_name;
    std::vector<std::uint64_t> in(k), out(k);
    for (std::size_t a = 0; a < k; ++a) {
      bool any = false;
      for (std::size_t x = 0; x < k; ++x) {
        in[x] = t.event_hits[x * k + a];
        out[x] = t.event_reports[x] - in[x];
        any = any || in[x] > 0;
      }
      if (!any) continue;  // no sample in a's event: a has none (an X_N input of ulh)
      bound(in, [&] { return name(a, true); });
      bound(out, [&] { return name(a, false); });
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

  // Evidence: a pass is only as good as the weakest input's sample count.
  r.samples_per_input = t.per_input;
  std::size_t fewest = 0;
  for (std::size_t x = 0; x < k; ++x) {
    if (t.per_input[x] == 0) r.inputs_without_samples.push_back(x);
    if (t.per_input[x] < t.per_input[fewest]) fewest = x;
  }
  // Planned as a full run would be: every input tested, the whole event family.
  r.resolution = resolution_at(model, scope, alpha, demand.power, fit_test_count(model, k),
                               event_family_size(model, scope) * k, t.per_input[fewest],
                               t.output_labels, detail);
  r.resolution.fewest_input = fewest;
  if (r.verdict != Conformance::kConforms) return r;
  if (!r.inputs_without_samples.empty()) {
    r.verdict = Conformance::kInsufficient;
    r.insufficient_because = std::to_string(r.inputs_without_samples.size()) + " of " +
                             std::to_string(k) + " inputs have no samples (the first: x = " +
                             std::to_string(r.inputs_without_samples.front()) + ")";
  } else if (r.resolution.cell_deviation > demand.resolution) {
    r.verdict = Conformance::kInsufficient;
    std::ostringstream why;
    why.precision(3);
    why << "input " << fewest << " has " << t.per_input[fewest]
        << " samples, which detect no cell deviation below " << r.resolution.cell_deviation << " ("
        << demand.resolution_name << " asks for " << demand.resolution << ")";
    r.insufficient_because = why.str();
  }
  return r;
}

}  // namespace uldp::estimate

namespace uldp::estimate {

std::uint64_t per_input_for_demand(const EstimationModel& model, double alpha,
                                   const EvidenceDemand& demand) {
  check_level_and_demand(alpha, demand);
  const double z = cell_z_sum(alpha, demand.power, fit_test_count(model, num_symbols(model)));
  const double planned = std::ceil(std::pow(z * 0.5 / demand.resolution, 2));
  // Beyond 10^18 no run draws enough: the largest count, so that a run stops at its max_samples
  // as insufficient (what the halving spending does), rather than refusing to start.
  if (!(planned <= 1e18)) return std::numeric_limits<std::uint64_t>::max();
  // The same expression resolution_at evaluates, so the planned size meets it after rounding.
  auto n = static_cast<std::uint64_t>(std::max(planned, 1.0));
  while (std::min(1.0, z * 0.5 / std::sqrt(static_cast<double>(n))) > demand.resolution) ++n;
  return n;
}

ConformancePlan plan_conformance(const EstimationModel& model, const RatioScope& scope,
                                 double alpha, double power, double delta, double excess,
                                 const std::vector<std::string>& labels) {
  if (!(alpha > 0 && alpha < 1)) throw InvalidArgument("false_alarm: must be in (0,1)");
  if (!(power > 0 && power < 1)) throw InvalidArgument("power: must be in (0,1)");
  if (!(delta > 0 && delta < 1)) throw InvalidArgument("resolution: must be in (0,1)");
  if (!(excess > 0)) throw InvalidArgument("excess: must be positive");
  require_supported(model);
  const std::size_t k = num_symbols(model);
  ConformancePlan plan;
  plan.fit_tests = fit_test_count(model, k);
  plan.intervals = event_family_size(model, scope) * k;
  const double for_delta =
      std::ceil(std::pow(cell_z_sum(alpha, power, plan.fit_tests) * 0.5 / delta, 2));
  // Beyond 10^18 the count is no plan (and would not fit the integer it is reported in).
  if (!(for_delta <= 1e18)) {
    std::ostringstream why;
    why << "resolution: a deviation of " << delta << " needs about " << std::setprecision(2)
        << for_delta << " samples per input, more than any test draws (at most 1e18)";
    throw InvalidArgument(why.str());
  }
  plan.per_input_for_delta = static_cast<std::uint64_t>(for_delta);
  const TightestEvent e = tightest_event(model, scope, labels);
  plan.event = e.event;
  plan.p_x = e.p_x;
  plan.p_x_prime = e.p_x_prime;
  if (!scope.claimed || e.ratio == 0) return plan;
  const double interval_alpha = alpha / 2 / static_cast<double>(plan.intervals);
  plan.per_input_for_excess = smallest_n([&](std::uint64_t n) {
    return detects_excess(e, scope.claimed_exp_eps, excess, n, interval_alpha, power);
  });
  return plan;
}

std::string report_label(std::span<const std::uint32_t> set_bits, const IndexSet& over) {
  if (set_bits.size() == 1 && !over.contains(set_bits[0])) return std::to_string(set_bits[0]);
  std::string label;
  for (const std::uint32_t j : set_bits) {
    label += label.empty() ? '{' : ',';
    label += std::to_string(j);
  }
  return label.empty() ? "{}" : label + '}';
}

}  // namespace uldp::estimate

namespace uldp::estimate {

double event_probability(const EstimationModel& model, const TargetedWitness& witness,
                         std::size_t x) {
  if (!witness.bits) return symbol_probability(model, x, witness.symbol);
  const auto& m = std::get<UnaryParams>(model);
  const auto p_bit = [&](std::size_t j, int v) {
    const double one = j == x ? m.on[j] : m.off[j];
    return v ? one : 1 - one;
  };
  double p = 1;
  // Y_P: its zero bits are 0; E's own bits as stated.
  for (const std::size_t j : witness.zero_bits) {
    if (j != witness.bit_i) p *= p_bit(j, 0);
  }
  p *= p_bit(witness.bit_i, witness.value_i);
  if (witness.pair) p *= p_bit(witness.bit_j, witness.value_j);
  return p;
}

std::optional<TargetedWitness> structural_witness(const EstimationModel& model,
                                                  const RatioScope& scope,
                                                  const std::vector<std::string>& labels,
                                                  double excess) {
  if (!scope.claimed || std::holds_alternative<UbdParams>(model) ||
      std::holds_alternative<UbdOptParams>(model) || std::holds_alternative<UssParams>(model) ||
      std::holds_alternative<UhrParams>(model)) {
    return std::nullopt;
  }
  const double t = scope.claimed_exp_eps;
  std::optional<TargetedWitness> best;
  double best_ratio = 0, best_divergence = 0;
  // A candidate replaces the best when its ratio is larger, or (within rounding) equal and a
  // client `excess` over the claim on it is shown in fewer samples: the client modelled as
  // detects_excess models it, P(E|x) kept and P(E|x') lowered to the excess.
  const auto consider = [&](TargetedWitness w) {
    if (!(w.p_x_prime > 0) || !(w.p_x > w.p_x_prime)) return;
    const double ratio = w.p_x / w.p_x_prime;
    if (ratio < best_ratio * (1 - 1e-12)) return;
    const double q = std::min(w.p_x_prime, w.p_x / (t * (1 + excess)));
    const double divergence = ratio_divergence(w.p_x, q, t);
    if (ratio <= best_ratio * (1 + 1e-12) && divergence <= best_divergence) return;
    best_ratio = std::max(ratio, best_ratio);
    best_divergence = divergence;
    best = std::move(w);
  };
  const std::size_t k = num_symbols(model);
  if (!reports_are_bit_vectors(model)) {
    if (k * symbol_outputs(model) > 4'000'000 || relative_cells(model)) return std::nullopt;
    for (std::size_t y = 0; y < symbol_outputs(model); ++y) {
      if (scope.protected_symbols && !scope.protected_symbols->contains(y)) continue;
      // The largest and the smallest positive entry of column y: the best pair of inputs.
      std::size_t top = k, low = k;
      for (std::size_t x = 0; x < k; ++x) {
        const double q = symbol_probability(model, x, y);
        if (top == k || q > symbol_probability(model, top, y)) top = x;
        if (q > 0 && (low == k || q < symbol_probability(model, low, y))) low = x;
      }
      if (top == k || low == k || top == low) continue;
      TargetedWitness w;
      w.x = top;
      w.x_prime = low;
      w.symbol = y;
      w.p_x = symbol_probability(model, top, y);
      w.p_x_prime = symbol_probability(model, low, y);
      w.event = "y = " + (labels.empty() ? std::to_string(y) : labels[y]);
      consider(std::move(w));
    }
    return best;
  }
  const auto& m = std::get<UnaryParams>(model);
  const bool uldp = scope.protected_zero_bits.has_value();
  const bool pairs = k <= SampleTallies::kMaxPairBits && !uldp;
  // P(bit j = v | x) for x = j (own) or any other x.
  const auto bit_p = [&](std::size_t j, int v, bool own) {
    const double one = own ? m.on[j] : m.off[j];
    return v ? one : 1 - one;
  };
  // E fixes some bits (bit i = a, maybe bit j = b, and Y_P's bits at 0): P(E|x) is the product
  // over them of the other inputs' probabilities, times own / other at x's own bit when E fixes it.
  const auto try_event = [&](std::vector<std::pair<std::size_t, int>> fixed, TargetedWitness w) {
    double base = 1;
    for (const auto& [j, v] : fixed) base *= bit_p(j, v, false);
    // The inputs whose own bit E fixes, with their factor; any other input has factor 1.
    std::size_t top = k, low = k;
    double top_factor = 1, low_factor = 1;
    for (const auto& [j, v] : fixed) {
      const double other = bit_p(j, v, false);
      if (!(other > 0)) return;  // P(E|x) = 0 for every x but j: no finite ratio to test
      const double factor = bit_p(j, v, true) / other;
      if (top == k || factor > top_factor) top = j, top_factor = factor;
      if (low == k || factor < low_factor) low = j, low_factor = factor;
    }
    if (fixed.size() < k) {
      // An input E does not fix: factor 1 (the first one not fixed).
      std::size_t free = 0;
      while (
          std::any_of(fixed.begin(), fixed.end(), [&](const auto& f) { return f.first == free; }))
        ++free;
      if (top == k || 1 > top_factor) top = free, top_factor = 1;
      if (low == k || 1 < low_factor) low = free, low_factor = 1;
    }
    if (top == low) return;
    w.bits = true;
    w.x = top;
    w.x_prime = low;
    w.p_x = base * top_factor;
    w.p_x_prime = base * low_factor;
    consider(std::move(w));
  };
  std::vector<std::pair<std::size_t, int>> zeros;  // Y_P: these bits are 0
  if (uldp) {
    for (std::size_t j = 0; j < k; ++j) {
      if (scope.protected_zero_bits->contains(j)) zeros.emplace_back(j, 0);
    }
  }
  const std::string within = uldp ? " within Y_P" : "";
  for (std::size_t i = 0; i < k; ++i) {
    for (int a = 0; a <= 1; ++a) {
      const bool zero_bit = uldp && scope.protected_zero_bits->contains(i);
      if (zero_bit && a == 1) continue;  // outside Y_P
      TargetedWitness w;
      w.bit_i = i;
      w.value_i = a;
      w.within_protected = uldp;
      for (const auto& [j, v] : zeros) w.zero_bits.push_back(j);
      w.event = "bit " + std::to_string(i) + " = " + std::to_string(a) + within;
      std::vector<std::pair<std::size_t, int>> fixed = zeros;
      if (!zero_bit) fixed.emplace_back(i, a);
      try_event(fixed, w);
      if (!pairs) continue;
      for (std::size_t j = i + 1; j < k; ++j) {
        for (int b = 0; b <= 1; ++b) {
          TargetedWitness p = w;
          p.pair = true;
          p.bit_j = j;
          p.value_j = b;
          p.event = "bits " + std::to_string(i) + "," + std::to_string(j) + " = " +
                    std::to_string(a) + "," + std::to_string(b);
          try_event({{i, a}, {j, b}}, p);
        }
      }
    }
  }
  return best;
}

}  // namespace uldp::estimate
