// The construction uldp-from-ldp (uldp/constructions/uldp_from_ldp.h) for every finite X_S, X_N and
// output set: M is an uninterpreted real function on inputs and outputs, ε-LDP on X_S by a
// quantified hypothesis; the non-sensitive row r(y) is pinned by its defining properties (a bound
// attained at some sensitive input) rather than computed, so the proof covers every size. Row mass
// (Σ_y r(y) <= 1, so the own output's 1 - Σ r is a probability) is a sum over the outputs: it is
// proved by induction on the partial sums, as post-processing is (all_sizes_claims.cc).
#include <string>
#include <vector>

#include "internal/claim_builders.h"
#include "internal/z3_query.h"

namespace uldp::verify::internal {
namespace {

// cvc5 strategies, tried in order: finite models for the uninterpreted sorts; for the induction
// step over integer outputs, its default instantiation first (finite model finding spins there).
constexpr const char* kCvc5Strategies = "--finite-model-find|--mbqi --fmf-bound";
constexpr const char* kCvc5IntegerStrategies = "|--mbqi --fmf-bound";

// r(y) for the variant, over an output sort `Y` ("Y" or "Int"), with `guard` restricting y.
std::string row_definition(UldpFromLdpVariant variant, const std::string& y_sort,
                           const std::string& guard) {
  std::string text = "(declare-fun r (" + y_sort + ") Real) (declare-fun at (" + y_sort + ") X)\n";
  switch (variant) {
    case UldpFromLdpVariant::kMinimum:
      return text +
             "; r(y) = min over X_S of M(y|s): below every sensitive row, attained at at(y).\n"
             "(assert (forall ((s X) (y " +
             y_sort + ")) (=> (and " + guard +
             " (XS s)) (<= (r y) (M s y)))))\n"
             "(assert (forall ((y " +
             y_sort + ")) (=> " + guard + " (and (XS (at y)) (= (r y) (M (at y) y))))))\n";
    case UldpFromLdpVariant::kLowest:
      return text +
             "; r(y) = max over X_S of M(y|s) / t: t r(y) above every sensitive row, attained.\n"
             "(assert (forall ((s X) (y " +
             y_sort + ")) (=> (and " + guard +
             " (XS s)) (<= (M s y) (* t (r y))))))\n"
             "(assert (forall ((y " +
             y_sort + ")) (=> " + guard + " (and (XS (at y)) (= (* t (r y)) (M (at y) y))))))\n";
    case UldpFromLdpVariant::kLargest:
      return text +
             "; MUTANT: r(y) = max over X_S of M(y|s), the largest probability.\n"
             "(assert (forall ((s X) (y " +
             y_sort + ")) (=> (and " + guard +
             " (XS s)) (<= (M s y) (r y)))))\n"
             "(assert (forall ((y " +
             y_sort + ")) (=> " + guard + " (and (XS (at y)) (= (r y) (M (at y) y))))))\n";
  }
  return text;
}

std::string common(const std::string& y_sort, const std::string& guard) {
  return "; uldp-from-ldp for every finite X and output set Y_P = the outputs of M.\n"
         "; X: inputs (XS the sensitive ones); M(y|x) = (M x y), read on sensitive rows only.\n"
         "(declare-sort X 0)\n"
         "(declare-fun XS (X) Bool) (declare-fun M (X " +
         y_sort +
         ") Real) (declare-fun t () Real)\n"
         "(assert (>= t 1.0))\n"
         "(assert (forall ((x X) (y " +
         y_sort + ")) (=> " + guard +
         " (and (>= (M x y) 0.0) (<= (M x y) 1.0)))))\n"
         "; Hypothesis: M is eps-LDP on X_S (t = e^eps).\n"
         "(assert (forall ((x X) (x2 X) (y " +
         y_sort + ")) (=> (and " + guard + " (XS x) (XS x2)) (<= (M x y) (* t (M x2 y))))))\n";
}

}  // namespace

std::vector<QueryResult> uldp_from_ldp_all_sizes(unsigned timeout_ms, UldpFromLdpVariant variant) {
  const std::string title = variant == UldpFromLdpVariant::kLargest
                                ? "uldp-from-ldp with the largest probability (mutant)"
                                : "uldp-from-ldp";
  const std::string sorted = "(declare-sort Y 0)\n" + common("Y", "true") +
                             row_definition(variant, "Y", "true") +
                             "; Q(y|x) on Y_P: M(y|x) for x in X_S, r(y) otherwise.\n"
                             "(define-fun Q ((x X) (y Y)) Real (ite (XS x) (M x y) (r y)))\n";
  std::vector<QueryResult> out;
  out.push_back(
      prove_smtlib("all_sizes.ratio", title + ": ratio on Y_P (all sizes)",
                   sorted + "; Negated claim: inputs a, b and an output y with Q(y|a) > t Q(y|b).\n"
                            "(declare-fun a () X) (declare-fun b () X) (declare-fun y () Y)\n"
                            "(assert (> (Q a y) (* t (Q b y))))\n",
                   timeout_ms, kCvc5Strategies));
  out.push_back(prove_smtlib("all_sizes.entries", title + ": entries in [0, 1] (all sizes)",
                             sorted + "(declare-fun y () Y)\n"
                                      "(assert (or (< (r y) 0.0) (> (r y) 1.0)))\n",
                             timeout_ms, kCvc5Strategies));
  // Row mass by induction on the outputs 0..n-1: S_k = Σ_{y<k} r(y), P_k = Σ_{y<k} M(y|s0) for a
  // sensitive s0; S_0 = P_0 = 0, and S_k <= P_k carries to k+1, so S_n <= P_n = 1.
  out.push_back(prove_smtlib(
      "all_sizes.row_mass_step", title + ": row mass, induction step (all sizes)",
      "(declare-fun n () Int)\n" + common("Int", "(and (<= 0 y) (< y n))") +
          row_definition(variant, "Int", "(and (<= 0 y) (< y n))") +
          "; Induction step: S_k <= P_k implies S_k + r(k) <= P_k + M(k|s0), for k < n.\n"
          "(declare-fun s0 () X) (declare-fun k () Int) (declare-fun S () Real) "
          "(declare-fun P () Real)\n"
          "(assert (and (XS s0) (<= 0 k) (< k n) (<= S P) (not (<= (+ S (r k)) (+ P (M s0 "
          "k))))))\n",
      timeout_ms, kCvc5IntegerStrategies));
  // Condition 1 of the own outputs: own(z) is given by z alone (z in X_N) with 1 - Σ r > 0 (the
  // construction lists own outputs only then).
  out.push_back(prove_smtlib(
      "all_sizes.condition1", title + ": condition 1 of the own outputs (all sizes)",
      std::string("(declare-sort X 0) (declare-fun XS (X) Bool) (declare-fun c () Real)\n") +
          "(assert (> c 0.0))\n"
          "(define-fun Own ((x X) (z X)) Real (ite (and (= x z) (not (XS x))) c 0.0))\n"
          "; Negated claim (literal reading): some own output z (z in X_N) not produced by z "
          "alone.\n"
          "(declare-fun z () X) (declare-fun w () X)\n"
          "(assert (and (not (XS z)) (or (not (> (Own z z) 0.0)) (and (not (= w z)) (> (Own w z) "
          "0.0)))))\n",
      timeout_ms, kCvc5Strategies));
  return out;
}

}  // namespace uldp::verify::internal
