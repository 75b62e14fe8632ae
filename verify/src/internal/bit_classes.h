// Product-of-bits families (RAPPOR, uRAP, uOUE): two inputs' ratio reduces to their own two
// bits, so a class is a pair of bit types and two bit values. Shared by rappor_claims.cc and
// urap_claims.cc.
#pragma once

#include <string>
#include <vector>

#include "internal/class_table.h"

namespace uldp::verify::internal {

/// A product-of-bits mechanism with two bit types, S and N (uRAP), or one (RAPPOR): each bit
/// reports 1 with probability on1 when it is the input's own bit and off1 otherwise.
struct BitType {
  std::string name;
  z3::expr count;  ///< number of bits (= inputs) of this type
  Fraction on1, off1;
  bool zero_in_protected;  ///< Y_P fixes these bits to 0 (uRAP's non-sensitive bits)
  bool sensitive;
};

inline Fraction bit_prob(const Fraction& one, int value) {
  return value == 1 ? one : complement(one);
}

/// Q(y|x_i) vs Q(y|x_i'), i != i': the bits j != i, i' contribute equal factors to both
/// (both inputs are "off" at j), so with C = their product the pair is (C a, C b) where
/// a = P_i(y_i|on) P_i'(y_i'|off) and b = P_i(y_i|off) P_i'(y_i'|on). For the upper bound C
/// drops out (C a > t C b with C >= 0 forces C > 0 and a > t b); for attainment C > 0 needs
/// every other bit's allowed value to have positive probability.
// Calls visit(ti, tj, exists, num, den) for every class of (x_i, x_k, y_i, y_k) inside the output
// set: the two bit types, whether two such bits exist, and the two factors that do not cancel.
template <typename Visit>
void for_each_ratio_class(const std::vector<BitType>& types, bool protected_only, Visit visit) {
  for (std::size_t ti = 0; ti < types.size(); ++ti) {
    for (std::size_t tj = 0; tj < types.size(); ++tj) {
      const BitType& a = types[ti];
      const BitType& b = types[tj];
      const z3::expr exists = ti == tj ? a.count >= 2 : (a.count >= 1 && b.count >= 1);
      for (int yi = 0; yi <= 1; ++yi) {
        for (int yj = 0; yj <= 1; ++yj) {
          if (protected_only &&
              ((a.zero_in_protected && yi == 1) || (b.zero_in_protected && yj == 1)))
            continue;
          visit(ti, tj, exists, product(bit_prob(a.on1, yi), bit_prob(b.off1, yj)),
                product(bit_prob(a.off1, yi), bit_prob(b.on1, yj)));
        }
      }
    }
  }
}

inline z3::expr unary_ratio_violated(z3::context& ctx, const std::vector<BitType>& types,
                                     const z3::expr& t, bool protected_only) {
  std::vector<z3::expr> cases;
  for_each_ratio_class(
      types, protected_only,
      [&](std::size_t, std::size_t, const z3::expr& exists, const Fraction& num,
          const Fraction& den) { cases.push_back(exists && exceeds(num, t, den)); });
  return any_of(ctx, cases);
}

inline z3::expr unary_ratio_attained(z3::context& ctx, const std::vector<BitType>& types,
                                     const z3::expr& t, bool protected_only) {
  std::vector<z3::expr> cases;
  for_each_ratio_class(types, protected_only,
                       [&](std::size_t ti, std::size_t tj, const z3::expr& exists,
                           const Fraction& num, const Fraction& den) {
                         // C > 0: every other bit has a value allowed in the output set with
                         // P(value|off) > 0.
                         std::vector<z3::expr> others_positive;
                         for (std::size_t k = 0; k < types.size(); ++k) {
                           const BitType& o = types[k];
                           const z3::expr others = o.count - (k == ti ? 1 : 0) - (k == tj ? 1 : 0);
                           const z3::expr some_value = (protected_only && o.zero_in_protected)
                                                           ? positive(bit_prob(o.off1, 0))
                                                           : (positive(bit_prob(o.off1, 0)) ||
                                                              positive(bit_prob(o.off1, 1)));
                           others_positive.push_back(z3::implies(others >= 1, some_value));
                         }
                         cases.push_back(exists && positive(num) && equals_times(num, t, den) &&
                                         all_of(ctx, others_positive));
                       });
  return any_of(ctx, cases);
}

/// Condition 1 for Y_P = "zero_in_protected bits all 0": an unprotected y has m >= 1 such bits
/// set; y's column splits into rows by (type, own bit value); a row is positive iff its own
/// factor and every factor class present among the other bits is positive.
inline z3::expr unary_invertible(z3::context& ctx, const std::vector<BitType>& types,
                                 Reading reading) {
  // ones[k] = number of bits of type k set in y (symbolic); y unprotected: some zero_in_protected
  // bit set.
  std::vector<z3::expr> ones;
  std::vector<z3::expr> shape;
  z3::expr unprotected = ctx.bool_val(false);
  for (std::size_t k = 0; k < types.size(); ++k) {
    ones.push_back(ctx.int_const(("ones_" + types[k].name).c_str()));
    shape.push_back(ones[k] >= 0 && ones[k] <= types[k].count);
    if (types[k].zero_in_protected) unprotected = unprotected || ones[k] >= 1;
  }
  z3::expr producers = ctx.int_val(0);
  std::vector<z3::expr> sensitive_zero;
  for (std::size_t k = 0; k < types.size(); ++k) {
    for (int own = 0; own <= 1; ++own) {
      const z3::expr rows = own == 1 ? ones[k] : types[k].count - ones[k];
      std::vector<z3::expr> factors{positive(bit_prob(types[k].on1, own))};
      for (std::size_t o = 0; o < types.size(); ++o) {
        for (int v = 0; v <= 1; ++v) {
          z3::expr others = v == 1 ? ones[o] : types[o].count - ones[o];
          if (o == k && v == own) others = others - 1;
          factors.push_back(z3::implies(others >= 1, positive(bit_prob(types[o].off1, v))));
        }
      }
      const z3::expr positive = all_of(ctx, factors);
      if (types[k].sensitive) {
        sensitive_zero.push_back(z3::implies(rows >= 1, !positive));
      } else {
        producers = producers + z3::ite(positive, rows, ctx.int_val(0));
      }
    }
  }
  const z3::expr ok = all_of(ctx, sensitive_zero) &&
                      (reading == Reading::kLiteral ? producers == 1 : producers <= 1);
  // Negation-ready: for every shape of y, unprotected => ok.
  return z3::implies(all_of(ctx, shape) && unprotected, ok);
}

inline z3::expr bits_are_probabilities(z3::context& ctx, const std::vector<BitType>& types) {
  std::vector<z3::expr> terms;
  for (const auto& b : types) {
    terms.push_back(is_probability(b.on1) && is_probability(b.off1));
  }
  return all_of(ctx, terms);
}

}  // namespace uldp::verify::internal
