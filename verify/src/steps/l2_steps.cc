// The l2 analysis, Appendix E: the proofs of Propositions 15-19 and Lemmas 3, 4 (uRR: E.1, uRAP:
// E.2). Sums over a class are named factors: P = p(X_S), S2 = sum of p(x)^2 over X (S2s over X_S).
#include "steps/step_context.h"

namespace uldp::verify::internal {
using steps::operator+;
using steps::step;

namespace {

/// Var(T) = n m (1 - m) for T ~ Binomial(n, m), as the polynomial identity
/// sum_k C(n,k) m^k (1-m)^(n-k) (k - n m)^2 = n m (1 - m) for n = 1..4.
StepSpec binomial_variance(std::string name, std::string paper_reference) {
  StepSpec s;
  s.name = std::move(name);
  s.paper_reference = std::move(paper_reference);
  s.statement =
      "T(x) ~ Binomial(n, m(x)) has variance n m(x)(1 - m(x)), so E[(m^(x) - m(x))^2] = m(x)(1 - "
      "m(x))/n";
  s.scope = "n = 1, 2, 3, 4 (bounded size), every m in [0,1]";
  s.constants = {"m"};
  s.at_step = {"(<= 0.0 m)", "(<= m 1.0)"};
  s.at_top = s.at_step;
  const int binomial[5][5] = {{1}, {1, 1}, {1, 2, 1}, {1, 3, 3, 1}, {1, 4, 6, 4, 1}};
  std::string conclusion = "(and";
  for (int n = 1; n <= 4; ++n) {
    std::string sum = "(+";
    for (int k = 0; k <= n; ++k) {
      std::string term = "(* " + std::to_string(binomial[n][k]) + ".0";
      for (int i = 0; i < k; ++i) term += " m";
      for (int i = k; i < n; ++i) term += " (- 1.0 m)";
      const std::string dev = "(- " + std::to_string(k) + ".0 (* " + std::to_string(n) + ".0 m))";
      sum += " " + term + " " + dev + " " + dev + ")";
    }
    conclusion += " (= " + sum + ") (* " + std::to_string(n) + ".0 m (- 1.0 m)))";
  }
  s.conclusion = conclusion + ")";
  return s;
}

/// The AM-GM link of Propositions 16, 17 and 19 for two values: sum p^2 >= 2 sqrt(p1^2 p2^2)
/// holds, but the proofs then replace 2 sqrt(p1^2 p2^2) by the class average (p1 + p2)^2/2,
/// which is at least as large: the chain does not give sum p^2 >= (p1 + p2)^2/2.
std::vector<StepSpec> am_gm_links(const std::string& prefix, const std::string& paper_reference) {
  StepSpec base;
  base.paper_reference = paper_reference;
  base.scope = "a class of two values (bounded size), every p1, p2 in [0,1]";
  base.constants = {"p1", "p2"};
  base.roots = {{"g", "(* p1 p1 p2 p2)"}};
  base.at_step = {"(<= 0.0 p1)", "(<= p1 1.0)", "(<= 0.0 p2)", "(<= p2 1.0)"};
  base.at_top = base.at_step;
  StepSpec am_gm = step(base, prefix + ".am_gm", paper_reference,
                        "inequality of arithmetic and geometric means: sum p(x)^2 >= |X_S| "
                        "(prod p(x)^2)^(1/|X_S|)");
  am_gm.conclusion = "(>= (+ (* p1 p1) (* p2 p2)) (* 2.0 g))";
  StepSpec link = step(base, prefix + ".geometric_mean_is_class_average", paper_reference,
                       "|X_S| (prod p(x)^2)^(1/|X_S|) = p(X_S)^2/|X_S| (the chain's '=' line)");
  link.conclusion = "(= (* 2.0 g) (/ (* (+ p1 p2) (+ p1 p2)) 2.0))";
  link.expected_at_step = link.expected_at_top = ProofStatus::kRefuted;
  link.erratum = "U8";
  StepSpec qm = step(base, prefix + ".class_average_bound", paper_reference,
                     "(the fact the proof needs, by Cauchy-Schwarz instead) sum p(x)^2 >= "
                     "p(X_S)^2/|X_S|");
  qm.roots.clear();
  qm.conclusion = "(>= (+ (* p1 p1) (* p2 p2)) (/ (* (+ p1 p2) (+ p1 p2)) 2.0))";
  return {am_gm, link, qm};
}

}  // namespace

std::vector<StepSpec> l2_steps() {
  const auto R = ProofStatus::kRefuted;
  std::vector<StepSpec> out;

  // ---- Proposition 15 (uRR) ----
  StepSpec prop15 = steps::urr_context();
  const std::vector<std::string> urr_eps = {"(> t 1.0)", "(>= ks 1.0)", "(>= kn 1.0)"};
  out.push_back(binomial_variance("prop15.binomial_variance", "Proposition 15 (proof)"));
  {
    StepSpec s = step(prop15, "prop15.sum_of_variances", "Proposition 15 (proof, eq. (46))",
                      "sum_x v^2 m(x)(1 - m(x))/n = v^2/n (1 - sum_x m(x)^2), with sum_x m(x) = 1 "
                      "(named sums M1 = sum m, M2 = sum m^2)");
    s.constants.insert(s.constants.end(), {"n", "M1", "M2"});
    s.at_step = urr_eps + std::vector<std::string>{"(>= n 1.0)", "(= M1 1.0)"};
    s.at_top = s.at_step;
    s.conclusion = "(= (/ (* v v (- M1 M2)) n) (* (/ (* v v) n) (- 1.0 M2)))";
    out.push_back(s);
  }
  {
    StepSpec s =
        step(prop15, "prop15.substitute_p", "Proposition 15 (proof, second display, line 2)",
             "v^2 (p/v + 1/u)^2 = (p + 1/u')^2 on X_S and v^2 (p/v)^2 = p^2 on X_N");
    s.constants.push_back("p");
    s.at_step = urr_eps + std::vector<std::string>{"(<= 0.0 p)", "(<= p 1.0)"};
    s.at_top = s.at_step;
    s.conclusion =
        "(and (= (* v v (+ (/ p v) (/ 1.0 u)) (+ (/ p v) (/ 1.0 u))) (* (+ p (/ 1.0 up)) (+ p (/ "
        "1.0 up)))) (= (* v v (/ p v) (/ p v)) (* p p)))";
    out.push_back(s);
  }
  {
    StepSpec s = step(prop15, "prop15.expand", "Proposition 15 (proof, second display, lines 3-4)",
                      "sum_{X_S} (p + 1/u')^2 = sum_{X_S} p^2 + 2 p(X_S)/u' + |X_S|/u'^2 (named "
                      "sums P, S2s)");
    s.constants.insert(s.constants.end(), {"P", "S2s", "Q"});
    // Q stands for sum_{X_S} (p + 1/u')^2, expanded term by term.
    s.at_step = urr_eps + std::vector<std::string>{
                              "(= Q (+ S2s (* 2.0 (/ 1.0 up) P) (* ks (/ 1.0 up) (/ 1.0 up))))"};
    s.at_top = s.at_step;
    s.conclusion = "(= Q (+ S2s (/ (* 2.0 P) up) (/ ks (* up up))))";
    out.push_back(s);
  }
  {
    StepSpec s =
        step(prop15, "prop15.closed_form", "Proposition 15 (proof, last lines; eq. (45))",
             "(v^2 - S2 - 2P/u' - |X_S|/u'^2)/n = (2(e^eps - 1)(|X_S| - P) + |X_S|(|X_S| - "
             "1))/(n (e^eps - 1)^2) + (1 - S2)/n");
    s.constants.insert(s.constants.end(), {"n", "P", "S2"});
    s.at_step = urr_eps + std::vector<std::string>{"(>= n 1.0)", "(<= 0.0 P)", "(<= P 1.0)"};
    s.at_top = s.at_step;
    s.conclusion =
        "(and (= (/ (- (* v v) S2 (/ (* 2.0 P) up) (/ ks (* up up))) n) (- (/ (- (* u u) (* 2.0 up "
        "P) ks) (* n up up)) (/ S2 n))) (= (- (/ (- (* u u) (* 2.0 up P) ks) (* n up up)) (/ S2 "
        "n)) (+ (/ (+ (* 2.0 up (- ks P)) (* ks (- ks 1.0))) (* n up up)) (/ (- 1.0 S2) n))))";
    out.push_back(s);
  }

  // ---- Lemma 3 ----
  StepSpec lemma3 = steps::urr_context();
  lemma3.constants.insert(lemma3.constants.end(), {"n", "w"});
  lemma3.definitions.push_back(
      {"F",
       "(+ (* (- (/ 2.0 (* n up))) w) (* (/ 1.0 n) (- 1.0 (/ (* w w) ks) (/ (* (- 1.0 w) (- "
       "1.0 w)) kn))))"});
  lemma3.definitions.push_back(
      {"dF",
       "(+ (- (/ 2.0 (* n up))) (* (/ 1.0 n) (- (- (/ (* 2.0 w) ks)) (/ (- (* 2.0 w) 2.0) "
       "kn))))"});
  const std::vector<std::string> lemma3_top = {"(> t 1.0)",  "(< t (+ kn 1.0))", "(>= ks 1.0)",
                                               "(>= n 1.0)", "(<= 0.0 w)",       "(<= w 1.0)"};
  {
    StepSpec s = step(lemma3, "lemma3.derivative", "Lemma 3 (proof, dF/dw)",
                      "dF/dw = -2/(n(e^eps - 1)) + (1/n)(-2w/|X_S| - (2w - 2)/|X_N|) (as F(w+h) - "
                      "F(w) = h dF/dw - h^2 (1/|X_S| + 1/|X_N|)/n)");
    s.constants.push_back("h");
    s.definitions.push_back(
        {"Fh",
         "(+ (* (- (/ 2.0 (* n up))) (+ w h)) (* (/ 1.0 n) (- 1.0 (/ (* (+ w h) (+ w h)) "
         "ks) (/ (* (- 1.0 (+ w h)) (- 1.0 (+ w h))) kn))))"});
    s.at_step = lemma3_top;
    s.at_top = lemma3_top;
    s.conclusion = "(= (- Fh F) (- (* h dF) (/ (* h h (+ (/ 1.0 ks) (/ 1.0 kn))) n)))";
    out.push_back(s);
  }
  {
    StepSpec s = step(lemma3, "lemma3.bound", "Lemma 3 (proof, '<' by e^eps - 1 < |X_N|)",
                      "dF/dw < -2/(n|X_N|) + (1/n)(-2w/|X_S| - 2w/|X_N| + 2/|X_N|)");
    s.at_step = {"(> t 1.0)", "(< t (+ kn 1.0))", "(>= ks 1.0)", "(>= n 1.0)"};
    s.at_top = lemma3_top;
    s.conclusion =
        "(< dF (+ (- (/ 2.0 (* n kn))) (* (/ 1.0 n) (+ (- (/ (* 2.0 w) ks)) (- (/ (* 2.0 w) kn)) "
        "(/ "
        "2.0 kn)))))";
    out.push_back(s);
  }
  {
    StepSpec s = step(lemma3, "lemma3.nonpositive", "Lemma 3 (proof, '<= 0 by w >= 0')",
                      "-2/(n|X_N|) + (1/n)(-2w/|X_S| - 2w/|X_N| + 2/|X_N|) <= 0");
    s.at_step = {"(<= 0.0 w)", "(>= ks 1.0)", "(>= kn 1.0)", "(>= n 1.0)"};
    s.at_top = lemma3_top;
    s.conclusion =
        "(<= (+ (- (/ 2.0 (* n kn))) (* (/ 1.0 n) (+ (- (/ (* 2.0 w) ks)) (- (/ (* 2.0 w) kn)) (/ "
        "2.0 kn)))) 0.0)";
    out.push_back(s);
  }

  // ---- Proposition 16 ----
  StepSpec prop16 = steps::urr_context();
  prop16.constants.insert(prop16.constants.end(), {"n", "P", "S2"});
  prop16.definitions.push_back({"M", "(/ (* ks (- (+ ks (* 2.0 t)) 3.0)) (* n up up))"});
  prop16.definitions.push_back(
      {"F",
       "(+ (* (- (/ 2.0 (* n up))) P) (* (/ 1.0 n) (- 1.0 (/ (* P P) ks) (/ (* (- 1.0 P) (- "
       "1.0 P)) kn))))"});
  const std::vector<std::string> prop16_top = {"(> t 1.0)",  "(< t (+ kn 1.0))", "(>= ks 1.0)",
                                               "(>= n 1.0)", "(<= 0.0 P)",       "(<= P 1.0)"};
  {
    StepSpec s = step(prop16, "prop16.rewrite", "Proposition 16 (proof, first display)",
                      "(45) = M - 2 p(X_S)/(n(e^eps - 1)) + (1 - S2)/n with M = |X_S|(|X_S| + "
                      "2e^eps - 3)/(n(e^eps - 1)^2)");
    s.at_step = prop16_top;
    s.at_top = prop16_top;
    s.conclusion =
        "(= (+ (/ (+ (* 2.0 up (- ks P)) (* ks (- ks 1.0))) (* n up up)) (/ (- 1.0 S2) n)) (+ (- M "
        "(/ (* 2.0 P) (* n up))) (/ (- 1.0 S2) n)))";
    out.push_back(s);
  }
  for (StepSpec& s : am_gm_links("prop16", "Proposition 16 (proof, AM-GM chain)"))
    out.push_back(std::move(s));
  {
    StepSpec s = step(prop16, "prop16.upper_bound", "Proposition 16 (proof, 'Hence')",
                      "M - 2P/(n(e^eps - 1)) + (1 - S2)/n <= M + F(P) given S2 >= P^2/|X_S| + "
                      "(1-P)^2/|X_N|");
    s.at_step = prop16_top + std::vector<std::string>{
                                 "(>= S2 (+ (/ (* P P) ks) (/ (* (- 1.0 P) (- 1.0 P)) kn)))"};
    s.at_top = s.at_step;
    s.conclusion = "(<= (+ (- M (/ (* 2.0 P) (* n up))) (/ (- 1.0 S2) n)) (+ M F))";
    out.push_back(s);
  }
  {
    StepSpec s = step(prop16, "prop16.maximum_at_zero", "Proposition 16 (proof, 'By Lemma 3')",
                      "F(P) <= F(0) for P in [0,1] when 0 < eps < ln(|X_N| + 1)");
    s.definitions.push_back({"F0", "(* (/ 1.0 n) (- 1.0 (/ 1.0 kn)))"});
    s.at_step = prop16_top;
    s.at_top = prop16_top;
    s.conclusion = "(<= F F0)";
    out.push_back(s);
  }
  {
    StepSpec s = step(prop16, "prop16.closed_form", "Proposition 16 (proof, last display)",
                      "M + F(0) = |X_S|(|X_S| + 2e^eps - 3)/(n(e^eps - 1)^2) + (1 - 1/|X_N|)/n");
    s.at_step = prop16_top;
    s.at_top = prop16_top;
    s.definitions.push_back(
        {"F0", "(+ (* (- (/ 2.0 (* n up))) 0.0) (* (/ 1.0 n) (- 1.0 0.0 (/ 1.0 kn))))"});
    s.conclusion =
        "(= (+ M F0) (+ (/ (* ks (- (+ ks (* 2.0 t)) 3.0)) (* n up up)) (/ (- 1.0 (/ 1.0 kn)) "
        "n)))";
    out.push_back(s);
  }

  // ---- Proposition 17 ----
  {
    StepSpec s;
    s.name = "prop17.am_gm_bound";
    s.paper_reference = "Proposition 17 (proof, AM-GM and 'Hence')";
    s.statement =
        "v^2/n (1 - |X| (prod m(x)^2)^(1/|X|)) <= v^2/n (1 - 1/|X|): the AM-GM bound the proof "
        "derives is weaker than its conclusion (shown for |X| = 2)";
    s.scope = "|X| = 2 (bounded size), every m on the simplex";
    s.constants = {"m1", "v", "n"};
    s.roots = {{"g", "(* m1 m1 (- 1.0 m1) (- 1.0 m1))"}};
    s.at_step = {"(<= 0.0 m1)", "(<= m1 1.0)", "(> v 0.0)", "(>= n 1.0)"};
    s.at_top = s.at_step;
    s.conclusion = "(<= (* (/ (* v v) n) (- 1.0 (* 2.0 g))) (* (/ (* v v) n) (- 1.0 0.5)))";
    s.expected_at_step = s.expected_at_top = R;
    s.erratum = "U8";
    out.push_back(s);
  }
  {
    StepSpec s =
        step(steps::urr_context(), "prop17.closed_form", "Proposition 17 (proof, last display)",
             "v^2/n (1 - 1/|X|) = (|X_S| + e^eps - 1)^2/(n(e^eps - 1)^2) (1 - 1/|X|)");
    s.constants.push_back("n");
    s.at_step = {"(>= t (+ kn 1.0))", "(>= ks 1.0)", "(>= kn 1.0)", "(>= n 1.0)"};
    s.at_top = s.at_step;
    s.conclusion =
        "(= (* (/ (* v v) n) (- 1.0 (/ 1.0 (+ ks kn)))) (* (/ (* (- (+ ks t) 1.0) (- (+ ks t) "
        "1.0)) (* n up up)) (- 1.0 (/ 1.0 (+ ks kn)))))";
    out.push_back(s);
  }

  // ---- Proposition 18 (uRAP) ----
  StepSpec prop18 = steps::urap_context();
  const std::vector<std::string> urap_eps = {"(> s 1.0)", "(>= ks 1.0)", "(>= kn 1.0)"};
  out.push_back(binomial_variance("prop18.binomial_variance", "Proposition 18 (proof)"));
  {
    StepSpec s =
        step(prop18, "prop18.substitute_p", "Proposition 18 (proof, second display, line 2)",
             "v_S^2 (p/v_S + 1/u)(1 - p/v_S - 1/u) = (p + v_S/u)(v_S - p - v_S/u) and "
             "v_N^2 (p/v_N)(1 - p/v_N) = p (v_N - p)");
    s.constants.push_back("p");
    s.at_step = urap_eps + std::vector<std::string>{"(<= 0.0 p)", "(<= p 1.0)"};
    s.at_top = s.at_step;
    s.conclusion =
        "(and (= (* vS vS (+ (/ p vS) (/ 1.0 u)) (- 1.0 (/ p vS) (/ 1.0 u))) (* (+ p (/ vS u)) (- "
        "vS p (/ vS u)))) (= (* vN vN (/ p vN) (- 1.0 (/ p vN))) (* p (- vN p))))";
    out.push_back(s);
  }
  {
    StepSpec s = step(prop18, "prop18.collect", "Proposition 18 (proof, second display, line 3)",
                      "sum_{X_S} (p + v_S/u)(v_S - p - v_S/u) + sum_{X_N} p(v_N - p) = v_S(1 - "
                      "2/u) P + v_N p(X_N) + v_S^2 (u-1)/u^2 |X_S| - S2 (named sums)");
    s.constants.insert(s.constants.end(), {"P", "PN", "S2s", "S2n"});
    s.at_step = urap_eps;
    s.at_top = s.at_step;
    s.definitions.push_back({"a", "(/ vS u)"});
    // Term-by-term sums: sum (p + a)(vS - p - a) = vS P - S2s - 2aP + |X_S|(a vS - a^2).
    s.conclusion =
        "(= (+ (- (* vS P) S2s (* 2.0 a P)) (* ks (- (* a vS) (* a a))) (- (* vN PN) S2n)) (- (+ "
        "(* "
        "vS (- 1.0 (/ 2.0 u)) P) (* vN PN) (* (/ (* vS vS (- u 1.0)) (* u u)) ks)) (+ S2s S2n)))";
    out.push_back(s);
  }
  {
    StepSpec s =
        step(prop18, "prop18.closed_form", "Proposition 18 (proof, last lines; eq. (47))",
             "(v_S(u-2)/u - v_N) P + v_N + v_S^2 (u-1)/u^2 |X_S| = 1 + ((|X_S|+1)e^(eps/2) - "
             "1)/(e^(eps/2) - 1)^2 - P/(e^(eps/2) - 1)");
    s.constants.push_back("P");
    s.at_step = urap_eps + std::vector<std::string>{"(<= 0.0 P)", "(<= P 1.0)"};
    s.at_top = s.at_step;
    s.conclusion =
        "(and (= (+ (* vS (- 1.0 (/ 2.0 u)) P) (* vN (- 1.0 P))) (+ (* (- (/ (* vS (- u 2.0)) u) "
        "vN) "
        "P) vN)) (= (+ (* (- (/ (* vS (- u 2.0)) u) vN) P) vN (* (/ (* vS vS (- u 1.0)) (* u u)) "
        "ks)) (- (+ 1.0 (* (- (* (+ ks 1.0) s) 1.0) c c)) (* P c))))";
    out.push_back(s);
  }

  // ---- Lemma 4 ----
  StepSpec lemma4 = steps::urap_context();
  lemma4.constants.push_back("w");
  lemma4.definitions.push_back(
      {"F", "(- (* (- c) w) (/ (* w w) ks) (/ (* (- 1.0 w) (- 1.0 w)) kn))"});
  lemma4.definitions.push_back({"dF", "(- (- c) (/ (* 2.0 w) ks) (/ (- (* 2.0 w) 2.0) kn))"});
  const std::vector<std::string> lemma4_top = {"(> s 1.0)", "(< s (+ (/ kn 2.0) 1.0))",
                                               "(>= ks 1.0)", "(<= 0.0 w)", "(<= w 1.0)"};
  {
    StepSpec s =
        step(lemma4, "lemma4.derivative", "Lemma 4 (proof, dF/dw)",
             "dF/dw = -1/(e^(eps/2) - 1) - 2w/|X_S| - (2w - 2)/|X_N| (as F(w+h) - F(w) = h "
             "dF/dw - h^2 (1/|X_S| + 1/|X_N|))");
    s.constants.push_back("h");
    s.definitions.push_back(
        {"Fh",
         "(- (* (- c) (+ w h)) (/ (* (+ w h) (+ w h)) ks) (/ (* (- 1.0 (+ w h)) (- 1.0 (+ w "
         "h))) kn))"});
    s.at_step = lemma4_top;
    s.at_top = lemma4_top;
    s.conclusion = "(= (- Fh F) (- (* h dF) (* h h (+ (/ 1.0 ks) (/ 1.0 kn)))))";
    out.push_back(s);
  }
  {
    StepSpec s = step(lemma4, "lemma4.regroup", "Lemma 4 (proof, dF/dw display, line 2)",
                      "dF/dw = -2(1/|X_S| + 1/|X_N|) w - 1/(e^(eps/2) - 1) + 2/|X_N|");
    s.at_step = lemma4_top;
    s.at_top = lemma4_top;
    s.conclusion = "(= dF (+ (* (- 2.0) (+ (/ 1.0 ks) (/ 1.0 kn)) w) (- c) (/ 2.0 kn)))";
    out.push_back(s);
  }
  {
    StepSpec s = step(lemma4, "lemma4.negative",
                      "Lemma 4 (proof, '< 0 by eps < 2 ln(|X_N|/2 + 1) and w >= 0')",
                      "-2(1/|X_S| + 1/|X_N|) w - 1/(e^(eps/2) - 1) + 2/|X_N| < 0");
    s.at_step = {"(> s 1.0)", "(< s (+ (/ kn 2.0) 1.0))", "(>= ks 1.0)", "(<= 0.0 w)"};
    s.at_top = lemma4_top;
    s.conclusion = "(< (+ (* (- 2.0) (+ (/ 1.0 ks) (/ 1.0 kn)) w) (- c) (/ 2.0 kn)) 0.0)";
    out.push_back(s);
  }

  // ---- Proposition 19 ----
  StepSpec prop19 = steps::urap_context();
  prop19.constants.insert(prop19.constants.end(), {"P", "S2"});
  prop19.definitions.push_back({"M", "(+ 1.0 (* (- (* (+ ks 1.0) s) 1.0) c c))"});
  prop19.definitions.push_back(
      {"F", "(- (* (- c) P) (/ (* P P) ks) (/ (* (- 1.0 P) (- 1.0 P)) kn))"});
  const std::vector<std::string> prop19_top = {"(> s 1.0)", "(< s (+ (/ kn 2.0) 1.0))",
                                               "(>= ks 1.0)", "(<= 0.0 P)", "(<= P 1.0)"};
  for (StepSpec& s : am_gm_links("prop19", "Proposition 19 (proof, AM-GM chain)"))
    out.push_back(std::move(s));
  {
    StepSpec s = step(prop19, "prop19.upper_bound", "Proposition 19 (proof, eq. (49))",
                      "M - P/(e^(eps/2) - 1) - S2 <= M + F(P) given S2 >= P^2/|X_S| + "
                      "(1-P)^2/|X_N|");
    s.at_step = prop19_top + std::vector<std::string>{
                                 "(>= S2 (+ (/ (* P P) ks) (/ (* (- 1.0 P) (- 1.0 P)) kn)))"};
    s.at_top = s.at_step;
    s.conclusion = "(<= (- M (* c P) S2) (+ M F))";
    out.push_back(s);
  }
  {
    StepSpec s = step(prop19, "prop19.maximum_at_zero", "Proposition 19 (proof, 'By Lemma 4')",
                      "F(P) <= F(0) = -1/|X_N| for P in [0,1] when 0 < eps < 2 ln(|X_N|/2 + 1)");
    s.at_step = prop19_top;
    s.at_top = prop19_top;
    s.conclusion = "(<= F (- (/ 1.0 kn)))";
    out.push_back(s);
  }
  {
    StepSpec s =
        step(prop19, "prop19.closed_form", "Proposition 19 (proof, last display)",
             "(M + F(0))/n = (1 + ((|X_S|+1)e^(eps/2) - 1)/(e^(eps/2) - 1)^2 - 1/|X_N|)/n");
    s.constants.push_back("n");
    s.at_step = prop19_top + std::vector<std::string>{"(>= n 1.0)"};
    s.at_top = s.at_step;
    s.conclusion =
        "(= (/ (+ M (- (/ 1.0 kn))) n) (/ (- (+ 1.0 (/ (- (* (+ ks 1.0) s) 1.0) (* (- s 1.0) (- s "
        "1.0)))) (/ 1.0 kn)) n))";
    out.push_back(s);
  }
  return out;
}

}  // namespace uldp::verify::internal
