// uSS with block size K as a closed-form family for every t, sizes and K (uBD's table with Y_I
// split): the queries of the claim uss_uldp.
#include <string>
#include <vector>

#include "internal/claim_builders.h"
#include "internal/claim_entry.h"
#include "internal/z3_query.h"
#include "uldp/mechanisms/ubd/ubd_claims.h"
#include "uldp/mechanisms/uss/uss.h"

namespace uldp::verify::internal {
namespace {

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

}  // namespace

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

}  // namespace uldp::verify::internal

namespace uldp {
namespace {

/// The claim uss_uldp in uss_claims.v (`uldp prove uss_uldp --emit coq`).
constexpr const char* kUssUldpCoq = R"coq(Fixpoint uss_ncount (n : nat) (p : nat -> bool) : nat :=
  match n with
  | O => O
  | S n' => (uss_ncount n' p + (if p n' then 1 else 0))%nat
  end.

Definition uss_binom (n p : nat) : R := if Nat.leb p n then Binomial.C n p else 0.

Definition uss_D (k K : nat) (S : nat -> bool) (t : R) : R := t + count k S / INR K - 1.

Definition uss_block_entry (k K : nat) (S : nat -> bool) (t : R) (x : nat) (inB : bool) : R :=
  if S x then
    (if inB then (t / uss_D k K S t) / uss_binom (uss_ncount k S - 1) (K - 1)
     else (1 - t / uss_D k K S t) / uss_binom (uss_ncount k S - 1) K)
  else ((count k S / INR K) / uss_D k K S t) / uss_binom (uss_ncount k S) K.

Definition uss_alone_entry (k K : nat) (S : nat -> bool) (t : R) (x o : nat) : R :=
  if S x then 0
  else if Nat.eqb x o then
    (if Nat.eqb K 1 then (t - 1) / uss_D k K S t
     else (t - 1) / uss_D k K S t * ((count k S - INR K) / (INR K * (count k S - 1))))
  else 0.

Definition uss_with_entry (k K : nat) (S : nat -> bool) (t : R) (x o : nat) : R :=
  if S x then 0
  else if Nat.eqb x o then
    ((t - 1) / uss_D k K S t * (count k S * (INR K - 1) / (INR K * (count k S - 1))))
      / uss_binom (uss_ncount k S) K
  else 0.

Inductive uss_out : Type :=
  | UssBlock (B : nat -> bool)
  | UssAlone (o : nat)
  | UssWith (B : nat -> bool) (o : nat).

Definition uss_Q (k K : nat) (S : nat -> bool) (t : R) (x : nat) (y : uss_out) : R :=
  match y with
  | UssBlock B => uss_block_entry k K S t x (B x)
  | UssAlone o => uss_alone_entry k K S t x o
  | UssWith _ o => uss_with_entry k K S t x o
  end.

Definition uss_IsBlock (k K : nat) (S : nat -> bool) (B : nat -> bool) : Prop :=
  (forall i, (i < k)%nat -> B i = true -> S i = true) /\ count k B = INR K.

Definition uss_Yp (k K : nat) (S : nat -> bool) (y : uss_out) : Prop :=
  match y with
  | UssBlock B => uss_IsBlock k K S B
  | _ => False
  end.

Definition uss_Yi (k K : nat) (S : nat -> bool) (y : uss_out) : Prop :=
  match y with
  | UssBlock _ => False
  | UssAlone o => (o < k)%nat /\ S o = false /\ ((K < uss_ncount k S)%nat \/ K = 1%nat)
  | UssWith B o => (o < k)%nat /\ S o = false /\ uss_IsBlock k K S B /\ (2 <= K)%nat
  end.

Definition uss_holding (k K : nat) (S : nat -> bool) (x : nat) : R :=
  if S x then uss_binom (uss_ncount k S - 1) (K - 1) else 0.
Theorem uss_uldp : forall (k K : nat) (S : nat -> bool) (t : R),
  1 <= t -> (1 <= K)%nat -> (K <= uss_ncount k S)%nat ->
  (forall x y, (x < k)%nat -> 0 <= uss_Q k K S t x y <= 1) /\
  (forall x, (x < k)%nat ->
     uss_holding k K S x * uss_block_entry k K S t x true
     + (uss_binom (uss_ncount k S) K - uss_holding k K S x) * uss_block_entry k K S t x false
     + rsum k (fun o => if S o then 0 else uss_alone_entry k K S t x o)
     + uss_binom (uss_ncount k S) K
       * rsum k (fun o => if S o then 0 else uss_with_entry k K S t x o) = 1) /\
  ULDP k S (uss_Yp k K S) (uss_Yi k K S) (uss_Q k K S t) t /\
  (1 < t -> ULDPLiteral k S (uss_Yp k K S) (uss_Yi k K S) (uss_Q k K S t) t) /\
  ((K < uss_ncount k S)%nat \/ (uss_ncount k S < k)%nat ->
   RatioAttained k (uss_Yp k K S) (uss_Q k K S t) t).
)coq";

}  // namespace

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<UssSpec>) {
  using verify::ProofStatus;
  using verify::internal::family_claim;
  return {
      family_claim("uss_uldp", "arXiv 2509.24173 (uSS)",
                   "uSS with block size K is a mechanism, gives (X_S, blocks, eps)-ULDP with tight "
                   "ratio t (K < |X_S| or |X_N| >= 1); condition 1 literally for t > 1 and in the "
                   "reachable reading for t >= 1",
                   "every t >= 1, |X_S| >= 1, 1 <= K <= |X_S|, |X_N| >= 0 (entry classes)",
                   ProofStatus::kProved, false, verify::internal::uss_queries,
                   verify::CoqTheorem{"uss_claims", kUssUldpCoq}),
  };
}

}  // namespace uldp
