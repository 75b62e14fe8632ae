#include "uldp/forms/bit_product_privacy_check.h"

#include <map>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "internal/ratio_sup.h"
#include "uldp/error.h"

namespace uldp {
namespace {

using internal::ratio_verdict;
using internal::RatioSup;

// Outputs with more bits than this get no exact Q(y|x) in witnesses (the numbers get huge).
constexpr std::size_t kMaxWitnessProbabilityBits = 64;

// The support of one bit's distribution: which of 0 and 1 have positive probability.
struct Support {
  bool zero = false;
  bool one = false;
  bool has(bool v) const { return v ? one : zero; }
};
Support support_of(const Rational& p_one) { return {p_one<1, p_one> 0}; }

struct BitView {
  Support on, off;
  bool zero_bit;      // y_j must be 0 in the output set under consideration
  bool in_numerator;  // input x_j may play x
  bool in_denominator;
};

// Bits with equal channels and roles are interchangeable: group them.
struct BitType {
  std::size_t count = 0;
  std::vector<std::size_t> representatives;  // up to 2 indices
};
using TypeKey = std::tuple<Rational, Rational, bool, bool, bool>;

bool allowed(const BitView& b, bool v) { return v ? !b.zero_bit : true; }

// A value of bit j that keeps Q(y|x) > 0 for an input x != x_j, inside the output set,
// preferring 0; nullopt when there is none ("blocked").
std::optional<bool> free_value(const BitView& b) {
  if (b.off.zero) return false;
  if (b.off.one && allowed(b, true)) return true;
  return std::nullopt;
}

Rational power(Rational base, std::size_t exponent) {
  Rational result(1);
  while (exponent) {
    if (exponent & 1u) result *= base;
    base *= base;
    exponent >>= 1;
  }
  return result;
}

// Q(y|x_i) by grouping equal factors (k = 12800 would otherwise multiply 12800 rationals).
Rational grouped_probability(const BitProductMechanism& q, const std::vector<bool>& y,
                             std::size_t i) {
  std::map<Rational, std::size_t> factors;
  for (std::size_t j = 0; j < q.k(); ++j) {
    const Rational f = q.bit_probability(j, y[j], i);
    if (f == 0) return Rational(0);
    ++factors[f];
  }
  Rational p(1);
  for (const auto& [f, n] : factors) p *= power(f, n);
  return p;
}

Witness make_witness(const BitProductMechanism& q, std::size_t x, std::size_t x_prime,
                     const std::vector<bool>& y) {
  Witness w;
  w.x = x;
  w.x_prime = x_prime;
  w.y_label = bit_label(y);
  if (q.k() <= kMaxWitnessProbabilityBits) {
    w.q_x = grouped_probability(q, y, x);
    w.q_x_prime = grouped_probability(q, y, x_prime);
  }
  if (q.k() <= BitProductMechanism::kMaxDenseBits) {
    std::size_t index = 0;
    for (std::size_t j = 0; j < q.k(); ++j) index |= static_cast<std::size_t>(y[j]) << j;
    w.y = index;
  }
  return w;
}

std::vector<BitView> views(const BitProductMechanism& q, const std::vector<bool>& zero_bits,
                           const std::vector<bool>& numerator,
                           const std::vector<bool>& denominator) {
  std::vector<BitView> v(q.k());
  for (std::size_t j = 0; j < q.k(); ++j) {
    v[j] = {support_of(q.bit(j).one_if_on), support_of(q.bit(j).one_if_off), zero_bits[j],
            numerator[j], denominator[j]};
  }
  return v;
}

// sup over y in {y : y_j = 0 for zero bits}, x_i in numerator, x_k in denominator, of
// Q(y|x_i)/Q(y|x_k). For i != k the factors of bits outside {i, k} are equal in both and
// cancel when they can be made positive; so the sup is over bit types and the values of y_i, y_k.
RatioSup ratio_sup(const BitProductMechanism& q, const std::vector<bool>& zero_bits,
                   const std::vector<bool>& numerator, const std::vector<bool>& denominator) {
  const std::vector<BitView> v = views(q, zero_bits, numerator, denominator);
  std::map<TypeKey, BitType> types;
  std::size_t blocked = 0;
  for (std::size_t j = 0; j < q.k(); ++j) {
    BitType& t = types[{q.bit(j).one_if_on, q.bit(j).one_if_off, v[j].zero_bit, v[j].in_numerator,
                        v[j].in_denominator}];
    ++t.count;
    if (t.representatives.size() < 2) t.representatives.push_back(j);
    if (!free_value(v[j])) ++blocked;
  }
  RatioSup sup;
  for (const auto& [key_i, type_i] : types) {
    const std::size_t i = type_i.representatives[0];
    if (!v[i].in_numerator) continue;
    for (const auto& [key_k, type_k] : types) {
      const bool same = &type_i == &type_k;
      if (same && type_i.count < 2) continue;
      const std::size_t k = same ? type_k.representatives[1] : type_k.representatives[0];
      if (!v[k].in_denominator) continue;
      const std::size_t blocked_outside =
          blocked - (free_value(v[i]) ? 0 : 1) - (free_value(v[k]) ? 0 : 1);
      if (blocked_outside > 0) continue;  // every such y has Q(y|x_i) = Q(y|x_k) = 0
      for (bool a : {false, true}) {
        if (!allowed(v[i], a)) continue;
        for (bool b : {false, true}) {
          if (!allowed(v[k], b)) continue;
          const Rational numerator_part = q.bit_probability(i, a, i) * q.bit_probability(k, b, i);
          if (numerator_part == 0) continue;
          const Rational denominator_part = q.bit_probability(i, a, k) * q.bit_probability(k, b, k);
          ExtendedRational ratio = denominator_part == 0
                                       ? ExtendedRational::infinity()
                                       : ExtendedRational(numerator_part / denominator_part);
          if (ratio > sup.value) {
            std::vector<bool> y(q.k());
            for (std::size_t j = 0; j < q.k(); ++j) y[j] = free_value(v[j]).value_or(false);
            y[i] = a;
            y[k] = b;
            sup.value = std::move(ratio);
            sup.attained_by = make_witness(q, i, k, y);
          }
        }
      }
    }
  }
  return sup;
}

std::vector<bool> membership(const IndexSet& set) {
  std::vector<bool> m(set.universe(), false);
  for (std::size_t i : set.indices()) m[i] = true;
  return m;
}

void require_fit(const BitProductMechanism& q, const IndexSet& set, const char* what) {
  if (set.universe() != q.k()) {
    throw InvalidArgument(std::string(what) + ": the set is over " +
                          std::to_string(set.universe()) +
                          " indices but the mechanism has k = " + std::to_string(q.k()));
  }
}

// The inputs that produce y, from the "deviating bits" D(y) = {j : y_j not in off-support}:
// |D| >= 2: none; D = {i}: x_i if y_i is in its on-support; D empty: every x_i whose on-support
// holds y_i. O(k); used to confirm every invertibility witness.
std::vector<std::size_t> reachers(const std::vector<BitView>& v, const std::vector<bool>& y) {
  std::vector<std::size_t> deviating;
  for (std::size_t j = 0; j < v.size() && deviating.size() < 2; ++j) {
    if (!v[j].off.has(y[j])) deviating.push_back(j);
  }
  if (deviating.size() >= 2) return {};
  if (deviating.size() == 1) {
    const std::size_t i = deviating[0];
    return v[i].on.has(y[i]) ? std::vector<std::size_t>{i} : std::vector<std::size_t>{};
  }
  std::vector<std::size_t> r;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v[i].on.has(y[i])) r.push_back(i);
  }
  return r;
}

