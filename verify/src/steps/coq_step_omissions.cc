// The proof steps that are not theorems of verify/coq/Steps.v, each with why: the one place that
// says so (`uldp prove --steps` shows it in its coq column; tests/verify/coq_test.cc checks that
// every other step is stated in Steps.v exactly as uldp prints it). Every step whose at_step
// implication holds is proved in Steps.v (the nonlinear ones by hand: denominators cleared with
// `field` identities, square roots compared through their squares, absolute values split,
// Cauchy-Schwarz for 2, 3, 4 roots by the Lagrange identity), so the only steps left out are the
// ones that are not encoded and the ones refuted at the step.
#include <optional>
#include <string>

#include "internal/coq_terms.h"

namespace uldp::verify::internal {

std::optional<CoqOmission> coq_step_omission(const StepSpec& spec) {
  if (!spec.not_encoded.empty())
    return CoqOmission{"not encoded",
                       "not a formula of real arithmetic, so neither a solver query nor a Coq "
                       "theorem: " +
                           spec.not_encoded};
  if (spec.expected_at_step == ProofStatus::kRefuted)
    return CoqOmission{"refuted (" + spec.erratum + ")",
                       "false at the step (docs/errata.md " + spec.erratum +
                           "): not a theorem; the solvers' counterexample is checked exactly"};
  return std::nullopt;
}

}  // namespace uldp::verify::internal
