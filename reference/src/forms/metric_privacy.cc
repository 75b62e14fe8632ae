#include "uldp/forms/metric_privacy.h"

#include <cmath>
#include <limits>
#include <map>

#include "uldp/arithmetic/certified_exp.h"
#include "uldp/error.h"

namespace uldp {
namespace {

// An m with L < 2^m (L > 0 finite): L < 2^(msb(num) + 1 - msb(den)).
long log2_ceiling(const Rational& loss) {
  return static_cast<long>(msb(numerator(loss))) + 1 - static_cast<long>(msb(denominator(loss)));
}

// Whether L <= e^{e} for a rational exponent e, certified. L <= 1 <= e^e needs no exponential, nor
// does L < 2^m <= e^m <= e^e: a distance of 10^60 costs no more than one of 1.
bool within_exp(const ExtendedRational& loss, const Rational& exponent) {
  if (loss.is_infinite()) return false;
  if (loss.value() <= 1 && exponent >= 0) return true;
  if (exponent >= log2_ceiling(loss.value())) return true;
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

// Brackets lower <= ln t <= upper (t >= 1) at doubling precisions, each made once: t is the same
// for every pair of a run.
class LogBrackets {
 public:
  explicit LogBrackets(const Rational& t) : t_(t) {}
  const LogBounds& at(unsigned bits) {
    auto it = cache_.find(bits);
    if (it == cache_.end()) it = cache_.emplace(bits, log_bounds(t_, bits)).first;
    return it->second;
  }

 private:
  Rational t_;
  std::map<unsigned, LogBounds> cache_;
};

// Whether L <= t^{sqrt(s)} = e^{sqrt(s) ln t} for t > 1 and s not a square: with dyadic brackets
// of sqrt(s) and of ln t (both >= 0) the exponent lies in [lo_s lo_l, hi_s hi_l], refined until
// e^{lower} admits L or e^{upper} does not. t^{sqrt(s)} is transcendental (Gelfond-Schneider: t
// algebraic, not 0 or 1, and sqrt(s) irrational algebraic), so L never equals it and the loop ends.
bool within_power_of_root(const ExtendedRational& loss, LogBrackets& log_t, std::size_t s) {
  if (loss.is_infinite()) return false;
  if (loss.value() <= 1) return true;
  const Rational square(static_cast<long>(s));
  for (unsigned bits = 32; bits <= 4096; bits *= 2) {
    const Rational root_lo = sqrt_lower(square, bits);
    const Rational root_hi = root_lo + Rational(Integer(1), Integer(1) << bits);
    const LogBounds& log = log_t.at(bits);
    const Rational log_lo = log.lower < 0 ? Rational(0) : log.lower;
    if (within_exp(loss, Rational(root_lo * log_lo))) return true;
    if (!within_exp(loss, Rational(root_hi * log.upper))) return false;
  }
  throw InvalidArgument("metric: a Euclidean bound t^sqrt(s) that 4096 bits did not decide");
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

namespace {

// A whole power of a rational, by GMP's integer powers (no gcd: numerator and denominator of a
// rational in lowest terms stay coprime in every power).
Rational power(const Rational& base, unsigned long exponent) {
  Integer n, d;
  mpz_pow_ui(n.backend().data(), numerator(base).backend().data(), exponent);
  mpz_pow_ui(d.backend().data(), denominator(base).backend().data(), exponent);
  return Rational(n, d);
}

// The most bits t^p may take when t is given per unit (L^q <= t^p is then decided in
// milliseconds); beyond, the budget per unit as ε decides without powers.
constexpr unsigned long kMaxPowerBits = 1ul << 20;

unsigned long bits_of(const Rational& t) {
  return static_cast<unsigned long>(msb(numerator(t)) + msb(denominator(t)) + 2);
}

// t^p for the distinct p of the distances (grid or given), made once each, and ln t's brackets.
class Powers {
 public:
  explicit Powers(const Rational& t) : t_(t), log_t_(t) {}
  const Rational& of(unsigned long p) {
    auto it = cache_.find(p);
    if (it == cache_.end()) it = cache_.emplace(p, power(t_, p)).first;
    return it->second;
  }
  /// Brackets of ln t, for the Euclidean distances with t per unit.
  LogBrackets& log_t() { return log_t_; }

 private:
  Rational t_;
  std::map<unsigned long, Rational> cache_;
  LogBrackets log_t_;
};

PairBound grid_bound(const GridDistance& grid, const PrivacyBudget& per_unit, Powers& powers,
                     std::size_t x, std::size_t x_prime, const ExtendedRational& loss) {
  const std::size_t w = grid.width;
  const long dx = std::labs(static_cast<long>(x % w) - static_cast<long>(x_prime % w));
  const long dy = std::labs(static_cast<long>(x / w) - static_cast<long>(x_prime / w));
  const std::optional<Rational>& eps = per_unit.epsilon();
  PairBound b;
  if (grid.metric == GridMetric::kManhattan) {
    const long d = dx + dy;
    if (eps) {
      const Rational exponent = *eps * Rational(d);
      b.admits = within_exp(loss, exponent);
      b.text = "e^" + to_decimal(exponent);
      b.value = std::exp(to_double(exponent));
      b.exp_of = exponent;
    } else {
      const Rational& bound = powers.of(static_cast<unsigned long>(d));
      b.admits = !loss.is_infinite() && loss.value() <= bound;
      b.text = to_string(per_unit.exp_eps()) + "^" + std::to_string(d);
      b.value = to_double(bound);
      b.exactly = bound;
    }
    return b;
  }
  const std::size_t s = static_cast<std::size_t>(dx * dx + dy * dy);
  if (eps) {
    b.admits = within_exp_of_root(loss, *eps, s);
    b.text = "e^(" + to_decimal(*eps) + " * sqrt(" + std::to_string(s) + "))";
    b.value = std::exp(to_double(*eps) * std::sqrt(static_cast<double>(s)));
    return b;
  }
  // t per unit: t^{sqrt(s)}, a whole power when s is a square, else bracketed through ln t.
  const Rational& t = per_unit.exp_eps();
  const auto root = static_cast<unsigned long>(std::llround(std::sqrt(static_cast<double>(s))));
  if (root * root == s) {
    b.admits = !loss.is_infinite() && loss.value() <= powers.of(root);
    b.exactly = powers.of(root);
  } else {
    b.admits = t == 1 ? !loss.is_infinite() && loss.value() <= 1
                      : within_power_of_root(loss, powers.log_t(), s);
  }
  std::string base = to_string(t);
  if (base.find('/') != std::string::npos) base = std::string(1, '(').append(base).append(1, ')');
  b.text = base + "^sqrt(" + std::to_string(s) + ")";
  b.value = std::pow(to_double(t), std::sqrt(static_cast<double>(s)));
  return b;
}

PairBound given_bound(const std::optional<Rational>& d, const PrivacyBudget& per_unit,
                      Powers& powers, const ExtendedRational& loss) {
  PairBound b;
  if (!d) {  // infinitely far: no bound
    b.admits = true;
    b.text = "inf";
    b.value = std::numeric_limits<double>::infinity();
    return b;
  }
  if (const std::optional<Rational>& eps = per_unit.epsilon()) {
    const Rational exponent = *eps * *d;
    b.admits = within_exp(loss, exponent);
    b.text = "e^" + to_decimal(exponent);
    b.value = std::exp(to_double(exponent));
    b.exp_of = exponent;
    return b;
  }
  // L <= t^{p/q} exactly when L^q <= t^p (both sides >= 0, t >= 1).
  const Rational& t = per_unit.exp_eps();
  const auto p = numerator(*d).convert_to<unsigned long>();
  const auto q = denominator(*d).convert_to<unsigned long>();
  b.admits = !loss.is_infinite() && (loss.value() <= 1 || power(loss.value(), q) <= powers.of(p));
  std::string base = to_string(t), exponent = to_string(*d);
  if (base.find('/') != std::string::npos) base = std::string(1, '(').append(base).append(1, ')');
  if (q != 1) exponent = std::string(1, '(').append(exponent).append(1, ')');
  b.text = base + "^" + exponent;
  b.value = std::pow(to_double(t), to_double(*d));
  if (q == 1) b.exactly = powers.of(p);
  return b;
}

}  // namespace

PairBoundVerdict check_metric_privacy(const PairLossMatrix& losses, const MetricBudget& budget,
                                      const std::optional<Rational>& tolerance) {
  const std::size_t k = losses.inputs();
  if (const auto* grid = std::get_if<GridDistance>(&budget.distance)) {
    const std::size_t w = grid->width, h = grid->height;
    if (w == 0 || h == 0 || w > k / h || w * h != k) {
      throw InvalidArgument("grid: a " + std::to_string(w) + " x " + std::to_string(h) +
                            " grid has " + std::to_string(w * h) + " cells, the mechanism " +
                            std::to_string(k) + " inputs");
    }
    Powers powers(budget.per_unit.exp_eps());
    return check_pair_bounds(
        losses,
        [&](std::size_t x, std::size_t x_prime, const ExtendedRational& loss) {
          return grid_bound(*grid, budget.per_unit, powers, x, x_prime, loss);
        },
        tolerance);
  }
  const DistanceMatrix& d = std::get<DistanceMatrix>(budget.distance);
  bool square = d.size() == k;
  for (const auto& row : d) square = square && row.size() == k;
  if (!square) {
    throw InvalidArgument("metric: a " + std::to_string(d.size()) + " x " +
                          std::to_string(d.empty() ? 0 : d.front().size()) +
                          " distance matrix for " + std::to_string(k) +
                          " inputs (it must be k x k)");
  }
  for (std::size_t x = 0; x < k; ++x) {
    for (std::size_t x_prime = 0; x_prime < k; ++x_prime) {
      const std::optional<Rational>& e = d[x][x_prime];
      const std::string pair = "d(" + std::to_string(x) + ", " + std::to_string(x_prime) + ")";
      if (e && *e < 0) {
        throw InvalidArgument("metric: " + pair + " = " + message_excerpt(to_string(*e)) +
                              " is negative");
      }
      if (!e || budget.per_unit.epsilon()) continue;
      // With t per unit, t^(p/q) is decided as L^q <= t^p: p and q must keep that affordable.
      if (denominator(*e) > 1000 ||
          numerator(*e) > Integer(kMaxPowerBits / bits_of(budget.per_unit.exp_eps()))) {
        throw InvalidArgument("metric: " + pair + " = " + message_excerpt(to_string(*e)) +
                              " with t = " + message_excerpt(to_string(budget.per_unit.exp_eps())) +
                              " per unit needs t^(p/q) with q over 1000 or t^p over 2^20 bits; "
                              "give the budget per unit as eps");
      }
    }
  }
  Powers powers(budget.per_unit.exp_eps());
  return check_pair_bounds(
      losses,
      [&](std::size_t x, std::size_t x_prime, const ExtendedRational& loss) {
        return given_bound(d[x][x_prime], budget.per_unit, powers, loss);
      },
      tolerance);
}

std::string describe(const MetricBudget& budget, const std::string& distances) {
  const std::string per_unit =
      (budget.per_unit.epsilon() ? "eps = " + to_decimal(*budget.per_unit.epsilon())
                                 : "t = " + to_string(budget.per_unit.exp_eps())) +
      " per unit";
  if (const auto* grid = std::get_if<GridDistance>(&budget.distance)) {
    return std::string(grid_metric_name(grid->metric)) + " on " + std::to_string(grid->width) +
           "x" + std::to_string(grid->height) + ", " + per_unit;
  }
  return distances + ", " + per_unit;
}

}  // namespace uldp
