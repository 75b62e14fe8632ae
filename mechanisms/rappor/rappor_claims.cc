// Generalized RAPPOR as a product-of-bits family for every t, θ and k: the queries of the claim
// rappor_ldp.
#include <string>
#include <vector>

#include "internal/bit_classes.h"
#include "internal/claim_builders.h"
#include "internal/claim_entry.h"
#include "internal/z3_query.h"
#include "uldp/mechanisms/rappor/rappor.h"

namespace uldp::verify::internal {

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

}  // namespace uldp::verify::internal

namespace uldp {
namespace {

/// The claim rappor_ldp in rappor_claims.v (`uldp prove rappor_ldp --emit coq`).
constexpr const char* kRapporLdpCoq =
    R"coq(Definition rappor_psi (theta t : R) : R := theta / ((1 - theta) * t + theta).

Definition rappor_on (theta t : R) (x j : nat) : R :=
  if Nat.eqb j x then theta else rappor_psi theta t.

Definition rappor_Q (k : nat) (theta t : R) (x : nat) (y : nat -> bool) : R :=
  rprod k (fun j => if y j then rappor_on theta t x j else 1 - rappor_on theta t x j).
Theorem rappor_ldp : forall (t theta : R) (k : nat),
  1 <= t -> 0 <= theta <= 1 -> (1 <= k)%nat ->
  (forall x j, (x < k)%nat -> (j < k)%nat -> 0 <= rappor_on theta t x j <= 1) /\
  LDP k (fun _ => True) (rappor_Q k theta t) t /\
  ((2 <= k)%nat -> 0 < theta < 1 -> RatioAttained k (fun _ => True) (rappor_Q k theta t) t).
)coq";

}  // namespace

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<RapporSpec>) {
  using verify::ProofStatus;
  using verify::internal::family_claim;
  return {
      family_claim("rappor_ldp", "Section 2.4",
                   "(theta, eps)-generalized RAPPOR gives eps-LDP for theta in [0,1], tight for "
                   "theta in (0,1)",
                   "every t >= 1, theta in [0,1], |X| >= 1 (bit-pair classes)",
                   ProofStatus::kProved, true, verify::internal::rappor_queries,
                   verify::CoqTheorem{"rappor_claims", kRapporLdpCoq}),
  };
}

}  // namespace uldp