bool in_invertible_set(const std::vector<BitView>& v, const std::vector<bool>& y) {
  for (std::size_t j = 0; j < v.size(); ++j) {
    if (v[j].zero_bit && y[j]) return true;
  }
  return false;
}

// y with every bit at a value of its off-support (0 preferred), then `set` bits overridden.
std::vector<bool> base_output(const std::vector<BitView>& v) {
  std::vector<bool> y(v.size());
  for (std::size_t j = 0; j < v.size(); ++j) y[j] = !v[j].off.zero;
  return y;
}

// An output in Y_I that no input produces, or nullopt. Complete by case analysis on D(y): an
// unreachable y has |D| >= 2, or D = {i} with y_i impossible for every input, or D empty with
// every y_j outside x_j's on-support (docs/architecture.md, "Structured checks").
std::optional<std::vector<bool>> unreachable_invertible_output(const std::vector<BitView>& v) {
  const std::size_t k = v.size();
  std::vector<std::size_t> zero_bits, singleton_off;
  for (std::size_t j = 0; j < k; ++j) {
    if (v[j].zero_bit) zero_bits.push_back(j);
    if (!(v[j].off.zero && v[j].off.one)) singleton_off.push_back(j);
  }
  if (zero_bits.empty()) return std::nullopt;  // Y_I is empty
  auto accept = [&](std::vector<bool> y) -> std::optional<std::vector<bool>> {
    if (in_invertible_set(v, y) && reachers(v, y).empty()) return y;
    return std::nullopt;
  };
  auto first_few = [](const std::vector<std::size_t>& xs) {
    return std::vector<std::size_t>(xs.begin(), xs.begin() + std::min<std::size_t>(xs.size(), 3));
  };
  // |D| >= 2: two bits at values outside their off-support, one zero bit set to 1.
  for (std::size_t j : first_few(singleton_off)) {
    for (std::size_t l : first_few(singleton_off)) {
      if (l <= j) continue;
      std::vector<bool> y = base_output(v);
      y[j] = !y[j];
      y[l] = !y[l];
      if (auto found = accept(y)) return found;
      for (std::size_t b : first_few(zero_bits)) {
        if (b == j || b == l) continue;
        y[b] = true;
        if (auto found = accept(y)) return found;
        y[b] = !v[b].off.zero;
      }
    }
  }
  // D = {i}: y_i at a value no input gives bit i.
  for (std::size_t i = 0; i < k; ++i) {
    for (bool value : {false, true}) {
      if (v[i].off.has(value) || v[i].on.has(value)) continue;
      std::vector<bool> y = base_output(v);
      y[i] = value;
      if (auto found = accept(y)) return found;
      for (std::size_t b : first_few(zero_bits)) {
        if (b == i) continue;
        std::vector<bool> z = y;
        z[b] = true;
        if (auto found = accept(z)) return found;
      }
    }
  }
  // D empty: every bit at a value in its off-support but outside its on-support.
  std::vector<bool> y(k);
  std::optional<std::size_t> one_bit;
  for (std::size_t j = 0; j < k; ++j) {
    const bool zero_ok = v[j].off.zero && !v[j].on.zero;
    const bool one_ok = v[j].off.one && !v[j].on.one;
    if (!zero_ok && !one_ok) return std::nullopt;
    y[j] = !zero_ok;
    if (one_ok && v[j].zero_bit && !one_bit) one_bit = j;
  }
  if (!one_bit) return std::nullopt;
  y[*one_bit] = true;
  return accept(y);
}

