// Which SMT solvers decide a query: Z3 (in-process, through its C++ API) and cvc5 (the `cvc5`
// command, fed the same SMT-LIB2 text). A claim is proved only when every solver that ran says
// unsat; a sat/unsat split between them is a disagreement, never a verdict.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uldp::verify {

/// The solvers a query goes to.
enum class SolverChoice { kZ3, kCvc5, kBoth };

/// "z3", "cvc5" or "both".
const char* solver_choice_name(SolverChoice choice);

/// Parses "z3", "cvc5" or "both"; nullopt otherwise.
std::optional<SolverChoice> parse_solver_choice(std::string_view text);

/// Whether an executable `cvc5` is on PATH.
bool cvc5_on_path();

/// kBoth when cvc5 is on PATH, kZ3 otherwise.
SolverChoice default_solver_choice();

/// Whether `choice` includes Z3 / cvc5.
bool runs_z3(SolverChoice choice);
bool runs_cvc5(SolverChoice choice);

/// What cvc5 answered to the check-sat commands of an SMT-LIB2 script.
struct Cvc5Rerun {
  /// False when cvc5 could not be started.
  bool started = false;
  /// "sat" / "unsat" / "unknown", one per check-sat, in order.
  std::vector<std::string> answers;
  double seconds = 0;
};

/// Runs `cvc5` on `script` (behind `(set-logic ALL)`), each check-sat limited to timeout_ms.
Cvc5Rerun rerun_with_cvc5(const std::string& script, unsigned timeout_ms);

}  // namespace uldp::verify
