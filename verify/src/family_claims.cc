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

/// A set of inputs with one common value Q(y|x) in a column class.
struct RowClass {
  std::string name;
  z3::expr count;  ///< number of such inputs (Int); the class exists when count >= 1
  z3::expr value;  ///< Q(y|x) for each of them
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
          cases.push_back(col.count >= 1 && a.count >= 1 && b.count >= 1 && a.value > t * b.value);
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
          cases.push_back(col.count >= 1 && distinct && a.value == t * b.value && a.value > 0);
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
          sensitive_zero.push_back(z3::implies(r.count >= 1, r.value == 0));
        } else {
          producers = producers + z3::ite(r.value > 0, r.count, none);
        }
      }
      const z3::expr ok = all_of(ctx, sensitive_zero) &&
                          (reading == Reading::kLiteral ? producers == 1 : producers <= 1);
      terms.push_back(z3::implies(col.count >= 1, ok));
    }
    return all_of(ctx, terms);
  }
};

z3::expr zero(z3::context& ctx) { return ctx.real_val(0); }

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

/// uRR over |X_S| = ns >= 1 sensitive and |X_N| = nn >= 0 non-sensitive symbols (eq. (6)).
struct UrrModel {
  z3::expr t, ns, nn, c1, c2, c3, params;
  ClassTable table;
  z3::expr rows_sum_to_one;
};

UrrModel make_urr(z3::context& ctx, bool integer_sizes) {
  const z3::expr t = ctx.real_const("t");
  const z3::expr ns = size_const(ctx, "n_S", integer_sizes);
  const z3::expr nn = size_const(ctx, "n_N", integer_sizes);
  const z3::expr one = ctx.num_val(1, ns.get_sort());
  const z3::expr c1 = ctx.real_const("c1");
  const z3::expr c2 = ctx.real_const("c2");
  const z3::expr c3 = ctx.real_const("c3");
  const z3::expr d = as_real(ns) + t - 1;  // |X_S| + e^ε - 1 >= 1
  const z3::expr params =
      t >= 1 && ns >= 1 && nn >= 0 && c1 * d == t && c2 * d == 1 && c3 * d == t - 1;
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
  // Row x in X_S: c1 + (|X_S|-1) c2 + |X_N| 0; row x in X_N: |X_S| c2 + c3 + (|X_N|-1) 0.
  const z3::expr rows =
      c1 + as_real(ns - 1) * c2 == 1 && as_real(ns) * c2 + c3 == 1 && c1 >= 0 && c2 >= 0 && c3 >= 0;
  return {t, ns, nn, c1, c2, c3, params, table, rows};
}

/// uBD with one block size K (arXiv 2509.24173): |X_S| = ns >= 1, 1 <= K <= ns, |X_N| = nn.
/// C stands for C(ns, K); the only binomial facts used are C(ns-1, K-1) = C K/ns >= 1 and, for
/// K < ns, C(ns-1, K) = C (ns-K)/ns >= 1 (a sensitive row meets C K/ns blocks holding it).
struct UbdModel {
  z3::expr t, ns, nn, block, blocks, in, off, open, self, params;
  ClassTable table;
  z3::expr rows_sum_to_one;
};

UbdModel make_ubd(z3::context& ctx, bool integer_sizes) {
  const z3::expr t = ctx.real_const("t");
  const z3::expr ns = size_const(ctx, "n_S", integer_sizes);
  const z3::expr nn = size_const(ctx, "n_N", integer_sizes);
  const z3::expr block = size_const(ctx, "K", integer_sizes);
  const z3::expr blocks = ctx.real_const("C_blocks");
  const z3::expr d = ctx.real_const("D");
  const z3::expr in = ctx.real_const("q_in");
  const z3::expr off = ctx.real_const("q_off");
  const z3::expr open = ctx.real_const("q_open");
  const z3::expr self = ctx.real_const("q_self");
  const z3::expr one = ctx.num_val(1, ns.get_sort());
  const z3::expr s = as_real(ns), k = as_real(block);
  // D = t + ns/K - 1; in = (t/D)/C(ns-1,K-1); off = (1-t/D)/C(ns-1,K) (0 at K = ns);
  // open = (1-(t-1)/D)/C; self = (t-1)/D.
  const z3::expr params =
      t >= 1 && ns >= 1 && nn >= 0 && block >= 1 && block <= ns && blocks >= 1 && blocks * k >= s &&
      z3::implies(block < ns, blocks * (s - k) >= s) && d * k == t * k + s - k &&
      in * d * blocks * k == t * s &&
      z3::ite(block < ns, off * d * blocks * (s - k) == (d - t) * s, off == 0) &&
      open * d * blocks == d - t + 1 && self * d == t - 1;
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
  const z3::expr probabilities = in >= 0 && in <= 1 && off >= 0 && off <= 1 && open >= 0 &&
                                 open <= 1 && self >= 0 && self <= 1;
  const z3::expr rows =
      blocks * k * in + blocks * (s - k) * off == s && blocks * open + self == 1 && probabilities;
  return {t, ns, nn, block, blocks, in, off, open, self, params, table, rows};
}

