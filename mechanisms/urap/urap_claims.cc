// uRAP (Definition 4) as a product-of-bits family for every t, θ and sizes: the queries of the
// claims urap_uldp, urap_literal_two_nonsensitive_bits and urap_not_ldp.
#include <string>
#include <vector>

#include "internal/bit_classes.h"
#include "internal/claim_builders.h"
#include "internal/claim_entry.h"
#include "internal/z3_query.h"
#include "uldp/mechanisms/urap/urap.h"

namespace uldp::verify::internal {
namespace {

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

std::vector<QueryResult> urap_queries(unsigned timeout_ms) { return urap_family(timeout_ms); }

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

}  // namespace uldp::verify::internal

namespace uldp {
namespace {

/// The claim urap_uldp in urap_claims.v (`uldp prove urap_uldp --emit coq`).
constexpr const char* kUrapUldpCoq =
    R"coq(Definition urap_d1 (theta t : R) : R := theta / ((1 - theta) * t + theta).

Definition urap_d2 (theta t : R) : R := ((1 - theta) * t + theta) / t.

Definition urap_on (S : nat -> bool) (theta t : R) (x j : nat) : R :=
  if S j then (if Nat.eqb j x then theta else urap_d1 theta t)
  else (if Nat.eqb j x then 1 - urap_d2 theta t else 0).

Definition urap_Q (k : nat) (S : nat -> bool) (theta t : R) (x : nat) (y : nat -> bool) : R :=
  rprod k (fun j => if y j then urap_on S theta t x j else 1 - urap_on S theta t x j).
Definition urap_Yp (k : nat) (S : nat -> bool) (y : nat -> bool) : Prop :=
  forall j, (j < k)%nat -> S j = false -> y j = false.

Definition urap_Yi (k : nat) (S : nat -> bool) (y : nat -> bool) : Prop :=
  exists j, (j < k)%nat /\ S j = false /\ y j = true.
Theorem urap_uldp : forall (t theta : R) (k : nat) (S : nat -> bool),
  1 <= t -> 0 < theta < 1 -> 1 <= count k S ->
  (forall x j, (x < k)%nat -> (j < k)%nat -> 0 <= urap_on S theta t x j <= 1) /\
  ULDP k S (urap_Yp k S) (urap_Yi k S) (urap_Q k S theta t) t /\
  ((2 <= k)%nat -> RatioAttained k (urap_Yp k S) (urap_Q k S theta t) t) /\
  (1 < t -> count k (fun j => negb (S j)) <= 1 ->
   Cond1Literal k S (urap_Yi k S) (urap_Q k S theta t)).
)coq";
/// The claim urap_not_ldp in urap_claims.v (`uldp prove urap_not_ldp --emit coq`).
constexpr const char* kUrapNotLdpCoq =
    R"coq(Definition urap_d1 (theta t : R) : R := theta / ((1 - theta) * t + theta).

Definition urap_d2 (theta t : R) : R := ((1 - theta) * t + theta) / t.

Definition urap_on (S : nat -> bool) (theta t : R) (x j : nat) : R :=
  if S j then (if Nat.eqb j x then theta else urap_d1 theta t)
  else (if Nat.eqb j x then 1 - urap_d2 theta t else 0).

Definition urap_Q (k : nat) (S : nat -> bool) (theta t : R) (x : nat) (y : nat -> bool) : R :=
  rprod k (fun j => if y j then urap_on S theta t x j else 1 - urap_on S theta t x j).
Theorem urap_not_ldp :
  ~ LDP 2 (fun _ => True) (urap_Q 2 (fun j => Nat.eqb j 0) (1 / 2) 2) 2.
)coq";
/// The claim urap_literal_two_nonsensitive_bits in urap_claims.v (`uldp prove
/// urap_literal_two_nonsensitive_bits --emit coq`).
constexpr const char* kUrapLiteralTwoNonsensitiveBitsCoq =
    R"coq(Definition urap_d1 (theta t : R) : R := theta / ((1 - theta) * t + theta).

Definition urap_d2 (theta t : R) : R := ((1 - theta) * t + theta) / t.

Definition urap_on (S : nat -> bool) (theta t : R) (x j : nat) : R :=
  if S j then (if Nat.eqb j x then theta else urap_d1 theta t)
  else (if Nat.eqb j x then 1 - urap_d2 theta t else 0).

Definition urap_Q (k : nat) (S : nat -> bool) (theta t : R) (x : nat) (y : nat -> bool) : R :=
  rprod k (fun j => if y j then urap_on S theta t x j else 1 - urap_on S theta t x j).
Definition urap_Yp (k : nat) (S : nat -> bool) (y : nat -> bool) : Prop :=
  forall j, (j < k)%nat -> S j = false -> y j = false.

Definition urap_Yi (k : nat) (S : nat -> bool) (y : nat -> bool) : Prop :=
  exists j, (j < k)%nat /\ S j = false /\ y j = true.
Theorem urap_literal_two_nonsensitive_bits :
  ~ Cond1Literal 3 (fun j => Nat.eqb j 0) (urap_Yi 3 (fun j => Nat.eqb j 0))
      (urap_Q 3 (fun j => Nat.eqb j 0) (1 / 2) 2).
)coq";

}  // namespace

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<UrapSpec>) {
  using verify::ProofStatus;
  using verify::internal::family_claim;
  return {
      family_claim("urap_uldp", "Proposition 3",
                   "uRAP's bits are probabilities, (X_S, Y_P, eps)-ULDP ratio <= t with t attained "
                   "(|X| >= 2); "
                   "condition 1 in the reachable reading, literally when t > 1 and |X_N| <= 1",
                   "every theta in (0,1), t >= 1, |X_S| >= 1, |X_N| >= 0 (bit-pair classes)",
                   ProofStatus::kProved, true, verify::internal::urap_queries,
                   verify::CoqTheorem{"urap_claims", kUrapUldpCoq}),
      family_claim(
          "urap_literal_two_nonsensitive_bits", "Proposition 3",
          "erratum: y in Y_I with two non-sensitive bits set is produced by no input, so literal "
          "condition 1 fails when |X_N| >= 2 (the proof's 'only one of them is 1' is false)",
          "every theta in (0,1), t > 1, |X_S| >= 1, |X_N| >= 0", ProofStatus::kRefuted, true,
          verify::internal::urap_literal_queries,
          verify::CoqTheorem{"urap_claims", kUrapLiteralTwoNonsensitiveBitsCoq}),
      family_claim("urap_not_ldp", "Proposition 3",
                   "dropping y in Y_P: uRAP's ratio is unbounded on Y_I (it is not eps-LDP)",
                   "every theta in (0,1), t >= 1, |X_S| >= 1, |X_N| >= 0", ProofStatus::kRefuted,
                   true, verify::internal::urap_all_outputs_queries,
                   verify::CoqTheorem{"urap_claims", kUrapNotLdpCoq}),
  };
}

}  // namespace uldp
