#include "steps/step_context.h"

namespace uldp::verify::internal::steps {

StepSpec urr_context() {
  StepSpec s;
  s.constants = {"t", "ks", "kn"};
  s.definitions = {{"u", "(- (+ ks t) 1.0)"}, {"up", "(- t 1.0)"}, {"v", "(/ u up)"}};
  s.integers = {"ks", "kn"};
  s.scope = "every t > 1, |X_S| >= 1, |X_N| >= 1 (sizes as reals)";
  return s;
}

StepSpec urap_context() {
  StepSpec s;
  s.constants = {"s", "ks", "kn", "c"};
  s.definitions = {{"up", "(- s 1.0)"}, {"u", "(+ s 1.0)"}, {"vS", "(* u c)"}, {"vN", "(* s c)"}};
  s.named_facts = {"(= (* c up) 1.0)"};
  s.integers = {"ks", "kn"};
  s.scope = "every s = e^(eps/2) > 1, |X_S| >= 1, |X_N| >= 1 (sizes as reals)";
  return s;
}

StepSpec step(const StepSpec& context, std::string name, std::string paper_reference,
              std::string statement) {
  StepSpec s = context;
  s.name = std::move(name);
  s.paper_reference = std::move(paper_reference);
  s.statement = std::move(statement);
  return s;
}

std::vector<std::string> operator+(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

StepSpec cauchy_schwarz(std::string name, std::string paper_reference) {
  StepSpec s;
  s.name = std::move(name);
  s.paper_reference = std::move(paper_reference);
  s.statement =
      "Cauchy-Schwarz: for a_1..a_L >= 0, sum sqrt(a_i) <= sqrt(L sum a_i), with equality only "
      "when all a_i are equal";
  s.scope = "L = 2, 3, 4 (bounded size; the general case is the classical inequality)";
  std::string conclusion = "(and";
  for (int L = 2; L <= 4; ++L) {
    std::string sum_roots = "(+", sum = "(+", all_equal = "(and";
    for (int i = 1; i <= L; ++i) {
      const std::string a = "a" + std::to_string(L) + std::to_string(i);
      const std::string r = "r" + std::to_string(L) + std::to_string(i);
      s.constants.push_back(a);
      s.roots.push_back({r, a});
      s.at_step.push_back("(>= " + a + " 0.0)");
      sum_roots += " " + r;
      sum += " " + a;
      if (i > 1) all_equal += " (= " + a + " a" + std::to_string(L) + "1)";
    }
    sum_roots += ")";
    sum += ")";
    all_equal += ")";
    const std::string big = "R" + std::to_string(L);
    s.roots.push_back({big, "(* " + std::to_string(L) + ".0 " + sum + ")"});
    conclusion += " (<= " + sum_roots + " " + big + ") (=> (= " + sum_roots + " " + big + ") " +
                  all_equal + ")";
  }
  s.conclusion = conclusion + ")";
  s.at_top = s.at_step;
  return s;
}

std::vector<StepSpec> maximum_at_zero(const StepSpec& context, const std::string& name,
                                      const std::string& paper_reference,
                                      const std::string& statement, const std::string& a_of_p,
                                      const std::string& b_of_p, const std::string& da0,
                                      const std::string& db0, const std::vector<std::string>& let,
                                      const std::vector<std::string>& top) {
  StepSpec base = context;
  base.definitions.push_back({"A", a_of_p});
  base.definitions.push_back({"B", b_of_p});
  base.definitions.push_back({"dA0", da0});
  base.definitions.push_back({"dB0", db0});
  // Each fact squared out (equivalent given the roots' definitions): root-free, which nlsat
  // decides where the forms with roots time out.
  const auto tangent = [](const std::string& v, const std::string& v0, const std::string& d0) {
    const std::string rhs = "(+ (* 2.0 " + v0 + ") (* " + d0 + " P))";
    return "(and (>= " + rhs + " 0.0) (<= (* 4.0 " + v0 + " " + v + ") (* " + rhs + " " + rhs +
           ")))";
  };
  const std::string slope_squared =
      "(or (and (<= dA0 0.0) (<= dB0 0.0)) (and (> dA0 0.0) (< dB0 0.0) (<= (* dA0 dA0 B0) (* "
      "dB0 dB0 A0))) (and (< dA0 0.0) (> dB0 0.0) (<= (* dB0 dB0 A0) (* dA0 dA0 B0))))";
  const std::vector<std::string> positive = {"(> A0 0.0)", "(> B0 0.0)", "(>= A 0.0)",
                                             "(>= B 0.0)"};
  // A0 and B0 are A and B at P = 0.
  const auto at_zero = [](std::string term) {
    for (std::size_t i = 0; (i = term.find('P', i)) != std::string::npos; ++i)
      term.replace(i, 1, "0.0");
    return term;
  };
  base.definitions.push_back({"A0", at_zero(a_of_p)});
  base.definitions.push_back({"B0", at_zero(b_of_p)});
  base.roots.clear();
  std::vector<StepSpec> out;
  StepSpec ta = step(base, name + ".tangent_a", paper_reference,
                     "(uldp's encoding of the step) sqrt(A(P)) <= sqrt(A(0)) + A'(0) P/(2 "
                     "sqrt(A(0))): the concave root lies below its tangent at 0 (squared out)");
  ta.at_step = let + positive;
  ta.at_top = top + positive;
  ta.conclusion = tangent("A", "A0", "dA0");
  out.push_back(ta);
  StepSpec tb = step(base, name + ".tangent_b", paper_reference,
                     "(uldp's encoding of the step) sqrt(B(P)) <= sqrt(B(0)) + B'(0) P/(2 "
                     "sqrt(B(0))) (squared out)");
  tb.at_step = let + positive;
  tb.at_top = top + positive;
  tb.conclusion = tangent("B", "B0", "dB0");
  out.push_back(tb);
  StepSpec sz = step(base, name + ".slope_at_zero", paper_reference,
                     "(uldp's encoding of the step) F'(0) <= 0, i.e. A'(0) sqrt(B(0)) + B'(0) "
                     "sqrt(A(0)) <= 0 (squared out, by the signs of A'(0) and B'(0))");
  sz.at_step = let + positive;
  sz.at_top = top + positive;
  sz.conclusion = slope_squared;
  out.push_back(sz);
  // The conclusion from the three facts, over the numbers alone (a, b: the roots at P; a0, b0:
  // at 0; dA0, dB0: the slopes), so that no definition slows the solver down.
  StepSpec m;
  m.name = name;
  m.paper_reference = paper_reference;
  m.statement = statement;
  m.scope = "every P in [0,1] and reals a, b >= 0, a0, b0 > 0, A'(0), B'(0) (abstract)";
  m.constants = {"P", "a", "b", "a0", "b0", "dA0", "dB0"};
  m.at_step = {"(<= 0.0 P)",
               "(<= P 1.0)",
               "(>= a 0.0)",
               "(>= b 0.0)",
               "(> a0 0.0)",
               "(> b0 0.0)",
               "(<= (* 2.0 a0 a) (+ (* 2.0 a0 a0) (* dA0 P)))",
               "(<= (* 2.0 b0 b) (+ (* 2.0 b0 b0) (* dB0 P)))",
               "(<= (+ (* dA0 b0) (* dB0 a0)) 0.0)"};
  m.at_top = m.at_step;
  m.conclusion = "(<= (+ a b) (+ a0 b0))";
  out.push_back(m);
  return out;
}

}  // namespace uldp::verify::internal::steps
