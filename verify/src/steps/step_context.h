// Shared pieces of the proof-step tables: the parameters and definitions of each mechanism's
// loss analysis, written once in SMT-LIB2 (t = e^eps, s = e^(eps/2), ks = |X_S|, kn = |X_N|).
#pragma once

#include <string>
#include <vector>

#include "internal/proof_steps.h"

namespace uldp::verify::internal::steps {

/// uRR (Appendix D.1, E.1): t, ks, kn; u = ks + t - 1, up = u' = t - 1, v = u / u'.
StepSpec urr_context();
/// uRAP (Appendix D.2, E.2): s, ks, kn; up = u' = s - 1, u = s + 1, vS = u / u', vN = s / u'.
StepSpec urap_context();

/// A copy of `context` named and placed.
StepSpec step(const StepSpec& context, std::string name, std::string paper_reference,
              std::string statement);

/// a + b (hypothesis lists).
std::vector<std::string> operator+(std::vector<std::string> a, const std::vector<std::string>& b);

/// Cauchy-Schwarz for L = 2, 3, 4 square roots: sum sqrt(a_i) <= sqrt(L sum a_i), equality only
/// when the a_i are equal (the form every maximisation proof uses).
StepSpec cauchy_schwarz(std::string name, std::string paper_reference);

/// "F(P) = sqrt(A(P)) + sqrt(B(P)) <= F(0) on [0,1]" (Propositions 5 and 8, 'By Lemma 1/2'),
/// decided through concavity: rows <name>.tangent_a and .tangent_b prove that each root lies
/// below its tangent at 0, .slope_at_zero that F'(0) <= 0, and <name> itself concludes from
/// these three named facts. `a_of_p`, `b_of_p`: A(P), B(P); `da0`, `db0`: A'(0), B'(0).
std::vector<StepSpec> maximum_at_zero(const StepSpec& context, const std::string& name,
                                      const std::string& paper_reference,
                                      const std::string& statement, const std::string& a_of_p,
                                      const std::string& b_of_p, const std::string& da0,
                                      const std::string& db0, const std::vector<std::string>& let,
                                      const std::vector<std::string>& top);

}  // namespace uldp::verify::internal::steps