/// uSS with block size K (arXiv 2509.24173): uBD's table with Y_I split into {x} alone (there when
/// K < ns or K = 1) and S ∪ {x} (there when K >= 2), each reported by x only.
struct UssModel {
  UbdModel ubd;
  z3::expr alone, with, params;
  ClassTable table;
  z3::expr rows_sum_to_one;
};

UssModel make_uss(z3::context& ctx, bool integer_sizes) {
  UbdModel b = make_ubd(ctx, integer_sizes);
  const z3::expr alone = ctx.real_const("q_alone");
  const z3::expr with = ctx.real_const("q_with");
  const z3::expr one = ctx.num_val(1, b.ns.get_sort());
  const z3::expr s = as_real(b.ns), k = as_real(b.block);
  // alone + C with = (t-1)/D; with = 0 at K = 1, else C with K (ns-1) = ((t-1)/D) ns (K-1).
  const z3::expr params =
      b.params && alone + b.blocks * with == b.self &&
      z3::ite(b.block == one, with == 0, with * b.blocks * k * (s - 1) == b.self * s * (k - 1));
  ClassTable table;
  table.columns.push_back(b.table.columns.front());  // the blocks, as uBD
  const auto open_column = [&](const char* name, const z3::expr& count, const z3::expr& q) {
    return ColumnClass{name,
                       count,
                       false,
                       {{"x in X_S", b.ns, zero(ctx), true},
                        {"x = the member of X_N", one, q, false},
                        {"x in X_N, other", b.nn - one, zero(ctx), false}}};
  };
  table.columns.push_back(open_column(
      "{x}, x in X_N", z3::ite(b.block < b.ns || b.block == one, as_real(b.nn), ctx.real_val(0)),
      alone));
  table.columns.push_back(open_column(
      "S u {x}", z3::ite(b.block == one, ctx.real_val(0), b.blocks * as_real(b.nn)), with));
  const z3::expr rows = b.rows_sum_to_one && alone >= 0 && alone <= 1 && with >= 0 && with <= 1 &&
                        b.blocks * b.open + alone + b.blocks * with == 1;
  return {b, alone, with, params, table, rows};
}

/// uHR (arXiv 2509.24173): |X_S| = ns >= 1, |X_N| = nn >= 0, V > ns columns. The Hadamard facts
/// used: every entry of a column is plus (a sensitive row with +1) or minus (any other row), so a
/// column is described by its number c in [0, ns] of +1 sensitive rows; column h0 has c = ns,
/// column h1 has c = floor(ns/2) (row r has sign (-1)^r there); each sensitive row has V/2
/// entries +1 (rows 1..V-1 of a Sylvester matrix are balanced).
struct UhrModel {
  z3::expr t, ns, nn, columns, plus, minus, self, params;
  ClassTable table;
  z3::expr rows_sum_to_one;
};

