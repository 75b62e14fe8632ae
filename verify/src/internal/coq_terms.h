// The proof steps (internal/proof_steps.h) as Coq theorems over R: a translator from the SMT-LIB2
// subset the step tables use to Coq terms, and each step's theorem statement, as verify/coq/Steps.v
// states it between `(* uldp:statement NAME *)` markers.
#pragma once

#include <optional>
#include <string>

#include "internal/proof_steps.h"
#include "uldp/verify/claims.h"

namespace uldp::verify::internal {

/// `smt` (an SMT-LIB2 term of the step tables' subset: decimal numerals, symbols, + - * / of any
/// arity, unary -, <= < >= > = (two arguments), and, or (one argument or more), =>, ite on a
/// comparison) as a Coq term over R: numerals exact (1.5 is 3/2), parentheses only where Coq's
/// precedence needs them or a logical operand is compound. Throws InvalidArgument naming the
/// operator or token it cannot translate.
std::string coq_term(const std::string& smt);

/// The Coq name of a step's theorem: "step_" and the step's name with '.' replaced by '_'.
std::string step_coq_name(const StepSpec& spec);

/// The step's implication as a Coq theorem over R, module "Steps": every constant, definition
/// and root bound by `forall (... : R)`, then one hypothesis per arrow (each definition as
/// `d = term`, each root as `0 <= r /\ r * r = radicand`, the named facts, the hypotheses at the
/// step), then the conclusion. Throws InvalidArgument for a term outside the subset or a symbol
/// the step does not bind.
CoqTheorem step_coq_theorem(const StepSpec& spec);

/// Why a step has no Coq theorem: `brief` for the step table's column, `reason` in full.
struct CoqOmission {
  std::string brief;
  std::string reason;
};

/// None when the step's at_step implication is a theorem of verify/coq/Steps.v; otherwise why
/// not: not encoded, refuted at the step (an erratum), or listed in the table of steps left out
/// (verify/src/steps/coq_step_omissions.cc).
std::optional<CoqOmission> coq_step_omission(const StepSpec& spec);

}  // namespace uldp::verify::internal
