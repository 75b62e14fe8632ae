#include "uldp/losses/l1_loss.h"

#include <optional>
#include <string>
#include <utility>

#include "uldp/arithmetic/probability.h"
#include "uldp/error.h"

namespace uldp {
namespace {

void validate_n(std::uint64_t n) {
  if (n == 0) throw InvalidArgument("n: must be at least 1");
}

Rational abs_of(const Rational& r) { return r < 0 ? Rational(-r) : r; }

// One symmetry class: `size` coordinates with the same offset b and gain g.
struct ClassShape {
  Rational size, offset, gain;
  // q(p) = m(1-m)/g^2 with m = b + g p: the square of one coordinate's term.
  Rational q(const Rational& p) const {
    const Rational m = offset + gain * p;
    return m * (1 - m) / (gain * gain);
  }
  // dq/dp = (1 - 2m)/g.
  Rational dq(const Rational& p) const { return (1 - 2 * (offset + gain * p)) / gain; }
};

int sign_of(const Rational& r) { return r > 0 ? 1 : (r < 0 ? -1 : 0); }

// sign of A/sqrt(Q1) - B/sqrt(Q2) for Q1, Q2 > 0, decided exactly.
int sign_of_difference(const Rational& a, const Rational& q1, const Rational& b,
                       const Rational& q2) {
  const int sa = sign_of(a), sb = sign_of(b);
  if (sa != sb || sa == 0) return sa - sb > 0 ? 1 : (sa - sb < 0 ? -1 : 0);
  const Rational lhs = a * a * q2, rhs = b * b * q1;
  const int magnitude = lhs > rhs ? 1 : (lhs < rhs ? -1 : 0);
  return sa > 0 ? magnitude : -magnitude;
}

// F(w) = s1 sqrt(q1(w/s1)) + s2 sqrt(q2((1-w)/s2)), concave in w on [0,1].
struct TwoClassObjective {
  ClassShape first, second;

  Rational p1(const Rational& w) const { return w / first.size; }
  Rational p2(const Rational& w) const { return (1 - w) / second.size; }

  // The sign of F'(w); a zero q makes its term infinite (sign of its dq).
  int derivative_sign(const Rational& w) const {
    const Rational q1 = first.q(p1(w)), q2 = second.q(p2(w));
    const Rational a = first.dq(p1(w)), b = second.dq(p2(w));
    if (q1 == 0 && q2 == 0) {
      // Two infinite slopes: decided when they point the same way (e.g. uRR with |X_S| = 1 at w =
      // 1).
      if (sign_of(a) == -sign_of(b)) return sign_of(a);
      throw InvalidArgument("worst-case l1: both classes degenerate at w = " + to_string(w));
    }
    if (q1 == 0) return sign_of(a);
    if (q2 == 0) return -sign_of(b);
    return sign_of_difference(a, q1, b, q2);
  }

  Interval value(const Rational& w, unsigned bits) const {
    const Interval t1 = Interval::exact(first.size) * sqrt_bounds(first.q(p1(w)), bits);
    const Interval t2 = Interval::exact(second.size) * sqrt_bounds(second.q(p2(w)), bits);
    return t1 + t2;
  }

