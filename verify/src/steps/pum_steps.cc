// Theorem 1 (the PUM's l1 bound, Appendix F.2) and the "worst-case second term" of Section 5.4,
// on bounded shapes: |X| = 2, kappa = 1 or 2 tags. r^ is the empirical estimate of the
// intermediate distribution: it sums to 1 but may be negative (the paper's estimator, eq. (21),
// before any projection).
#include "steps/step_context.h"

namespace uldp::verify::internal {
using steps::operator+;
using steps::step;

namespace {

StepSpec pum_shape(std::string scope) {
  StepSpec s;
  s.scope = std::move(scope);
  return s;
}

std::string abs_of(const std::string& x) {
  return "(ite (>= " + x + " 0.0) " + x + " (- " + x + "))";
}

}  // namespace

std::vector<StepSpec> pum_steps() {
  const auto R = ProofStatus::kRefuted;
  std::vector<StepSpec> out;
  {
    StepSpec s = pum_shape("every real a, b, c");
    s.name = "thm1.triangle";
    s.paper_reference = "Theorem 1 (proof, eq. (50))";
    s.statement = "l1(p^, p) <= l1(p^, p^*) + l1(p^*, p), coordinate by coordinate";
    s.constants = {"a", "b", "c"};
    s.conclusion =
        "(<= " + abs_of("(- a c)") + " (+ " + abs_of("(- a b)") + " " + abs_of("(- b c)") + "))";
    out.push_back(s);
  }
  {
    StepSpec s;
    s.name = "thm1.mixture";
    s.paper_reference = "Theorem 1 (proof, eqs. (51), (52))";
    s.statement =
        "p(x) = r(x) + sum_k r(bot_k) pi_k(x), and p^*(x) = r^(x) + sum_k r^(bot_k) pi_k(x)";
    s.not_encoded =
        "definitions, not inferences: (51) is the law of total probability with pi_k the "
        "conditional distribution given bot_k, (52) is eq. (21) with pi^_k = pi_k. uldp computes "
        "both exactly (`uldp::pum_l1_bound`, tests PumLossBound.*)";
    out.push_back(s);
  }
  // First term: kappa = 2 tags, one x (the sum over x is then coordinate-wise).
  const std::vector<std::string> pi_distribution = {"(<= 0.0 pi1)", "(<= pi1 1.0)", "(<= 0.0 pi2)",
                                                    "(<= pi2 1.0)"};
  {
    StepSpec s = pum_shape("kappa = 2, one x (bounded size; the sum over x is term by term)");
    s.name = "thm1.first_term_triangle";
    s.paper_reference = "Theorem 1 (proof, eq. (53), 'by the triangle inequality')";
    s.statement =
        "|r^(x) - r(x) + sum_k (r^(bot_k) - r(bot_k)) pi_k(x)| <= |r^(x) - r(x)| + sum_k "
        "|r^(bot_k) - r(bot_k)| pi_k(x)";
    s.constants = {"d0", "d1", "d2", "pi1", "pi2"};
    s.at_step = pi_distribution;
    s.at_top = s.at_step;
    s.conclusion = "(<= " + abs_of("(+ d0 (* d1 pi1) (* d2 pi2))") + " (+ " + abs_of("d0") +
                   " (* " + abs_of("d1") + " pi1) (* " + abs_of("d2") + " pi2)))";
    out.push_back(s);
  }
  {
    StepSpec s = pum_shape("|X| = 2, one tag (bounded size)");
    s.name = "thm1.first_term_sum";
    s.paper_reference = "Theorem 1 (proof, eq. (53), last lines)";
    s.statement =
        "sum_x sum_k |r^(bot_k) - r(bot_k)| pi_k(x) = sum_k |r^(bot_k) - r(bot_k)| "
        "(each pi_k sums to 1)";
    s.constants = {"d", "pa", "pb"};
    s.at_step = {"(<= 0.0 pa)", "(<= 0.0 pb)", "(= (+ pa pb) 1.0)"};
    s.at_top = s.at_step;
    s.conclusion =
        "(= (+ (* " + abs_of("d") + " pa) (* " + abs_of("d") + " pb)) " + abs_of("d") + ")";
    out.push_back(s);
  }
  // Second term: sum_x |sum_k r^_k (pi^_k(x) - pi_k(x))| against sum_k r^_k l1(pi^_k, pi_k).
  StepSpec second = pum_shape("|X| = 2, kappa = 2 (bounded size)");
  second.constants = {"r1", "r2", "e1", "e2"};  // e_k = pi^_k(x1) - pi_k(x1) = -(.. at x2)
  second.definitions = {
      {"lhs", "(* 2.0 " + abs_of("(+ (* r1 e1) (* r2 e2))") + ")"},
      {"rhs", "(+ (* r1 2.0 " + abs_of("e1") + ") (* r2 2.0 " + abs_of("e2") + "))"}};
  const std::vector<std::string> differences = {"(<= (- 1.0) e1)", "(<= e1 1.0)", "(<= (- 1.0) e2)",
                                                "(<= e2 1.0)"};
  {
    StepSpec s = second;
    s.name = "thm1.second_term";
    s.paper_reference = "Theorem 1 (proof, eq. (54), line 2)";
    s.statement =
        "sum_x |sum_k r^(bot_k)(pi^_k(x) - pi_k(x))| = sum_k r^(bot_k) l1(pi^_k, pi_k) (as "
        "printed: '=', any sign of r^)";
    s.at_step = differences;
    s.at_top = s.at_step;
    s.conclusion = "(= lhs rhs)";
    s.expected_at_step = s.expected_at_top = R;
    s.erratum = "U3";
    out.push_back(s);
  }
  {
    StepSpec s = second;
    s.name = "thm1.second_term_nonnegative_weights";
    s.paper_reference = "Theorem 1 (proof, eq. (54), line 2)";
    s.statement =
        "(the step as it holds) with r^(bot_k) >= 0 the line is an inequality: sum_x |sum_k "
        "r^(bot_k)(pi^_k(x) - pi_k(x))| <= sum_k r^(bot_k) l1(pi^_k, pi_k); it is not an equality "
        "for kappa >= 2";
    s.at_step = differences + std::vector<std::string>{"(>= r1 0.0)", "(>= r2 0.0)"};
    s.at_top = s.at_step;
    s.conclusion = "(<= lhs rhs)";
    out.push_back(s);
  }
  {
    StepSpec s = pum_shape("|X| = 2, one tag: r = (r(x1), r(x2), r(bot)), every pi, pi^, r^");
    s.name = "thm1.statement";
    s.paper_reference = "Theorem 1 (eq. (22))";
    s.statement =
        "l1(p^, p) <= l1(r^, r) + sum_k r^(bot_k) l1(pi^_k, pi_k) for the empirical r^ (sums to "
        "1, may be negative)";
    s.constants = {"ra", "rb", "rz", "ha", "hb", "hz", "pa", "qa"};
    // r = (ra, rb, rz) and r^ = (ha, hb, hz) sum to 1; pi = (pa, 1 - pa), pi^ = (qa, 1 - qa).
    s.definitions = {{"p1", "(+ ra (* rz pa))"},
                     {"p2", "(+ rb (* rz (- 1.0 pa)))"},
                     {"h1", "(+ ha (* hz qa))"},
                     {"h2", "(+ hb (* hz (- 1.0 qa)))"}};
    s.at_step = {"(>= ra 0.0)",          "(>= rb 0.0)",          "(>= rz 0.0)",
                 "(= (+ ra rb rz) 1.0)", "(= (+ ha hb hz) 1.0)", "(<= 0.0 pa)",
                 "(<= pa 1.0)",          "(<= 0.0 qa)",          "(<= qa 1.0)"};
    s.at_top = s.at_step;
    s.conclusion = "(<= (+ " + abs_of("(- h1 p1)") + " " + abs_of("(- h2 p2)") + ") (+ " +
                   abs_of("(- ha ra)") + " " + abs_of("(- hb rb)") + " " + abs_of("(- hz rz)") +
                   " (* hz 2.0 " + abs_of("(- qa pa)") + ")))";
    s.expected_at_step = s.expected_at_top = R;
    s.erratum = "U3";
    out.push_back(s);
  }
  {
    StepSpec s = pum_shape("one tag (bounded size)");
    s.name = "pum.second_term_at_most_two";
    s.paper_reference = "Section 5.4 ('upper-bounded by 2 sum_k r^(bot_k)')";
    s.statement =
        "sum_k r^(bot_k) l1(pi^_k, pi_k) <= 2 sum_k r^(bot_k), since l1 <= 2 (any sign of r^)";
    s.constants = {"h", "l"};
    s.at_step = {"(<= 0.0 l)", "(<= l 2.0)"};
    s.at_top = s.at_step;
    s.conclusion = "(<= (* h l) (* 2.0 h))";
    s.expected_at_step = s.expected_at_top = R;
    s.erratum = "U3";
    out.push_back(s);
  }
  return out;
}

}  // namespace uldp::verify::internal