// Condition 1 of Definition 2 with Y_I = {y : some zero bit is 1}.
std::optional<Witness> invertibility_failure(const BitProductMechanism& q,
                                             const std::vector<BitView>& v,
                                             const IndexSet& sensitive, UldpReading reading) {
  const std::size_t k = q.k();
  // Zero bits that an input other than x_j can set to 1.
  std::size_t zero_bits_one_off = 0;
  for (std::size_t j = 0; j < k; ++j) zero_bits_one_off += v[j].zero_bit && v[j].off.one;
  auto one_off = [&](std::size_t j) -> std::size_t { return v[j].zero_bit && v[j].off.one; };
  auto some_zero_bit_one_outside = [&](std::size_t i, std::size_t k2) {
    return zero_bits_one_off - one_off(i) - (k2 == i ? 0 : one_off(k2)) > 0;
  };
  auto confirmed = [&](std::size_t x, std::size_t x_prime, const std::vector<bool>& y) {
    const std::vector<std::size_t> r = reachers(v, y);
    auto has = [&](std::size_t i) { return std::find(r.begin(), r.end(), i) != r.end(); };
    if (!in_invertible_set(v, y) || !has(x) || !has(x_prime)) {
      throw std::logic_error("unary invertibility witness does not check out");
    }
    return make_witness(q, x, x_prime, y);
  };
  // (a) a sensitive input reaches Y_I.
  for (std::size_t i : sensitive.indices()) {
    const bool own = v[i].zero_bit && v[i].on.one;
    if (!own && !some_zero_bit_one_outside(i, i)) continue;
    std::vector<bool> y(k);
    for (std::size_t j = 0; j < k; ++j) y[j] = !(j == i ? v[j].on : v[j].off).zero;
    if (own) {
      y[i] = true;
    } else {
      for (std::size_t j = 0; j < k; ++j) {
        if (j != i && one_off(j)) {
          y[j] = true;
          break;
        }
      }
    }
    return confirmed(i, i, y);
  }
  // (b) two inputs reach one y in Y_I: both bits i, k need a value in on ∩ off support.
  std::vector<std::size_t> overlapping;
  for (std::size_t j = 0; j < k; ++j) {
    if ((v[j].on.zero && v[j].off.zero) || (v[j].on.one && v[j].off.one)) overlapping.push_back(j);
  }
  auto own_one = [&](std::size_t j) { return v[j].zero_bit && v[j].on.one && v[j].off.one; };
  if (overlapping.size() >= 2) {
    std::optional<std::pair<std::size_t, std::size_t>> pair;
    for (std::size_t a : overlapping) {
      if (own_one(a)) {
        pair = {a, a == overlapping[0] ? overlapping[1] : overlapping[0]};
        break;
      }
    }
    if (!pair) {  // the two overlapping bits that use up the fewest "1 when off" zero bits
      std::vector<std::size_t> by_cost;
      for (std::size_t a : overlapping)
        if (!one_off(a)) by_cost.push_back(a);
      for (std::size_t a : overlapping)
        if (one_off(a)) by_cost.push_back(a);
      if (some_zero_bit_one_outside(by_cost[0], by_cost[1])) pair = {by_cost[0], by_cost[1]};
    }
    if (pair) {
      const auto [i, i2] = *pair;
      std::vector<bool> y = base_output(v);
      auto common = [&](std::size_t j) {
        return (v[j].on.one && v[j].off.one) && (own_one(j) || !(v[j].on.zero && v[j].off.zero));
      };
      y[i] = common(i);
      y[i2] = common(i2);
      if (!in_invertible_set(v, y)) {
        for (std::size_t j = 0; j < k; ++j) {
          if (j != i && j != i2 && one_off(j)) {
            y[j] = true;
            break;
          }
        }
      }
      return confirmed(i, i2, y);
    }
  }
  if (reading == UldpReading::kReachable) return std::nullopt;
  if (auto y = unreachable_invertible_output(v)) {
    const IndexSet non_sensitive = sensitive.complement();
    const std::size_t x = non_sensitive.empty() ? 0 : non_sensitive.indices().front();
    return make_witness(q, x, x, *y);
  }
  return std::nullopt;
}

}  // namespace

