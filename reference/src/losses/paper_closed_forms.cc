#include "uldp/losses/paper_closed_forms.h"

namespace uldp::paper {
namespace {

Rational as_rational(std::size_t v) { return Rational(static_cast<long>(v)); }
Rational as_rational(std::uint64_t v, int) { return Rational(Integer(v)); }

}  // namespace

Rational l2_urr(std::size_t k_s, const Rational& t, const Rational& p_s, const Rational& sum_p2,
                std::uint64_t n) {
  const Rational ks = as_rational(k_s), nn = as_rational(n, 0), u1 = t - 1;
  return (2 * u1 * (ks - p_s) + ks * (ks - 1)) / (nn * u1 * u1) + (1 - sum_p2) / nn;
}

Rational l2_urr_worst_small(std::size_t k_s, std::size_t k_n, const Rational& t, std::uint64_t n) {
  const Rational ks = as_rational(k_s), kn = as_rational(k_n), nn = as_rational(n, 0);
  return ks * (ks + 2 * t - 3) / (nn * (t - 1) * (t - 1)) + (1 - 1 / kn) / nn;
}

Rational l2_urr_worst_large(std::size_t k_s, std::size_t k_n, const Rational& t, std::uint64_t n) {
  const Rational ks = as_rational(k_s), k = as_rational(k_s + k_n), nn = as_rational(n, 0);
  const Rational v = (ks + t - 1) / (t - 1);
  return v * v / nn * (1 - 1 / k);
}

std::pair<Rational, Rational> urr_p_star(std::size_t k_s, std::size_t k_n, const Rational& t) {
  const Rational ks = as_rational(k_s), kn = as_rational(k_n);
  return {(1 - kn / (t - 1)) / (ks + kn), (1 + ks / (t - 1)) / (ks + kn)};
}

Rational l2_urap(std::size_t k_s, const Rational& s, const Rational& p_s, const Rational& sum_p2,
                 std::uint64_t n) {
  const Rational ks = as_rational(k_s), nn = as_rational(n, 0);
  return (1 + ((ks + 1) * s - 1) / ((s - 1) * (s - 1)) - p_s / (s - 1) - sum_p2) / nn;
}

Rational l2_urap_worst(std::size_t k_s, std::size_t k_n, const Rational& s, std::uint64_t n) {
  const Rational ks = as_rational(k_s), kn = as_rational(k_n), nn = as_rational(n, 0);
  return (1 + ((ks + 1) * s - 1) / ((s - 1) * (s - 1)) - 1 / kn) / nn;
}

Interval l1_urr(const IndexSet& sensitive, const Rational& t, const std::vector<Rational>& p,
                unsigned bits) {
  const Rational u1 = t - 1, v = (as_rational(sensitive.size()) + t - 1) / u1;
  Interval sum = Interval::exact(0);
  for (std::size_t x = 0; x < p.size(); ++x) {
    const Rational term = sensitive.contains(x) ? Rational((p[x] + 1 / u1) * (v - p[x] - 1 / u1))
                                                : Rational(p[x] * (v - p[x]));
    sum = sum + sqrt_bounds(term, bits);
  }
  return sum;
}

Interval l1_urr_worst_small(std::size_t k_s, std::size_t k_n, const Rational& t, unsigned bits) {
  const Rational ks = as_rational(k_s), kn = as_rational(k_n);
  return Interval::exact(ks / (t - 1)) * sqrt_bounds(ks + t - 2, bits) +
         sqrt_bounds(ks * kn / (t - 1) + kn - 1, bits);
}

Interval l1_urr_worst_large(std::size_t k_s, std::size_t k_n, const Rational& t, unsigned bits) {
  const Rational ks = as_rational(k_s), k = as_rational(k_s + k_n);
  return sqrt_bounds(k - 1, bits) * Interval::exact((ks + t - 1) / (t - 1));
}

Interval l1_urap(const IndexSet& sensitive, const Rational& s, const std::vector<Rational>& p,
                 unsigned bits) {
  const Rational u1 = s - 1, vn = s / u1;
  Interval sum = Interval::exact(0);
  for (std::size_t x = 0; x < p.size(); ++x) {
    const Rational term = sensitive.contains(x) ? Rational((p[x] + 1 / u1) * (vn - p[x]))
                                                : Rational(p[x] * (vn - p[x]));
    sum = sum + sqrt_bounds(term, bits);
  }
  return sum;
}

Interval l1_urap_worst(std::size_t k_s, std::size_t k_n, const Rational& s, unsigned bits) {
  const Rational ks = as_rational(k_s), kn = as_rational(k_n);
  // e^{ε/4} = sqrt(s).
  return sqrt_bounds(s, bits) * Interval::exact(ks / (s - 1)) +
         sqrt_bounds(s * kn / (s - 1) - 1, bits);
}

}  // namespace uldp::paper
