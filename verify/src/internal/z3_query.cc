#include "internal/z3_query.h"

#include <algorithm>
#include <chrono>
#include <sstream>
#include <vector>

namespace uldp::verify::internal {
namespace {

/// "name = value" per constant, sorted by name: readable counterexamples.
std::string model_text(const z3::model& model) {
  std::vector<std::string> lines;
  for (unsigned i = 0; i < model.num_consts(); ++i) {
    const z3::func_decl decl = model.get_const_decl(i);
    lines.push_back(decl.name().str() + " = " + model.get_const_interp(decl).to_string());
  }
  std::sort(lines.begin(), lines.end());
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  return text;
}

}  // namespace

QueryResult prove_implication(z3::context& ctx, const std::string& name, const std::string& title,
                              const z3::expr& hypotheses, const z3::expr& conclusion,
                              unsigned timeout_ms, const std::string& logic) {
  QueryResult result;
  result.name = name;
  // Pure real arithmetic goes to nlsat (complete for nonlinear real arithmetic); anything with
  // integer sizes to the default combined solver.
  z3::solver solver = logic.empty() ? z3::solver(ctx) : z3::solver(ctx, logic.c_str());
  solver.set("timeout", timeout_ms);
  solver.add(hypotheses);
  solver.add(!conclusion);
  std::ostringstream script;
  script << "; uldp prove: " << title << "\n"
         << "; The hypotheses and the NEGATION of the conclusion are asserted.\n"
         << "; unsat => the claim is proved; sat => the model is a counterexample.\n"
         << solver.to_smt2();
  result.smt2 = script.str();
  const auto start = std::chrono::steady_clock::now();
  const z3::check_result answer = solver.check();
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  switch (answer) {
    case z3::unsat:
      result.status = ProofStatus::kProved;
      break;
    case z3::sat:
      result.status = ProofStatus::kRefuted;
      result.model = model_text(solver.get_model());
      break;
    case z3::unknown:
      result.status = ProofStatus::kUnknown;
      result.reason_unknown = solver.reason_unknown();
      break;
  }
  return result;
}

}  // namespace uldp::verify::internal