UhrModel make_uhr(z3::context& ctx, bool integer_sizes) {
  const z3::expr t = ctx.real_const("t");
  const z3::expr ns = size_const(ctx, "n_S", integer_sizes);
  const z3::expr nn = size_const(ctx, "n_N", integer_sizes);
  const z3::expr columns = size_const(ctx, "V", integer_sizes);
  const z3::expr any_plus = size_const(ctx, "c", integer_sizes);  // a generic column's +1 rows
  const z3::expr h1_plus = size_const(ctx, "c_h1", integer_sizes);
  const z3::expr plus = ctx.real_const("q_plus");
  const z3::expr minus = ctx.real_const("q_minus");
  const z3::expr self = ctx.real_const("q_self");
  const z3::expr one = ctx.num_val(1, ns.get_sort());
  const z3::expr two = ctx.num_val(2, ns.get_sort());
  const z3::expr v = as_real(columns);
  // minus = 2/((t+1)V), plus = t minus = 2t/((t+1)V), self = (t-1)/(t+1).
  const z3::expr params = t >= 1 && ns >= 1 && nn >= 0 && columns >= ns + 1 && any_plus >= 0 &&
                          any_plus <= ns && two * h1_plus <= ns && ns <= two * h1_plus + 1 &&
                          minus * (t + 1) * v == 2 && plus == t * minus && self * (t + 1) == t - 1;
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
  const z3::expr rows = (v / 2) * plus + (v / 2) * minus == 1 && v * minus + self == 1 &&
                        plus >= 0 && plus <= 1 && minus >= 0 && minus <= 1 && self >= 0 &&
                        self <= 1;
  return {t, ns, nn, columns, plus, minus, self, params, table, rows};
}

/// A product-of-bits mechanism with two bit types, S and N (uRAP), or one (RAPPOR): each bit
/// reports 1 with probability on1 when it is the input's own bit and off1 otherwise.
struct BitType {
  std::string name;
  z3::expr count;  ///< number of bits (= inputs) of this type
  z3::expr on1, off1;
  bool zero_in_protected;  ///< Y_P fixes these bits to 0 (uRAP's non-sensitive bits)
  bool sensitive;
};

z3::expr bit_prob(const z3::expr& one, int value) { return value == 1 ? one : 1 - one; }

/// Q(y|x_i) vs Q(y|x_i'), i != i': the bits j != i, i' contribute equal factors to both
/// (both inputs are "off" at j), so with C = their product the pair is (C a, C b) where
/// a = P_i(y_i|on) P_i'(y_i'|off) and b = P_i(y_i|off) P_i'(y_i'|on). C >= 0 is left free
/// for the upper bound; for attainment C > 0 needs every other bit's allowed value to have
/// positive probability.
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
          visit(ti, tj, exists, bit_prob(a.on1, yi) * bit_prob(b.off1, yj),
                bit_prob(a.off1, yi) * bit_prob(b.on1, yj));
        }
      }
    }
  }
}

z3::expr unary_ratio_violated(z3::context& ctx, const std::vector<BitType>& types,
                              const z3::expr& t, bool protected_only) {
  const z3::expr common = ctx.real_const("C_other_bits");
  std::vector<z3::expr> cases;
  for_each_ratio_class(
      types, protected_only,
      [&](std::size_t, std::size_t, const z3::expr& exists, const z3::expr& num,
          const z3::expr& den) { cases.push_back(exists && common * num > t * (common * den)); });
  return common >= 0 && any_of(ctx, cases);
}

