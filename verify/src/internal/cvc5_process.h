// Running the `cvc5` command on an SMT-LIB2 script (a subprocess with a time limit) and reading
// its check-sat answers. The script is the text Z3 runs, behind `(set-logic ALL)`.
#pragma once

#include <string>
#include <vector>

namespace uldp::verify::internal {

/// What one cvc5 run printed.
struct Cvc5Run {
  /// One "sat" / "unsat" / "unknown" per check-sat, in order ("unknown" also for a timeout).
  std::vector<std::string> answers;
  /// Everything cvc5 printed (models, echo lines, errors).
  std::string output;
  double seconds = 0;
  /// False when cvc5 could not be started.
  bool started = false;
};

/// Runs `cvc5 --lang=smt2 --tlimit-per=timeout_ms` on `script` (with `(set-logic ALL)` put in
/// front unless it sets a logic, `--produce-models` when `models`, plus the space-separated
/// options of `extra_option`); each
/// check-sat gets at most timeout_ms.
Cvc5Run run_cvc5(const std::string& script, unsigned timeout_ms, bool models,
                 const std::string& extra_option = "");

}  // namespace uldp::verify::internal
