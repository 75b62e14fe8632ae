// The geometric grid mechanism for every grid and every t > 1: the claim geometric_metric_ldp.
// On one axis of n cells the entries are G(y|x) = c(y) α^|y-x| with c(y) the edge or interior
// coefficient: the queries are over symbolic n, x and y, so they cover every size. The grid is the
// product of its two axes, and the metric bound follows from the adjacent one by chaining along a
// shortest path (the loss is submultiplicative): both steps are queries too. The structure itself
// (the entries' form, the grid as a product) and rows summing to 1 are tested exactly, not proved
// here: the queries prove the algebra on it.
#include <string>
#include <vector>

#include "internal/claim_entry.h"
#include "internal/z3_query.h"
#include "uldp/mechanisms/geometric/geometric.h"

namespace uldp::verify::internal {
namespace {

// One axis of n >= 2 cells, adjacent inputs x and x + 1, any output y. Entry (x, y) is
// c(y) α^dist(x, y), c(y) > 0 the same for every input: so the two entries of column y are
// c α^d and c α^d', and the claim is that d' = d ± 1 (linear integer arithmetic, every n, x, y),
// after which one entry is t times the other (c cancels) and the ratio is t or 1/t.
const std::string kAdjacent =
    "; One axis of n >= 2 cells: adjacent inputs x, x + 1 and any output y.\n"
    "(declare-fun n () Int) (declare-fun x () Int) (declare-fun y () Int)\n"
    "(assert (>= n 2)) (assert (and (<= 0 x) (<= x (- n 2)) (<= 0 y) (<= y (- n 1))))\n"
    "(define-fun dist ((a Int) (b Int)) Int (ite (>= b a) (- b a) (- a b)))\n";

std::vector<QueryResult> geometric_queries(unsigned timeout_ms) {
  std::vector<QueryResult> out;
  out.push_back(prove_smtlib(
      "axis.distance",
      "geometric: adjacent inputs are one step nearer and farther from every output (every n)",
      kAdjacent + "; Negated claim: dist(x + 1, y) is neither dist(x, y) + 1 nor - 1.\n"
                  "(assert (not (or (= (dist (+ x 1) y) (+ (dist x y) 1)) (= (dist x y) (+ (dist "
                  "(+ x 1) y) 1)))))\n",
      timeout_ms));
  out.push_back(prove_smtlib(
      "axis.tight",
      "geometric: the edge output 0 is one step farther from x + 1 than from x, so its ratio is t "
      "(every n)",
      kAdjacent + "; Negated claim.\n(assert (not (= (dist (+ x 1) 0) (+ (dist x 0) 1))))\n",
      timeout_ms));
  out.push_back(prove_smtlib(
      "axis.ratio",
      "geometric: entries c alpha^d and c alpha^(d + 1) (either way round) are within t of each "
      "other, alpha = 1/t, c > 0",
      "(set-logic QF_NRA)\n"
      "; p = c alpha^d, q = c alpha^(d +- 1): one is t times the other.\n"
      "(declare-fun t () Real) (declare-fun p () Real) (declare-fun q () Real)\n"
      "(assert (> t 1.0)) (assert (> p 0.0)) (assert (> q 0.0))\n"
      "(assert (or (= p (* t q)) (= q (* t p))))\n"
      "; Negated claim.\n(assert (or (> p (* t q)) (> q (* t p))))\n",
      timeout_ms));
  out.push_back(prove_smtlib(
      "grid.step",
      "geometric: one step along an axis of the grid keeps the ratio <= t (the other axis's "
      "factor is the same for both cells)",
      "(set-logic QF_NRA)\n"
      "(declare-fun t () Real) (declare-fun a () Real) (declare-fun a2 () Real)\n"
      "(declare-fun b () Real)\n"
      "(assert (and (> t 1.0) (> a 0.0) (> a2 0.0) (> b 0.0) (<= a (* t a2))))\n"
      "; Negated claim: Q = a b against Q' = a2 b.\n"
      "(assert (> (* a b) (* t (* a2 b))))\n",
      timeout_ms));
  out.push_back(prove_smtlib(
      "chain.step",
      "geometric: a path of d + 1 steps (loss submultiplicative, t^(d+1) = t t^d) keeps the "
      "bound t^(d+1), so every pair is within t^(Manhattan distance)",
      "(set-logic QF_NRA)\n"
      "(declare-fun t () Real) (declare-fun td () Real) (declare-fun td1 () Real)\n"
      "(declare-fun qx () Real) (declare-fun qw () Real) (declare-fun qz () Real)\n"
      "(assert (and (> t 1.0) (> td 0.0) (= td1 (* t td)) (> qx 0.0) (> qw 0.0) (> qz 0.0)))\n"
      "; x is d steps from w (Q(y|x) <= t^d Q(y|w)), w one step from z.\n"
      "(assert (and (<= qx (* td qw)) (<= qw (* t qz))))\n"
      "; Negated claim.\n(assert (> qx (* td1 qz)))\n",
      timeout_ms));
  return out;
}

}  // namespace
}  // namespace uldp::verify::internal

namespace uldp {
namespace {

/// The claim geometric_metric_ldp in geometric_claims.v (`uldp prove geometric_metric_ldp --emit
/// coq`).
constexpr const char* kGeometricMetricLdpCoq =
    R"coq(Definition geo_dist (a b : nat) : nat := if Nat.leb a b then (b - a)%nat else (a - b)%nat.

Definition geo_axis (n : nat) (t : R) (x y : nat) : R :=
  if Nat.eqb n 1 then 1
  else (if orb (Nat.eqb y 0) (Nat.eqb y (n - 1)) then / (1 + / t) else (1 - / t) / (1 + / t))
       * (/ t) ^ (geo_dist x y).

Definition geo_Q (W H : nat) (t : R) (x y : nat) : R :=
  geo_axis H t (x / W) (y / W) * geo_axis W t (x mod W) (y mod W).

Definition geo_d1 (W : nat) (x x' : nat) : nat :=
  (geo_dist (x / W) (x' / W) + geo_dist (x mod W) (x' mod W))%nat.
Theorem geometric_metric_ldp : forall (W H : nat) (t : R),
  (1 <= W)%nat -> (1 <= H)%nat -> 1 <= t ->
  Mechanism (W * H) (W * H) (geo_Q W H t) /\
  (forall x x' y, (x < W * H)%nat -> (x' < W * H)%nat -> (y < W * H)%nat ->
     geo_Q W H t x y <= t ^ (geo_d1 W x x') * geo_Q W H t x' y) /\
  (forall x x', (x < W * H)%nat -> (x' < W * H)%nat -> geo_d1 W x x' = 1%nat ->
     exists y, (y < W * H)%nat /\ 0 < geo_Q W H t x' y /\
       geo_Q W H t x y = t * geo_Q W H t x' y).
)coq";

}  // namespace

std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<GeometricSpec>) {
  using verify::ProofStatus;
  using verify::internal::family_claim;
  return {family_claim(
      "geometric_metric_ldp", "Andres et al., CCS 2013",
      "the truncated geometric grid mechanism at t per unit is metric LDP with t^d for the "
      "Manhattan distance d, tight for adjacent cells",
      "every grid and every t > 1", ProofStatus::kProved, true, verify::internal::geometric_queries,
      verify::CoqTheorem{"geometric_claims", kGeometricMetricLdpCoq})};
}

}  // namespace uldp
