#include "uldp/estimate/targeted_test.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

#include "uldp/error.h"

namespace uldp::estimate {
namespace {

// The bets of the mixture: a geometric grid of fractions c in [kSmallestBet, kLargestBet]. The
// smallest reaches effects near 1e-4 of a pair's range (an excess on an event rarer than any run
// of 10^6 samples resolves); the grid's ratio, about 1.2, costs the mixture well under 1 % of its
// growth rate against the best bet of the continuum.
constexpr std::size_t kBets = 48;
constexpr double kSmallestBet = 1e-4, kLargestBet = 0.95;

// Bernoulli KL(a || b), with 0 log 0 = 0.
double kl(double a, double b) {
  double d = 0;
  if (a > 0) d += a * std::log(a / b);
  if (a < 1) d += (1 - a) * std::log((1 - a) / (1 - b));
  return d;
}

// log(sum_j exp(terms_j)), without overflow.
double log_sum_exp(const std::vector<double>& terms) {
  const double top = *std::max_element(terms.begin(), terms.end());
  double sum = 0;
  for (const double t : terms) sum += std::exp(t - top);
  return top + std::log(sum);
}

// The bet c in (0, 1) that maximises the expected log growth sum_(a,b) P(a, b) log f(c, a, b) of
// independent pairs A ~ Bernoulli(p), B ~ Bernoulli(q): concave in c, by golden section.
template <class Factor>
double best_bet(double p, double q, const Factor& factor) {
  const auto growth = [&](double c) {
    double g = 0;
    for (const int a : {0, 1}) {
      for (const int b : {0, 1}) {
        const double w = (a ? p : 1 - p) * (b ? q : 1 - q);
        if (w > 0) g += w * std::log(factor(c, a, b));
      }
    }
    return g;
  };
  const double golden = (std::sqrt(5.0) - 1) / 2;
  double lo = 0, hi = kLargestBet;
  for (int i = 0; i < 100; ++i) {
    const double c = hi - golden * (hi - lo), d = lo + golden * (hi - lo);
    if (growth(c) < growth(d)) {
      lo = c;  // the maximum is right of c
    } else {
      hi = d;
    }
  }
  return (lo + hi) / 2;
}

// The mixture's bets and log weights: half the weight spread evenly over the geometric grid (any
// effect), half over kFocusBets bets from focus / 2 to 2 focus (the effect looked for: about a
// third of the mixture's cost in samples is the weight it puts far from the best bet).
constexpr std::size_t kFocusBets = 16;
void mixture(std::optional<double> focus, std::vector<double>& bets, std::vector<double>& weights) {
  for (std::size_t j = 0; j < kBets; ++j) {
    bets.push_back(kLargestBet *
                   std::pow(kSmallestBet / kLargestBet, static_cast<double>(j) / (kBets - 1)));
  }
  const bool focused = focus && *focus > kSmallestBet;
  weights.assign(kBets, std::log((focused ? 0.5 : 1.0) / kBets));
  if (!focused) return;
  for (std::size_t j = 0; j < kFocusBets; ++j) {
    bets.push_back(std::min(kLargestBet,
                            *focus * std::pow(4.0, static_cast<double>(j) / (kFocusBets - 1)) / 2));
    weights.push_back(std::log(0.5 / kFocusBets));
  }
}

}  // namespace

double ratio_divergence(double p, double q, double ratio) {
  // min over q' of KL(p || ratio q') + KL(q || q'), q' in (0, min(1, 1/ratio)): convex in q' (a
  // sum of KLs convex in their second argument), so a golden-section search finds it.
  const double high = std::min(1.0, 1.0 / ratio);
  const auto f = [&](double qp) { return kl(p, ratio * qp) + kl(q, qp); };
  const double golden = (std::sqrt(5.0) - 1) / 2;
  double a = 0, b = high;
  double c = b - golden * (b - a), d = a + golden * (b - a);
  double fc = f(c), fd = f(d);
  for (int i = 0; i < 200 && b - a > 1e-15 * high; ++i) {
    if (fc < fd) {
      b = d, d = c, fd = fc;
      c = b - golden * (b - a), fc = f(c);
    } else {
      a = c, c = d, fc = fd;
      d = a + golden * (b - a), fd = f(d);
    }
  }
  return std::max(0.0, std::min(fc, fd));
}

double information_bound(double alpha, double p, double q, double ratio) {
  const double d = ratio_divergence(p, q, ratio);
  return d > 0 ? std::log(1 / alpha) / d : std::numeric_limits<double>::infinity();
}

bool TargetedWitness::contains(const SampleTallies& sample, std::size_t input) const {
  if (!bits) {
    const auto& counts = sample.symbol_counts[input];
    const auto found = counts.find(static_cast<std::uint32_t>(symbol));
    return found != counts.end() && found->second > 0;
  }
  const std::size_t k = sample.k;
  const auto bit = [&](std::size_t j) { return sample.ones[input * k + j] > 0 ? 1 : 0; };
  if (within_protected && sample.in_protected[input] == 0) return false;
  if (bit(bit_i) != value_i) return false;
  return !pair || bit(bit_j) == value_j;
}

bool TargetedWitness::contains_bits(std::string_view report) const {
  const auto bit = [&](std::size_t j) { return report[j] == '1' ? 1 : 0; };
  for (const std::size_t j : zero_bits) {
    if (bit(j) != 0) return false;
  }
  if (bit(bit_i) != value_i) return false;
  return !pair || bit(bit_j) == value_j;
}

TargetedTest::TargetedTest(double claimed_exp_eps, double excess, double alpha, double beta,
                           std::optional<std::pair<double, double>> reference)
    : claimed_(claimed_exp_eps), excess_(excess), alpha_(alpha), beta_(beta) {
  if (!(alpha > 0 && alpha < 1)) throw InvalidArgument("alpha: must be in (0,1)");
  if (!(beta > 0 && beta < 1)) throw InvalidArgument("power: must be in (0,1)");
  if (!(claimed_exp_eps >= 1)) throw InvalidArgument("targeted test: claimed e^eps below 1");
  if (!(excess > 0)) throw InvalidArgument("excess: must be positive");
  std::optional<double> violation_focus, rule_out_focus;
  if (reference) {
    // Violation: the client `excess` over the claim that the information bound models (P(E|x)
    // kept, P(E|x') lowered); rule-out: a client that matches the reference.
    const auto [p, q_reference] = *reference;
    const double t = claimed_exp_eps, over = claimed_exp_eps * (1 + excess);
    const double q = std::min(q_reference, p / over);
    violation_focus = best_bet(
        p, q, [&](double c, int a, int b) { return 1 + c / t * (a ? 1 : 0) - c * (b ? 1 : 0); });
    rule_out_focus = best_bet(p, q_reference, [&](double c, int a, int b) {
      return 1 + c * (over * (b ? 1 : 0) - (a ? 1 : 0));
    });
  }
  mixture(violation_focus, violation_bets_, violation_weights_);
  mixture(rule_out_focus, rule_out_bets_, rule_out_weights_);
}

double TargetedTest::log_violation(double ratio) const {
  // Factors per pair (A, B) at bet c: 1 + (c / ratio)(A - ratio B), all positive for c < 1.
  std::vector<double> terms(violation_bets_.size());
  const auto n11 = static_cast<double>(n11_), n10 = static_cast<double>(n10_),
             n01 = static_cast<double>(n01_);
  for (std::size_t j = 0; j < terms.size(); ++j) {
    const double c = violation_bets_[j];
    terms[j] = violation_weights_[j] + n11 * std::log1p(c / ratio - c) +
               n10 * std::log1p(c / ratio) + n01 * std::log1p(-c);
  }
  return log_sum_exp(terms);
}

double TargetedTest::log_rule_out(double ratio) const {
  // Factors per pair (A, B) at bet c: 1 + c (ratio B - A), all positive for c < 1.
  std::vector<double> terms(rule_out_bets_.size());
  const auto n11 = static_cast<double>(n11_), n10 = static_cast<double>(n10_),
             n01 = static_cast<double>(n01_);
  for (std::size_t j = 0; j < terms.size(); ++j) {
    const double c = rule_out_bets_[j];
    terms[j] = rule_out_weights_[j] + n11 * std::log1p(c * (ratio - 1)) + n10 * std::log1p(-c) +
               n01 * std::log1p(c * ratio);
  }
  return log_sum_exp(terms);
}

TargetedOutcome TargetedTest::add_pair(bool in_event_x, bool in_event_x_prime) {
  ++pairs_;
  if (in_event_x && in_event_x_prime) ++n11_;
  if (in_event_x && !in_event_x_prime) ++n10_;
  if (!in_event_x && in_event_x_prime) ++n01_;
  if (outcome_ != TargetedOutcome::kUndecided) return outcome_;
  // A pair with A = B = 0 changes neither e-process.
  if (!in_event_x && !in_event_x_prime) return outcome_;
  if (log_violation(claimed_) >= std::log(1 / alpha_)) {
    outcome_ = TargetedOutcome::kViolates;
  } else if (log_rule_out(claimed_ * (1 + excess_)) >= std::log(1 / beta_)) {
    outcome_ = TargetedOutcome::kRuledOut;
  }
  return outcome_;
}

double TargetedTest::exp_eps_lower_bound() const {
  const double level = std::log(1 / alpha_);
  if (log_violation(1) < level) return 1;
  double low = 1, high = 2;
  while (log_violation(high) >= level) {
    low = high;
    high *= 2;
    if (high > 1e300) return high;
  }
  for (int i = 0; i < 100 && high - low > 1e-12 * high; ++i) {
    const double mid = (low + high) / 2;
    (log_violation(mid) >= level ? low : high) = mid;
  }
  return low;  // the e-process stands at 1/alpha or more at `low`
}

double TargetedTest::ratio_upper_bound() const {
  const double level = std::log(1 / beta_);
  double high = std::max(1.0, claimed_);
  while (log_rule_out(high) < level) {
    high *= 2;
    if (high > 1e12) return std::numeric_limits<double>::infinity();
  }
  double low = 0;
  for (int i = 0; i < 100 && high - low > 1e-12 * high; ++i) {
    const double mid = (low + high) / 2;
    (log_rule_out(mid) >= level ? high : low) = mid;
  }
  return high;
}

}  // namespace uldp::estimate
