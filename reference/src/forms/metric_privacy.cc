#include "uldp/forms/metric_privacy.h"

#include <cmath>

#include "uldp/arithmetic/certified_exp.h"
#include "uldp/error.h"

namespace uldp {
namespace {

// Whether L <= e^{e} for a rational exponent e, certified.
bool within_exp(const ExtendedRational& loss, const Rational& exponent) {
  if (loss.is_infinite()) return false;
  return compare_with_exp(loss.value(), exponent) != std::strong_ordering::greater;
}

// Whether L <= e^{ε sqrt(s)}: exact when s is a square, else bracketed by dyadic rationals
// lo < sqrt(s) < lo + 2^-bits, refined until e^{ε lo} admits L or e^{ε (lo + 2^-bits)} does not.
bool within_exp_of_root(const ExtendedRational& loss, const Rational& eps, std::size_t s) {
  if (loss.is_infinite()) return false;
  const Rational square(static_cast<long>(s));
  for (unsigned bits = 32; bits <= 4096; bits *= 2) {
    const Rational lo = sqrt_lower(square, bits);
    if (lo * lo == square) return within_exp(loss, Rational(eps * lo));  // a perfect square
    const Rational hi = lo + Rational(Integer(1), Integer(1) << bits);
    if (within_exp(loss, Rational(eps * lo))) return true;
    if (!within_exp(loss, Rational(eps * hi))) return false;
  }
  throw InvalidArgument("metric: a Euclidean bound that 4096 bits did not decide");
}

}  // namespace

const char* grid_metric_name(GridMetric metric) {
  return metric == GridMetric::kManhattan ? "manhattan" : "euclidean";
}

GridMetric parse_grid_metric(const std::string& text, const std::string& name) {
  if (text == "manhattan") return GridMetric::kManhattan;
  if (text == "euclidean") return GridMetric::kEuclidean;
  throw InvalidArgument(name + ": '" + message_excerpt(text) + "' is not manhattan or euclidean");
}

PairBoundVerdict check_metric_privacy(const PairLossMatrix& losses,
                                      const GridMetricBudget& budget) {
  const std::size_t w = budget.width, h = budget.height;
  if (w == 0 || h == 0 || w > losses.inputs() / h || w * h != losses.inputs()) {
    throw InvalidArgument("grid: a " + std::to_string(w) + " x " + std::to_string(h) +
                          " grid has " + std::to_string(w * h) + " cells, the mechanism " +
                          std::to_string(losses.inputs()) + " inputs");
  }
  const std::optional<Rational>& eps = budget.per_unit.epsilon();
  if (budget.metric == GridMetric::kEuclidean && !eps) {
    throw InvalidArgument(
        "metric: a Euclidean distance needs the budget per unit as eps (--eps-per-unit): "
        "t^sqrt(s) has no certified comparison");
  }
  const Rational& t = budget.per_unit.exp_eps();
  return check_pair_bounds(
      losses, [&](std::size_t x, std::size_t x_prime, const ExtendedRational& loss) {
        const long dx = std::labs(static_cast<long>(x % w) - static_cast<long>(x_prime % w));
        const long dy = std::labs(static_cast<long>(x / w) - static_cast<long>(x_prime / w));
        PairBound b;
        if (budget.metric == GridMetric::kManhattan) {
          const long d = dx + dy;
          if (eps) {
            const Rational exponent = *eps * Rational(d);
            b.admits = within_exp(loss, exponent);
            b.text = "e^" + to_decimal(exponent);
            b.value = std::exp(to_double(exponent));
          } else {
            Rational bound(1);
            for (long i = 0; i < d; ++i) bound *= t;
            b.admits = !loss.is_infinite() && loss.value() <= bound;
            b.text = to_string(t) + "^" + std::to_string(d);
            b.value = to_double(bound);
          }
          return b;
        }
        const std::size_t s = static_cast<std::size_t>(dx * dx + dy * dy);
        b.admits = within_exp_of_root(loss, *eps, s);
        b.text = "e^(" + to_decimal(*eps) + " * sqrt(" + std::to_string(s) + "))";
        b.value = std::exp(to_double(*eps) * std::sqrt(static_cast<double>(s)));
        return b;
      });
}

}  // namespace uldp
