#include "internal/z3_query.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <limits>
#include <mutex>
#include <sstream>
#include <vector>

#include "internal/cvc5_process.h"

namespace uldp::verify::internal {
namespace {

// The active SolverScope of this thread.
thread_local SolverChoice active_choice = SolverChoice::kZ3;
thread_local SolverLimits active_limits{};

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

/// Z3 4.8.12's timeout timers deadlock when two threads check at once (seen with `uldp prove
/// --steps` on two threads: the main thread blocked inside Z3_solver_check, the timer threads
/// idle). One check at a time in the process; cvc5 runs in its own process, outside the lock.
std::mutex z3_check_mutex;

/// Z3's "rlimit count" after a check: its deterministic work count (the counter of the check's
/// context, so it runs on over the queries a claim builds in one context; the limit is set
/// relative to it for each check).
std::optional<std::uint64_t> z3_resources(z3::solver& solver) {
  const z3::stats stats = solver.statistics();
  for (unsigned i = 0; i < stats.size(); ++i) {
    if (stats.key(i) != "rlimit count") continue;
    if (stats.is_uint(i)) return stats.uint_value(i);
    return static_cast<std::uint64_t>(stats.double_value(i));
  }
  return std::nullopt;
}

/// The limit that stopped cvc5's unknown answer: a resource limit when the work reached it, the
/// wall clock when the time did, none when it gave up for another reason (incompleteness).
std::string limit_hit(const std::optional<std::uint64_t>& resources, std::uint64_t resource_limit,
                      double seconds, unsigned wall_clock_ms) {
  if (resource_limit > 0 && resources && *resources >= resource_limit)
    return "resource limit " + std::to_string(resource_limit);
  if (seconds * 1000 >= 0.99 * wall_clock_ms)
    return "wall-clock limit " + std::to_string(wall_clock_ms) + " ms";
  return "";
}

SolverAnswer z3_answer(z3::solver& solver, std::uint64_t resource_limit, unsigned wall_clock_ms) {
  SolverAnswer answer;
  answer.solver = "z3";
  const std::lock_guard<std::mutex> one_check_at_a_time(z3_check_mutex);
  const auto start = std::chrono::steady_clock::now();
  const z3::check_result result = solver.check();
  answer.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  answer.resources = z3_resources(solver);
  switch (result) {
    case z3::unsat:
      answer.status = ProofStatus::kProved;
      break;
    case z3::sat:
      answer.status = ProofStatus::kRefuted;
      answer.detail = model_text(solver.get_model());
      break;
    case z3::unknown:
      // Z3 names the limit it stopped at: "max. resource limit exceeded", or "timeout" /
      // "canceled" for the clock.
      answer.detail = solver.reason_unknown();
      if (answer.detail.find("resource limit") != std::string::npos) {
        answer.limit_hit = "resource limit " + std::to_string(resource_limit);
      } else if (answer.detail.find("timeout") != std::string::npos ||
                 answer.detail.find("canceled") != std::string::npos) {
        answer.limit_hit = "wall-clock limit " + std::to_string(wall_clock_ms) + " ms";
      }
      if (!answer.limit_hit.empty()) answer.detail = answer.limit_hit + ": " + answer.detail;
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

SolverAnswer cvc5_run_answer(const std::string& smt2, const SolverLimits& limits,
                             const std::string& option) {
  SolverAnswer answer;
  answer.solver = "cvc5";
  const Cvc5Run run = run_cvc5(smt2 + "(get-model)\n", limits.cvc5_resources,
                               limits.cvc5_wall_clock_ms, true, option);
  answer.seconds = run.seconds;
  answer.resources = run.resource_units;
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
    answer.limit_hit = run.killed
                           ? "wall-clock limit " + std::to_string(limits.cvc5_wall_clock_ms) + " ms"
                           : limit_hit(run.resource_units, limits.cvc5_resources, run.seconds,
                                       limits.cvc5_wall_clock_ms);
    answer.detail = answer.limit_hit.empty() ? "incomplete" : answer.limit_hit;
  }
  return answer;
}

/// cvc5 with each strategy of `strategies` ('|'-separated option sets) until one decides.
SolverAnswer cvc5_answer(const std::string& smt2, const SolverLimits& limits,
                         const std::string& strategies) {
  SolverAnswer answer;
  answer.solver = "cvc5";
  double seconds = 0;
  std::size_t start = 0;
  while (true) {
    const std::size_t bar = strategies.find('|', start);
    const std::string option =
        strategies.substr(start, bar == std::string::npos ? bar : bar - start);
    const std::optional<std::uint64_t> spent = answer.resources;
    answer = cvc5_run_answer(smt2, limits, option);
    seconds += answer.seconds;
    if (spent && answer.resources) *answer.resources += *spent;
    if (answer.status != ProofStatus::kUnknown || bar == std::string::npos) break;
    start = bar + 1;
  }
  answer.seconds = seconds;
  return answer;
}

/// Z3's model as assertions "(assert (= c value))", or nothing when it interprets functions or
/// sorts (only constant models are re-checked).
std::string model_assertions(const z3::model& model) {
  if (model.num_funcs() > 0) return "";
  std::string text;
  for (unsigned i = 0; i < model.num_consts(); ++i) {
    const z3::func_decl decl = model.get_const_decl(i);
    if (decl.range().is_bool() || decl.range().is_arith())
      text += "(assert (= " + decl.name().str() + " " + model.get_const_interp(decl).to_string() +
              "))\n";
    else
      return "";
  }
  return text;
}

/// A refutation cvc5 could not find on its own: cvc5 decides the same query with Z3's model
/// asserted; sat there means cvc5 confirms that the model is a counterexample.
void confirm_model_with_cvc5(SolverAnswer& cvc5, const std::string& smt2, const z3::model& model,
                             const SolverLimits& limits) {
  const std::string fixed = model_assertions(model);
  if (fixed.empty()) return;
  const std::size_t check = smt2.rfind("(check-sat)");
  if (check == std::string::npos) return;
  const std::string script = smt2.substr(0, check) + fixed + smt2.substr(check);
  const SolverAnswer confirmed = cvc5_run_answer(script, limits, "");
  cvc5.seconds += confirmed.seconds;
  if (cvc5.resources && confirmed.resources) *cvc5.resources += *confirmed.resources;
  if (confirmed.status == ProofStatus::kRefuted) {
    cvc5.status = ProofStatus::kRefuted;
    cvc5.confirmed_other_model = true;
    cvc5.detail = "confirms Z3's model (found none itself within the limit):\n" + confirmed.detail;
  } else if (confirmed.status == ProofStatus::kProved) {
    // cvc5 says Z3's model violates the query: the solvers disagree.
    cvc5.status = ProofStatus::kProved;
    cvc5.detail = "rejects Z3's model";
  }
}

}  // namespace

SolverScope::SolverScope(SolverChoice choice, const SolverLimits& limits)
    : previous_choice_(active_choice), previous_limits_(active_limits) {
  active_choice = choice;
  active_limits = limits;
}

SolverScope::~SolverScope() {
  active_choice = previous_choice_;
  active_limits = previous_limits_;
}

namespace {

/// Runs the active solvers on `solver` (Z3) and `smt2` (cvc5) and combines their answers.
void decide(QueryResult& result, z3::solver& solver, const std::string& cvc5_option,
            std::uint64_t z3_resource_limit, unsigned z3_wall_clock_ms) {
  if (runs_z3(active_choice))
    result.answers.push_back(z3_answer(solver, z3_resource_limit, z3_wall_clock_ms));
  if (runs_cvc5(active_choice)) {
    SolverAnswer cvc5 = cvc5_answer(result.smt2, active_limits, cvc5_option);
    const bool z3_refuted =
        runs_z3(active_choice) && result.answers.front().status == ProofStatus::kRefuted;
    if (cvc5.status == ProofStatus::kUnknown && z3_refuted)
      confirm_model_with_cvc5(cvc5, result.smt2, solver.get_model(), active_limits);
    result.answers.push_back(cvc5);
  }
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

/// Z3's parameters take unsigned values: a larger resource limit is no limit.
void set_limits(z3::solver& solver, std::uint64_t resource_limit, unsigned wall_clock_ms) {
  solver.set("timeout", wall_clock_ms);
  if (resource_limit > 0 && resource_limit <= std::numeric_limits<unsigned>::max())
    solver.set("rlimit", static_cast<unsigned>(resource_limit));
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
                              unsigned timeout_ms, const std::string& logic,
                              std::uint64_t resource_limit) {
  QueryResult result;
  result.name = name;
  // Pure real arithmetic goes to nlsat (complete for nonlinear real arithmetic); anything with
  // integer sizes to the default combined solver.
  z3::solver solver = logic.empty() ? z3::solver(ctx) : z3::solver(ctx, logic.c_str());
  const std::uint64_t rlimit = resource_limit > 0 ? resource_limit : active_limits.z3_resources;
  set_limits(solver, rlimit, timeout_ms);
  solver.add(hypotheses);
  solver.add(!conclusion);
  // The logic goes into the script too, so that cvc5 (and a z3 re-run) pick the same procedure.
  const std::string set_logic = logic.empty() ? "" : "(set-logic " + logic + ")\n";
  result.smt2 = script_header(title) + set_logic + solver.to_smt2();
  decide(result, solver, "", rlimit, timeout_ms);
  return result;
}

QueryResult prove_smtlib(const std::string& name, const std::string& title, const std::string& text,
                         unsigned timeout_ms, const std::string& cvc5_options) {
  z3::context ctx;
  QueryResult result;
  result.name = name;
  z3::solver solver(ctx);
  set_limits(solver, active_limits.z3_resources, timeout_ms);
  solver.add(ctx.parse_string(text.c_str()));
  result.smt2 = script_header(title) + text + "(check-sat)\n";
  decide(result, solver, cvc5_options, active_limits.z3_resources, timeout_ms);
  return result;
}

}  // namespace uldp::verify::internal
