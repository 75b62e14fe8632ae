#include "uldp/estimate/statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "uldp/error.h"

namespace uldp::estimate {
namespace {

constexpr double kTiny = 1e-300;
constexpr int kMaxTerms = 10000;

// Continued fraction of I_x(a, b) (modified Lentz), converging fast for x < (a+1)/(a+b+2).
double beta_fraction(double x, double a, double b) {
  double c = 1, d = 1 - (a + b) * x / (a + 1);
  if (std::fabs(d) < kTiny) d = kTiny;
  d = 1 / d;
  double h = d;
  for (int m = 1; m <= kMaxTerms; ++m) {
    const double m2 = 2.0 * m;
    double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    c = 1 + aa / c;
    if (std::fabs(d) < kTiny) d = kTiny;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1 / d;
    h *= d * c;
    aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    c = 1 + aa / c;
    if (std::fabs(d) < kTiny) d = kTiny;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1 / d;
    const double step = d * c;
    h *= step;
    if (std::fabs(step - 1) < 1e-15) break;
  }
  return h;
}

// Regularized lower incomplete gamma P(s, x) by its series (x < s + 1) or Q by a continued
// fraction (otherwise).
double gamma_p_series(double s, double x) {
  double term = 1 / s, sum = term;
  for (int n = 1; n <= kMaxTerms; ++n) {
    term *= x / (s + n);
    sum += term;
    if (std::fabs(term) < std::fabs(sum) * 1e-16) break;
  }
  return sum * std::exp(-x + s * std::log(x) - std::lgamma(s));
}

double gamma_q_fraction(double s, double x) {
  double b = x + 1 - s, c = 1 / kTiny, d = 1 / b, h = d;
  for (int i = 1; i <= kMaxTerms; ++i) {
    const double an = -i * (i - s);
    b += 2;
    d = an * d + b;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = b + an / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1 / d;
    const double step = d * c;
    h *= step;
    if (std::fabs(step - 1) < 1e-15) break;
  }
  return std::exp(-x + s * std::log(x) - std::lgamma(s)) * h;
}

// The tail of Beta(a, b) beyond x, 1 - I_x(a, b), computed directly where it is small (x past
// the mode) rather than as 1 - I_x, which cancels: the upper Clopper–Pearson bound at alpha =
// 1e-12 was off by 1e-6 relatively that way.
double beta_upper_tail(double x, double a, double b) {
  if (x == 0) return 1;
  if (x == 1) return 0;
  const double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) +
                                a * std::log(x) + b * std::log1p(-x));
  if (x < (a + 1) / (a + b + 2)) return 1 - front * beta_fraction(x, a, b) / a;
  return front * beta_fraction(1 - x, b, a) / b;
}

enum class Tail { kLower, kUpper };

// The x in [0, 1] whose tail of Beta(a, b) is `target` (the lower tail I_x(a, b), or the upper
// 1 - I_x(a, b), each evaluated where it is accurate): Newton's method on the beta density, kept
// inside a bisection bracket (a step that leaves it, or a density that underflows, halves the
// bracket instead). Five or six evaluations where bisection to 1e-15 took fifty; the
// conformance tests spend most of their time here.
double beta_quantile(double target, double a, double b, Tail tail) {
  const double log_beta = std::lgamma(a) + std::lgamma(b) - std::lgamma(a + b);
  double lo = 0, hi = 1, x = a / (a + b);
  for (int i = 0; i < 200 && hi - lo > 1e-15; ++i) {
    // Increasing in x either way, with the density as its derivative.
    const double f = tail == Tail::kLower ? regularized_beta(x, a, b) - target
                                          : target - beta_upper_tail(x, a, b);
    if (f == 0) return x;
    (f < 0 ? lo : hi) = x;
    const double density = std::exp((a - 1) * std::log(x) + (b - 1) * std::log1p(-x) - log_beta);
    double next = x - f / density;
    if (!(density > 0) || !(next > lo && next < hi)) next = (lo + hi) / 2;
    if (std::fabs(next - x) <= 4e-16 * x) return next;  // converged to the last bits
    x = next;
  }
  return (lo + hi) / 2;
}

}  // namespace

