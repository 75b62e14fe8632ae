// Re-checks a solver's counterexample to a proof step by exact evaluation, independently of the
// solvers: the SMT-LIB2 terms of the step are evaluated at the model's rational values, with
// rational interval arithmetic for the square roots (certified bounds, refined until every
// comparison is decided). A refutation is reported only when this evaluation confirms it.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "uldp/arithmetic/rational.h"

namespace uldp::verify::internal {

/// A step query in pieces: define-fun definitions (no arguments), square roots (name, radicand
/// term), hypotheses and the step (terms).
struct StepTerms {
  std::vector<std::pair<std::string, std::string>> definitions;
  std::vector<std::pair<std::string, std::string>> roots;
  std::vector<std::string> hypotheses;
  std::string conclusion;
};

/// The rational constants of a model printed by Z3 ("name = value" lines) or cvc5
/// ("(define-fun name () Real value)"); constants whose value is not rational (root-obj) or not a
/// number are left out.
std::map<std::string, Rational> rational_model_values(const std::string& model);

/// The outcome of evaluating a step at a point.
struct ExactCheck {
  /// Every hypothesis holds and the conclusion fails, decided exactly.
  bool confirmed = false;
  /// "at t = 3/2, ks = 1, kn = 2: the step's two sides are -1 and -2 ..." or why not confirmed.
  std::string detail;
};

/// Evaluates `terms` at `values` (every declared constant that is not a root must have a value):
/// confirmed iff each hypothesis evaluates to true and the conclusion to false.
ExactCheck check_counterexample(const StepTerms& terms,
                                const std::map<std::string, Rational>& values);

/// Parses one SMT-LIB2 term and evaluates it exactly at `values` (no roots); nullopt when it is
/// not a rational number there (a division by zero, a symbol without value, a boolean).
std::optional<Rational> evaluate_rational(const std::string& term,
                                          const std::map<std::string, Rational>& values);

}  // namespace uldp::verify::internal
