// The Hadamard count-mean sketch for every J, m, hash family and t >= 1: a column holds
// t/((1+t) J m) and 1/((1+t) J m), per (j, l) the two w give a row's 1/(J m); the Z3 queries of the
// claim hadamard_count_mean_sketch_ldp (hcms_claims.v proves it for every sign table).
#include <string>
#include <vector>

#include "internal/claim_builders.h"
#include "internal/claim_entry.h"
#include "internal/z3_query.h"
#include "uldp/mechanisms/hcms/hcms.h"

namespace uldp::verify::internal {

std::vector<QueryResult> hadamard_count_mean_sketch_queries(unsigned timeout_ms) {
  std::vector<QueryResult> out;
  for (int query = 0; query < 3; ++query) {
    z3::context ctx;
    const z3::expr t = ctx.real_const("t"), cells = ctx.real_const("Jm");
    const z3::expr keep = ctx.real_const("keep"), other = ctx.real_const("other");
    // keep = t/((1+t) J m), other = 1/((1+t) J m), named by their definitions.
    const z3::expr params =
        t >= 1 && cells >= 1 && keep * ((1 + t) * cells) == t && other * ((1 + t) * cells) == 1;
    if (query == 0) {
      out.push_back(prove_implication(ctx, "rows_sum_to_1",
                                      "HCMS: per (j, l) the two signs give 1/(J m), so J m of "
                                      "them give 1",
                                      params, (keep + other) * cells == 1, timeout_ms, "QF_NRA"));
    } else if (query == 1) {
      out.push_back(prove_implication(
          ctx, "ratio",
          "HCMS: 0 < other <= keep <= t other, so every ratio in a column is at most t", params,
          other > 0 && other <= keep && keep <= t * other, timeout_ms, "QF_NRA"));
    } else {
      out.push_back(prove_implication(
          ctx, "tight", "HCMS: a column two inputs' coefficients tell apart attains t", params,
          keep == t * other, timeout_ms, "QF_NRA"));
    }
  }
  return out;
}

}  // namespace uldp::verify::internal

namespace uldp {
namespace {

/// The claim hadamard_count_mean_sketch_ldp in hcms_claims.v.
constexpr const char* kHadamardCountMeanSketchLdpCoq =
    R"coq(Definition hcms_Q (J m : nat) (t : R) (hash : nat -> nat -> nat) (sign : nat -> nat -> bool)
    (x j l : nat) (w : bool) : R :=
  / (INR J * INR m) * (if Bool.eqb w (sign l (hash j x)) then t / (1 + t) else 1 / (1 + t)).

Theorem hadamard_count_mean_sketch_ldp : forall (J m : nat) (t : R) (hash : nat -> nat -> nat)
    (sign : nat -> nat -> bool),
  1 <= t -> (1 <= J)%nat -> (1 <= m)%nat ->
  (forall x x' j l w,
     hcms_Q J m t hash sign x j l w <= t * hcms_Q J m t hash sign x' j l w) /\
  (forall x j l, hcms_Q J m t hash sign x j l true + hcms_Q J m t hash sign x j l false =
                 / (INR J * INR m)) /\
  (forall x x' j l, sign l (hash j x) <> sign l (hash j x') ->
     hcms_Q J m t hash sign x j l (sign l (hash j x)) =
     t * hcms_Q J m t hash sign x' j l (sign l (hash j x))).
)coq";

}  // namespace

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<HcmsSpec>) {
  using verify::ProofStatus;
  using verify::internal::family_claim;
  return {
      family_claim("hadamard_count_mean_sketch_ldp", "Apple 2017 (HCMS)",
                   "the Hadamard count-mean sketch is eps-LDP at e^eps = t, rows summing to 1, "
                   "tight",
                   "every J, m, hash family, sign table and t >= 1", ProofStatus::kProved, true,
                   verify::internal::hadamard_count_mean_sketch_queries,
                   verify::CoqTheorem{"hcms_claims", kHadamardCountMeanSketchLdpCoq}),
  };
}

}  // namespace uldp