  // Bounds on F'(w) where both q are positive.
  Interval derivative(const Rational& w, unsigned bits) const {
    const Interval r1 = sqrt_bounds(first.q(p1(w)), bits), r2 = sqrt_bounds(second.q(p2(w)), bits);
    const Interval two = Interval::exact(2);
    return Interval::exact(first.dq(p1(w))) / (two * r1) -
           Interval::exact(second.dq(p2(w))) / (two * r2);
  }
  bool derivative_finite(const Rational& w) const {
    return first.q(p1(w)) > 0 && second.q(p2(w)) > 0;
  }
};

}  // namespace

namespace {

// E|X - n q| = numerator / denominator, unnormalised (normalising multi-million-bit rationals
// costs more than computing them).
std::pair<Integer, Integer> mean_absolute_deviation_parts(std::uint64_t n, const Rational& q) {
  if (!is_probability(q))
    throw InvalidArgument("binomial probability " + to_string(q) + " is outside [0,1]");
  if (q == 0 || q == 1 || n == 0) return {Integer(0), Integer(1)};
  const Rational nq = Rational(Integer(n)) * q;
  const Integer v = numerator(nq) / denominator(nq) + 1;  // floor(n q) + 1 <= n since q < 1
  const unsigned long vv = v.convert_to<unsigned long>();
  const unsigned long rest = static_cast<unsigned long>(n) - vv + 1;
  Integer binom, a, b, c, d;
  mpz_bin_uiui(binom.backend().data(), static_cast<unsigned long>(n), vv);
  const Rational r = 1 - q;
  mpz_pow_ui(a.backend().data(), numerator(q).backend().data(), vv);
  mpz_pow_ui(b.backend().data(), denominator(q).backend().data(), vv);
  mpz_pow_ui(c.backend().data(), numerator(r).backend().data(), rest);
  mpz_pow_ui(d.backend().data(), denominator(r).backend().data(), rest);
  return {2 * v * binom * a * c, b * d};
}

}  // namespace

Rational binomial_mean_absolute_deviation(std::uint64_t n, const Rational& q) {
  const auto [num, den] = mean_absolute_deviation_parts(n, q);
  return Rational(num, den);
}

Rational exact_l1_loss(const CoordinateModel& model, const std::vector<Rational>& p,
                       std::uint64_t n) {
  validate_n(n);
  if (n > kMaxExactL1N) {
    throw InvalidArgument("n: the exact finite-n l1 loss is computed for n <= " +
                          std::to_string(kMaxExactL1N));
  }
  const std::vector<Rational> m = model.output_marginals(p);
  Rational sum = 0;
  for (std::size_t x = 0; x < model.k(); ++x) {
    sum += binomial_mean_absolute_deviation(n, m[x]) / abs_of(model.gain(x));
  }
  return sum / Rational(Integer(n));
}

Interval exact_l1_loss_bounds(const CoordinateModel& model, const std::vector<Rational>& p,
                              std::uint64_t n, unsigned bits) {
  validate_n(n);
  if (n > kMaxExactL1N) {
    throw InvalidArgument("n: the exact finite-n l1 loss is computed for n <= " +
                          std::to_string(kMaxExactL1N));
  }
  const std::vector<Rational> m = model.output_marginals(p);
  const Integer scale = Integer(1) << (bits + 8);
  Integer lower_sum = 0;
  std::size_t inexact = 0;
  for (std::size_t x = 0; x < model.k(); ++x) {
    const auto [num, den] = mean_absolute_deviation_parts(n, m[x]);
    const Rational g = abs_of(model.gain(x));
    // MAD / (n |g|) scaled by 2^(bits+8), floored by one integer division.
    const Integer top = num * denominator(g) * scale;
    const Integer bottom = den * numerator(g) * Integer(n);
    lower_sum += top / bottom;
    inexact += (top % bottom != 0);
  }
  return {Rational(lower_sum, scale), Rational(lower_sum + inexact, scale)};
}

Interval l1_root_sum(const CoordinateModel& model, const std::vector<Rational>& p, unsigned bits) {
  const std::vector<Rational> m = model.output_marginals(p);
  Interval sum = Interval::exact(0);
  for (std::size_t x = 0; x < model.k(); ++x) {
    const Rational g = model.gain(x);
    sum = sum + sqrt_bounds(m[x] * (1 - m[x]) / (g * g), bits + 8);
  }
  return round_outward(sum, bits + 4);
}

Interval asymptotic_l1_loss(const CoordinateModel& model, const std::vector<Rational>& p,
                            std::uint64_t n, unsigned bits) {
  validate_n(n);
  const Interval sum = l1_root_sum(model, p, bits + 8);
  return round_outward(sqrt_two_over_n_pi(Rational(Integer(n)), bits + 8) * sum, bits + 4);
}

WorstCaseL1 worst_case_l1_loss(const CoordinateModel& model, std::uint64_t n, unsigned bits) {
  validate_n(n);
  const auto classes = model.classes();
  if (classes.size() > 2) {
    throw InvalidArgument(model.name() +
                          ": the worst-case l1 loss is implemented for at most two "
                          "classes of coordinates, this model has " +
                          std::to_string(classes.size()));
  }
  WorstCaseL1 result;
  result.argmax.assign(model.k(), Interval::exact(0));
  const unsigned inner = bits + 8;
  if (classes.size() == 1) {
    // Concave and fully symmetric: the uniform distribution maximises.
    std::vector<Rational> uniform(model.k(), Rational(1, static_cast<long>(model.k())));
    for (std::size_t x = 0; x < model.k(); ++x) result.argmax[x] = Interval::exact(uniform[x]);
    result.argmax_exact = true;
    result.root_sum = l1_root_sum(model, uniform, inner);
  } else {
    const auto& c1 = classes[0];
    const auto& c2 = classes[1];
    const TwoClassObjective f{
        {Rational(static_cast<long>(c1.size())), model.offset(c1[0]), model.gain(c1[0])},
        {Rational(static_cast<long>(c2.size())), model.offset(c2[0]), model.gain(c2[0])}};
    std::optional<Rational> exact_w;
    if (f.derivative_sign(Rational(0)) <= 0)
      exact_w = Rational(0);
    else if (f.derivative_sign(Rational(1)) >= 0)
      exact_w = Rational(1);
    else {
      // Equal report probabilities m1 = m2: the exact stationary point whenever the gains agree.
      const Rational slope = f.first.gain / f.first.size + f.second.gain / f.second.size;
      if (slope != 0) {
        const Rational w =
            (f.second.offset - f.first.offset + f.second.gain / f.second.size) / slope;
        if (w > 0 && w < 1 && f.derivative_sign(w) == 0) exact_w = w;
      }
    }
    Rational lo = 0, hi = 1;
    if (!exact_w) {
      const Rational tolerance(Integer(1), Integer(1) << (bits + 4));
      while (hi - lo > tolerance) {
        const Rational mid = (lo + hi) / 2;
        const int s = f.derivative_sign(mid);
        if (s == 0) {
          exact_w = mid;
          break;
        }
        (s > 0 ? lo : hi) = mid;
      }
    }
    if (exact_w) {
      lo = hi = *exact_w;
      result.argmax_exact = true;
      result.root_sum = f.value(*exact_w, inner);
    } else {
      // Concavity: F(w*) <= F(e) + F'(e)(w* - e) at either end e of the bracket.
      const Interval at_lo = f.value(lo, inner), at_hi = f.value(hi, inner);
      const Rational lower = at_lo.lower > at_hi.lower ? at_lo.lower : at_hi.lower;
      Rational upper;
      if (f.derivative_finite(lo)) {
        upper = at_lo.upper + f.derivative(lo, inner).upper * (hi - lo);
      } else {
        upper = at_hi.upper + abs_of(f.derivative(hi, inner).lower) * (hi - lo);
      }
      result.root_sum = {lower, upper};
    }
    for (std::size_t x : c1) result.argmax[x] = {lo / f.first.size, hi / f.first.size};
    for (std::size_t x : c2)
      result.argmax[x] = {(1 - hi) / f.second.size, (1 - lo) / f.second.size};
  }
  result.root_sum = round_outward(result.root_sum, bits + 4);
  result.value =
      round_outward(sqrt_two_over_n_pi(Rational(Integer(n)), inner) * result.root_sum, bits + 4);
  return result;
}

}  // namespace uldp
