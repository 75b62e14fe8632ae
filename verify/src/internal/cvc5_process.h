// Running the `cvc5` command on an SMT-LIB2 script (a subprocess with a resource and a wall-clock
// limit) and reading its check-sat answers. The script is the text Z3 runs, behind `(set-logic
// ALL)`.
#pragma once

#include <cstdint>
#include <optional>
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
  /// The resource units cvc5 spent over the whole script (its statistics), when it printed them.
  std::optional<std::uint64_t> resource_units;
  /// True when uldp killed cvc5 at the wall-clock deadline.
  bool killed = false;
};

/// Runs `cvc5 --lang=smt2 --rlimit-per=resource_limit --tlimit-per=wall_ms` on `script` (with
/// `(set-logic ALL)` put in front unless it sets a logic, `--produce-models` when `models`, plus
/// the space-separated options of `extra_option`). Each check-sat gets at most resource_limit
/// resource units (0: no resource limit) and wall_ms of wall clock; the statistics cvc5 prints
/// are taken out of `output` and give resource_units.
Cvc5Run run_cvc5(const std::string& script, std::uint64_t resource_limit, unsigned wall_ms,
                 bool models, const std::string& extra_option = "");

}  // namespace uldp::verify::internal
