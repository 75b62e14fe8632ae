// Special functions and tests for black-box conformance: the regularized incomplete beta and
// gamma functions, Clopper–Pearson intervals and the G-test of counts against known
// probabilities. Double precision: these decide statistical verdicts about samples, never the
// exact privacy verdict of a matrix.
#pragma once

#include <cstdint>
#include <span>

namespace uldp::estimate {

/// I_x(a, b), the regularized incomplete beta function, for a, b > 0 and x in [0, 1].
double regularized_beta(double x, double a, double b);
/// P(X >= value) for X chi-square distributed with `df` > 0 degrees of freedom.
double chi_square_survival(double value, double df);

/// A two-sided interval for a binomial probability.
struct BinomialInterval {
  double lower = 0;
  double upper = 1;
};
/// The Clopper–Pearson interval for `successes` of `trials` at confidence 1 - alpha: each side
/// fails with probability at most alpha/2, for every true probability.
BinomialInterval clopper_pearson(std::uint64_t successes, std::uint64_t trials, double alpha);

/// A goodness-of-fit test of observed counts against known cell probabilities.
struct FitTest {
  double statistic = 0;  ///< G = 2 Σ O ln(O/E)
  double df = 0;         ///< cells after pooling, minus one
  double p_value = 1;    ///< chi-square approximation; 1 when there is nothing to test
};
/// The G-test; cells whose expected count is below 5 are pooled into one cell (and that cell
/// too when its expected count stays below 5, into the smallest kept cell) so that the
/// chi-square approximation holds. Probabilities must sum to 1 over the cells given.
FitTest g_test(std::span<const std::uint64_t> observed, std::span<const double> probabilities);

}  // namespace uldp::estimate
