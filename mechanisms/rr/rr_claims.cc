// ε-RR (eq. (2)) as a closed-form family for every t and k: the queries of the claim rr_ldp.
#include <string>
#include <vector>

#include "internal/claim_builders.h"
#include "internal/claim_entry.h"
#include "internal/class_table.h"
#include "internal/z3_query.h"
#include "uldp/mechanisms/rr/rr.h"

namespace uldp::verify::internal {

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

}  // namespace uldp::verify::internal

namespace uldp {
namespace {

/// The claim rr_ldp in rr_claims.v (`uldp prove rr_ldp --emit coq`).
constexpr const char* kRrLdpCoq = R"coq(Definition rr_Q (t : R) (k : nat) (x y : nat) : R :=
  if Nat.eqb x y then t / (INR k + t - 1) else 1 / (INR k + t - 1).
Theorem rr_ldp : forall (t : R) (k : nat), 1 <= t -> (1 <= k)%nat ->
  Mechanism k k (rr_Q t k) /\
  LDP k (Outputs k) (rr_Q t k) t /\
  ((2 <= k)%nat -> RatioAttained k (Outputs k) (rr_Q t k) t).
)coq";

}  // namespace

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<RrSpec>) {
  using verify::ProofStatus;
  using verify::internal::family_claim;
  return {
      family_claim("rr_ldp", "eq. (2)",
                   "eps-RR is a mechanism and gives eps-LDP, tight ratio t for |X| >= 2",
                   "every t >= 1, |X| >= 1 (entry classes)", ProofStatus::kProved, true,
                   verify::internal::rr_queries, verify::CoqTheorem{"rr_claims", kRrLdpCoq}),
  };
}

}  // namespace uldp