z3::expr unary_ratio_attained(z3::context& ctx, const std::vector<BitType>& types,
                              const z3::expr& t, bool protected_only) {
  std::vector<z3::expr> cases;
  for_each_ratio_class(
      types, protected_only,
      [&](std::size_t ti, std::size_t tj, const z3::expr& exists, const z3::expr& num,
          const z3::expr& den) {
        // C > 0: every other bit has a value allowed in the output set with P(value|off) > 0.
        std::vector<z3::expr> others_positive;
        for (std::size_t k = 0; k < types.size(); ++k) {
          const BitType& o = types[k];
          const z3::expr others = o.count - (k == ti ? 1 : 0) - (k == tj ? 1 : 0);
          const z3::expr some_value = (protected_only && o.zero_in_protected)
                                          ? bit_prob(o.off1, 0) > 0
                                          : (bit_prob(o.off1, 0) > 0 || bit_prob(o.off1, 1) > 0);
          others_positive.push_back(z3::implies(others >= 1, some_value));
        }
        cases.push_back(exists && num > 0 && num == t * den && all_of(ctx, others_positive));
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
      std::vector<z3::expr> factors{bit_prob(types[k].on1, own) > 0};
      for (std::size_t o = 0; o < types.size(); ++o) {
        for (int v = 0; v <= 1; ++v) {
          z3::expr others = v == 1 ? ones[o] : types[o].count - ones[o];
          if (o == k && v == own) others = others - 1;
          factors.push_back(z3::implies(others >= 1, bit_prob(types[o].off1, v) > 0));
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

/// uRAP (eqs. (9) and (10)) with θ in (0,1) (or (0,1] when allowed).
struct UrapModel {
  z3::expr t, theta, d1, d2, params;
  std::vector<BitType> types;
};

UrapModel make_urap(z3::context& ctx, bool allow_theta_one, bool integer_sizes) {
  const z3::expr t = ctx.real_const("t");
  const z3::expr theta = ctx.real_const("theta");
  const z3::expr d1 = ctx.real_const("d1");
  const z3::expr d2 = ctx.real_const("d2");
  const z3::expr ns = size_const(ctx, "n_S", integer_sizes);
  const z3::expr nn = size_const(ctx, "n_N", integer_sizes);
  const z3::expr theta_range =
      allow_theta_one ? (theta > 0 && theta <= 1) : (theta > 0 && theta < 1);
  // d1 = θ / ((1-θ)t + θ), d2 = ((1-θ)t + θ) / t; the denominators are >= θ > 0 and t >= 1.
  const z3::expr params = t >= 1 && theta_range && ns >= 1 && nn >= 0 &&
                          d1 * ((1 - theta) * t + theta) == theta &&
                          d2 * t == (1 - theta) * t + theta;
  std::vector<BitType> types{{"S", ns, theta, d1, false, true},
                             {"N", nn, 1 - d2, zero(ctx), true, false}};
  return {t, theta, d1, d2, params, types};
}

z3::expr bits_are_probabilities(z3::context& ctx, const std::vector<BitType>& types) {
  std::vector<z3::expr> terms;
  for (const auto& b : types) {
    terms.push_back(b.on1 >= 0 && b.on1 <= 1 && b.off1 >= 0 && b.off1 <= 1);
  }
  return all_of(ctx, terms);
}

std::vector<QueryResult> urap_family(unsigned timeout_ms) {
  constexpr bool allow_theta_one = false;
  std::vector<QueryResult> out;
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
    z3::context ctx;
    UssModel m = make_uss(ctx, integer_sizes);
    out.push_back(prove_implication(ctx, name, title, hyp_of(ctx, m), goal_of(ctx, m), timeout_ms,
                                    logic_for(integer_sizes)));
  };
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
      "condition1_literal_eps_positive",
      "uSS: for t > 1 every y in Y_I has exactly one source, in X_N", true,
      [](z3::context&, UssModel& m) { return m.params && m.ubd.t > 1; },
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
    const z3::expr same = ctx.real_const("q_same");
    const z3::expr other = ctx.real_const("q_other");
    const z3::expr d = as_real(k) + t - 1;
    const z3::expr params = t >= 1 && k >= 1 && same * d == t && other * d == 1;
    ClassTable table;
    table.columns.push_back(
        {"y",
         k,
         true,
         {{"x = y", ctx.num_val(1, k.get_sort()), same, false}, {"x != y", k - 1, other, false}}});
    if (query == 0) {
      out.push_back(prove_implication(ctx, "rows_sum_to_1",
                                      "RR: entries >= 0, rows sum to 1, all k", params,
                                      same >= 0 && other >= 0 && same + as_real(k - 1) * other == 1,
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
    const z3::expr psi = ctx.real_const("psi");
    const z3::expr k = size_const(ctx, "k", integer);
    // ψ = θ / ((1-θ) t + θ); θ in [0,1] for the bound, (0,1) for attainment.
    const z3::expr params = t >= 1 && theta >= 0 && theta <= 1 && k >= 1 &&
                            (theta == 0 || psi * ((1 - theta) * t + theta) == theta) &&
                            (theta > 0 || psi == 0);
    std::vector<BitType> types{{"bit", k, theta, psi, false, true}};
    if (query == 0) {
      out.push_back(prove_implication(ctx, "bits_in_0_1",
                                      "RAPPOR: every bit probability lies in [0,1]", params,
                                      bits_are_probabilities(ctx, types), timeout_ms, "QF_NRA"));
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
