// The l1 analysis of uRAP, Appendix D.2: the proof of Proposition 7, Lemma 2 and the proof of
// Proposition 8. s = e^(eps/2), theta = s/(s+1); p is one probability p(x_j), P = p(X_S).
#include "steps/step_context.h"

namespace uldp::verify::internal {
using steps::operator+;
using steps::step;

std::vector<StepSpec> l1_urap_steps() {
  const auto R = ProofStatus::kRefuted;
  std::vector<StepSpec> out;
  const std::vector<std::string> eps_positive = {"(> s 1.0)", "(>= ks 1.0)", "(>= kn 1.0)"};
  const std::vector<std::string> eps_nonnegative = {"(>= s 1.0)", "(>= ks 1.0)", "(>= kn 1.0)"};
  const std::vector<std::string> probability = {"(<= 0.0 p)", "(<= p 1.0)"};

  // ---- Proposition 7 (eqs. (40), (41)) ----
  StepSpec prop7 = steps::urap_context();
  prop7.constants.push_back("p");
  prop7.definitions.push_back({"theta", "(/ s (+ s 1.0))"});
  // Definition 4 with t = s^2: d1 = theta/((1 - theta) t + theta), d2 = ((1 - theta) t + theta)/t.
  prop7.definitions.push_back({"d1", "(/ theta (+ (* (- 1.0 theta) s s) theta))"});
  prop7.definitions.push_back({"d2", "(/ (+ (* (- 1.0 theta) s s) theta) (* s s))"});
  {
    StepSpec s =
        step(prop7, "prop7.output_distribution", "Proposition 7 (eq. (40))",
             "m_j = p(x_j) theta + (1 - p(x_j)) d1 = (e^(eps/2) - 1)/(e^(eps/2) + 1) p(x_j) "
             "+ 1/(e^(eps/2) + 1) for j <= |X_S|, and p(x_j)(1 - d2) = (e^(eps/2) - "
             "1)/e^(eps/2) p(x_j) otherwise (Definition 4, theta = e^(eps/2)/(e^(eps/2)+1))");
    s.named_facts.clear();  // no 1/u' here: s = 1 stays in scope
    s.at_step = eps_nonnegative + probability;
    s.at_top = s.at_step;
    s.conclusion =
        "(and (= (+ (* p theta) (* (- 1.0 p) d1)) (+ (* (/ up u) p) (/ 1.0 u))) (= (* p (- 1.0 "
        "d2)) "
        "(* (/ up s) p)))";
    out.push_back(s);
  }
  {
    StepSpec s =
        step(prop7, "prop7.estimator_defined", "Proposition 7 (eq. (41); 'Let eps in R>=0')",
             "the empirical estimate (41) and the loss formula (16) divide by u' = "
             "e^(eps/2) - 1: they are defined (u' > 0)");
    s.named_facts.clear();  // c = 1/u' would presuppose u' != 0
    s.at_step = eps_positive;
    s.at_top = eps_nonnegative;
    s.conclusion = "(> up 0.0)";
    s.expected_at_top = R;
    s.erratum = "U6";
    out.push_back(s);
  }
  {
    StepSpec s = step(prop7, "prop7.estimator_inverts", "Proposition 7 (eqs. (40), (41))",
                      "(41) applied to the m of (40) gives p back");
    s.at_step = eps_positive + probability;
    s.at_top = s.at_step;
    s.conclusion =
        "(and (= (- (* vS (+ (* (/ up u) p) (/ 1.0 u))) c) p) (= (* vN (* (/ up s) p)) "
        "p))";
    out.push_back(s);
  }
  {
    StepSpec s = step(prop7, "prop7.v_positive", "Proposition 7 (proof, 'By eps > 0')",
                      "v_S > 0 and v_N > 0");
    s.at_step = eps_positive;
    s.at_top = s.at_step;
    s.conclusion = "(and (> vS 0.0) (> vN 0.0))";
    out.push_back(s);
  }
  {
    StepSpec s =
        step(prop7, "prop7.central_limit", "Proposition 7 (proof, 'Analogously')",
             "E|m^_j - m_j| -> sqrt(2/(n pi) m_j (1 - m_j)) (central limit theorem and the "
             "normal absolute moment, as in Proposition 4)");
    s.not_encoded =
        "a limit in distribution and a moment of the normal law: not a formula of real "
        "arithmetic. Checked instead by simulation (tests/losses) and by uldp's certified "
        "evaluation of eq. (16)";
    out.push_back(s);
  }
  {
    StepSpec s = step(prop7, "prop7.gains_in_terms_of_u", "Proposition 7 (proof, 'Then')",
                      "with u = e^(eps/2) + 1: v_S = u/u' and v_N = (u - 1)/u'");
    s.at_step = eps_positive;
    s.at_top = s.at_step;
    s.conclusion = "(and (= vS (/ u up)) (= vN (/ (- u 1.0) up)))";
    out.push_back(s);
  }
  {
    StepSpec s = step(prop7, "prop7.output_in_terms_of_p", "Proposition 7 (proof, 'It follows')",
                      "m_j = p(x_j)/v_S + 1/u for j <= |X_S| and m_j = p(x_j)/v_N otherwise");
    s.at_step = eps_positive + probability;
    s.at_top = s.at_step;
    s.conclusion =
        "(and (= (+ (* (/ up u) p) (/ 1.0 u)) (+ (/ p vS) (/ 1.0 u))) (= (* (/ up s) p) (/ p vN)))";
    out.push_back(s);
  }
  {
    StepSpec s =
        step(prop7, "prop7.root_rewrite_sensitive", "Proposition 7 (proof, last display, line 2)",
             "v_S sqrt((p/v_S + 1/u)(1 - p/v_S - 1/u)) = sqrt((p + 1/u')(v_S - p - 1/u'))");
    s.roots = {{"x", "(* (+ (/ p vS) (/ 1.0 u)) (- 1.0 (/ p vS) (/ 1.0 u)))"},
               {"y", "(* (+ p c) (- vS p c))"}};
    s.at_step = eps_positive + probability;
    s.at_top = s.at_step;
    s.conclusion = "(= (* vS x) y)";
    out.push_back(s);
  }
  {
    StepSpec s = step(prop7, "prop7.root_rewrite_nonsensitive",
                      "Proposition 7 (proof, last display, line 2)",
                      "v_N sqrt(p/v_N (1 - p/v_N)) = sqrt(p (v_N - p))");
    s.roots = {{"x", "(* (/ p vN) (- 1.0 (/ p vN)))"}, {"y", "(* p (- vN p))"}};
    s.at_step = eps_positive + probability;
    s.at_top = s.at_step;
    s.conclusion = "(= (* vN x) y)";
    out.push_back(s);
  }
  {
    StepSpec s = step(prop7, "prop7.gain_difference", "Proposition 7 (proof, last display, line 3)",
                      "v_S - p - 1/u' = v_N - p");
    s.at_step = eps_positive + probability;
    s.at_top = s.at_step;
    s.conclusion = "(= (- vS p c) (- vN p))";
    out.push_back(s);
  }

  // ---- Lemma 2 ----
  // Lemma 2 keeps the divisions by u': with c = 1/u' named, Z3 4.8.12 does not find the C_w
  // counterexample within minutes (and does not stop at its timeout).
  StepSpec lemma2 = steps::urap_context();
  lemma2.constants.pop_back();
  lemma2.named_facts.clear();
  lemma2.definitions = {{"up", "(- s 1.0)"},
                        {"u", "(+ s 1.0)"},
                        {"c", "(/ 1.0 up)"},
                        {"vS", "(* u c)"},
                        {"vN", "(* s c)"}};
  lemma2.constants.push_back("w");
  lemma2.definitions.push_back({"A", "(* (+ w (* ks c)) (- (* vN ks) w))"});
  lemma2.definitions.push_back({"B", "(* (- 1.0 w) (+ (* vN kn) (- 1.0) w))"});
  lemma2.definitions.push_back({"dA", "(+ (* (- 2.0) w) (* ks (- vN c)))"});
  lemma2.definitions.push_back({"dB", "(+ (* (- 2.0) w) (+ (- (* vN kn)) 2.0))"});
  lemma2.scope = "every s > 1, w in [0,1), |X_S| >= 1, |X_N| >= 1 (sizes as reals)";
  // The proof's "Let 0 < eps < 2 ln(|X_N|/2 + 1) and w in [0, 1)".
  const std::vector<std::string> lemma2_let = {"(> s 1.0)", "(< s (+ (/ kn 2.0) 1.0))",
                                               "(<= 0.0 w)", "(< w 1.0)"};
  const std::vector<std::string> lemma2_top =
      lemma2_let + std::vector<std::string>{"(>= ks 1.0)", "(<= ks kn)"};
  {
    StepSpec s = step(lemma2, "lemma2.a_b_positive", "Lemma 2 (proof, first sentence)",
                      "A(w) > 0 and B(w) > 0, 'by eps > 0, |X_S| >= 1 and v_N > 1'");
    s.at_step = lemma2_let + std::vector<std::string>{"(>= ks 1.0)"};
    s.at_top = lemma2_top;
    s.conclusion = "(and (> A 0.0) (> B 0.0))";
    out.push_back(s);
  }
  {
    StepSpec s = step(lemma2, "lemma2.derivative_of_a", "Lemma 2 (proof, dA/dw)",
                      "dA/dw = -2w + |X_S|(v_N - 1/u') (as A(w+h) - A(w) = h dA/dw - h^2)");
    s.constants.push_back("h");
    s.definitions.push_back({"Ah", "(* (+ (+ w h) (* ks c)) (- (* vN ks) (+ w h)))"});
    s.at_step = lemma2_let + std::vector<std::string>{"(>= ks 1.0)"};
    s.at_top = lemma2_top;
    s.conclusion = "(= (- Ah A) (- (* h dA) (* h h)))";
    out.push_back(s);
  }
  {
    StepSpec s = step(lemma2, "lemma2.derivative_of_b", "Lemma 2 (proof, dB/dw)",
                      "dB/dw = -2w + (-v_N|X_N| + 2) (as B(w+h) - B(w) = h dB/dw - h^2)");
    s.constants.push_back("h");
    s.definitions.push_back({"Bh", "(* (- 1.0 (+ w h)) (+ (* vN kn) (- 1.0) (+ w h)))"});
    s.at_step = lemma2_let + std::vector<std::string>{"(>= ks 1.0)"};
    s.at_top = lemma2_top;
    s.conclusion = "(= (- Bh B) (- (* h dB) (* h h)))";
    out.push_back(s);
  }
  {
    StepSpec s = step(lemma2, "lemma2.cw_bound", "Lemma 2 (proof, 'By C_w > 0')",
                      "dA/(2 sqrt A) + dB/(2 sqrt B) <= (dA + dB)/C_w with C_w = min(2 sqrt A, 2 "
                      "sqrt B)");
    s.roots = {{"a", "A"}, {"b", "B"}};
    s.definitions.push_back({"C", "(ite (<= a b) (* 2.0 a) (* 2.0 b))"});
    s.at_step = lemma2_let + std::vector<std::string>{"(>= ks 1.0)", "(> a 0.0)", "(> b 0.0)"};
    s.at_top = lemma2_top + std::vector<std::string>{"(> a 0.0)", "(> b 0.0)"};
    s.conclusion = "(<= (+ (/ dA (* 2.0 a)) (/ dB (* 2.0 b))) (/ (+ dA dB) C))";
    s.expected_at_step = R;
    s.expected_at_top = R;
    s.erratum = "U4";
    out.push_back(s);
  }
  {
    StepSpec s = step(lemma2, "lemma2.sensitive_at_most_nonsensitive",
                      "Lemma 2 (proof, '(by |X_S| <= |X_N|)')",
                      "|X_S|(v_N - 1/u') <= |X_N|(v_N - 1/u') (v_N - 1/u' = 1 > 0)");
    s.constants.push_back("C");
    s.at_step = lemma2_let +
                std::vector<std::string>{"(>= ks 1.0)", "(>= kn 1.0)", "(<= ks kn)", "(> C 0.0)"};
    s.at_top = lemma2_top + std::vector<std::string>{"(> C 0.0)"};
    s.conclusion =
        "(<= (/ (- (+ (* (- 4.0) w) (* ks (- vN c))) (* kn (- vN (/ 2.0 kn)))) C) "
        "(/ (- (+ (* (- 4.0) w) (* kn (- vN c))) (* kn (- vN (/ 2.0 kn)))) C))";
    out.push_back(s);
  }
  {
    StepSpec s = step(lemma2, "lemma2.simplify", "Lemma 2 (proof, dF/dw display, last line)",
                      "-4w + |X_N|(v_N - 1/u') - |X_N|(v_N - 2/|X_N|) <= -4w + |X_N|(2/|X_N| - "
                      "1/u') (an equality)");
    s.at_step = lemma2_let + std::vector<std::string>{"(>= kn 1.0)"};
    s.at_top = lemma2_top;
    s.conclusion =
        "(= (- (+ (* (- 4.0) w) (* kn (- vN c))) (* kn (- vN (/ 2.0 kn)))) (+ (* (- 4.0) "
        "w) (* kn (- (/ 2.0 kn) c))))";
    out.push_back(s);
  }
  {
    StepSpec s = step(lemma2, "lemma2.bracket_negative",
                      "Lemma 2 (proof, 'By eps < 2 ln(|X_N|/2 + 1)')", "2/|X_N| - 1/u' < 0");
    s.at_step = {"(> s 1.0)", "(< s (+ (/ kn 2.0) 1.0))"};
    s.at_top = lemma2_top;
    s.conclusion = "(< (- (/ 2.0 kn) c) 0.0)";
    out.push_back(s);
  }
  {
    StepSpec s = step(lemma2, "lemma2.derivative_negative", "Lemma 2 (proof, 'Hence dF/dw < 0')",
                      "dF/dw = dA/(2 sqrt A) + dB/(2 sqrt B) < 0 on [0,1), decided directly as "
                      "dA sqrt B + dB sqrt A < 0");
    s.at_step = lemma2_top + std::vector<std::string>{"(> A 0.0)", "(> B 0.0)"};
    s.at_top = s.at_step;
    // dA sqrt B + dB sqrt A < 0, squared out by the signs of dA and dB (no roots).
    s.conclusion =
        "(or (and (<= dA 0.0) (< dB 0.0)) (and (< dA 0.0) (<= dB 0.0)) (and (> dA 0.0) (< dB 0.0) "
        "(< (* dA dA B) (* dB dB A))) (and (< dA 0.0) (> dB 0.0) (< (* dB dB A) (* dA dA B))))";
    out.push_back(s);
  }

  // ---- Proposition 8 ----
  out.push_back(steps::cauchy_schwarz("prop8.cauchy_schwarz", "Proposition 8 (proof)"));
  StepSpec prop8 = steps::urap_context();
  prop8.constants.push_back("P");
  const std::vector<std::string> prop8_let = {"(> s 1.0)", "(< s (+ (/ kn 2.0) 1.0))",
                                              "(>= ks 1.0)", "(<= 0.0 P)", "(<= P 1.0)"};
  const std::vector<std::string> prop8_top = prop8_let + std::vector<std::string>{"(<= ks kn)"};
  {
    StepSpec s = step(prop8, "prop8.class_average_sensitive", "Proposition 8 (proof, eq. (42))",
                      "sum_{X_S} (p + 1/u')(v_N - p) <= |X_S| (P/|X_S| + 1/u')(v_N - P/|X_S|), "
                      "with S2 = sum_{X_S} p^2 >= P^2/|X_S| (named factor)");
    s.constants.push_back("S2");
    s.at_step = prop8_let + std::vector<std::string>{"(>= (* ks S2) (* P P))"};
    s.at_top = prop8_top + std::vector<std::string>{"(>= (* ks S2) (* P P))"};
    s.conclusion =
        "(<= (- (+ (* vN P) (* c vN ks)) S2 (* c P)) (* ks (+ (/ P ks) c) (- vN (/ P ks))))";
    out.push_back(s);
  }
  {
    StepSpec s = step(prop8, "prop8.class_average_nonsensitive", "Proposition 8 (proof, eq. (42))",
                      "sum_{X_N} p(v_N - p) <= |X_N| ((1-P)/|X_N|)(v_N - (1-P)/|X_N|), with S2 = "
                      "sum_{X_N} p^2 >= (1-P)^2/|X_N|");
    s.constants.push_back("S2");
    s.at_step = prop8_let +
                std::vector<std::string>{"(>= kn 1.0)", "(>= (* kn S2) (* (- 1.0 P) (- 1.0 P)))"};
    s.at_top = prop8_top + std::vector<std::string>{"(>= (* kn S2) (* (- 1.0 P) (- 1.0 P)))"};
    s.conclusion = "(<= (- (* vN (- 1.0 P)) S2) (* kn (/ (- 1.0 P) kn) (- vN (/ (- 1.0 P) kn))))";
    out.push_back(s);
  }
  {
    StepSpec s =
        step(prop8, "prop8.in_terms_of_f", "Proposition 8 (proof, eq. (43))",
             "|X_S|^2 (P/|X_S| + 1/u')(v_N - P/|X_S|) = A(P) and |X_N|^2 ((1-P)/|X_N|)(v_N "
             "- (1-P)/|X_N|) = B(P)");
    s.at_step = prop8_let + std::vector<std::string>{"(>= kn 1.0)"};
    s.at_top = prop8_top;
    s.conclusion =
        "(and (= (* ks ks (+ (/ P ks) c) (- vN (/ P ks))) (* (+ P (* ks c)) (- (* vN ks) "
        "P))) (= (* kn kn (/ (- 1.0 P) kn) (- vN (/ (- 1.0 P) kn))) (* (- 1.0 P) (+ (* vN kn) (- "
        "1.0) P))))";
    out.push_back(s);
  }
  for (StepSpec& s : steps::maximum_at_zero(
           prop8, "prop8.maximum_at_zero", "Proposition 8 (proof, 'By Lemma 2')",
           "F(P) <= F(0) for P in [0,1] when 0 < eps < 2 ln(|X_N|/2 + 1) (from the three facts "
           "above)",
           "(* (+ P (* ks c)) (- (* vN ks) P))", "(* (- 1.0 P) (+ (* vN kn) (- 1.0) P))",
           "(* ks (- vN c))", "(- 2.0 (* vN kn))", prop8_let, prop8_top))
    out.push_back(std::move(s));
  {
    StepSpec s =
        step(prop8, "prop8.closed_form", "Proposition 8 (proof, last display; eq. (17))",
             "F(0) = sqrt(|X_S|^2/u' v_N) + sqrt(v_N|X_N| - 1) = e^(eps/4)|X_S|/(e^(eps/2) "
             "- 1) + sqrt(e^(eps/2)|X_N|/(e^(eps/2) - 1) - 1)");
    s.roots = {{"a0", "(* (* ks ks c) vN)"},
               {"q", "s"},
               {"b0", "(- (* vN kn) 1.0)"},
               {"b1", "(- (* s kn c) 1.0)"}};
    s.at_step = prop8_let + std::vector<std::string>{"(>= kn 1.0)"};
    s.at_top = prop8_top;
    s.conclusion = "(and (= a0 (/ (* q ks) up)) (= b0 b1))";
    out.push_back(s);
  }
  return out;
}

}  // namespace uldp::verify::internal
