// Closed-form mechanism families for every parameter value. A mechanism of any size is encoded
// by its finitely many entry classes: for symbol-valued mechanisms (RR, uRR) a class is the
// type of the output y and the type of the input x relative to y, with its value and its row
// count as symbolic expressions in t, |X_S|, |X_N|; for product-of-bits mechanisms (RAPPOR,
// uRAP) the ratio of two inputs reduces to their own two bits (the other factors cancel), so a
// class is the pair of bit types and the two bit values. Completeness: docs/verification.md.
#include <string>
#include <vector>

#include "internal/claim_builders.h"
#include "internal/z3_query.h"

namespace uldp::verify::internal {
namespace {

/// An entry num/den whose denominator each family proves positive (query
/// "denominators_positive"). Comparisons are cross-multiplied, so every query stays polynomial
/// with no entry variable defined by a product: cvc5 without libpoly decides them, and Z3 too.
struct Fraction {
  z3::expr num, den;
};
Fraction whole(const z3::expr& e) { return {e, e.ctx().real_val(1)}; }
Fraction complement(const Fraction& f) { return {f.den - f.num, f.den}; }
bool is_one(const z3::expr& e) { return e.is_numeral() && e.get_numeral_int64() == 1; }
/// Denominators 1 are dropped, so that products with equal denominators stay the same AST.
Fraction product(const Fraction& a, const Fraction& b) {
  const z3::expr den = is_one(a.den) ? b.den : is_one(b.den) ? a.den : a.den * b.den;
  return {a.num * b.num, den};
}
Fraction quotient(const Fraction& a, const Fraction& b) { return {a.num * b.den, a.den * b.num}; }
z3::expr positive(const Fraction& f) { return f.num > 0; }
z3::expr is_zero(const Fraction& f) { return f.num == 0; }
z3::expr is_probability(const Fraction& f) { return f.num >= 0 && f.num <= f.den; }
/// a > t b; equal denominators compare numerators (the same AST, so nothing is assumed).
z3::expr exceeds(const Fraction& a, const z3::expr& t, const Fraction& b) {
  if (z3::eq(a.den, b.den)) return a.num > t * b.num;
  return a.num * b.den > t * b.num * a.den;
}
/// a = t b.
z3::expr equals_times(const Fraction& a, const z3::expr& t, const Fraction& b) {
  if (z3::eq(a.den, b.den)) return a.num == t * b.num;
  return a.num * b.den == t * b.num * a.den;
}
/// a = b as numbers (cross-multiplied; both denominators positive).
z3::expr same_value(const Fraction& a, const Fraction& b) { return a.num * b.den == b.num * a.den; }

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

Fraction zero(z3::context& ctx) { return whole(ctx.real_val(0)); }

/// A size variable: Int when integrality matters (attainment, condition 1), Real otherwise
/// (a bound proved for every real size >= 1 holds for every integer size, and pure real
/// arithmetic goes to Z3's complete nlsat procedure).
z3::expr size_const(z3::context& ctx, const char* name, bool integer) {
  return integer ? ctx.int_const(name) : ctx.real_const(name);
}
z3::expr as_real(const z3::expr& e) { return e.is_int() ? z3::to_real(e) : e; }
const char* logic_for(bool integer) { return integer ? "" : "QF_NRA"; }

/// For a real n standing for an integer: n <= c or n >= c + 1 for c = 0, 1, 2. Every integer
/// satisfies these, and they are all the integrality the class-existence conditions
/// (count - c >= 1, c <= 2) use, so a proof over reals with these cuts covers every integer.
z3::expr integer_cuts(const z3::expr& n) {
  return (n <= 0 || n >= 1) && (n <= 1 || n >= 2) && (n <= 2 || n >= 3);
}

/// uRR over |X_S| = ns >= 1 sensitive and |X_N| = nn >= 0 non-sensitive symbols (eq. (6)):
/// c1 = t/D, c2 = 1/D, c3 = (t-1)/D with D = |X_S| + t - 1, exactly as the paper writes them.
struct UrrModel {
  z3::expr t, ns, nn;
  Fraction c1, c2, c3;
  z3::expr params;
  ClassTable table;
  z3::expr rows_sum_to_one, denominators_positive;
};

UrrModel make_urr(z3::context& ctx, bool integer_sizes) {
  const z3::expr t = ctx.real_const("t");
  const z3::expr ns = size_const(ctx, "n_S", integer_sizes);
  const z3::expr nn = size_const(ctx, "n_N", integer_sizes);
  const z3::expr one = ctx.num_val(1, ns.get_sort());
  const z3::expr d = as_real(ns) + t - 1;
  const Fraction c1{t, d}, c2{ctx.real_val(1), d}, c3{t - 1, d};
  const z3::expr params = t >= 1 && ns >= 1 && nn >= 0;
  ClassTable table;
  // y in X_S = Y_P: x = y (c1), x in X_S \ {y} (c2), x in X_N (c2).
  table.columns.push_back({"y in X_S",
                           ns,
                           true,
                           {{"x = y", one, c1, true},
                            {"x in X_S, x != y", ns - 1, c2, true},
                            {"x in X_N", nn, c2, false}}});
  // y in X_N = Y_I: x in X_S (0), x = y (c3), x in X_N \ {y} (0).
  table.columns.push_back({"y in X_N",
                           nn,
                           false,
                           {{"x in X_S", ns, zero(ctx), true},
                            {"x = y", one, c3, false},
                            {"x in X_N, x != y", nn - 1, zero(ctx), false}}});
  // Row x in X_S: c1 + (|X_S|-1) c2 + |X_N| 0; row x in X_N: |X_S| c2 + c3 + (|X_N|-1) 0; over
  // the common denominator D.
  const z3::expr rows = c1.num + as_real(ns - 1) * c2.num == d &&
                        as_real(ns) * c2.num + c3.num == d && c1.num >= 0 && c2.num >= 0 &&
                        c3.num >= 0;
  return {t, ns, nn, c1, c2, c3, params, table, rows, d > 0};
}

/// uBD with one block size K (arXiv 2509.24173): |X_S| = ns >= 1, 1 <= K <= ns, |X_N| = nn.
/// C stands for C(ns, K); the only binomial facts used are C(ns-1, K-1) = C K/ns >= 1 and, for
/// K < ns, C(ns-1, K) = C (ns-K)/ns >= 1 (a sensitive row meets C K/ns blocks holding it).
/// The entries are used in a normal form over the one denominator D' C, D' = K D = tK + ns - K;
/// the query "definition" proves it equal to the construction as published.
struct UbdModel {
  z3::expr t, ns, nn, block, blocks;
  Fraction in, off, open, self;
  z3::expr params;
  ClassTable table;
  z3::expr rows_sum_to_one, matches_definition, denominators_positive;
};

UbdModel make_ubd(z3::context& ctx, bool integer_sizes) {
  const z3::expr t = ctx.real_const("t");
  const z3::expr ns = size_const(ctx, "n_S", integer_sizes);
  const z3::expr nn = size_const(ctx, "n_N", integer_sizes);
  const z3::expr block = size_const(ctx, "K", integer_sizes);
  const z3::expr blocks = ctx.real_const("C_blocks");
  const z3::expr one = ctx.num_val(1, ns.get_sort());
  const z3::expr s = as_real(ns), k = as_real(block);
  const z3::expr dk = ctx.real_const("KD");    // K D = K (t + ns/K - 1), named for cvc5
  const z3::expr den = ctx.real_const("KDC");  // K D C
  const Fraction in{t * s, den}, off{s, den}, open{s, den}, self{(t - 1) * k * blocks, den};
  // As published, with D = dk/K: a sensitive x reports one of the C K/ns blocks holding it with
  // total probability t/D, one of the C (ns-K)/ns others with 1 - t/D; a non-sensitive x reports
  // itself with (t-1)/D, else one of all C blocks.
  const Fraction in_def = quotient({t * k, dk}, {blocks * k, s});
  const Fraction off_def = quotient({dk - t * k, dk}, {blocks * (s - k), s});
  const Fraction open_def = quotient({dk - (t - 1) * k, dk}, whole(blocks));
  const Fraction self_def{(t - 1) * k, dk};
  const z3::expr params =
      t >= 1 && ns >= 1 && nn >= 0 && block >= 1 && block <= ns && blocks >= 1 && blocks * k >= s &&
      z3::implies(block < ns, blocks * (s - k) >= s) && dk == t * k + s - k && den == dk * blocks;
  ClassTable table;
  table.columns.push_back({"block B",
                           blocks,
                           true,
                           {{"x in B", block, in, true},
                            {"x in X_S \\ B", ns - block, off, true},
                            {"x in X_N", nn, open, false}}});
  table.columns.push_back({"y in X_N",
                           nn,
                           false,
                           {{"x in X_S", ns, zero(ctx), true},
                            {"x = y", one, self, false},
                            {"x in X_N, x != y", nn - 1, zero(ctx), false}}});
  const z3::expr probabilities =
      is_probability(in) && is_probability(off) && is_probability(open) && is_probability(self);
  // Rows over the denominator D' C: C K/ns blocks hold a sensitive x, C (ns-K)/ns do not.
  const z3::expr rows = blocks * k * in.num + blocks * (s - k) * off.num == s * den &&
                        blocks * open.num + self.num == den && probabilities;
  const z3::expr definition = same_value(in, in_def) &&
                              z3::implies(block < ns, same_value(off, off_def)) &&
                              same_value(open, open_def) && same_value(self, self_def);
  const z3::expr positive_dens = dk > 0 && den > 0 && in_def.den > 0 &&
                                 z3::implies(block<ns, off_def.den> 0) && open_def.den > 0;
  return {t,    ns,   nn,     block, blocks, in,         off,
          open, self, params, table, rows,   definition, positive_dens};
}

/// uSS with block size K (arXiv 2509.24173): uBD's table with Y_I split into {x} alone (there when
/// K < ns or K = 1) and S ∪ {x} (there when K >= 2), each reported by x only. Published: alone +
/// C with = uBD's self, with = 0 at K = 1, else with C K (ns-1) = self ns (K-1) (query
/// "definition"); the normal form over K D C (ns-1) is with = (t-1) ns (K-1), alone =
/// C (t-1) (ns-K).
struct UssModel {
  UbdModel ubd;
  Fraction alone, with;
  z3::expr params;
  ClassTable table;
  z3::expr rows_sum_to_one, matches_definition, denominators_positive;
  /// For t > 1 the Y_I outputs that exist are reachable: with > 0, and alone > 0 when K < |X_S|
  /// (a lemma, proved on its own, then a hypothesis of condition 1).
  z3::expr open_outputs_reachable;
  z3::expr entries_nonnegative;
};

/// The two cases are separate queries (no if-then-else inside an entry: cvc5 decides each case).
/// With `named_factors` the numerators are binary products with named left factors (definitions,
/// so the same polynomials): cvc5 then decides their signs; the identities (definition, row sums)
/// use the expanded polynomials, which its rewriter normalises.
UssModel make_uss(z3::context& ctx, bool integer_sizes, bool single_block, bool named_factors) {
  UbdModel b = make_ubd(ctx, integer_sizes);
  const z3::expr one = ctx.num_val(1, b.ns.get_sort());
  const z3::expr s = as_real(b.ns), k = as_real(b.block);
  const z3::expr t = b.t, c = b.blocks;
  const z3::expr single = ctx.bool_val(single_block);
  const z3::expr den = b.self.den * (s - 1);  // K D C (ns - 1)
  // At K = 1: with = 0 and alone = self (over uBD's denominator).
  const z3::expr tm1_s = named_factors ? ctx.real_const("tm1_S") : (t - 1) * s;
  const z3::expr c_tm1 = named_factors ? ctx.real_const("C_tm1") : c * (t - 1);
  const Fraction with = single_block ? whole(ctx.real_val(0)) : Fraction{tm1_s * (k - 1), den};
  const Fraction alone = single_block ? b.self : Fraction{c_tm1 * (s - k), den};
  const z3::expr params = b.params && (single_block ? b.block == one : b.block >= 2) &&
                          (!named_factors || (tm1_s == (t - 1) * s && c_tm1 == c * (t - 1)));
  ClassTable table;
  table.columns.push_back(b.table.columns.front());  // the blocks, as uBD
  const auto open_column = [&](const char* name, const z3::expr& count, const Fraction& q) {
    return ColumnClass{name,
                       count,
                       false,
                       {{"x in X_S", b.ns, zero(ctx), true},
                        {"x = the member of X_N", one, q, false},
                        {"x in X_N, other", b.nn - one, zero(ctx), false}}};
  };
  table.columns.push_back(open_column(
      "{x}, x in X_N", z3::ite(b.block < b.ns || single, as_real(b.nn), ctx.real_val(0)), alone));
  table.columns.push_back(
      open_column("S u {x}", z3::ite(single, ctx.real_val(0), c * as_real(b.nn)), with));
  // Row x in X_N: C open + alone + C with = 1, over K D C (ns-1) when K >= 2.
  const z3::expr open_row = single_block
                                ? c * b.open.num + b.self.num == b.self.den
                                : c * b.open.num * (s - 1) + alone.num + c * with.num == den;
  // With alone, with >= 0 (query entries_nonnegative) and coefficients 1 and C >= 1 in a row that
  // sums to 1, both are <= 1.
  const z3::expr rows = b.rows_sum_to_one && open_row;
  const z3::expr definition = single_block ? ctx.bool_val(true)
                                           : same_value({alone.num + c * with.num, den}, b.self) &&
                                                 with.num * c * k * (s - 1) * b.self.den ==
                                                     b.self.num * s * (k - 1) * with.den;
  const z3::expr reachable =
      z3::implies(b.t > 1, (single || positive(with)) &&
                               z3::implies(b.block < b.ns || single, positive(alone)));
  return {b,          alone,
          with,       params,
          table,      rows,
          definition, b.denominators_positive && (single_block || den > 0),
          reachable,  alone.num >= 0 && with.num >= 0};
}

/// uHR (arXiv 2509.24173): |X_S| = ns >= 1, |X_N| = nn >= 0, V > ns columns. The Hadamard facts
/// used: every entry of a column is plus (a sensitive row with +1) or minus (any other row), so a
/// column is described by its number c in [0, ns] of +1 sensitive rows; column h0 has c = ns,
/// column h1 has c = floor(ns/2) (row r has sign (-1)^r there); each sensitive row has V/2
/// entries +1 (rows 1..V-1 of a Sylvester matrix are balanced). Entries over (t+1) V, as
/// published: minus = 2/((t+1)V), plus = t minus, self = (t-1)/(t+1).
struct UhrModel {
  z3::expr t, ns, nn, columns;
  Fraction plus, minus, self;
  z3::expr params;
  ClassTable table;
  z3::expr rows_sum_to_one, denominators_positive;
};

UhrModel make_uhr(z3::context& ctx, bool integer_sizes) {
  const z3::expr t = ctx.real_const("t");
  const z3::expr ns = size_const(ctx, "n_S", integer_sizes);
  const z3::expr nn = size_const(ctx, "n_N", integer_sizes);
  const z3::expr columns = size_const(ctx, "V", integer_sizes);
  const z3::expr any_plus = size_const(ctx, "c", integer_sizes);  // a generic column's +1 rows
  const z3::expr h1_plus = size_const(ctx, "c_h1", integer_sizes);
  const z3::expr one = ctx.num_val(1, ns.get_sort());
  const z3::expr two = ctx.num_val(2, ns.get_sort());
  const z3::expr v = as_real(columns);
  const z3::expr den = ctx.real_const("TV");  // (t + 1) V, named for cvc5
  const Fraction minus{ctx.real_val(2), den}, plus{2 * t, den}, self{(t - 1) * v, den};
  const z3::expr params = t >= 1 && ns >= 1 && nn >= 0 && columns >= ns + 1 && any_plus >= 0 &&
                          any_plus <= ns && two * h1_plus <= ns && ns <= two * h1_plus + 1 &&
                          den == (t + 1) * v;
  ClassTable table;
  table.columns.push_back({"column h0 (every sensitive row +1)",
                           one,
                           true,
                           {{"x in X_S", ns, plus, true}, {"x in X_N", nn, minus, false}}});
  table.columns.push_back({"column h1 (even rows +1)",
                           one,
                           true,
                           {{"x in X_S, +1", h1_plus, plus, true},
                            {"x in X_S, -1", ns - h1_plus, minus, true},
                            {"x in X_N", nn, minus, false}}});
  table.columns.push_back({"any other column (c rows +1)",
                           columns - two,
                           true,
                           {{"x in X_S, +1", any_plus, plus, true},
                            {"x in X_S, -1", ns - any_plus, minus, true},
                            {"x in X_N", nn, minus, false}}});
  table.columns.push_back({"y in X_N",
                           nn,
                           false,
                           {{"x in X_S", ns, zero(ctx), true},
                            {"x = y", one, self, false},
                            {"x in X_N, x != y", nn - one, zero(ctx), false}}});
  // A sensitive row: V/2 plus and V/2 minus; a non-sensitive row: V minus and self.
  const z3::expr rows = (v / 2) * plus.num + (v / 2) * minus.num == den &&
                        v * minus.num + self.num == den && is_probability(plus) &&
                        is_probability(minus) && is_probability(self);
  return {t, ns, nn, columns, plus, minus, self, params, table, rows, den > 0};
}

/// A product-of-bits mechanism with two bit types, S and N (uRAP), or one (RAPPOR): each bit
/// reports 1 with probability on1 when it is the input's own bit and off1 otherwise.
struct BitType {
  std::string name;
  z3::expr count;  ///< number of bits (= inputs) of this type
  Fraction on1, off1;
  bool zero_in_protected;  ///< Y_P fixes these bits to 0 (uRAP's non-sensitive bits)
  bool sensitive;
};

Fraction bit_prob(const Fraction& one, int value) { return value == 1 ? one : complement(one); }

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

z3::expr unary_ratio_violated(z3::context& ctx, const std::vector<BitType>& types,
                              const z3::expr& t, bool protected_only) {
  std::vector<z3::expr> cases;
  for_each_ratio_class(
      types, protected_only,
      [&](std::size_t, std::size_t, const z3::expr& exists, const Fraction& num,
          const Fraction& den) { cases.push_back(exists && exceeds(num, t, den)); });
  return any_of(ctx, cases);
}

z3::expr unary_ratio_attained(z3::context& ctx, const std::vector<BitType>& types,
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
z3::expr unary_invertible(z3::context& ctx, const std::vector<BitType>& types, Reading reading) {
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

/// uRAP (eqs. (9) and (10)) with θ in (0,1) (or (0,1] when allowed): d1 = θ/u and
/// d2 = u/t with u = (1-θ)t + θ, exactly as the paper writes them.
struct UrapModel {
  z3::expr t, theta, params;
  std::vector<BitType> types;
  z3::expr denominators_positive;
};

UrapModel make_urap(z3::context& ctx, bool allow_theta_one, bool integer_sizes) {
  const z3::expr t = ctx.real_const("t");
  const z3::expr theta = ctx.real_const("theta");
  const z3::expr ns = size_const(ctx, "n_S", integer_sizes);
  const z3::expr nn = size_const(ctx, "n_N", integer_sizes);
  const z3::expr theta_range =
      allow_theta_one ? (theta > 0 && theta <= 1) : (theta > 0 && theta < 1);
  const z3::expr u = ctx.real_const("u");  // named: cvc5's linearisation needs the monomial
  const Fraction d1{theta, u}, d2{u, t};
  const z3::expr params =
      t >= 1 && theta_range && ns >= 1 && nn >= 0 && u == (1 - theta) * t + theta;
  std::vector<BitType> types{{"S", ns, whole(theta), d1, false, true},
                             {"N", nn, complement(d2), zero(ctx), true, false}};
  return {t, theta, params, types, u > 0 && t > 0};
}

z3::expr bits_are_probabilities(z3::context& ctx, const std::vector<BitType>& types) {
  std::vector<z3::expr> terms;
  for (const auto& b : types) {
    terms.push_back(is_probability(b.on1) && is_probability(b.off1));
  }
  return all_of(ctx, terms);
}

std::vector<QueryResult> urap_family(unsigned timeout_ms) {
  constexpr bool allow_theta_one = false;
  std::vector<QueryResult> out;
  {
    z3::context ctx;
    UrapModel m = make_urap(ctx, allow_theta_one, false);
    out.push_back(prove_implication(ctx, "denominators_positive",
                                    "uRAP: (1-θ)t + θ > 0 and t > 0, so ratios compare "
                                    "cross-multiplied",
                                    m.params, m.denominators_positive, timeout_ms, "QF_NRA"));
  }
  {
    z3::context ctx;
    UrapModel m = make_urap(ctx, allow_theta_one, false);
    out.push_back(prove_implication(
        ctx, "ratio", "uRAP: Q(y|x) <= t Q(y|x') for y in Y_P, all sizes", m.params,
        !unary_ratio_violated(ctx, m.types, m.t, true), timeout_ms, "QF_NRA"));
  }
  {
    z3::context ctx;
    UrapModel m = make_urap(ctx, false, false);
    out.push_back(prove_implication(ctx, "bits_in_0_1", "uRAP: every bit probability lies in [0,1]",
                                    m.params, bits_are_probabilities(ctx, m.types), timeout_ms,
                                    "QF_NRA"));
  }
  {
    z3::context ctx;
    UrapModel m = make_urap(ctx, false, false);
    const z3::expr two_inputs = m.types[0].count + m.types[1].count >= 2 &&
                                integer_cuts(m.types[0].count) && integer_cuts(m.types[1].count);
    out.push_back(prove_implication(
        ctx, "tight", "uRAP: some (x, x', y in Y_P) attains ratio t when |X| >= 2",
        m.params && two_inputs, unary_ratio_attained(ctx, m.types, m.t, true), timeout_ms,
        "QF_NRA"));
  }
  {
    z3::context ctx;
    UrapModel m = make_urap(ctx, false, true);
    out.push_back(
        prove_implication(ctx, "condition1_literal_one_nonsensitive",
                          "uRAP: for t > 1 and |X_N| <= 1 every y in Y_I has exactly one source",
                          m.params && m.t > 1 && m.types[1].count <= 1,
                          unary_invertible(ctx, m.types, Reading::kLiteral), timeout_ms));
  }
  {
    z3::context ctx;
    UrapModel m = make_urap(ctx, false, true);
    out.push_back(prove_implication(
        ctx, "condition1_reachable", "uRAP: every reachable y in Y_I has one non-sensitive source",
        m.params, unary_invertible(ctx, m.types, Reading::kReachable), timeout_ms));
  }
  return out;
}

}  // namespace

std::vector<QueryResult> urr_queries(unsigned timeout_ms) {
  std::vector<QueryResult> out;
  auto run = [&](const std::string& name, const std::string& title, bool integer_sizes, auto hyp_of,
                 auto goal_of) {
    z3::context ctx;
    UrrModel m = make_urr(ctx, integer_sizes);
    out.push_back(prove_implication(ctx, name, title, hyp_of(ctx, m), goal_of(ctx, m), timeout_ms,
                                    logic_for(integer_sizes)));
  };
  run(
      "denominators_positive", "uRR: D = |X_S| + t - 1 > 0, so entries compare cross-multiplied",
      false, [](z3::context&, UrrModel& m) { return m.params; },
      [](z3::context&, UrrModel& m) { return m.denominators_positive; });
  run(
      "rows_sum_to_1", "uRR: c1, c2, c3 >= 0 and every row sums to 1, all sizes", false,
      [](z3::context&, UrrModel& m) { return m.params; },
      [](z3::context&, UrrModel& m) { return m.rows_sum_to_one; });
  run(
      "ratio", "uRR: Q(y|x) <= t Q(y|x') for y in Y_P = X_S, all sizes", false,
      [](z3::context&, UrrModel& m) { return m.params; },
      [](z3::context& c, UrrModel& m) { return !m.table.ratio_violated(c, m.t, false); });
  run(
      "tight", "uRR: some (x, x', y in Y_P) attains ratio t when |X| >= 2", true,
      [](z3::context&, UrrModel& m) { return m.params && m.ns + m.nn >= 2; },
      [](z3::context& c, UrrModel& m) { return m.table.ratio_attained(c, m.t, false); });
  run(
      "condition1_reachable", "uRR: every reachable y in Y_I = X_N has one non-sensitive source",
      true, [](z3::context&, UrrModel& m) { return m.params; },
      [](z3::context& c, UrrModel& m) { return m.table.invertible(c, Reading::kReachable); });
  run(
      "condition1_literal_eps_positive",
      "uRR: for t > 1 every y in Y_I has exactly one source, in X_N", true,
      [](z3::context&, UrrModel& m) { return m.params && m.t > 1; },
      [](z3::context& c, UrrModel& m) { return m.table.invertible(c, Reading::kLiteral); });
  return out;
}

std::vector<QueryResult> ubd_single_block_queries(unsigned timeout_ms) {
  z3::context ctx;
  UbdModel m = make_ubd(ctx, true);
  return {prove_implication(ctx, "tight", "uBD: ratio t attained with K = |X_S|, X_N empty",
                            m.params && m.block == m.ns && m.nn == 0 && m.t > 1,
                            m.table.ratio_attained(ctx, m.t, false), timeout_ms)};
}

std::vector<QueryResult> urr_literal_at_eps0_queries(unsigned timeout_ms) {
  z3::context ctx;
  UrrModel m = make_urr(ctx, true);
  return {prove_implication(ctx, "condition1_literal", "uRR: literal condition 1 for every t >= 1",
                            m.params, m.table.invertible(ctx, Reading::kLiteral), timeout_ms)};
}

std::vector<QueryResult> urr_tight_single_input_queries(unsigned timeout_ms) {
  z3::context ctx;
  UrrModel m = make_urr(ctx, true);
  return {prove_implication(ctx, "tight", "uRR: ratio t attained for every |X| >= 1", m.params,
                            m.table.ratio_attained(ctx, m.t, false), timeout_ms)};
}

std::vector<QueryResult> urap_queries(unsigned timeout_ms) { return urap_family(timeout_ms); }

std::vector<QueryResult> ubd_queries(unsigned timeout_ms) {
  std::vector<QueryResult> out;
  auto run = [&](const std::string& name, const std::string& title, bool integer_sizes, auto hyp_of,
                 auto goal_of) {
    z3::context ctx;
    UbdModel m = make_ubd(ctx, integer_sizes);
    out.push_back(prove_implication(ctx, name, title, hyp_of(ctx, m), goal_of(ctx, m), timeout_ms,
                                    logic_for(integer_sizes)));
  };
  run(
      "denominators_positive", "uBD: every denominator of the entries is positive", false,
      [](z3::context&, UbdModel& m) { return m.params; },
      [](z3::context&, UbdModel& m) { return m.denominators_positive; });
  run(
      "definition", "uBD: the entries' normal form equals the construction as published", false,
      [](z3::context&, UbdModel& m) { return m.params; },
      [](z3::context&, UbdModel& m) { return m.matches_definition; });
  run(
      "rows_sum_to_1", "uBD: every entry in [0,1] and every row sums to 1, all sizes and K", false,
      [](z3::context&, UbdModel& m) { return m.params; },
      [](z3::context&, UbdModel& m) { return m.rows_sum_to_one; });
  run(
      "ratio", "uBD: Q(y|x) <= t Q(y|x') for y in Y_P (the blocks), all sizes and K", false,
      [](z3::context&, UbdModel& m) { return m.params; },
      [](z3::context& c, UbdModel& m) { return !m.table.ratio_violated(c, m.t, false); });
  run(
      "tight", "uBD: some (x, x', y in Y_P) attains ratio t when K < |X_S| or |X_N| >= 1", true,
      [](z3::context&, UbdModel& m) { return m.params && (m.block < m.ns || m.nn >= 1); },
      [](z3::context& c, UbdModel& m) { return m.table.ratio_attained(c, m.t, false); });
  run(
      "condition1_reachable", "uBD: every reachable y in Y_I = X_N has one non-sensitive source",
      true, [](z3::context&, UbdModel& m) { return m.params; },
      [](z3::context& c, UbdModel& m) { return m.table.invertible(c, Reading::kReachable); });
  run(
      "condition1_literal_eps_positive",
      "uBD: for t > 1 every y in Y_I has exactly one source, in X_N", true,
      [](z3::context&, UbdModel& m) { return m.params && m.t > 1; },
      [](z3::context& c, UbdModel& m) { return m.table.invertible(c, Reading::kLiteral); });
  return out;
}

std::vector<QueryResult> uhr_queries(unsigned timeout_ms) {
  std::vector<QueryResult> out;
  auto run = [&](const std::string& name, const std::string& title, bool integer_sizes, auto hyp_of,
                 auto goal_of) {
    z3::context ctx;
    UhrModel m = make_uhr(ctx, integer_sizes);
    out.push_back(prove_implication(ctx, name, title, hyp_of(ctx, m), goal_of(ctx, m), timeout_ms,
                                    logic_for(integer_sizes)));
  };
  run(
      "denominators_positive", "uHR: (t + 1) V > 0, so entries compare cross-multiplied", false,
      [](z3::context&, UhrModel& m) { return m.params; },
      [](z3::context&, UhrModel& m) { return m.denominators_positive; });
  run(
      "rows_sum_to_1", "uHR: every entry in [0,1] and every row sums to 1, all sizes", false,
      [](z3::context&, UhrModel& m) { return m.params; },
      [](z3::context&, UhrModel& m) { return m.rows_sum_to_one; });
  run(
      "ratio", "uHR: Q(y|x) <= t Q(y|x') for y in Y_P (the columns), all sizes", false,
      [](z3::context&, UhrModel& m) { return m.params; },
      [](z3::context& c, UhrModel& m) { return !m.table.ratio_violated(c, m.t, false); });
  run(
      "tight", "uHR: some (x, x', y in Y_P) attains ratio t when |X| >= 2", true,
      [](z3::context&, UhrModel& m) { return m.params && m.ns + m.nn >= 2; },
      [](z3::context& c, UhrModel& m) { return m.table.ratio_attained(c, m.t, false); });
  run(
      "condition1_reachable", "uHR: every reachable y in Y_I = X_N has one non-sensitive source",
      true, [](z3::context&, UhrModel& m) { return m.params; },
      [](z3::context& c, UhrModel& m) { return m.table.invertible(c, Reading::kReachable); });
  run(
      "condition1_literal_eps_positive",
      "uHR: for t > 1 every y in Y_I has exactly one source, in X_N", true,
      [](z3::context&, UhrModel& m) { return m.params && m.t > 1; },
      [](z3::context& c, UhrModel& m) { return m.table.invertible(c, Reading::kLiteral); });
  return out;
}

std::vector<QueryResult> uss_queries(unsigned timeout_ms) {
  std::vector<QueryResult> out;
  auto run = [&](const std::string& name, const std::string& title, bool integer_sizes, auto hyp_of,
                 auto goal_of) {
    for (const bool single_block : {true, false}) {
      z3::context ctx;
      const bool identity = name == "definition" || name == "rows_sum_to_1";
      UssModel m = make_uss(ctx, integer_sizes, single_block, !identity);
      out.push_back(prove_implication(ctx, name + (single_block ? ".K=1" : ".K>=2"),
                                      title + (single_block ? " (K = 1)" : " (K >= 2)"),
                                      hyp_of(ctx, m), goal_of(ctx, m), timeout_ms,
                                      logic_for(integer_sizes)));
    }
  };
  run(
      "denominators_positive", "uSS: every denominator of the entries is positive", false,
      [](z3::context&, UssModel& m) { return m.params; },
      [](z3::context&, UssModel& m) { return m.denominators_positive; });
  run(
      "definition", "uSS: the entries' normal form equals the construction as published", false,
      [](z3::context&, UssModel& m) { return m.params; },
      [](z3::context&, UssModel& m) { return m.matches_definition; });
  run(
      "rows_sum_to_1", "uSS: every entry in [0,1] and every row sums to 1, all sizes and K", false,
      [](z3::context&, UssModel& m) { return m.params; },
      [](z3::context&, UssModel& m) { return m.rows_sum_to_one; });
  run(
      "ratio", "uSS: Q(y|x) <= t Q(y|x') for y in Y_P (the blocks), all sizes and K", false,
      // Y_P's column class is uBD's, and uSS's parameters include uBD's: uBD's hypothesis is
      // weaker, so its proof covers uSS.
      [](z3::context&, UssModel& m) { return m.ubd.params; },
      [](z3::context& c, UssModel& m) { return !m.table.ratio_violated(c, m.ubd.t, false); });
  run(
      "tight", "uSS: some (x, x', y in Y_P) attains ratio t when K < |X_S| or |X_N| >= 1", true,
      [](z3::context&, UssModel& m) {
        return m.ubd.params && (m.ubd.block < m.ubd.ns || m.ubd.nn >= 1);
      },
      [](z3::context& c, UssModel& m) { return m.table.ratio_attained(c, m.ubd.t, false); });
  run(
      "condition1_reachable", "uSS: every reachable y in Y_I has one non-sensitive source", true,
      [](z3::context&, UssModel& m) { return m.params; },
      [](z3::context& c, UssModel& m) { return m.table.invertible(c, Reading::kReachable); });
  run(
      "entries_nonnegative", "uSS: the Y_I entries alone and with are >= 0", false,
      [](z3::context&, UssModel& m) { return m.params; },
      [](z3::context&, UssModel& m) { return m.entries_nonnegative; });
  run(
      "open_outputs_reachable", "uSS: for t > 1 every existing Y_I output has probability > 0",
      false, [](z3::context&, UssModel& m) { return m.params; },
      [](z3::context&, UssModel& m) { return m.open_outputs_reachable; });
  run(
      "condition1_literal_eps_positive",
      "uSS: for t > 1 every y in Y_I has exactly one source, in X_N (with the lemma above)", true,
      [](z3::context&, UssModel& m) { return m.params && m.ubd.t > 1 && m.open_outputs_reachable; },
      [](z3::context& c, UssModel& m) { return m.table.invertible(c, Reading::kLiteral); });
  return out;
}

std::vector<QueryResult> urap_literal_queries(unsigned timeout_ms) {
  z3::context ctx;
  UrapModel m = make_urap(ctx, false, true);
  return {prove_implication(
      ctx, "condition1_literal", "uRAP: every y in Y_I has exactly one source, in X_N (t > 1)",
      m.params && m.t > 1, unary_invertible(ctx, m.types, Reading::kLiteral), timeout_ms)};
}

std::vector<QueryResult> urap_all_outputs_queries(unsigned timeout_ms) {
  z3::context ctx;
  UrapModel m = make_urap(ctx, false, false);
  return {prove_implication(ctx, "ratio_all_outputs",
                            "uRAP: Q(y|x) <= t Q(y|x') for every y (not only Y_P)", m.params,
                            !unary_ratio_violated(ctx, m.types, m.t, false), timeout_ms, "QF_NRA")};
}

std::vector<QueryResult> rr_queries(unsigned timeout_ms) {
  std::vector<QueryResult> out;
  for (int query = 0; query < 3; ++query) {
    z3::context ctx;
    const bool integer = query == 2;
    const z3::expr t = ctx.real_const("t");
    const z3::expr k = size_const(ctx, "k", integer);
    const z3::expr d = as_real(k) + t - 1;
    const Fraction same{t, d}, other{ctx.real_val(1), d};
    const z3::expr params = t >= 1 && k >= 1;
    ClassTable table;
    table.columns.push_back(
        {"y",
         k,
         true,
         {{"x = y", ctx.num_val(1, k.get_sort()), same, false}, {"x != y", k - 1, other, false}}});
    if (query == 0) {
      out.push_back(prove_implication(
          ctx, "rows_sum_to_1", "RR: D = k + t - 1 > 0, entries >= 0, rows sum to 1, all k", params,
          d > 0 && same.num >= 0 && other.num >= 0 && same.num + as_real(k - 1) * other.num == d,
          timeout_ms, logic_for(integer)));
    } else if (query == 1) {
      out.push_back(prove_implication(ctx, "ratio", "RR: Q(y|x) <= t Q(y|x') for all y, all k",
                                      params, !table.ratio_violated(ctx, t, true), timeout_ms,
                                      logic_for(integer)));
    } else {
      out.push_back(prove_implication(ctx, "tight", "RR: ratio t attained when k >= 2",
                                      params && k >= 2, table.ratio_attained(ctx, t, true),
                                      timeout_ms));
    }
  }
  return out;
}

std::vector<QueryResult> rappor_queries(unsigned timeout_ms) {
  std::vector<QueryResult> out;
  for (int query = 0; query < 3; ++query) {
    z3::context ctx;
    const bool integer = query == 2;
    const z3::expr t = ctx.real_const("t");
    const z3::expr theta = ctx.real_const("theta");
    const z3::expr k = size_const(ctx, "k", integer);
    // ψ = θ / ((1-θ) t + θ), the denominator >= min(t, 1) > 0; θ in [0,1] for the bound, (0,1)
    // for attainment.
    const z3::expr u = ctx.real_const("u");  // named: cvc5's linearisation needs the monomial
    const z3::expr params =
        t >= 1 && theta >= 0 && theta <= 1 && k >= 1 && u == (1 - theta) * t + theta;
    const Fraction psi{theta, u};
    std::vector<BitType> types{{"bit", k, whole(theta), psi, false, true}};
    if (query == 0) {
      out.push_back(prove_implication(
          ctx, "bits_in_0_1", "RAPPOR: ψ's denominator > 0, every bit probability lies in [0,1]",
          params, psi.den > 0 && bits_are_probabilities(ctx, types), timeout_ms, "QF_NRA"));
    } else if (query == 1) {
      out.push_back(prove_implication(
          ctx, "ratio", "RAPPOR: Q(y|x) <= t Q(y|x') for all y, all k, θ in [0,1]", params,
          !unary_ratio_violated(ctx, types, t, false), timeout_ms, "QF_NRA"));
    } else {
      out.push_back(prove_implication(ctx, "tight",
                                      "RAPPOR: ratio t attained when k >= 2, θ in (0,1)",
                                      params && k >= 2 && theta > 0 && theta < 1,
                                      unary_ratio_attained(ctx, types, t, false), timeout_ms));
    }
  }
  return out;
}

namespace {

/// Mangat's RR: X = Y = {0, 1}, X_S = Y_P = {1}; Q(1|1) = 1, Q(1|0) = p, Q(0|0) = 1 - p.
SymbolicMatrix mangat_matrix(z3::context& ctx, const z3::expr& p) {
  SymbolicMatrix q;
  q.q.push_back({1 - p, p});
  q.q.push_back({ctx.real_val(0), ctx.real_val(1)});
  return q;
}

/// "For every t >= 1, Mangat's RR is not t-LDP", for p in (0,1) (or (0,1] when allowed).
QueryResult mangat_no_ldp(unsigned timeout_ms, bool allow_p_one) {
  z3::context ctx;
  const z3::expr p = ctx.real_const("p");
  const z3::expr t = ctx.real_const("t");
  const SymbolicMatrix q = mangat_matrix(ctx, p);
  const z3::expr p_range = allow_p_one ? (p > 0 && p <= 1) : (p > 0 && p < 1);
  return prove_implication(
      ctx, "no_ldp",
      std::string("Mangat: not t-LDP for any t >= 1, p in ") + (allow_p_one ? "(0,1]" : "(0,1)"),
      p_range && t >= 1, !ldp(q, t), timeout_ms);
}

}  // namespace

std::vector<QueryResult> mangat_queries(unsigned timeout_ms) {
  std::vector<QueryResult> out;
  {
    z3::context ctx;
    const z3::expr p = ctx.real_const("p");
    const z3::expr t = ctx.real_const("t");  // t = 1/p
    const SymbolicMatrix q = mangat_matrix(ctx, p);
    const auto xs = constant_subset(ctx, {false, true});
    out.push_back(
        prove_implication(ctx, "uldp", "Mangat: (X_S, Y_P, ln 1/p)-ULDP (literal) for p in (0,1)",
                          p > 0 && p < 1 && t * p == 1,
                          stochastic(q) && uldp(q, xs, xs, t, Reading::kLiteral), timeout_ms));
  }
  {
    z3::context ctx;
    const z3::expr p = ctx.real_const("p");
    const z3::expr t = ctx.real_const("t");
    const SymbolicMatrix q = mangat_matrix(ctx, p);
    out.push_back(
        prove_implication(ctx, "tight", "Mangat: Q(1|1) = (1/p) Q(1|0), so ln 1/p is tight",
                          p > 0 && p < 1 && t * p == 1, q.q[1][1] == t * q.q[0][1], timeout_ms));
  }
  out.push_back(mangat_no_ldp(timeout_ms, false));
  return out;
}

std::vector<QueryResult> mangat_p_one_queries(unsigned timeout_ms) {
  return {mangat_no_ldp(timeout_ms, true)};
}

}  // namespace uldp::verify::internal
