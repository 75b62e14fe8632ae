// Bloom-filter RAPPOR for every filter size, number of hashes and channel: the per-bit facts
// the Coq proof multiplies over the bits (rappor_bloom_claims.v), as Z3 queries of the claim
// rappor_bloom_ldp.
#include <string>
#include <vector>

#include "internal/claim_builders.h"
#include "internal/claim_entry.h"
#include "internal/z3_query.h"
#include "uldp/mechanisms/rappor_bloom/rappor_bloom.h"

namespace uldp::verify::internal {

std::vector<QueryResult> rappor_bloom_queries(unsigned timeout_ms) {
  std::vector<QueryResult> out;
  {
    // The one-report channel of f, p, q: 0 < p* <= q* < 1.
    z3::context ctx;
    const z3::expr f = ctx.real_const("f"), p = ctx.real_const("p"), q = ctx.real_const("q");
    const z3::expr q_star = (1 - f / 2) * q + f / 2 * p, p_star = f / 2 * q + (1 - f / 2) * p;
    out.push_back(prove_implication(
        ctx, "channel", "RAPPOR: 0 <= f <= 1 and 0 < p <= q < 1 give 0 < p* <= q* < 1",
        f >= 0 && f <= 1 && p > 0 && p <= q && q<1, p_star> 0 && p_star <= q_star && q_star < 1,
        timeout_ms, "QF_NRA"));
  }
  {
    // Each bit only x sets grows the ratio by at most r1 = a/b, each only x' sets by at most
    // r0 = (1-b)/(1-a), whatever the bit reports; both are >= 1.
    z3::context ctx;
    const z3::expr a = ctx.real_const("a"), b = ctx.real_const("b");
    const z3::expr r1 = ctx.real_const("r1"), r0 = ctx.real_const("r0");
    const z3::expr params = b > 0 && b <= a && a < 1 && r1 * b == a && r0 * (1 - a) == 1 - b;
    out.push_back(prove_implication(
        ctx, "bit_ratio",
        "a bit in one filter only: P(v|x) <= r P(v|x') for v = 0, 1, with r1 = a/b (x's bit) and "
        "r0 = (1-b)/(1-a) (x''s bit), both >= 1",
        params,
        a <= r1 * b && 1 - a <= r1 * (1 - b) && b <= r0 * a && 1 - b <= r0 * (1 - a) && r1 >= 1 &&
            r0 >= 1,
        timeout_ms, "QF_NRA"));
  }
  {
    // Tight: a bit only x sets reported 1 and one only x' sets reported 0 give r1 r0, the
    // factor (q*(1-p*))/(p*(1-q*)) of Erlingsson et al.'s eps_1 per pair of hashes.
    z3::context ctx;
    const z3::expr a = ctx.real_const("a"), b = ctx.real_const("b");
    const z3::expr r1 = ctx.real_const("r1"), r0 = ctx.real_const("r0");
    const z3::expr params = b > 0 && b <= a && a < 1 && r1 * b == a && r0 * (1 - a) == 1 - b;
    out.push_back(prove_implication(ctx, "tight",
                                    "the pair of bits (1 on x's, 0 on x''s) attains r1 r0 = "
                                    "a(1-b)/(b(1-a))",
                                    params, a * (1 - b) == r1 * r0 * (b * (1 - a)), timeout_ms,
                                    "QF_NRA"));
  }
  return out;
}

}  // namespace uldp::verify::internal

namespace uldp {
namespace {

/// The claim rappor_bloom_ldp in rappor_bloom_claims.v (`uldp prove rappor_bloom_ldp --emit coq`).
constexpr const char* kRapporBloomLdpCoq =
    R"coq(Fixpoint bits_set (m : nat) (B : nat -> bool) : nat :=
  match m with
  | O => O
  | S m' => (bits_set m' B + (if B m' then 1 else 0))%nat
  end.

Definition bloom_Q (m : nat) (a b : R) (B y : nat -> bool) : R :=
  rprod m (fun j => let p := if B j then a else b in if y j then p else 1 - p).

Definition q_star (f p q : R) : R := (1 - f / 2) * q + f / 2 * p.
Definition p_star (f p q : R) : R := f / 2 * q + (1 - f / 2) * p.
Theorem rappor_bloom_ldp : forall (m h : nat) (f p q : R) (B B' y : nat -> bool),
  (bits_set m B <= h)%nat -> (bits_set m B' <= h)%nat ->
  (0 <= f <= 1 -> 0 < p -> p <= q -> q < 1 ->
   bloom_Q m (q_star f p q) (p_star f p q) B y <=
   (q_star f p q * (1 - p_star f p q) / (p_star f p q * (1 - q_star f p q))) ^ h *
   bloom_Q m (q_star f p q) (p_star f p q) B' y) /\
  (0 < f <= 1 ->
   bloom_Q m (1 - f / 2) (f / 2) B y <=
   ((1 - f / 2) / (f / 2)) ^ (2 * h) * bloom_Q m (1 - f / 2) (f / 2) B' y).
)coq";

}  // namespace

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<RapporBloomSpec>) {
  using verify::ProofStatus;
  using verify::internal::family_claim;
  return {
      family_claim("rappor_bloom_ldp", "CCS 2014 (RAPPOR)",
                   "Bloom-filter RAPPOR: one report is eps-LDP at (q*(1-p*)/(p*(1-q*)))^h and the "
                   "long run at ((1-f/2)/(f/2))^(2h), for every m, h and filters of <= h bits",
                   "every m, h, 0 <= f <= 1, 0 < p <= q < 1 (per-bit factors; Coq over the bits)",
                   ProofStatus::kProved, true, verify::internal::rappor_bloom_queries,
                   verify::CoqTheorem{"rappor_bloom_claims", kRapporBloomLdpCoq}),
  };
}

}  // namespace uldp
