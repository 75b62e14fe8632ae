#include "internal/z3_query.h"

#include <algorithm>
#include <chrono>
#include <sstream>
#include <vector>

#include "internal/cvc5_process.h"

namespace uldp::verify::internal {
namespace {

// The active SolverScope of this thread.
thread_local SolverChoice active_choice = SolverChoice::kZ3;
thread_local unsigned active_cvc5_timeout_ms = 2000;

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
  // Uninterpreted sorts and functions (the all-sizes encodings): the universes and function
  // tables as Z3 prints them (Z3 4.8.12's C++ API has no accessors for these).
  if (model.num_funcs() > 0) text += "functions and universes:\n" + model.to_string();
  return text;
}

SolverAnswer z3_answer(z3::solver& solver) {
  SolverAnswer answer{"z3", ProofStatus::kUnknown, 0, ""};
  const auto start = std::chrono::steady_clock::now();
  const z3::check_result result = solver.check();
  answer.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  switch (result) {
    case z3::unsat:
      answer.status = ProofStatus::kProved;
      break;
    case z3::sat:
      answer.status = ProofStatus::kRefuted;
      answer.detail = model_text(solver.get_model());
      break;
    case z3::unknown:
      answer.detail = solver.reason_unknown();
      break;
  }
  return answer;
}

/// What cvc5 printed after its first "sat" line: the model of (get-model).
std::string after_answer_line(const std::string& output) {
  std::size_t line_start = 0;
  while (line_start < output.size()) {
    const std::size_t end = output.find('\n', line_start);
    const std::size_t stop = end == std::string::npos ? output.size() : end;
    if (output.compare(line_start, stop - line_start, "sat") == 0)
      return stop < output.size() ? output.substr(stop + 1) : "";
    line_start = stop + 1;
  }
  return output;
}

SolverAnswer cvc5_answer(const std::string& smt2, unsigned timeout_ms, const std::string& option) {
  SolverAnswer answer{"cvc5", ProofStatus::kUnknown, 0, ""};
  const Cvc5Run run = run_cvc5(smt2 + "(get-model)\n", timeout_ms, true, option);
  answer.seconds = run.seconds;
  if (!run.started) {
    answer.detail = "cvc5 could not be started";
  } else if (run.answers.empty()) {
    answer.detail = "no answer: " + run.output.substr(0, 200);
  } else if (run.answers[0] == "unsat") {
    answer.status = ProofStatus::kProved;
  } else if (run.answers[0] == "sat") {
    answer.status = ProofStatus::kRefuted;
    answer.detail = after_answer_line(run.output);
  } else {
    answer.detail = "time limit " + std::to_string(timeout_ms) + " ms or incomplete";
  }
  return answer;
}

}  // namespace

SolverScope::SolverScope(SolverChoice choice, unsigned cvc5_timeout_ms)
    : previous_choice_(active_choice), previous_timeout_ms_(active_cvc5_timeout_ms) {
  active_choice = choice;
  active_cvc5_timeout_ms = cvc5_timeout_ms;
}

SolverScope::~SolverScope() {
  active_choice = previous_choice_;
  active_cvc5_timeout_ms = previous_timeout_ms_;
}

namespace {

/// Runs the active solvers on `solver` (Z3) and `smt2` (cvc5) and combines their answers.
void decide(QueryResult& result, z3::solver& solver, const std::string& cvc5_option) {
  if (runs_z3(active_choice)) result.answers.push_back(z3_answer(solver));
  if (runs_cvc5(active_choice))
    result.answers.push_back(cvc5_answer(result.smt2, active_cvc5_timeout_ms, cvc5_option));
  result.status = combine_answers(result.answers);
  for (const auto& a : result.answers) {
    result.seconds += a.seconds;
    if (result.model.empty() && a.status == ProofStatus::kRefuted) result.model = a.detail;
    if (result.status == ProofStatus::kUnknown || result.status == ProofStatus::kDisagreement) {
      if (!result.reason_unknown.empty()) result.reason_unknown += "; ";
      result.reason_unknown += a.solver + " says " + proof_status_name(a.status);
      if (a.status == ProofStatus::kUnknown) result.reason_unknown += " (" + a.detail + ")";
    }
  }
}

std::string script_header(const std::string& title) {
  return "; uldp prove: " + title +
         "\n"
         "; The hypotheses and the NEGATION of the conclusion are asserted.\n"
         "; unsat => the claim is proved; sat => the model is a counterexample.\n";
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
  result.smt2 = script_header(title) + solver.to_smt2();
  decide(result, solver, "");
  return result;
}

QueryResult prove_smtlib(const std::string& name, const std::string& title, const std::string& text,
                         unsigned timeout_ms, const std::string& cvc5_options) {
  z3::context ctx;
  QueryResult result;
  result.name = name;
  z3::solver solver(ctx);
  solver.set("timeout", timeout_ms);
  solver.add(ctx.parse_string(text.c_str()));
  result.smt2 = script_header(title) + text + "(check-sat)\n";
  decide(result, solver, cvc5_options);
  return result;
}

}  // namespace uldp::verify::internal