Verdict check_ldp(const BitProductMechanism& q, const std::optional<PrivacyBudget>& budget) {
  const std::vector<bool> none(q.k(), false), all(q.k(), true);
  return ratio_verdict(ratio_sup(q, none, all, all), budget);
}

Verdict check_uldp(const BitProductMechanism& q, const IndexSet& sensitive,
                   const ZeroMaskOutputs& protected_outputs,
                   const std::optional<PrivacyBudget>& budget, UldpReading reading) {
  require_fit(q, sensitive, "sensitive");
  require_fit(q, protected_outputs.zero_bits, "protected zero bits");
  const std::vector<bool> zero = membership(protected_outputs.zero_bits), all(q.k(), true);
  Verdict verdict = ratio_verdict(ratio_sup(q, zero, all, all), budget);
  const std::vector<BitView> v = views(q, zero, all, all);
  if (auto witness = invertibility_failure(q, v, sensitive, reading)) {
    verdict.holds = false;
    verdict.tight_exp_eps = ExtendedRational::infinity();  // no ε repairs condition 1
    verdict.violated = Condition::kInvertibility;
    verdict.witness = std::move(witness);
  }
  return verdict;
}

Verdict check_osldp(const BitProductMechanism& q, const IndexSet& sensitive,
                    const std::optional<PrivacyBudget>& budget) {
  require_fit(q, sensitive, "sensitive");
  const std::vector<bool> none(q.k(), false), all(q.k(), true);
  return ratio_verdict(ratio_sup(q, none, membership(sensitive), all), budget);
}

}  // namespace uldp
