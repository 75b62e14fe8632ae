// The count-mean sketch for every width, hash family and s = e^{eps/2} >= 1: its channel's facts,
// as Z3 queries of the claim count_mean_sketch_ldp (the product over the coordinates is Coq's,
// cms_claims.v, through rappor_bloom_claims' bloom_ratio).
#include <string>
#include <vector>

#include "internal/claim_builders.h"
#include "internal/claim_entry.h"
#include "internal/z3_query.h"
#include "uldp/mechanisms/cms/cms.h"

namespace uldp::verify::internal {

std::vector<QueryResult> count_mean_sketch_queries(unsigned timeout_ms) {
  std::vector<QueryResult> out;
  for (int query = 0; query < 2; ++query) {
    z3::context ctx;
    const z3::expr s = ctx.real_const("s");
    const z3::expr a = ctx.real_const("a"), b = ctx.real_const("b");
    // a = s/(1+s) = P(+1|on), b = 1/(1+s) = P(+1|off), named by their definitions.
    const z3::expr params = s >= 1 && a * (1 + s) == s && b * (1 + s) == 1;
    if (query == 0) {
      out.push_back(prove_implication(ctx, "channel",
                                      "CMS: 0 < P(+1|off) <= P(+1|on) < 1 for s >= 1", params,
                                      b > 0 && b <= a && a < 1, timeout_ms, "QF_NRA"));
    } else {
      out.push_back(prove_implication(
          ctx, "ratio",
          "CMS: a coordinate only x's bucket sets, with one only x''s sets, gives at most "
          "a(1-b)/(b(1-a)) = s^2 = e^eps, and attains it",
          params, a * (1 - b) == s * s * (b * (1 - a)), timeout_ms, "QF_NRA"));
    }
  }
  return out;
}

}  // namespace uldp::verify::internal

namespace uldp {
namespace {

/// The claim count_mean_sketch_ldp in cms_claims.v (`uldp prove count_mean_sketch_ldp --emit coq`).
constexpr const char* kCountMeanSketchLdpCoq =
    R"coq(Theorem count_mean_sketch_ldp : forall (m : nat) (s : R) (B B' y : nat -> bool),
  1 <= s -> (bits_set m B <= 1)%nat -> (bits_set m B' <= 1)%nat ->
  bloom_Q m (s / (1 + s)) (1 / (1 + s)) B y <=
  s * s * bloom_Q m (s / (1 + s)) (1 / (1 + s)) B' y.
)coq";

}  // namespace

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<CmsSpec>) {
  using verify::ProofStatus;
  using verify::internal::family_claim;
  return {
      family_claim("count_mean_sketch_ldp", "Apple 2017 (CMS)",
                   "the count-mean sketch is eps-LDP at e^eps = s^2, s = e^{eps/2}, tight",
                   "every m, J, hash family and s >= 1 (the channel; Coq over the coordinates)",
                   ProofStatus::kProved, true, verify::internal::count_mean_sketch_queries,
                   verify::CoqTheorem{"cms_claims", kCountMeanSketchLdpCoq}),
  };
}

}  // namespace uldp
