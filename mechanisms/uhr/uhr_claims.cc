// uHR as a closed-form family for every t and sizes (entry classes and three Hadamard facts):
// the queries of the claim uhr_uldp.
#include <string>
#include <vector>

#include "internal/claim_builders.h"
#include "internal/claim_entry.h"
#include "internal/class_table.h"
#include "internal/z3_query.h"
#include "uldp/mechanisms/uhr/uhr.h"

namespace uldp::verify::internal {
namespace {

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

}  // namespace

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

}  // namespace uldp::verify::internal

namespace uldp {
namespace {

/// The claim uhr_uldp in uhr_claims.v (`uldp prove uhr_uldp --emit coq`).
constexpr const char* kUhrUldpCoq = R"coq(Fixpoint uhr_ncount (n : nat) (p : nat -> bool) : nat :=
  match n with
  | O => O
  | S n' => (uhr_ncount n' p + (if p n' then 1 else 0))%nat
  end.

Definition uhr_Q (k V : nat) (S : nat -> bool) (H : nat -> nat -> bool) (t : R) (x : nat)
  (y : nat + nat) : R :=
  match y with
  | inl j =>
      if S x then
        (if H (uhr_ncount x S + 1)%nat j then (t / (t + 1)) / (INR V / 2)
         else (1 / (t + 1)) / (INR V / 2))
      else (1 - (t - 1) / (t + 1)) / INR V
  | inr o => if S x then 0 else if Nat.eqb x o then (t - 1) / (t + 1) else 0
  end.

Definition uhr_Yp (V : nat) (y : nat + nat) : Prop :=
  match y with
  | inl j => (j < V)%nat
  | inr _ => False
  end.

Definition uhr_Yi (k : nat) (S : nat -> bool) (y : nat + nat) : Prop :=
  match y with
  | inl _ => False
  | inr o => (o < k)%nat /\ S o = false
  end.
Theorem uhr_uldp : forall (k V : nat) (S : nat -> bool) (H : nat -> nat -> bool) (t : R),
  1 <= t -> (1 <= uhr_ncount k S)%nat -> (uhr_ncount k S < V)%nat ->
  (forall r, (r < V)%nat -> H r 0%nat = true) ->
  (forall r, (r < V)%nat -> H r 1%nat = Nat.even r) ->
  (forall r, (1 <= r < V)%nat -> count V (H r) = INR V / 2) ->
  (forall x y, (x < k)%nat -> 0 <= uhr_Q k V S H t x y <= 1) /\
  (forall x, (x < k)%nat ->
     rsum V (fun j => uhr_Q k V S H t x (inl j))
     + rsum k (fun o => if S o then 0 else uhr_Q k V S H t x (inr o)) = 1) /\
  ULDP k S (uhr_Yp V) (uhr_Yi k S) (uhr_Q k V S H t) t /\
  (1 < t -> ULDPLiteral k S (uhr_Yp V) (uhr_Yi k S) (uhr_Q k V S H t) t) /\
  ((2 <= k)%nat -> RatioAttained k (uhr_Yp V) (uhr_Q k V S H t) t).
)coq";

}  // namespace

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<UhrSpec>) {
  using verify::ProofStatus;
  using verify::internal::family_claim;
  return {
      family_claim("uhr_uldp", "arXiv 2509.24173 (uHR)",
                   "uHR is a mechanism, gives (X_S, columns, eps)-ULDP with tight ratio t "
                   "(|X| >= 2); condition 1 literally for t > 1 and in the reachable reading for "
                   "t >= 1",
                   "every t >= 1, |X_S| >= 1, |X_N| >= 0, V > |X_S| (entry classes; Hadamard "
                   "facts in docs/verification.md)",
                   ProofStatus::kProved, false, verify::internal::uhr_queries,
                   verify::CoqTheorem{"uhr_claims", kUhrUldpCoq}),
  };
}

}  // namespace uldp
