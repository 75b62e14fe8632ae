// The high- and low-privacy regimes (Appendices D.1.2, D.1.3, D.2.2, D.2.3, E.1.2, E.1.3, E.2.2,
// E.2.3) and the comparisons with RR and RAPPOR. An "≈ as eps -> 0" or "≈ as |X_S|/|X| -> 0"
// step is decided through an explicit rate (the relative error is at most a stated bound that
// tends to 0), which proves the limit; where the paper's limit fails for an admissible size, a
// necessary condition of the limit is refuted instead. e = eps; q = sqrt(|X|).
#include "steps/step_context.h"

namespace uldp::verify::internal {
using steps::operator+;
using steps::step;

namespace {

constexpr const char* kExpApproximation =
    "replaces e^eps - 1 by its first-order term: a limit of a transcendental function, not a "
    "formula of real arithmetic. Tried: the quantified encoding 'for every eta > 0 there is delta "
    "> 0 such that for every eps < delta and every t in [1 + eps, 1 + eps + eps^2] (a relaxation "
    "of "
    "t = e^eps) the relative error is below eta', on D.1.2 case 1: Z3 4.8.12 gave no answer in 60 "
    "s. The other e^eps ≈ 1 + eps steps have the same form. Checked numerically instead: "
    "`uldp loss --table l1|l2` compares the approximations with the exact worst cases "
    "(docs/errata.md "
    "U5)";

StepSpec sizes(std::string name, std::string paper_reference, std::string statement) {
  StepSpec s;
  s.name = std::move(name);
  s.paper_reference = std::move(paper_reference);
  s.statement = std::move(statement);
  s.constants = {"e", "ks", "kn"};
  s.integers = {"ks", "kn"};
  s.scope = "every eps in (0,1], |X_S| >= 1, |X_N| >= 1 (sizes as reals)";
  return s;
}

StepSpec not_encoded(std::string name, std::string paper_reference, std::string statement) {
  StepSpec s;
  s.name = std::move(name);
  s.paper_reference = std::move(paper_reference);
  s.statement = std::move(statement);
  s.not_encoded = kExpApproximation;
  return s;
}

}  // namespace

std::vector<StepSpec> regime_steps() {
  const auto R = ProofStatus::kRefuted;
  std::vector<StepSpec> out;
  const std::vector<std::string> small_eps = {"(> e 0.0)", "(<= e 1.0)", "(>= ks 1.0)",
                                              "(>= kn 1.0)"};

  // ---- D.1.2: uRR, l1, eps ≈ 0 ----
  out.push_back(
      not_encoded("d12.case1_exp_approximation", "Appendix D.1.2 (case 1, 'by e^eps - 1 ≈ eps')",
                  "(12) ≈ |X_S| sqrt(|X_S| + eps - 1)/eps + sqrt(|X_S||X_N|/eps + |X_N| - 1)"));
  {
    StepSpec s =
        sizes("d12.case1_leading_term", "Appendix D.1.2 (case 1, 'by eps ≈ 0'); Table 3",
              "|X_S| sqrt(|X_S| + eps - 1)/eps + sqrt(|X_S||X_N|/eps + |X_N| - 1) ≈ "
              "|X_S| sqrt(|X_S| - 1)/eps: a ratio tending to 1 needs the approximant to be "
              "positive where the loss is");
    s.roots = {{"g", "(- ks 1.0)"}};
    s.at_step = small_eps + std::vector<std::string>{"(<= ks kn)"};
    s.at_top = s.at_step;
    s.conclusion = "(> (/ (* ks g) e) 0.0)";
    s.expected_at_step = s.expected_at_top = R;
    s.erratum = "U2";
    out.push_back(s);
  }
  {
    StepSpec s = sizes("d12.case2_leading_term", "Appendix D.1.2 (case 2)",
                       "(w + |X_S|/eps)(|X_S|^2/eps - w - |X_S|/eps) = |X_S|^2(|X_S| - 1)/eps^2 + "
                       "O(1/eps): eps times the remainder is at most |X_S|^2 + 2|X_S| + 1 on w in "
                       "[0,1]");
    s.constants.push_back("w");
    s.definitions = {{"rem",
                      "(- (* (+ w (/ ks e)) (- (/ (* ks ks) e) w (/ ks e))) (/ (* ks ks (- "
                      "ks 1.0)) (* e e)))"}};
    s.at_step = small_eps + std::vector<std::string>{"(<= 0.0 w)", "(<= w 1.0)", "(> ks kn)"};
    s.at_top = s.at_step;
    s.conclusion = "(<= (ite (>= rem 0.0) (* e rem) (- (* e rem))) (+ (* ks ks) (* 2.0 ks) 1.0))";
    out.push_back(s);
  }
  out.push_back(not_encoded("d12.case2_exp_approximation",
                            "Appendix D.1.2 (case 2, 'u' ≈ eps and v ≈ |X_S|/eps')",
                            "F(w*) ≈ the same expression with u' = eps and v = |X_S|/eps"));
  {
    StepSpec s = sizes("d12.better_than_rr", "Appendix D.1.2 (summary); Section 4.3",
                       "|X_S| sqrt(|X_S| - 1)/eps <= |X| sqrt(|X| - 1)/eps: uRR's eps ≈ 0 bound is "
                       "below RR's (Kairouz et al.)");
    s.roots = {{"a", "(- ks 1.0)"}, {"b", "(- (+ ks kn) 1.0)"}};
    s.at_step = small_eps;
    s.at_top = s.at_step;
    s.conclusion = "(<= (/ (* ks a) e) (/ (* (+ ks kn) b) e))";
    out.push_back(s);
  }

  // ---- D.1.3: uRR, l1, eps = ln|X| ----
  {
    StepSpec s = sizes("d13.proposition6_applies", "Appendix D.1.3",
                       "eps = ln|X| satisfies Proposition 6's eps >= ln(|X_N| + 1)");
    s.at_step = {"(>= ks 1.0)", "(>= kn 1.0)"};
    s.at_top = s.at_step;
    s.conclusion = "(>= (+ ks kn) (+ kn 1.0))";
    out.push_back(s);
  }
  {
    StepSpec s = sizes("d13.substitute", "Appendix D.1.3 (display, lines 2-3)",
                       "(|X_S| + |X| - 1)/(|X| - 1) = 1 + |X_S|/(|X| - 1)");
    s.at_step = {"(>= ks 1.0)", "(>= kn 1.0)"};
    s.at_top = s.at_step;
    s.conclusion =
        "(= (/ (- (+ ks ks kn) 1.0) (- (+ ks kn) 1.0)) (+ 1.0 (/ ks (- (+ ks kn) 1.0))))";
    out.push_back(s);
  }
  {
    StepSpec s =
        sizes("d13.small_sensitive_share", "Appendix D.1.3 ('by |X_S|/|X| ≈ 0')",
              "1 + |X_S|/(|X| - 1) ≈ 1 as |X_S|/|X| -> 0: the error is at most 2|X_S|/|X|");
    s.at_step = {"(>= ks 1.0)", "(>= kn 1.0)"};
    s.at_top = s.at_step;
    s.conclusion = "(<= (/ ks (- (+ ks kn) 1.0)) (/ (* 2.0 ks) (+ ks kn)))";
    out.push_back(s);
  }

  // ---- D.2.2: uRAP, l1, eps ≈ 0 ----
  out.push_back(not_encoded("d22.case1_exp_approximation",
                            "Appendix D.2.2 (case 1, 'by e^(eps/2) - 1 ≈ eps/2')",
                            "(17) ≈ sqrt(|X_S|^2 (2/eps)/(eps/2)) + sqrt(2|X_N|/eps - 1)"));
  {
    StepSpec s = sizes("d22.case1_simplify", "Appendix D.2.2 (case 1, '=' line)",
                       "sqrt(|X_S|^2 (2/eps)/(eps/2)) = 2|X_S|/eps and sqrt(2|X_N|/eps - 1) = "
                       "sqrt((2|X_N| - eps)/eps)");
    s.roots = {{"a", "(/ (* ks ks (/ 2.0 e)) (/ e 2.0))"},
               {"b", "(- (/ (* 2.0 kn) e) 1.0)"},
               {"b2", "(/ (- (* 2.0 kn) e) e)"}};
    s.at_step = small_eps;
    s.at_top = s.at_step;
    s.conclusion = "(and (= a (/ (* 2.0 ks) e)) (= b b2))";
    out.push_back(s);
  }
  {
    StepSpec s =
        sizes("d22.case1_leading_term", "Appendix D.2.2 (case 1, 'by eps ≈ 0')",
              "2|X_S|/eps + sqrt((2|X_N| - eps)/eps) ≈ 2|X_S|/eps: the relative error is at "
              "most sqrt(2|X_N| eps)/2");
    s.roots = {{"b", "(/ (- (* 2.0 kn) e) e)"}, {"r", "(* 2.0 kn e)"}};
    s.at_step = small_eps;
    s.at_top = s.at_step;
    s.conclusion = "(<= b (* (/ (* 2.0 ks) e) (/ r 2.0)))";
    out.push_back(s);
  }
  {
    StepSpec s =
        sizes("d22.case2_leading_term", "Appendix D.2.2 (case 2)",
              "(w + 2|X_S|/eps)(2|X_S|/eps - w) = 4|X_S|^2/eps^2 + O(1/eps) (the remainder "
              "is -w^2)");
    s.constants.push_back("w");
    s.at_step = small_eps + std::vector<std::string>{"(<= 0.0 w)", "(<= w 1.0)"};
    s.at_top = s.at_step;
    s.conclusion =
        "(= (* (+ w (/ (* 2.0 ks) e)) (- (/ (* 2.0 ks) e) w)) (- (/ (* 4.0 ks ks) (* e e)) (* w "
        "w)))";
    out.push_back(s);
  }
  {
    StepSpec s = sizes("d22.better_than_rappor", "Appendix D.2.2 (summary); Section 4.3",
                       "2|X_S|/eps <= 2|X|/eps: uRAP's eps ≈ 0 bound is below RAPPOR's");
    s.at_step = small_eps;
    s.at_top = s.at_step;
    s.conclusion = "(<= (/ (* 2.0 ks) e) (/ (* 2.0 (+ ks kn)) e))";
    out.push_back(s);
  }

  // ---- D.2.3: uRAP, l1, eps = ln|X| ----
  {
    StepSpec s = sizes("d23.proposition8_applies", "Appendix D.2.3 ('since |X| < (|X_N|/2 + 1)^2')",
                       "eps = ln|X| < 2 ln(|X_N|/2 + 1), i.e. |X| < (|X_N|/2 + 1)^2, in the "
                       "section's regime read as |X_S| <= |X_N| (exactly: it needs |X_S| < "
                       "|X_N|^2/4 + 1)");
    s.at_step = {"(>= ks 1.0)", "(>= kn 1.0)", "(<= ks kn)"};
    s.at_top = s.at_step;
    s.conclusion = "(< (+ ks kn) (* (+ (/ kn 2.0) 1.0) (+ (/ kn 2.0) 1.0)))";
    s.expected_at_step = s.expected_at_top = R;
    s.erratum = "U5";
    out.push_back(s);
  }
  {
    StepSpec s = sizes("d23.gain_near_one", "Appendix D.2.3 ('v_N ≈ 1')",
                       "v_N = sqrt|X|/(sqrt|X| - 1) -> 1: v_N - 1 <= 2/sqrt|X| for |X| >= 4");
    s.constants = {"q"};
    s.integers.clear();
    s.scope = "every q = sqrt|X| >= 2";
    s.at_step = {"(>= q 2.0)"};
    s.at_top = s.at_step;
    s.conclusion = "(and (> (/ q (- q 1.0)) 1.0) (<= (- (/ q (- q 1.0)) 1.0) (/ 2.0 q)))";
    out.push_back(s);
  }
  {
    StepSpec s;
    s.name = "d23.leading_terms";
    s.paper_reference = "Appendix D.2.3 (eq. (44), 'by |X_N| ≈ |X|', 'by |X| ≫ 1')";
    s.statement = "|X_S|/sqrt(sqrt|X| - 1) + sqrt(|X| - 1) ≈ sqrt(|X| - 1)(1 + |X_S|/|X|^(3/4))";
    s.not_encoded =
        "three '≈' in a row with two sizes tending to infinity at unstated relative rates (|X_N| ≈ "
        "|X|, |X| ≫ 1, then |X_S| ≪ |X|^(3/4)): no single limit is stated, so there is no "
        "formula to decide. The exact worst case is compared with the table entry by `uldp loss "
        "--table l1` (docs/errata.md U5: ratio 0.990 at |X| = 400, |X_S| = 20)";
    out.push_back(s);
  }

  // ---- E.1.2, E.1.3: uRR, l2 ----
  out.push_back(not_encoded("e12.exp_approximation", "Appendix E.1.2 ('by e^eps - 1 ≈ eps')",
                            "Proposition 16's bound ≈ (|X_S|(|X_S| + 2eps - 1) + eps^2(1 - "
                            "1/|X_N|))/(n eps^2)"));
  {
    StepSpec s = sizes("e12.leading_term", "Appendix E.1.2 (last line); Table 4",
                       "(|X_S|(|X_S| + 2eps - 1) + eps^2(1 - 1/|X_N|))/(n eps^2) ≈ |X_S|(|X_S| - "
                       "1)/(n eps^2): the approximant must be positive where the loss is");
    s.at_step = small_eps;
    s.at_top = s.at_step;
    s.conclusion = "(> (* ks (- ks 1.0)) 0.0)";
    s.expected_at_step = s.expected_at_top = R;
    s.erratum = "U2";
    out.push_back(s);
  }
  {
    StepSpec s = sizes("e12.better_than_rr", "Appendix E.1.2; Table 4",
                       "|X_S|(|X_S| - 1)/(n eps^2) <= |X|(|X| - 1)/(n eps^2)");
    s.at_step = small_eps;
    s.at_top = s.at_step;
    s.conclusion = "(<= (* ks (- ks 1.0)) (* (+ ks kn) (- (+ ks kn) 1.0)))";
    out.push_back(s);
  }
  {
    StepSpec s = sizes("e13.substitute", "Appendix E.1.3 (display, line 3)",
                       "(|X_S| + |X| - 1)^2/(|X| - 1)^2 (1 - 1/|X|) = (1 + (|X_S| - 1)/|X|)^2/(1 - "
                       "1/|X|)^2 (1 - 1/|X|)");
    s.definitions = {{"k", "(+ ks kn)"}};
    s.at_step = {"(>= ks 1.0)", "(>= kn 1.0)"};
    s.at_top = s.at_step;
    s.conclusion =
        "(= (* (/ (* (- (+ ks k) 1.0) (- (+ ks k) 1.0)) (* (- k 1.0) (- k 1.0))) (- 1.0 (/ 1.0 "
        "k))) "
        "(* (/ (* (+ 1.0 (/ (- ks 1.0) k)) (+ 1.0 (/ (- ks 1.0) k))) (* (- 1.0 (/ 1.0 k)) (- 1.0 "
        "(/ "
        "1.0 k)))) (- 1.0 (/ 1.0 k))))";
    out.push_back(s);
  }
  {
    StepSpec s =
        sizes("e13.small_sensitive_share", "Appendix E.1.3 ('by 1/|X| ≈ 0 and |X_S|/|X| ≈ 0')",
              "(1 + (|X_S| - 1)/|X|)^2/(1 - 1/|X|) ≈ 1: the error is at most 9(|X_S| + "
              "1)/|X|");
    s.definitions = {{"k", "(+ ks kn)"}, {"a", "(/ (- ks 1.0) k)"}, {"b", "(/ 1.0 k)"}};
    s.at_step = {"(>= ks 1.0)", "(>= kn 1.0)"};
    s.at_top = s.at_step;
    s.conclusion =
        "(and (>= (/ (* (+ 1.0 a) (+ 1.0 a)) (- 1.0 b)) 1.0) (<= (- (/ (* (+ 1.0 a) (+ 1.0 a)) (- "
        "1.0 b)) 1.0) (/ (* 9.0 (+ ks 1.0)) k)))";
    out.push_back(s);
  }

  // ---- E.2.2, E.2.3: uRAP, l2 ----
  out.push_back(not_encoded("e22.exp_approximation", "Appendix E.2.2 ('by e^(eps/2) - 1 ≈ eps/2')",
                            "Proposition 19's bound ≈ (1 + ((|X_S|+1)(eps/2 + 1) - 1)/(eps^2/4) - "
                            "1/|X_N|)/n"));
  {
    StepSpec s = sizes("e22.leading_term", "Appendix E.2.2 ('by eps ≈ 0'); Table 4",
                       "1 + ((|X_S|+1)(eps/2 + 1) - 1)/(eps^2/4) - 1/|X_N| ≈ 4|X_S|/eps^2: the "
                       "relative error is at most eps + eps^2");
    s.definitions = {
        {"x",
         "(- (+ 1.0 (/ (- (* (+ ks 1.0) (+ (/ e 2.0) 1.0)) 1.0) (/ (* e e) 4.0))) (/ 1.0 kn))"},
        {"y", "(/ (* 4.0 ks) (* e e))"}};
    s.at_step = small_eps;
    s.at_top = s.at_step;
    s.conclusion = "(<= (ite (>= (- x y) 0.0) (- x y) (- y x)) (* y (+ e (* e e))))";
    out.push_back(s);
  }
  {
    StepSpec s = sizes("e22.better_than_rappor", "Appendix E.2.2; Table 4",
                       "4|X_S|/(n eps^2) <= 4|X|/(n eps^2) (1 - 1/|X|) (X_N not empty)");
    s.at_step = small_eps;
    s.at_top = s.at_step;
    s.conclusion =
        "(<= (/ (* 4.0 ks) (* e e)) (* (/ (* 4.0 (+ ks kn)) (* e e)) (- 1.0 (/ 1.0 (+ ks kn)))))";
    out.push_back(s);
  }
  {
    StepSpec s = sizes("e23.substitute", "Appendix E.2.3 (display, lines 2-3)",
                       "((|X_S|+1)q - 1)/(q - 1)^2 = (|X_S| + 1 - 1/q)/(q - 2 + 1/q) with q = "
                       "sqrt|X|, and 1/|X_N| = 1/(|X|(1 - |X_S|/|X|))");
    s.constants = {"q", "ks", "kn"};
    s.definitions = {{"k", "(* q q)"}};
    s.at_step = {"(> q 1.0)", "(>= ks 1.0)", "(>= kn 1.0)", "(= (+ ks kn) k)"};
    s.at_top = s.at_step;
    s.conclusion =
        "(and (= (/ (- (* (+ ks 1.0) q) 1.0) (* (- q 1.0) (- q 1.0))) (/ (- (+ ks 1.0) (/ 1.0 q)) "
        "(+ (- q 2.0) (/ 1.0 q)))) (= (/ 1.0 kn) (/ 1.0 (* k (- 1.0 (/ ks k))))))";
    s.integers = {"ks", "kn"};
    out.push_back(s);
  }
  {
    StepSpec s =
        sizes("e23.leading_term", "Appendix E.2.3 ('by |X_S| ≪ |X|', eq. (50))",
              "1 + (|X_S| + 1 - 1/q)/(q - 2 + 1/q) - 1/|X_N| ≈ 1 + (|X_S| + 1)/q: the error "
              "is at most 8(|X_S| + 1)/|X| for |X| >= 16, |X_S| <= |X|/2");
    s.constants = {"q", "ks", "kn"};
    s.definitions = {{"k", "(* q q)"},
                     {"x",
                      "(- (+ 1.0 (/ (- (+ ks 1.0) (/ 1.0 q)) (+ (- q 2.0) (/ 1.0 q)))) (/ 1.0 "
                      "kn))"},
                     {"y", "(+ 1.0 (/ (+ ks 1.0) q))"}};
    s.at_step = {"(>= q 4.0)", "(>= ks 1.0)", "(>= kn 1.0)", "(= (+ ks kn) k)",
                 "(<= ks (/ k 2.0))"};
    s.at_top = s.at_step;
    s.conclusion = "(<= (ite (>= (- x y) 0.0) (- x y) (- y x)) (/ (* 8.0 (+ ks 1.0)) k))";
    s.scope = "every q = sqrt|X| >= 4, 1 <= |X_S| <= |X|/2 (sizes as reals)";
    out.push_back(s);
  }
  return out;
}

}  // namespace uldp::verify::internal
