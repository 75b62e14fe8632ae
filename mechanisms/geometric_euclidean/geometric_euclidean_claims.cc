// The Euclidean geometric mechanism for every grid and ε: its Manhattan bound (the claim
// geometric_metric_ldp, at t') is within the Euclidean one because d1 <= √2 d2 on the grid (the
// query of the claim geometric_euclidean_metric_ldp).
#include <vector>

#include "internal/claim_entry.h"
#include "internal/z3_query.h"
#include "uldp/mechanisms/geometric_euclidean/geometric_euclidean.h"

namespace uldp::verify::internal {
namespace {

std::vector<QueryResult> geometric_euclidean_queries(unsigned timeout_ms) {
  std::vector<QueryResult> out;
  // d1^2 <= 2 d2^2 as two steps cvc5 decides as z3 does (a square's sign, asked directly, it can
  // leave undecided): the difference is a square, and a square is >= 0.
  out.push_back(prove_smtlib(
      "distance.identity",
      "on a grid, 2 d2^2 - d1^2 = 2 (a^2 + b^2) - (a + b)^2 = (a - b)^2 for the axis steps a, b",
      "(set-logic QF_NRA)\n"
      "(declare-fun a () Real) (declare-fun b () Real)\n"
      "; Negated claim.\n"
      "(assert (not (= (- (* 2.0 (+ (* a a) (* b b))) (* (+ a b) (+ a b))) "
      "(* (- a b) (- a b)))))\n",
      timeout_ms));
  out.push_back(prove_smtlib(
      "distance.square",
      "(a - b)^2 >= 0, with a >= b >= 0 (the axes swapped otherwise), so d1 <= sqrt 2 d2",
      "(set-logic QF_NRA)\n"
      "(declare-fun a () Real) (declare-fun b () Real) (declare-fun f () Real)\n"
      "(declare-fun g () Real)\n"
      "(assert (and (>= a b) (>= b 0.0) (= f (- a b)) (= g (- a b))))\n"
      "; Negated claim.\n"
      "(assert (< (* f g) 0.0))\n",
      timeout_ms));
  return out;
}

}  // namespace
}  // namespace uldp::verify::internal

namespace uldp {
namespace {

/// The claim geometric_euclidean_metric_ldp in geometric_euclidean_claims.v (`uldp prove
/// geometric_euclidean_metric_ldp --emit coq`).
constexpr const char* kGeometricEuclideanMetricLdpCoq =
    R"coq(Definition geo_dist (a b : nat) : nat := if Nat.leb a b then (b - a)%nat else (a - b)%nat.

Definition geo_axis (n : nat) (t : R) (x y : nat) : R :=
  if Nat.eqb n 1 then 1
  else (if orb (Nat.eqb y 0) (Nat.eqb y (n - 1)) then / (1 + / t) else (1 - / t) / (1 + / t))
       * (/ t) ^ (geo_dist x y).

Definition geo_Q (W H : nat) (t : R) (x y : nat) : R :=
  geo_axis H t (x / W) (y / W) * geo_axis W t (x mod W) (y mod W).

Definition geo_d2 (W : nat) (x x' : nat) : R :=
  sqrt (INR (geo_dist (x / W) (x' / W)) ^ 2 + INR (geo_dist (x mod W) (x' mod W)) ^ 2).
Theorem geometric_euclidean_metric_ldp : forall (W H : nat) (t t' : R),
  (1 <= W)%nat -> (1 <= H)%nat -> 1 <= t' -> Rpower t' (sqrt 2) <= t ->
  Mechanism (W * H) (W * H) (geo_Q W H t') /\
  (forall x x' y, (x < W * H)%nat -> (x' < W * H)%nat -> (y < W * H)%nat ->
     geo_Q W H t' x y <= Rpower t (geo_d2 W x x') * geo_Q W H t' x' y).
)coq";

}  // namespace

std::vector<verify::internal::ClaimEntry> family_claims(
    std::type_identity<GeometricEuclideanSpec>) {
  using verify::ProofStatus;
  using verify::internal::family_claim;
  return {family_claim(
      "geometric_euclidean_metric_ldp", "Andres et al., CCS 2013",
      "the truncated geometric grid mechanism at t' <= e^(eps/sqrt 2) per unit of Manhattan "
      "distance is metric LDP with eps per unit of Euclidean distance",
      "every grid and every eps > 0: with geometric_metric_ldp at t' and t' <= e^(eps/sqrt 2) "
      "(certified, tested), since powers of a base >= 1 grow with the exponent",
      ProofStatus::kProved, true, verify::internal::geometric_euclidean_queries,
      verify::CoqTheorem{"geometric_euclidean_claims", kGeometricEuclideanMetricLdpCoq})};
}

}  // namespace uldp
