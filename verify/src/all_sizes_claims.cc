// The constructions for sets of every finite size: inputs, outputs and tags are uninterpreted
// sorts (post-processing: the middle set Y is {0, ..., n-1} with n symbolic), entries are
// uninterpreted real functions, the hypotheses are universally quantified, and the negated claim
// is a ground existential over fresh constants. A model of a query has finite universes: it is a
// counterexample of that size. Why the encoding is complete: docs/verification.md.
#include <string>
#include <vector>

#include "internal/claim_builders.h"
#include "internal/z3_query.h"

namespace uldp::verify::internal {
namespace {

// cvc5 finds finite models of the purely uninterpreted encodings only with finite model finding;
// the integer-indexed post-processing queries need its default instantiation instead.
// cvc5 strategies, tried in order: finite models, then model-based instantiation with bounded
// integer quantifiers (which finds the post-processing step counterexamples).
constexpr const char* kFiniteModels = "--finite-model-find|--mbqi --fmf-bound";
// The induction steps: cvc5's defaults first, then the same fallback.
constexpr const char* kDefaultThenMbqi = "|--mbqi --fmf-bound";

/// 0 <= Q(y|x) <= 1 for every row and column of a kernel `q` with the given argument sorts (row
/// sums, which need sums over a sort, are not hypotheses: no proof uses them).
std::string nonnegative(const std::string& q, const std::string& row_sort,
                        const std::string& col_sort) {
  return "(assert (forall ((x " + row_sort + ") (y " + col_sort + ")) (and (>= (" + q +
         " x y) 0.0) (<= (" + q + " x y) 1.0))))\n";
}

/// The ratio condition on protected outputs: for y in P, Q(y|x) <= t Q(y|x').
std::string ratio_on(const std::string& q, const std::string& row_sort, const std::string& col_sort,
                     const std::string& p, const std::string& t) {
  return "(assert (forall ((x " + row_sort + ") (x2 " + row_sort + ") (y " + col_sort + ")) (=> (" +
         p + " y) (<= (" + q + " x y) (* " + t + " (" + q + " x2 y))))))\n";
}

/// Condition 1 (eq. (4)) of `q` for every y outside P, sensitive rows S. Literal: y has a source
/// src(y) (a Skolem function) that is non-sensitive with Q(y|src(y)) > 0, and every other row has
/// 0. Reachable: every producer of y is non-sensitive and there is at most one.
std::string invertible(const std::string& q, const std::string& row_sort,
                       const std::string& col_sort, const std::string& s, const std::string& p,
                       Reading reading) {
  if (reading == Reading::kReachable) {
    return "(assert (forall ((x " + row_sort + ") (x2 " + row_sort + ") (y " + col_sort +
           ")) (=> (and (not (" + p + " y)) (> (" + q + " x y) 0.0)) (and (not (" + s +
           " x)) (=> (> (" + q + " x2 y) 0.0) (= x x2))))))\n";
  }
  const std::string src = "src_" + q;
  return "(declare-fun " + src + " (" + col_sort + ") " + row_sort + ")\n" +
         "(assert (forall ((y " + col_sort + ")) (=> (not (" + p + " y)) (and (not (" + s + " (" +
         src + " y))) (> (" + q + " (" + src + " y) y) 0.0)))))\n" + "(assert (forall ((x " +
         row_sort + ") (y " + col_sort + ")) (=> (and (not (" + p + " y)) (not (= x (" + src +
         " y)))) (= (" + q + " x y) 0.0))))\n";
}

/// The negation of condition 1 for one column of a composite kernel C(x) (a define-fun of one
/// input argument) whose output is not protected: `unprotected` holds and the column is not
/// invertible in the given reading (a, b: the two inputs the negation may name).
std::string not_invertible(const std::string& c, const std::string& row_sort,
                           const std::string& unprotected, const std::string& s, Reading reading) {
  if (reading == Reading::kReachable) {
    return "(and " + unprotected + " (> (" + c + " a) 0.0) (or (" + s + " a) (and (> (" + c +
           " b) 0.0) (not (= a b)))))";
  }
  return "(and " + unprotected + " (forall ((w " + row_sort + ")) (not (and (not (" + s +
         " w)) (> (" + c + " w) 0.0) (forall ((x " + row_sort + ")) (=> (not (= x w)) (= (" + c +
         " x) 0.0)))))))";
}

std::string title_of(const std::string& what) { return what + " (all sizes)"; }

}  // namespace

std::vector<QueryResult> composition_all_sizes(unsigned timeout_ms, Reading reading,
                                               CompositionVariant variant) {
  std::string text =
      "; Proposition 1 (adaptive sequential composition) for every finite X, Y0, Y1.\n"
      "; Sorts: X inputs, Y0 outputs of Q0, Y1 outputs of Q1. XS, Y0P, Y1P: the subsets.\n"
      "; Why a model is a counterexample: every universe of a model is a finite set (the solvers\n"
      "; build finite models), the functions are the entries of kernels on those sets satisfying\n"
      "; every hypothesis, and the constants name where the conclusion fails.\n"

      "(declare-sort X 0) (declare-sort Y0 0) (declare-sort Y1 0)\n"
      "(declare-fun XS (X) Bool) (declare-fun Y0P (Y0) Bool) (declare-fun Y1P (Y1) Bool)\n"
      "; Q0(y0|x) = (Q0 x y0); Q1(y1|y0, x) = (Q1_y0 ...): one kernel per y0, curried below.\n"
      "(declare-fun Q0 (X Y0) Real) (declare-fun Q1 (Y0 X Y1) Real)\n"
      "(declare-fun t0 () Real) (declare-fun t1 () Real)\n"
      "; Hypothesis: t0 = e^eps0 >= 1, t1 = e^eps1 >= 1, entries in [0,1] (row sums unused).\n"
      "(assert (>= t0 1.0)) (assert (>= t1 1.0))\n";
  text += nonnegative("Q0", "X", "Y0");
  text += "(assert (forall ((u Y0) (x X) (y Y1)) (and (>= (Q1 u x y) 0.0) (<= (Q1 u x y) 1.0))))\n";
  text += "; Hypothesis: Q0 is (XS, Y0P, eps0)-ULDP (Definition 2).\n";
  text += ratio_on("Q0", "X", "Y0", "Y0P", "t0");
  text += invertible("Q0", "X", "Y0", "XS", "Y0P", reading);
  text += "; Hypothesis: for every y0, Q1(.|y0, .) is (XS, Y1P, eps1)-ULDP.\n";
  text +=
      "(assert (forall ((u Y0) (x X) (x2 X) (y Y1)) (=> (Y1P y) (<= (Q1 u x y) (* t1 (Q1 u x2 "
      "y))))))\n";
  if (variant != CompositionVariant::kQ1NotInvertible) {
    if (reading == Reading::kReachable) {
      text +=
          "(assert (forall ((u Y0) (x X) (x2 X) (y Y1)) (=> (and (not (Y1P y)) (> (Q1 u x y) "
          "0.0)) (and (not (XS x)) (=> (> (Q1 u x2 y) 0.0) (= x x2))))))\n";
    } else {
      text +=
          "(declare-fun src_Q1 (Y0 Y1) X)\n"
          "(assert (forall ((u Y0) (y Y1)) (=> (not (Y1P y)) (and (not (XS (src_Q1 u y))) (> (Q1 "
          "u (src_Q1 u y) y) 0.0)))))\n"
          "(assert (forall ((u Y0) (x X) (y Y1)) (=> (and (not (Y1P y)) (not (= x (src_Q1 u y)))) "
          "(= (Q1 u x y) 0.0))))\n";
    }
  }
  const std::string bound =
      variant == CompositionVariant::kBudgetsAdded ? "(+ t0 t1)" : "(* t0 t1)";
  text +=
      "; The composite Q(y0, y1|x) = Q0(y0|x) Q1(y1|y0, x) at some output (u, v); a, b: inputs.\n"
      "(declare-fun a () X) (declare-fun b () X) (declare-fun u () Y0) (declare-fun v () Y1)\n"
      "(define-fun C ((x X)) Real (* (Q0 x u) (Q1 u x v)))\n"
      "; Negated claim: (u, v) in Y0P x Y1P with ratio above " +
      bound + ", or (u, v) outside it and not invertible.\n";
  text += "(assert (or (and (Y0P u) (Y1P v) (> (C a) (* " + bound + " (C b)))) " +
          not_invertible("C", "X", "(not (and (Y0P u) (Y1P v)))", "XS", reading) + "))\n";
  return {prove_smtlib("all_sizes.uldp", title_of("sequential composition"), text, timeout_ms,
                       kFiniteModels)};
}

std::vector<QueryResult> post_processing_all_sizes(unsigned timeout_ms,
                                                   PostProcessingVariant variant) {
  // The composite (Q1 o Q0)(z|x) = sum_y Q0(y|x) Q1(z|y) is a sum over Y = {0..n-1}: each claim
  // about it is proved by induction on the partial sums P_k = sum_{y < k}; the solver checks the
  // step k -> k+1 for an arbitrary k < n (the base P_0 = 0 satisfies both invariants).
  std::string common =
      "; Proposition 11 (post-processing) for every finite X, Z and every n = |Y| >= 1.\n"
      "; Sorts: X inputs, Z final outputs; Y = {0, ..., n-1} (integers) so that sums over Y are\n"
      "; partial sums P_k. XS, YP, ZP: the subsets.\n"
      "; Why this proves the claim: P_0 = 0 satisfies both invariants and the steps below carry\n"
      "; them from k to k+1 < n+1, so they hold at k = n, where P_n is the composite. A model of "
      "a\n"
      "; step refutes the proof (the invariant is not inductive), not yet the proposition.\n"
      "(declare-sort X 0) (declare-sort Z 0)\n"
      "(declare-fun XS (X) Bool) (declare-fun YP (Int) Bool) (declare-fun ZP (Z) Bool)\n"
      "(declare-fun Q0 (X Int) Real) (declare-fun Q1 (Int Z) Real)\n"
      "(declare-fun n () Int) (declare-fun t () Real)\n"
      "(assert (>= t 1.0)) (assert (>= n 1))\n"
      "(assert (forall ((x X) (y Int)) (and (>= (Q0 x y) 0.0) (<= (Q0 x y) 1.0))))\n"
      "(assert (forall ((y Int) (z Z)) (and (>= (Q1 y z) 0.0) (<= (Q1 y z) 1.0))))\n"
      "; Hypothesis: Q0 is (XS, YP, eps)-ULDP (literal condition 1, source src0(y)).\n"
      "(assert (forall ((x X) (x2 X) (y Int)) (=> (and (<= 0 y) (< y n) (YP y)) (<= (Q0 x y) (* "
      "t (Q0 x2 y))))))\n"
      "(declare-fun src0 (Int) X)\n"
      "(assert (forall ((y Int)) (=> (and (<= 0 y) (< y n) (not (YP y))) (and (not (XS (src0 "
      "y))) (> (Q0 (src0 y) y) 0.0)))))\n"
      "(assert (forall ((x X) (y Int)) (=> (and (<= 0 y) (< y n) (not (YP y)) (not (= x (src0 "
      "y)))) (= (Q0 x y) 0.0))))\n";
  if (variant == PostProcessingVariant::kOneInvertibleIntoProtected) {
    common +=
        "; MUTANT of Definition 5 bullet 1: one invertible y* reaches one z* in ZP.\n"
        "(declare-fun ystar () Int) (declare-fun zstar () Z)\n"
        "(assert (and (<= 0 ystar) (< ystar n) (not (YP ystar)) (ZP zstar) (> (Q1 ystar zstar) "
        "0.0)))\n"
        "(assert (forall ((y Int) (z Z)) (=> (and (<= 0 y) (< y n) (ZP z) (not (YP y)) (not (and "
        "(= y ystar) (= z zstar)))) (= (Q1 y z) 0.0))))\n";
  } else if (variant != PostProcessingVariant::kDropBullet1) {
    common +=
        "; Hypothesis (Definition 5, bullet 1): Y_I never reaches Z_P.\n"
        "(assert (forall ((y Int) (z Z)) (=> (and (<= 0 y) (< y n) (ZP z) (not (YP y))) (= (Q1 "
        "y z) 0.0))))\n";
  }
  if (variant != PostProcessingVariant::kDropBullet2) {
    common +=
        "; Hypothesis (Definition 5, bullet 2): every z in Z_I has exactly one source src1(z),\n"
        "; and it is in Y_I (YP in the role of X_S).\n"
        "(declare-fun src1 (Z) Int)\n"
        "(assert (forall ((z Z)) (=> (not (ZP z)) (and (<= 0 (src1 z)) (< (src1 z) n) (not (YP "
        "(src1 z))) (> (Q1 (src1 z) z) 0.0)))))\n"
        "(assert (forall ((y Int) (z Z)) (=> (and (<= 0 y) (< y n) (not (ZP z)) (not (= y (src1 "
        "z)))) (= (Q1 y z) 0.0))))\n";
  } else {
    common += "(declare-fun src1 (Z) Int)\n";
  }
  const std::string ratio_step =
      common +
      "; Induction step of the ratio: w in ZP, k < n, P_k(a) <= t P_k(b) (Pa, Pb: the partial\n"
      "; sums at k); negated: P_{k+1}(a) > t P_{k+1}(b).\n"
      "(declare-fun a () X) (declare-fun b () X) (declare-fun w () Z) (declare-fun k () Int)\n"
      "(declare-fun Pa () Real) (declare-fun Pb () Real)\n"
      "(assert (and (ZP w) (<= 0 k) (< k n) (<= Pa (* t Pb)) (not (<= (+ Pa (* (Q0 a k) (Q1 k "
      "w))) (* t (+ Pb (* (Q0 b k) (Q1 k w))))))))\n";
  const std::string cond1_step =
      common +
      "; Induction step of condition 1: for w in Z_I, P_k(a) = [src1(w) < k] Q0(src1 w|a) "
      "Q1(w|src1 w).\n"
      "(declare-fun a () X) (declare-fun w () Z) (declare-fun k () Int) (declare-fun Pa () Real)\n"
      "(assert (and (not (ZP w)) (<= 0 k) (< k n) (= Pa (ite (< (src1 w) k) (* (Q0 a (src1 w)) "
      "(Q1 (src1 w) w)) 0.0)) (not (= (+ Pa (* (Q0 a k) (Q1 k w))) (ite (< (src1 w) (+ k 1)) (* "
      "(Q0 a (src1 w)) (Q1 (src1 w) w)) 0.0)))))\n";
  const std::string cond1_conclusion =
      common +
      "; Conclusion of condition 1: with C(x) = P_n(x) = Q0(src1 w|x) Q1(w|src1 w) (the\n"
      "; invariant at k = n), the column w in Z_I has the single non-sensitive source\n"
      "; src0(src1 w); negated: that input is sensitive, or does not produce w, or another does.\n"
      "(declare-fun w () Z) (declare-fun a () X)\n"
      "(define-fun C ((x X)) Real (* (Q0 x (src1 w)) (Q1 (src1 w) w)))\n"
      "(assert (and (not (ZP w)) (or (XS (src0 (src1 w))) (not (> (C (src0 (src1 w))) 0.0)) (and "
      "(not (= a (src0 (src1 w)))) (not (= (C a) 0.0))))))\n";
  const std::string title = title_of("post-processing");
  return {prove_smtlib("all_sizes.ratio_step", title + ": ratio, induction step", ratio_step,
                       timeout_ms, kDefaultThenMbqi),
          prove_smtlib("all_sizes.condition1_step", title + ": condition 1, induction step",
                       cond1_step, timeout_ms, kDefaultThenMbqi),
          prove_smtlib("all_sizes.condition1_from_invariant", title + ": condition 1, conclusion",
                       cond1_conclusion, timeout_ms, kDefaultThenMbqi)};
}

std::vector<QueryResult> data_integration_all_sizes(unsigned timeout_ms,
                                                    DataIntegrationVariant variant) {
  std::string text =
      "; Proposition 12 (compatibility with LDP) for every finite X, Y_A, Y_B.\n"
      "; Why a model is a counterexample: every universe of a model is a finite set (the solvers\n"
      "; build finite models), the functions are the entries of kernels on those sets satisfying\n"
      "; every hypothesis, and the constants name where the conclusion fails.\n"

      "(declare-sort X 0) (declare-sort YA 0) (declare-sort YB 0)\n"
      "(declare-fun XS (X) Bool) (declare-fun YAP (YA) Bool)\n"
      "(declare-fun QA (X YA) Real) (declare-fun QB (X YB) Real)\n"
      "(declare-fun tA () Real) (declare-fun tB () Real)\n"
      "(assert (>= tA 1.0)) (assert (>= tB 1.0))\n";
  text += nonnegative("QA", "X", "YA") + nonnegative("QB", "X", "YB");
  text += "; Hypothesis: Q_A is (XS, YAP, eps_A)-ULDP; Q_B is eps_B-LDP (every output).\n";
  text += ratio_on("QA", "X", "YA", "YAP", "tA");
  text += invertible("QA", "X", "YA", "XS", "YAP", Reading::kReachable);
  text +=
      "(assert (forall ((x X) (x2 X) (y YB)) (<= (QB x y) (* tB (QB x2 y)))))\n"
      "; Negated claim at some (a, b, u, v): the pair's probability exceeds the bound.\n"
      "(declare-fun a () X) (declare-fun b () X) (declare-fun u () YA) (declare-fun v () YB)\n";
  const std::string bound =
      variant == DataIntegrationVariant::kLargerBudget ? "(ite (>= tA tB) tA tB)" : "(* tA tB)";
  const std::string exceeds = "(> (* (QA a u) (QB a v)) (* " + bound + " (* (QA b u) (QB b v))))";
  text += variant == DataIntegrationVariant::kAnyOutput
              ? "(assert " + exceeds + ")\n"
              : "(assert (and (YAP u) " + exceeds + "))\n";
  return {prove_smtlib("all_sizes.parallel_bound", title_of("compatibility with LDP"), text,
                       timeout_ms, kFiniteModels)};
}

std::vector<QueryResult> uldp_osldp_all_sizes(unsigned timeout_ms, bool every_input) {
  std::string text =
      "; Proposition 13 (ULDP implies OSLDP) for every finite X, Y.\n"
      "; Why a model is a counterexample: every universe of a model is a finite set (the solvers\n"
      "; build finite models), the functions are the entries of kernels on those sets satisfying\n"
      "; every hypothesis, and the constants name where the conclusion fails.\n"

      "(declare-sort X 0) (declare-sort Y 0)\n"
      "(declare-fun XS (X) Bool) (declare-fun YP (Y) Bool)\n"
      "(declare-fun Q (X Y) Real) (declare-fun t () Real)\n"
      "(assert (>= t 1.0))\n";
  text += nonnegative("Q", "X", "Y");
  text += "; Hypothesis: (XS, YP, eps)-ULDP, reachable reading (weaker than the literal one).\n";
  text += ratio_on("Q", "X", "Y", "YP", "t");
  text += invertible("Q", "X", "Y", "XS", "YP", Reading::kReachable);
  text +=
      "; Negated claim (eq. (24)): some a in XS, any b, any y with Q(y|a) > t Q(y|b).\n"
      "(declare-fun a () X) (declare-fun b () X) (declare-fun u () Y)\n";
  text += std::string("(assert (and ") + (every_input ? "" : "(XS a) ") +
          "(> (Q a u) (* t (Q b u)))))\n";
  return {
      prove_smtlib("all_sizes.osldp", title_of("ULDP => OSLDP"), text, timeout_ms, kFiniteModels)};
}

std::vector<QueryResult> osldp_uldp_all_sizes(unsigned timeout_ms) {
  std::string text =
      "; The converse of Proposition 13 (OSLDP implies ULDP for SOME Y_P), every finite X, Y.\n"
      "; 'For some Y_P' is reduced to one set: if ULDP holds for Y_P (reachable reading), every\n"
      "; output outside Y_P is invertible, so Y_P contains Y_P* = {y : y not invertible}, and the\n"
      "; ratio on Y_P gives it on Y_P*: ULDP holds for some Y_P iff it holds for Y_P*. Negated\n"
      "; claim: the ratio fails at some u in Y_P* (c, d witness that u is not invertible).\n"
      "(declare-sort X 0) (declare-sort Y 0)\n"
      "(declare-fun XS (X) Bool) (declare-fun Q (X Y) Real) (declare-fun t () Real)\n"
      "(assert (>= t 1.0))\n";
  text += nonnegative("Q", "X", "Y");
  text +=
      "; Hypothesis: (XS, eps)-OSLDP (eq. (24)).\n"
      "(assert (forall ((x X) (x2 X) (y Y)) (=> (XS x) (<= (Q x y) (* t (Q x2 y))))))\n"
      "(declare-fun a () X) (declare-fun b () X) (declare-fun c () X) (declare-fun d () X)\n"
      "(declare-fun u () Y)\n"
      "(assert (and (> (Q c u) 0.0) (or (XS c) (and (> (Q d u) 0.0) (not (= c d)))) (> (Q a u) (* "
      "t (Q b u)))))\n";
  return {prove_smtlib("all_sizes.uldp_for_some_yp", title_of("OSLDP => ULDP for some Y_P"), text,
                       timeout_ms, kFiniteModels)};
}

namespace {

/// The PUM of Section 5 for every finite X, Y, number of bots and tagging: Z is a sort holding
/// X (through the injective emb) and the bots; user `u` maps x to bot_u(x) when tagged_u(x) and
/// to emb(x) otherwise (f_pre). Z_S = X_S u bots; every z outside Z_S is some emb(x).
std::string pum_common(Reading reading) {
  std::string text =
      "; Sorts: X inputs, Z = X u {bot_1..bot_kappa} intermediate values, Y outputs.\n"
      "; Why a model is a counterexample: every universe of a model is a finite set (the solvers\n"
      "; build finite models), the functions are the entries of kernels on those sets satisfying\n"
      "; every hypothesis, and the constants name where the conclusion fails.\n"

      "(declare-sort X 0) (declare-sort Z 0) (declare-sort Y 0)\n"
      "(declare-fun XS (X) Bool) (declare-fun ZS (Z) Bool) (declare-fun YP (Y) Bool)\n"
      "(declare-fun emb (X) Z) (declare-fun unemb (Z) X)\n"
      "(declare-fun Qc (Z Y) Real) (declare-fun t () Real)\n"
      "(assert (>= t 1.0))\n"
      "; X embeds into Z; ZS(emb x) = XS(x); whatever is not an embedded x is sensitive (a bot).\n"
      "(assert (forall ((x X) (x2 X)) (=> (= (emb x) (emb x2)) (= x x2))))\n"
      "(assert (forall ((x X)) (= (ZS (emb x)) (XS x))))\n"
      "(assert (forall ((z Z)) (or (ZS z) (= (emb (unemb z)) z))))\n";
  text += nonnegative("Qc", "Z", "Y");
  text += "; Hypothesis: Q_cmn is (Z_S, Y_P, eps)-ULDP.\n";
  text += ratio_on("Qc", "Z", "Y", "YP", "t");
  text += invertible("Qc", "Z", "Y", "ZS", "YP", reading);
  return text;
}

/// User `u`'s tags: tagged_u(x), bot_u(x) (a bot: never an embedded input), f_u = f_pre.
std::string pum_user(const std::string& u, bool leak_tags) {
  std::string text = "; User " + u + "'s tagging (any number of bots, any tagged set).\n" +
                     "(declare-fun tagged_" + u + " (X) Bool) (declare-fun bot_" + u + " (X) Z)\n" +
                     "(assert (forall ((x X) (x2 X)) (not (= (bot_" + u + " x) (emb x2)))))\n";
  text += leak_tags
              ? "; MUTANT: f_pre ignores the tags (tagged inputs go to Q_cmn as themselves).\n"
                "(define-fun f_" +
                    u + " ((x X)) Z (emb x))\n"
              : "(define-fun f_" + u + " ((x X)) Z (ite (tagged_" + u + " x) (bot_" + u +
                    " x) (emb x)))\n";
  return text;
}

}  // namespace

std::vector<QueryResult> pum_uldp_all_sizes(unsigned timeout_ms, Reading reading, bool leak_tags) {
  std::string text =
      "; Proposition 9 (PUM is (X_S u X_S^(i), Y_P, eps)-ULDP) for every finite X, Y, kappa.\n" +
      pum_common(reading) + pum_user("i", leak_tags);
  text +=
      "; Negated claim for Q^(i)(y|x) = Q_cmn(y|f_i(x)) with sensitive set XS u tagged_i.\n"
      "(declare-fun a () X) (declare-fun b () X) (declare-fun u () Y)\n"
      "(define-fun C ((x X)) Real (Qc (f_i x) u))\n"
      "(define-fun S ((x X)) Bool (or (XS x) (tagged_i x)))\n";
  text += "(assert (or (and (YP u) (> (C a) (* t (C b)))) " +
          not_invertible("C", "X", "(not (YP u))", "S", reading) + "))\n";
  return {prove_smtlib("all_sizes.uldp", title_of("PUM ULDP"), text, timeout_ms, kFiniteModels)};
}

std::vector<QueryResult> pum_dp_all_sizes(unsigned timeout_ms, bool any_output) {
  std::string text =
      "; Proposition 10 (users indistinguishable) for every finite X, Y, kappa, two users.\n" +
      pum_common(Reading::kLiteral) + pum_user("i", false) + pum_user("j", false);
  text +=
      "; Negated claim: some x = a and y = u (in Y_P) with Q^(i)(u|a) > t Q^(j)(u|a).\n"
      "(declare-fun a () X) (declare-fun u () Y)\n";
  const std::string exceeds = "(> (Qc (f_i a) u) (* t (Qc (f_j a) u)))";
  text += any_output ? "(assert " + exceeds + ")\n" : "(assert (and (YP u) " + exceeds + "))\n";
  return {prove_smtlib("all_sizes.users_indistinguishable", title_of("PUM users"), text, timeout_ms,
                       kFiniteModels)};
}

}  // namespace uldp::verify::internal
