// Mangat's randomized response for every p: the queries of the claims mangat_uldp and
// mangat_p_one.
#include <string>
#include <vector>

#include "internal/claim_builders.h"
#include "internal/claim_entry.h"
#include "internal/symbolic_matrix.h"
#include "internal/z3_query.h"
#include "uldp/mechanisms/mangat/mangat.h"

namespace uldp::verify::internal {
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

namespace uldp {
namespace {

/// The claim mangat_uldp in mangat_claims.v (`uldp prove mangat_uldp --emit coq`).
constexpr const char* kMangatUldpCoq = R"coq(Definition mangat_S (x : nat) : bool := Nat.eqb x 1.
Definition mangat_Q (p : R) (x y : nat) : R :=
  if Nat.eqb x 1 then (if Nat.eqb y 1 then 1 else 0)
  else (if Nat.eqb y 1 then p else 1 - p).
Theorem mangat_uldp : forall p : R, 0 < p < 1 ->
  Mechanism 2 2 (mangat_Q p) /\
  ULDPLiteral 2 mangat_S (Protected 2 mangat_S) (Invertible 2 mangat_S) (mangat_Q p) (1 / p) /\
  RatioAttained 2 (Protected 2 mangat_S) (mangat_Q p) (1 / p) /\
  (forall t : R, 1 <= t -> ~ LDP 2 (Outputs 2) (mangat_Q p) t).
)coq";
/// The claim mangat_p_one in mangat_claims.v (`uldp prove mangat_p_one --emit coq`).
constexpr const char* kMangatPOneCoq = R"coq(Definition mangat_S (x : nat) : bool := Nat.eqb x 1.
Definition mangat_Q (p : R) (x y : nat) : R :=
  if Nat.eqb x 1 then (if Nat.eqb y 1 then 1 else 0)
  else (if Nat.eqb y 1 then p else 1 - p).
Theorem mangat_p_one : LDP 2 (Outputs 2) (mangat_Q 1) 1.
)coq";

}  // namespace

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<MangatSpec>) {
  using verify::ProofStatus;
  using verify::internal::family_claim;
  return {
      family_claim("mangat_uldp", "Definition 2",
                   "Mangat's RR gives (X_S, Y_P, ln 1/p)-ULDP, tight, and no eps-LDP for any eps",
                   "every p in (0,1)", ProofStatus::kProved, true, verify::internal::mangat_queries,
                   verify::CoqTheorem{"mangat_claims", kMangatUldpCoq}),
      family_claim("mangat_p_one", "Definition 2",
                   "dropping p < 1: p = 1 is the constant mechanism, which is 0-LDP",
                   "every p in (0,1]", ProofStatus::kRefuted, true,
                   verify::internal::mangat_p_one_queries,
                   verify::CoqTheorem{"mangat_claims", kMangatPOneCoq}),
  };
}

}  // namespace uldp
