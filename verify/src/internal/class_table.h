// Entry-class tables of the closed-form mechanism families (every parameter value): an entry
// as a fraction whose denominator each family proves positive, classes of rows and columns with
// symbolic counts, and the ratio and condition-1 formulas over them. Shared by the mechanism
// folders' NAME_claims.cc files (docs/verification.md).
#pragma once

#include <string>
#include <vector>

#include "internal/symbolic_matrix.h"
#include "internal/z3_query.h"
#include "uldp/verify/proof_status.h"

namespace uldp::verify::internal {

/// An entry num/den whose denominator each family proves positive (query
/// "denominators_positive"). Comparisons are cross-multiplied, so every query stays polynomial
/// with no entry variable defined by a product: cvc5 without libpoly decides them, and Z3 too.
struct Fraction {
  z3::expr num, den;
};
inline Fraction whole(const z3::expr& e) { return {e, e.ctx().real_val(1)}; }
inline Fraction complement(const Fraction& f) { return {f.den - f.num, f.den}; }
inline bool is_one(const z3::expr& e) { return e.is_numeral() && e.get_numeral_int64() == 1; }
/// Denominators 1 are dropped, so that products with equal denominators stay the same AST.
inline Fraction product(const Fraction& a, const Fraction& b) {
  const z3::expr den = is_one(a.den) ? b.den : is_one(b.den) ? a.den : a.den * b.den;
  return {a.num * b.num, den};
}
inline Fraction quotient(const Fraction& a, const Fraction& b) {
  return {a.num * b.den, a.den * b.num};
}
inline z3::expr positive(const Fraction& f) { return f.num > 0; }
inline z3::expr is_zero(const Fraction& f) { return f.num == 0; }
inline z3::expr is_probability(const Fraction& f) { return f.num >= 0 && f.num <= f.den; }
/// a > t b; equal denominators compare numerators (the same AST, so nothing is assumed).
inline z3::expr exceeds(const Fraction& a, const z3::expr& t, const Fraction& b) {
  if (z3::eq(a.den, b.den)) return a.num > t * b.num;
  return a.num * b.den > t * b.num * a.den;
}
/// a = t b.
inline z3::expr equals_times(const Fraction& a, const z3::expr& t, const Fraction& b) {
  if (z3::eq(a.den, b.den)) return a.num == t * b.num;
  return a.num * b.den == t * b.num * a.den;
}
/// a = b as numbers (cross-multiplied; both denominators positive).
inline z3::expr same_value(const Fraction& a, const Fraction& b) {
  return a.num * b.den == b.num * a.den;
}

/// A set of inputs with one common value Q(y|x) in a column class.
struct RowClass {
  std::string name;
  z3::expr count;  ///< number of such inputs (Int); the class exists when count >= 1
  Fraction value;  ///< Q(y|x) for each of them
  bool sensitive;
};

/// A set of outputs y whose rows split into the same row classes.
struct ColumnClass {
  std::string name;
  z3::expr count;  ///< number of such outputs (Int)
  bool protected_output;
  std::vector<RowClass> rows;
};

/// Negation-ready formulas over a finite class table.
struct ClassTable {
  std::vector<ColumnClass> columns;

  /// Some (x, x', y) with y protected (or any y when `all_columns`) has Q(y|x) > t Q(y|x').
  z3::expr ratio_violated(z3::context& ctx, const z3::expr& t, bool all_columns) const {
    std::vector<z3::expr> cases;
    for (const auto& col : columns) {
      if (!col.protected_output && !all_columns) continue;
      for (const auto& a : col.rows) {
        for (const auto& b : col.rows) {
          cases.push_back(col.count >= 1 && a.count >= 1 && b.count >= 1 &&
                          exceeds(a.value, t, b.value));
        }
      }
    }
    return any_of(ctx, cases);
  }
  /// Some (x, x', y) with y protected (any y when `all_columns`) has Q(y|x) = t Q(y|x').
  z3::expr ratio_attained(z3::context& ctx, const z3::expr& t, bool all_columns) const {
    std::vector<z3::expr> cases;
    for (const auto& col : columns) {
      if (!col.protected_output && !all_columns) continue;
      for (const auto& a : col.rows) {
        for (const auto& b : col.rows) {
          // x == x' needs no second input; x != x' in one class needs two of them.
          const z3::expr distinct = (&a == &b) ? a.count >= 2 : (a.count >= 1 && b.count >= 1);
          cases.push_back(col.count >= 1 && distinct && equals_times(a.value, t, b.value) &&
                          positive(a.value));
        }
      }
    }
    return any_of(ctx, cases);
  }
  /// Condition 1 of Definition 2 for every unprotected column class.
  z3::expr invertible(z3::context& ctx, Reading reading) const {
    std::vector<z3::expr> terms;
    for (const auto& col : columns) {
      if (col.protected_output) continue;
      std::vector<z3::expr> sensitive_zero;
      const z3::expr none = ctx.num_val(0, col.count.get_sort());
      z3::expr producers = none;
      for (const auto& r : col.rows) {
        if (r.sensitive) {
          sensitive_zero.push_back(z3::implies(r.count >= 1, is_zero(r.value)));
        } else {
          producers = producers + z3::ite(positive(r.value), r.count, none);
        }
      }
      const z3::expr ok = all_of(ctx, sensitive_zero) &&
                          (reading == Reading::kLiteral ? producers == 1 : producers <= 1);
      terms.push_back(z3::implies(col.count >= 1, ok));
    }
    return all_of(ctx, terms);
  }
};

inline Fraction zero(z3::context& ctx) { return whole(ctx.real_val(0)); }

/// A size variable: Int when integrality matters (attainment, condition 1), Real otherwise
/// (a bound proved for every real size >= 1 holds for every integer size, and pure real
/// arithmetic goes to Z3's complete nlsat procedure).
inline z3::expr size_const(z3::context& ctx, const char* name, bool integer) {
  return integer ? ctx.int_const(name) : ctx.real_const(name);
}
inline z3::expr as_real(const z3::expr& e) { return e.is_int() ? z3::to_real(e) : e; }
inline const char* logic_for(bool integer) { return integer ? "" : "QF_NRA"; }

/// For a real n standing for an integer: n <= c or n >= c + 1 for c = 0, 1, 2. Every integer
/// satisfies these, and they are all the integrality the class-existence conditions
/// (count - c >= 1, c <= 2) use, so a proof over reals with these cuts covers every integer.
inline z3::expr integer_cuts(const z3::expr& n) {
  return (n <= 0 || n >= 1) && (n <= 1 || n >= 2) && (n <= 2 || n >= 3);
}

}  // namespace uldp::verify::internal
