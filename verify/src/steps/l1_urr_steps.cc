// The l1 analysis of uRR, Appendix D.1: the proof of Proposition 4, Lemma 1 and the proofs of
// Propositions 5 and 6. p is one probability p(x), P = p(X_S), w the argument of Lemma 1's F.
#include "steps/step_context.h"

namespace uldp::verify::internal {
using steps::operator+;
using steps::step;

std::vector<StepSpec> l1_urr_steps() {
  const auto R = ProofStatus::kRefuted;
  std::vector<StepSpec> out;
  const std::vector<std::string> eps_positive = {"(> t 1.0)", "(>= ks 1.0)", "(>= kn 1.0)"};
  const std::vector<std::string> eps_nonnegative = {"(>= t 1.0)", "(>= ks 1.0)", "(>= kn 1.0)"};
  const std::vector<std::string> probability = {"(<= 0.0 p)", "(<= p 1.0)"};

  // ---- Proposition 4 (eqs. (34)-(37)) ----
  StepSpec prop4 = steps::urr_context();
  prop4.constants.push_back("p");
  {
    StepSpec s = step(prop4, "prop4.output_distribution", "Proposition 4 (eq. (34))",
                      "m(x) = sum_x' p(x') Q(x|x') = (t-1)/u p(x) + 1/u on X_S (Q(x|x) = t/u, "
                      "other inputs 1/u) and (t-1)/u p(x) on X_N");
    s.at_step = eps_nonnegative + probability;
    s.at_top = s.at_step;
    s.conclusion =
        "(and (= (+ (* p (/ t u)) (* (- 1.0 p) (/ 1.0 u))) (+ (* (/ up u) p) (/ 1.0 u))) "
        "(= (+ (* p (/ up u)) (* (- 1.0 p) 0.0)) (* (/ up u) p)))";
    out.push_back(s);
  }
  {
    StepSpec s =
        step(prop4, "prop4.estimator_defined", "Proposition 4 (eq. (35); 'Let eps in R>=0')",
             "the empirical estimate (35) and the loss formula (11) divide by u' = e^eps - 1: "
             "they are defined (u' > 0)");
    s.at_step = eps_positive;
    s.at_top = eps_nonnegative;
    s.conclusion = "(> up 0.0)";
    s.expected_at_top = R;
    s.erratum = "U6";
    out.push_back(s);
  }
  {
    StepSpec s = step(prop4, "prop4.estimator_inverts", "Proposition 4 (eqs. (34), (35))",
                      "(35) applied to the m of (34) gives p back: v m - 1/u' = p on X_S, v m = p "
                      "on X_N");
    s.at_step = eps_positive + probability;
    s.at_top = s.at_step;
    s.conclusion =
        "(and (= (- (* v (+ (* (/ up u) p) (/ 1.0 u))) (/ 1.0 up)) p) (= (* v (* (/ up u) p)) p))";
    out.push_back(s);
  }
  {
    StepSpec s =
        step(prop4, "prop4.u_v_positive", "Proposition 4 (proof, 'By eps > 0')", "u > 0 and v > 0");
    s.at_step = eps_positive;
    s.at_top = s.at_step;
    s.conclusion = "(and (> u 0.0) (> v 0.0))";
    out.push_back(s);
  }
  {
    StepSpec s = step(
        prop4, "prop4.loss_is_scaled_output_error", "Proposition 4 (proof, first display, line 2)",
        "|p^(x) - p(x)| = v |m^(x) - m(x)| for every empirical m^(x) (X_S; on X_N the "
        "offset 1/u' is absent)");
    s.constants.push_back("mh");
    s.at_step = eps_positive + probability;
    s.at_top = s.at_step;
    s.definitions.push_back({"m", "(+ (/ p v) (/ 1.0 u))"});
    s.definitions.push_back({"ph", "(- (* v mh) (/ 1.0 up))"});
    s.conclusion =
        "(= (ite (>= (- ph p) 0.0) (- ph p) (- p ph)) (* v (ite (>= (- mh m) 0.0) (- mh m) (- m "
        "mh))))";
    out.push_back(s);
  }
  {
    StepSpec s =
        step(prop4, "prop4.expectation_rescaled", "Proposition 4 (proof, first display, lines 3-5)",
             "v E|T/n - E T/n| = (v / sqrt n) E|(T - E T)/sqrt n| (linearity of E, "
             "m^ = T/n), pointwise in T");
    s.constants = {"t", "ks", "kn", "n", "T", "ET"};
    s.roots = {{"rn", "n"}};
    s.at_step = eps_positive + std::vector<std::string>{"(>= n 1.0)"};
    s.at_top = s.at_step;
    s.conclusion =
        "(= (* v (ite (>= (- (/ T n) (/ ET n)) 0.0) (- (/ T n) (/ ET n)) (- (/ ET n) (/ T n)))) "
        "(* (/ v rn) (ite (>= (- T ET) 0.0) (/ (- T ET) rn) (/ (- ET T) rn))))";
    s.integers = {"ks", "kn", "n"};
    out.push_back(s);
  }
  {
    StepSpec s = step(prop4, "prop4.central_limit", "Proposition 4 (proof, eqs. (36), (37))",
                      "(T - E T)/sqrt n -> N(0, m(1-m)) and E|G| = sqrt(2/pi) sigma for G ~ N(0, "
                      "sigma^2), so E|(T - E T)/sqrt n| -> sqrt(2/pi m(1-m))");
    s.not_encoded =
        "a limit in distribution and a moment of the normal law: not a formula of real "
        "arithmetic. Checked instead by simulation (tests/losses: the l1 formula against Monte "
        "Carlo means at n = 10^4..10^6) and by uldp's certified evaluation of eq. (11)";
    out.push_back(s);
  }
  {
    StepSpec s = step(prop4, "prop4.output_in_terms_of_p", "Proposition 4 (proof, after (37))",
                      "m(x) = p(x)/v + 1/u on X_S and m(x) = p(x)/v on X_N");
    s.at_step = eps_positive + probability;
    s.at_top = s.at_step;
    s.conclusion =
        "(and (= (+ (* (/ up u) p) (/ 1.0 u)) (+ (/ p v) (/ 1.0 u))) (= (* (/ up u) p) (/ p v)))";
    out.push_back(s);
  }
  {
    StepSpec s = step(prop4, "prop4.root_rewrite_sensitive", "Proposition 4 (proof, last display)",
                      "v sqrt((p/v + 1/u)(1 - p/v - 1/u)) = sqrt((p + 1/u')(v - p - 1/u'))");
    s.roots = {{"x", "(* (+ (/ p v) (/ 1.0 u)) (- 1.0 (/ p v) (/ 1.0 u)))"},
               {"y", "(* (+ p (/ 1.0 up)) (- v p (/ 1.0 up)))"}};
    s.at_step = eps_positive + probability;
    s.at_top = s.at_step;
    s.conclusion = "(= (* v x) y)";
    out.push_back(s);
  }
  {
    StepSpec s =
        step(prop4, "prop4.root_rewrite_nonsensitive", "Proposition 4 (proof, last display)",
             "v sqrt(p/v (1 - p/v)) = sqrt(p (v - p))");
    s.roots = {{"x", "(* (/ p v) (- 1.0 (/ p v)))"}, {"y", "(* p (- v p))"}};
    s.at_step = eps_positive + probability;
    s.at_top = s.at_step;
    s.conclusion = "(= (* v x) y)";
    out.push_back(s);
  }

  // ---- Lemma 1 ----
  StepSpec lemma1 = steps::urr_context();
  lemma1.constants.push_back("w");
  lemma1.definitions.push_back({"A", "(* (+ w (/ ks up)) (- (* v ks) w (/ ks up)))"});
  lemma1.definitions.push_back({"B", "(* (- 1.0 w) (+ (* v kn) (- 1.0) w))"});
  lemma1.definitions.push_back({"dA", "(+ (* (- 2.0) w) (* ks (- v (/ 2.0 up))))"});
  lemma1.definitions.push_back({"dB", "(+ (* (- 2.0) w) (+ (- (* v kn)) 2.0))"});
  lemma1.scope = "every t > 1, w in [0,1), |X_S| >= 1, |X_N| >= 1 (sizes as reals)";
  // The proof's "Let 0 < eps < ln(|X_N| + 1) and w in [0, 1)".
  const std::vector<std::string> lemma1_let = {"(> t 1.0)", "(< t (+ kn 1.0))", "(<= 0.0 w)",
                                               "(< w 1.0)"};
  const std::vector<std::string> lemma1_top =
      lemma1_let + std::vector<std::string>{"(>= ks 1.0)", "(<= ks kn)"};
  const std::vector<std::pair<std::string, std::string>> ab_roots = {{"a", "A"}, {"b", "B"}};
  {
    StepSpec s = step(lemma1, "lemma1.v_bounds", "Lemma 1 (proof, first sentence)",
                      "v >= 1 and v - 1/u' = (|X_S| - 1)/(e^eps - 1) + 1 >= 1");
    s.at_step = lemma1_let + std::vector<std::string>{"(>= ks 1.0)"};
    s.at_top = lemma1_top;
    s.conclusion =
        "(and (>= v 1.0) (= (- v (/ 1.0 up)) (+ (/ (- ks 1.0) up) 1.0)) (>= (- v (/ 1.0 up)) "
        "1.0))";
    out.push_back(s);
  }
  {
    StepSpec s = step(lemma1, "lemma1.a_b_positive", "Lemma 1 (proof, first sentence)",
                      "A(w) > 0 and B(w) > 0, 'by eps > 0, |X_S| >= 1, 0 <= w <= 1, v >= 1 and v - "
                      "1/u' >= 1'");
    s.at_step = lemma1_let + std::vector<std::string>{"(>= ks 1.0)"};
    s.at_top = lemma1_top;
    s.conclusion = "(and (> A 0.0) (> B 0.0))";
    out.push_back(s);
  }
  {
    StepSpec s = step(lemma1, "lemma1.derivative_of_a", "Lemma 1 (proof, dA/dw)",
                      "dA/dw = -2w + |X_S|(v - 2/u') (as the identity A(w+h) - A(w) = h dA/dw - "
                      "h^2 of the quadratic A)");
    s.constants.push_back("h");
    s.at_step = lemma1_let + std::vector<std::string>{"(>= ks 1.0)"};
    s.at_top = lemma1_top;
    s.definitions.push_back({"Ah", "(* (+ (+ w h) (/ ks up)) (- (* v ks) (+ w h) (/ ks up)))"});
    s.conclusion = "(= (- Ah A) (- (* h dA) (* h h)))";
    out.push_back(s);
  }
  {
    StepSpec s = step(lemma1, "lemma1.derivative_of_b", "Lemma 1 (proof, dB/dw)",
                      "dB/dw = -2w + (-v|X_N| + 2) (as B(w+h) - B(w) = h dB/dw - h^2)");
    s.constants.push_back("h");
    s.at_step = lemma1_let + std::vector<std::string>{"(>= ks 1.0)"};
    s.at_top = lemma1_top;
    s.definitions.push_back({"Bh", "(* (- 1.0 (+ w h)) (+ (* v kn) (- 1.0) (+ w h)))"});
    s.conclusion = "(= (- Bh B) (- (* h dB) (* h h)))";
    out.push_back(s);
  }
  {
    StepSpec s = step(lemma1, "lemma1.cw_bound", "Lemma 1 (proof, 'By C_w > 0')",
                      "dA/(2 sqrt A) + dB/(2 sqrt B) <= (dA + dB)/C_w with C_w = min(2 sqrt A, 2 "
                      "sqrt B)");
    s.roots = ab_roots;
    s.definitions.push_back({"C", "(ite (<= a b) (* 2.0 a) (* 2.0 b))"});
    s.at_step = lemma1_let + std::vector<std::string>{"(>= ks 1.0)", "(> a 0.0)", "(> b 0.0)"};
    s.at_top = lemma1_top + std::vector<std::string>{"(> a 0.0)", "(> b 0.0)"};
    s.conclusion = "(<= (+ (/ dA (* 2.0 a)) (/ dB (* 2.0 b))) (/ (+ dA dB) C))";
    s.expected_at_step = R;
    s.expected_at_top = R;
    s.erratum = "U4";
    out.push_back(s);
  }
  {
    StepSpec s = step(lemma1, "lemma1.regroup", "Lemma 1 (proof, dF/dw display, line 3)",
                      "-2w + |X_S|(v - 2/u') - 2w + (-v|X_N| + 2) = -4w + |X_S|(v - 2/u') - "
                      "|X_N|(v - 2/|X_N|)");
    s.at_step = lemma1_let + std::vector<std::string>{"(>= ks 1.0)", "(>= kn 1.0)"};
    s.at_top = lemma1_top;
    s.conclusion =
        "(= (+ dA dB) (- (+ (* (- 4.0) w) (* ks (- v (/ 2.0 up)))) (* kn (- v (/ 2.0 kn)))))";
    out.push_back(s);
  }
  {
    StepSpec s = step(lemma1, "lemma1.sensitive_at_most_nonsensitive",
                      "Lemma 1 (proof, '(by |X_S| <= |X_N|)')",
                      "(-4w + |X_S|(v - 2/u') - |X_N|(v - 2/|X_N|))/C_w <= (-4w + |X_N|(v - 2/u') "
                      "- |X_N|(v - 2/|X_N|))/C_w: needs v - 2/u' >= 0, i.e. |X_S| + e^eps >= 3");
    s.constants.push_back("C");
    s.at_step = lemma1_let +
                std::vector<std::string>{"(>= ks 1.0)", "(>= kn 1.0)", "(<= ks kn)", "(> C 0.0)"};
    s.at_top = lemma1_top + std::vector<std::string>{"(> C 0.0)"};
    s.conclusion =
        "(<= (/ (- (+ (* (- 4.0) w) (* ks (- v (/ 2.0 up)))) (* kn (- v (/ 2.0 kn)))) C) "
        "(/ (- (+ (* (- 4.0) w) (* kn (- v (/ 2.0 up)))) (* kn (- v (/ 2.0 kn)))) C))";
    s.expected_at_step = R;
    s.expected_at_top = R;
    s.erratum = "U9";
    out.push_back(s);
  }
  {
    StepSpec s = step(lemma1, "lemma1.simplify", "Lemma 1 (proof, dF/dw display, last line)",
                      "-4w + |X_N|(v - 2/u') - |X_N|(v - 2/|X_N|) = -4w + 2|X_N|(1/|X_N| - 1/u')");
    s.at_step = lemma1_let + std::vector<std::string>{"(>= kn 1.0)"};
    s.at_top = lemma1_top;
    s.conclusion =
        "(= (- (+ (* (- 4.0) w) (* kn (- v (/ 2.0 up)))) (* kn (- v (/ 2.0 kn)))) (+ (* (- 4.0) "
        "w) (* 2.0 kn (- (/ 1.0 kn) (/ 1.0 up)))))";
    out.push_back(s);
  }
  {
    StepSpec s = step(lemma1, "lemma1.bracket_negative", "Lemma 1 (proof, 'By e^eps < |X_N| + 1')",
                      "1/|X_N| - 1/u' < 0");
    s.at_step = {"(> t 1.0)", "(< t (+ kn 1.0))"};
    s.at_top = lemma1_top;
    s.conclusion = "(< (- (/ 1.0 kn) (/ 1.0 up)) 0.0)";
    out.push_back(s);
  }
  {
    StepSpec s = step(lemma1, "lemma1.derivative_negative", "Lemma 1 (proof, 'Hence dF/dw < 0')",
                      "dF/dw = dA/(2 sqrt A) + dB/(2 sqrt B) < 0 on [0,1), decided directly as "
                      "dA sqrt B + dB sqrt A < 0 (the chain above has two invalid links)");
    s.roots = ab_roots;
    s.at_step = lemma1_top + std::vector<std::string>{"(> a 0.0)", "(> b 0.0)"};
    s.at_top = s.at_step;
    s.conclusion = "(< (+ (* dA b) (* dB a)) 0.0)";
    out.push_back(s);
  }

  // ---- Proposition 5 ----
  out.push_back(steps::cauchy_schwarz("prop5.cauchy_schwarz", "Proposition 5 (proof)"));
  StepSpec prop5 = steps::urr_context();
  prop5.constants.push_back("P");
  const std::vector<std::string> prop5_let = {"(> t 1.0)", "(< t (+ kn 1.0))", "(>= ks 1.0)",
                                              "(<= 0.0 P)", "(<= P 1.0)"};
  const std::vector<std::string> prop5_top = prop5_let + std::vector<std::string>{"(<= ks kn)"};
  {
    StepSpec s = step(prop5, "prop5.class_average_sensitive", "Proposition 5 (proof, eq. (38))",
                      "sum_{X_S} (p(x) + 1/u')(v - p(x) - 1/u') <= |X_S| (P/|X_S| + 1/u')(v - "
                      "P/|X_S| - 1/u'), written with S2 = sum_{X_S} p(x)^2 >= P^2/|X_S| (a named "
                      "factor: Cauchy-Schwarz)");
    s.constants.push_back("S2");
    s.definitions.push_back({"c", "(/ 1.0 up)"});
    s.at_step = prop5_let + std::vector<std::string>{"(>= (* ks S2) (* P P))"};
    s.at_top = prop5_top + std::vector<std::string>{"(>= (* ks S2) (* P P))"};
    s.conclusion =
        "(<= (- (+ (* (- v (* 2.0 c)) P) (* ks c (- v c))) S2) (* ks (+ (/ P ks) c) (- v (/ P ks) "
        "c)))";
    out.push_back(s);
  }
  {
    StepSpec s = step(prop5, "prop5.class_average_nonsensitive", "Proposition 5 (proof, eq. (38))",
                      "sum_{X_N} p(x)(v - p(x)) <= |X_N| ((1-P)/|X_N|)(v - (1-P)/|X_N|), with S2 = "
                      "sum_{X_N} p(x)^2 >= (1-P)^2/|X_N|");
    s.constants.push_back("S2");
    s.at_step = prop5_let +
                std::vector<std::string>{"(>= kn 1.0)", "(>= (* kn S2) (* (- 1.0 P) (- 1.0 P)))"};
    s.at_top = prop5_top + std::vector<std::string>{"(>= (* kn S2) (* (- 1.0 P) (- 1.0 P)))"};
    s.conclusion = "(<= (- (* v (- 1.0 P)) S2) (* kn (/ (- 1.0 P) kn) (- v (/ (- 1.0 P) kn))))";
    out.push_back(s);
  }
  {
    StepSpec s = step(prop5, "prop5.in_terms_of_f", "Proposition 5 (proof, eq. (39))",
                      "|X_S|^2 (P/|X_S| + 1/u')(v - P/|X_S| - 1/u') = A(P) and |X_N|^2 "
                      "((1-P)/|X_N|)(v - (1-P)/|X_N|) = B(P)");
    s.at_step = prop5_let + std::vector<std::string>{"(>= kn 1.0)"};
    s.at_top = prop5_top;
    s.conclusion =
        "(and (= (* ks ks (+ (/ P ks) (/ 1.0 up)) (- v (/ P ks) (/ 1.0 up))) (* (+ P (/ ks up)) (- "
        "(* v ks) P (/ ks up)))) (= (* kn kn (/ (- 1.0 P) kn) (- v (/ (- 1.0 P) kn))) (* (- 1.0 "
        "P) (+ (* v kn) (- 1.0) P))))";
    out.push_back(s);
  }
  for (StepSpec& s : steps::maximum_at_zero(
           prop5, "prop5.maximum_at_zero", "Proposition 5 (proof, 'By Lemma 1')",
           "F(P) <= F(0) for P in [0,1] when 0 < eps < ln(|X_N| + 1) (from the three facts "
           "above)",
           "(* (+ P (/ ks up)) (- (* v ks) P (/ ks up)))", "(* (- 1.0 P) (+ (* v kn) (- 1.0) P))",
           "(* ks (- v (/ 2.0 up)))", "(- 2.0 (* v kn))", prop5_let, prop5_top))
    out.push_back(std::move(s));
  {
    StepSpec s = step(prop5, "prop5.closed_form", "Proposition 5 (proof, last display; eq. (12))",
                      "F(0) = sqrt(|X_S|^2/u' (v - 1/u')) + sqrt(v|X_N| - 1) = |X_S| sqrt(|X_S| + "
                      "e^eps - 2)/(e^eps - 1) + sqrt(|X_S||X_N|/(e^eps - 1) + |X_N| - 1)");
    s.roots = {{"a0", "(* (/ ks up) (- (* v ks) (/ ks up)))"},
               {"a1", "(* (/ (* ks ks) up) (- v (/ 1.0 up)))"},
               {"a2", "(- (+ ks t) 2.0)"},
               {"b0", "(- (* v kn) 1.0)"},
               {"b1", "(- (+ (/ (* ks kn) up) kn) 1.0)"}};
    s.at_step = prop5_let + std::vector<std::string>{"(>= kn 1.0)"};
    s.at_top = prop5_top;
    s.conclusion = "(and (= a0 a1) (= a1 (/ (* ks a2) up)) (= b0 b1))";
    out.push_back(s);
  }

  // ---- Proposition 6 ----
  StepSpec prop6 = steps::urr_context();
  prop6.definitions.push_back({"k", "(+ ks kn)"});
  prop6.definitions.push_back({"pS", "(/ (- 1.0 (/ kn up)) k)"});
  prop6.definitions.push_back({"pN", "(/ (+ 1.0 (/ ks up)) k)"});
  const std::vector<std::string> prop6_top = {"(>= t (+ kn 1.0))", "(>= ks 1.0)", "(>= kn 1.0)"};
  {
    StepSpec s = step(prop6, "prop6.p_star_is_a_distribution", "Proposition 6 (proof, note)",
                      "p*(x) >= 0 for all x (by eps >= ln(|X_N| + 1)) and p* sums to 1");
    s.at_step = prop6_top;
    s.at_top = prop6_top;
    s.conclusion = "(and (>= pS 0.0) (>= pN 0.0) (= (+ (* ks pS) (* kn pN)) 1.0))";
    out.push_back(s);
  }
  {
    StepSpec s = step(prop6, "prop6.uniform_output_sensitive", "Proposition 6 (proof, m(x) on X_S)",
                      "(e^eps - 1)/u p*(x) + 1/u = (e^eps - 1 - |X_N| + |X_S| + |X_N|)/(u (|X_S| + "
                      "|X_N|)) = 1/|X|");
    s.at_step = prop6_top;
    s.at_top = prop6_top;
    s.conclusion =
        "(and (= (+ (* (/ up u) pS) (/ 1.0 u)) (/ (+ (- up kn) ks kn) (* u k))) (= (/ (+ (- up kn) "
        "ks kn) (* u k)) (/ 1.0 k)))";
    out.push_back(s);
  }
  {
    StepSpec s = step(prop6, "prop6.uniform_output_nonsensitive",
                      "Proposition 6 (proof, m(x) on X_N)", "(e^eps - 1)/u p*(x) = 1/|X|");
    s.at_step = prop6_top;
    s.at_top = prop6_top;
    s.conclusion = "(= (* (/ up u) pN) (/ 1.0 k))";
    out.push_back(s);
  }
  out.push_back(steps::cauchy_schwarz("prop6.cauchy_schwarz", "Proposition 6 (proof)"));
  {
    StepSpec s;
    s.name = "prop6.equality_iff_uniform";
    s.paper_reference = "Proposition 6 (proof, 'where ≈ holds iff m is uniform')";
    s.statement =
        "equality in Cauchy-Schwarz (all m(x)(1 - m(x)) equal) holds only when m is uniform "
        "(shown for |X| = 2 with m of a uRR)";
    s.scope = "|X_S| = |X_N| = 1, every t >= 2 (bounded size)";
    s.constants = {"t", "p"};
    s.definitions = {{"m1", "(/ (+ (* (- t 1.0) p) 1.0) t)"},
                     {"m2", "(/ (* (- t 1.0) (- 1.0 p)) t)"}};
    s.at_step = {"(>= t 2.0)", "(<= 0.0 p)", "(<= p 1.0)"};
    s.at_top = s.at_step;
    s.conclusion = "(=> (= (* m1 (- 1.0 m1)) (* m2 (- 1.0 m2))) (= m1 m2))";
    s.expected_at_step = R;
    s.expected_at_top = R;
    s.erratum = "U7";
    out.push_back(s);
  }
  {
    StepSpec s = step(prop6, "prop6.bound_at_uniform_output", "Proposition 6 (proof, 'Hence')",
                      "v sqrt(|X| sum m(x)(1 - m(x))) <= v sqrt(|X| (1 - 1/|X|)) (with S2 = sum "
                      "m(x)^2 >= 1/|X|, the step the proof leaves out)");
    s.constants.push_back("S2");
    s.roots = {{"lhs", "(* k (- 1.0 S2))"}, {"rhs", "(* k (- 1.0 (/ 1.0 k)))"}};
    s.at_step = prop6_top + std::vector<std::string>{"(>= (* k S2) 1.0)", "(<= S2 1.0)"};
    s.at_top = s.at_step;
    s.conclusion = "(<= (* v lhs) (* v rhs))";
    out.push_back(s);
  }
  {
    StepSpec s =
        step(prop6, "prop6.closed_form", "Proposition 6 (proof, last display; eq. (14))",
             "v sqrt(|X| sum_x 1/|X| (1 - 1/|X|)) = sqrt(|X| - 1) (|X_S| + e^eps - 1)/(e^eps "
             "- 1)");
    s.roots = {{"lhs", "(* k k (/ 1.0 k) (- 1.0 (/ 1.0 k)))"}, {"rhs", "(- k 1.0)"}};
    s.at_step = prop6_top;
    s.at_top = prop6_top;
    s.conclusion = "(= (* v lhs) (* rhs (/ (- (+ ks t) 1.0) up)))";
    out.push_back(s);
  }
  return out;
}

}  // namespace uldp::verify::internal
