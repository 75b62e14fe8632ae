// uBD with one block size K as a closed-form family for every t, sizes and K: the queries of
// the claims ubd_uldp and ubd_single_block.
#include <string>
#include <vector>

#include "internal/claim_builders.h"
#include "internal/claim_entry.h"
#include "internal/z3_query.h"
#include "uldp/mechanisms/ubd/ubd.h"
#include "uldp/mechanisms/ubd/ubd_claims.h"

namespace uldp::verify::internal {

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

std::vector<QueryResult> ubd_single_block_queries(unsigned timeout_ms) {
  z3::context ctx;
  UbdModel m = make_ubd(ctx, true);
  return {prove_implication(ctx, "tight", "uBD: ratio t attained with K = |X_S|, X_N empty",
                            m.params && m.block == m.ns && m.nn == 0 && m.t > 1,
                            m.table.ratio_attained(ctx, m.t, false), timeout_ms)};
}

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

}  // namespace uldp::verify::internal

namespace uldp {
namespace {

/// The claim ubd_uldp in ubd_claims.v (`uldp prove ubd_uldp --emit coq`).
constexpr const char* kUbdUldpCoq = R"coq(Fixpoint ubd_ncount (n : nat) (p : nat -> bool) : nat :=
  match n with
  | O => O
  | S n' => (ubd_ncount n' p + (if p n' then 1 else 0))%nat
  end.

Definition ubd_binom (n p : nat) : R := if Nat.leb p n then Binomial.C n p else 0.

Definition ubd_D (k K : nat) (S : nat -> bool) (t : R) : R := t + count k S / INR K - 1.

Definition ubd_block_entry (k K : nat) (S : nat -> bool) (t : R) (x : nat) (inB : bool) : R :=
  if S x then
    (if inB then (t / ubd_D k K S t) / ubd_binom (ubd_ncount k S - 1) (K - 1)
     else (1 - t / ubd_D k K S t) / ubd_binom (ubd_ncount k S - 1) K)
  else (1 - (t - 1) / ubd_D k K S t) / ubd_binom (ubd_ncount k S) K.

Definition ubd_Q (k K : nat) (S : nat -> bool) (t : R) (x : nat) (y : (nat -> bool) + nat) : R :=
  match y with
  | inl B => ubd_block_entry k K S t x (B x)
  | inr o => if S x then 0 else if Nat.eqb x o then (t - 1) / ubd_D k K S t else 0
  end.

Definition ubd_IsBlock (k K : nat) (S : nat -> bool) (B : nat -> bool) : Prop :=
  (forall i, (i < k)%nat -> B i = true -> S i = true) /\ count k B = INR K.

Definition ubd_Yp (k K : nat) (S : nat -> bool) (y : (nat -> bool) + nat) : Prop :=
  match y with
  | inl B => ubd_IsBlock k K S B
  | inr _ => False
  end.

Definition ubd_Yi (k : nat) (S : nat -> bool) (y : (nat -> bool) + nat) : Prop :=
  match y with
  | inl _ => False
  | inr o => (o < k)%nat /\ S o = false
  end.

Definition ubd_holding (k K : nat) (S : nat -> bool) (x : nat) : R :=
  if S x then ubd_binom (ubd_ncount k S - 1) (K - 1) else 0.
Theorem ubd_uldp : forall (k K : nat) (S : nat -> bool) (t : R),
  1 <= t -> (1 <= K)%nat -> (K <= ubd_ncount k S)%nat ->
  (forall x y, (x < k)%nat -> 0 <= ubd_Q k K S t x y <= 1) /\
  (forall x, (x < k)%nat ->
     ubd_holding k K S x * ubd_block_entry k K S t x true
     + (ubd_binom (ubd_ncount k S) K - ubd_holding k K S x) * ubd_block_entry k K S t x false
     + rsum k (fun o => if S o then 0 else ubd_Q k K S t x (inr o)) = 1) /\
  ULDP k S (ubd_Yp k K S) (ubd_Yi k S) (ubd_Q k K S t) t /\
  (1 < t -> ULDPLiteral k S (ubd_Yp k K S) (ubd_Yi k S) (ubd_Q k K S t) t) /\
  ((K < ubd_ncount k S)%nat \/ (ubd_ncount k S < k)%nat ->
   RatioAttained k (ubd_Yp k K S) (ubd_Q k K S t) t).
)coq";
/// The claim ubd_tight_single_block in ubd_claims.v (`uldp prove ubd_tight_single_block --emit
/// coq`).
constexpr const char* kUbdTightSingleBlockCoq =
    R"coq(Fixpoint ubd_ncount (n : nat) (p : nat -> bool) : nat :=
  match n with
  | O => O
  | S n' => (ubd_ncount n' p + (if p n' then 1 else 0))%nat
  end.

Definition ubd_binom (n p : nat) : R := if Nat.leb p n then Binomial.C n p else 0.

Definition ubd_D (k K : nat) (S : nat -> bool) (t : R) : R := t + count k S / INR K - 1.

Definition ubd_block_entry (k K : nat) (S : nat -> bool) (t : R) (x : nat) (inB : bool) : R :=
  if S x then
    (if inB then (t / ubd_D k K S t) / ubd_binom (ubd_ncount k S - 1) (K - 1)
     else (1 - t / ubd_D k K S t) / ubd_binom (ubd_ncount k S - 1) K)
  else (1 - (t - 1) / ubd_D k K S t) / ubd_binom (ubd_ncount k S) K.

Definition ubd_Q (k K : nat) (S : nat -> bool) (t : R) (x : nat) (y : (nat -> bool) + nat) : R :=
  match y with
  | inl B => ubd_block_entry k K S t x (B x)
  | inr o => if S x then 0 else if Nat.eqb x o then (t - 1) / ubd_D k K S t else 0
  end.

Definition ubd_IsBlock (k K : nat) (S : nat -> bool) (B : nat -> bool) : Prop :=
  (forall i, (i < k)%nat -> B i = true -> S i = true) /\ count k B = INR K.

Definition ubd_Yp (k K : nat) (S : nat -> bool) (y : (nat -> bool) + nat) : Prop :=
  match y with
  | inl B => ubd_IsBlock k K S B
  | inr _ => False
  end.

Definition ubd_Yi (k : nat) (S : nat -> bool) (y : (nat -> bool) + nat) : Prop :=
  match y with
  | inl _ => False
  | inr o => (o < k)%nat /\ S o = false
  end.

Definition ubd_holding (k K : nat) (S : nat -> bool) (x : nat) : R :=
  if S x then ubd_binom (ubd_ncount k S - 1) (K - 1) else 0.
Theorem ubd_tight_single_block :
  ~ RatioAttained 2 (ubd_Yp 2 2 (fun _ => true)) (ubd_Q 2 2 (fun _ => true) 2) 2.
)coq";

}  // namespace

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<UbdSpec>) {
  using verify::ProofStatus;
  using verify::internal::family_claim;
  return {
      family_claim("ubd_uldp", "arXiv 2509.24173 (uBD)",
                   "uBD with one block size K is a mechanism, gives (X_S, blocks, eps)-ULDP with "
                   "tight ratio t (K < |X_S| or |X_N| >= 1); condition 1 literally for t > 1 and "
                   "in the reachable reading for t >= 1",
                   "every t >= 1, |X_S| >= 1, 1 <= K <= |X_S|, |X_N| >= 0 (entry classes)",
                   ProofStatus::kProved, false, verify::internal::ubd_queries,
                   verify::CoqTheorem{"ubd_claims", kUbdUldpCoq}),
      family_claim("ubd_tight_single_block", "arXiv 2509.24173 (uBD)",
                   "dropping 'K < |X_S| or |X_N| >= 1': with K = |X_S| and X_N empty the only "
                   "output is X_S itself and the ratio t > 1 is never attained",
                   "every t >= 1, |X_S| = K >= 1, |X_N| = 0 (entry classes)", ProofStatus::kRefuted,
                   false, verify::internal::ubd_single_block_queries,
                   verify::CoqTheorem{"ubd_claims", kUbdTightSingleBlockCoq}),
  };
}

}  // namespace uldp