double regularized_beta(double x, double a, double b) {
  if (!(a > 0) || !(b > 0) || !(x >= 0 && x <= 1)) {
    throw InvalidArgument("regularized_beta: needs a, b > 0 and x in [0,1]");
  }
  if (x == 0 || x == 1) return x;
  const double log_front =
      std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x);
  const double front = std::exp(log_front);
  if (x < (a + 1) / (a + b + 2)) return front * beta_fraction(x, a, b) / a;
  return 1 - front * beta_fraction(1 - x, b, a) / b;
}

double chi_square_survival(double value, double df) {
  if (!(df > 0)) throw InvalidArgument("chi_square_survival: df must be positive");
  if (!(value > 0)) return 1;
  const double s = df / 2, x = value / 2;
  if (x < s + 1) return std::max(0.0, 1 - gamma_p_series(s, x));
  return gamma_q_fraction(s, x);
}

BinomialInterval clopper_pearson(std::uint64_t successes, std::uint64_t trials, double alpha) {
  if (trials == 0) return {0, 1};
  if (successes > trials) throw InvalidArgument("clopper_pearson: more successes than trials");
  if (!(alpha > 0 && alpha < 1)) throw InvalidArgument("clopper_pearson: alpha must be in (0,1)");
  const double k = static_cast<double>(successes), n = static_cast<double>(trials);
  BinomialInterval interval;
  if (successes > 0) interval.lower = beta_quantile(alpha / 2, k, n - k + 1, Tail::kLower);
  if (successes < trials) interval.upper = beta_quantile(alpha / 2, k + 1, n - k, Tail::kUpper);
  return interval;
}

FitTest g_test(std::span<const std::uint64_t> observed, std::span<const double> probabilities) {
  if (observed.size() != probabilities.size()) throw InvalidArgument("g_test: sizes differ");
  const double n =
      static_cast<double>(std::accumulate(observed.begin(), observed.end(), std::uint64_t{0}));
  FitTest test;
  if (n == 0) return test;
  // Cells kept on their own, and one pooled cell of the small ones.
  std::vector<std::pair<double, double>> cells;  // (observed, expected)
  double pooled_observed = 0, pooled_expected = 0;
  for (std::size_t i = 0; i < observed.size(); ++i) {
    const double expected = n * probabilities[i];
    if (expected >= 5) {
      cells.emplace_back(static_cast<double>(observed[i]), expected);
    } else {
      pooled_observed += static_cast<double>(observed[i]);
      pooled_expected += expected;
    }
  }
  if (pooled_expected > 0 || pooled_observed > 0) {
    if (pooled_expected >= 5 || cells.empty()) {
      cells.emplace_back(pooled_observed, pooled_expected);
    } else {
      auto smallest =
          std::min_element(cells.begin(), cells.end(),
                           [](const auto& a, const auto& b) { return a.second < b.second; });
      smallest->first += pooled_observed;
      smallest->second += pooled_expected;
    }
  }
  if (cells.size() < 2) return test;
  for (const auto& [o, e] : cells) {
    if (o > 0 && !(e > 0)) {  // observed where nothing can be: certain rejection
      test.statistic = std::numeric_limits<double>::infinity();
      test.df = static_cast<double>(cells.size() - 1);
      test.p_value = 0;
      return test;
    }
    if (o > 0) test.statistic += 2 * o * std::log(o / e);
  }
  test.statistic = std::max(0.0, test.statistic);
  test.df = static_cast<double>(cells.size() - 1);
  test.p_value = chi_square_survival(test.statistic, test.df);
  return test;
}

}  // namespace uldp::estimate
