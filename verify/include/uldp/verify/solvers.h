// Which SMT solvers decide a query: Z3 (in-process, through its C++ API) and cvc5 (the `cvc5`
// command, fed the same SMT-LIB2 text). A claim is proved only when every solver that ran says
// unsat; a sat/unsat split between them is a disagreement, never a verdict.
#pragma once

#include <cstdint>
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

/// The limits of one query. The resource limits decide when a solver gives up: they count the
/// solver's work (Z3's rlimit, cvc5's resource units), so a query decides the same way on an idle
/// and on a loaded machine. The wall-clock limits only stop a solver that runs away; an answer
/// one cut off says so (SolverAnswer::limit_hit), as depending on the machine's load.
struct SolverLimits {
  std::uint64_t z3_resources = 0;        ///< Z3's rlimit per query (0: none)
  std::uint64_t cvc5_resources = 0;      ///< cvc5's --rlimit-per (0: none)
  unsigned z3_wall_clock_ms = 600000;    ///< per query
  unsigned cvc5_wall_clock_ms = 600000;  ///< per query
};

/// The limits `uldp prove` uses for the paper's claims: each solver's resource limit above the
/// work of the costliest query it decides (docs/verification.md, "Limits"), the clocks generous.
SolverLimits claim_limits();
/// The limits for the steps of the paper's utility proofs: the same for Z3, whose answers decide
/// the steps; cvc5 only corroborates there, under a smaller resource limit and a 1 s clock (some
/// nonlinear steps keep cvc5 1.0.3 busy for minutes without spending resources).
SolverLimits step_limits();

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
