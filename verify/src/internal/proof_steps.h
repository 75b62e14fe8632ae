// The steps of the paper's utility proofs (Appendices D-F of arXiv 1807.11317), each written as
// an implication over the reals: the proof's definitions, the hypotheses the paper has at that
// step, separately the ones its statement gives at the top, and the step itself. The tables live
// in verify/src/steps/ (one file per proof family); utility_steps.cc turns them into claims.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "uldp/verify/proof_status.h"

namespace uldp::verify::internal {

/// One derivation step.
struct StepSpec {
  /// Claim name, "<proof>.<step>": "lemma1.cw_bound".
  std::string name;
  /// Where the step is, by the arXiv numbering: "Lemma 1 (proof, C_w bound)".
  std::string paper_reference;
  /// The step in words, in the paper's notation.
  std::string statement;
  /// define-fun definitions of the proof (name, term), in order; constants are declared from
  /// `constants`.
  std::vector<std::pair<std::string, std::string>> definitions;
  /// Real constants: parameters (t, ks, kn, w, ...).
  std::vector<std::string> constants;
  /// Square roots: (name, radicand); encoded as name >= 0 and name^2 = radicand.
  std::vector<std::pair<std::string, std::string>> roots;
  /// Definitions by equation of named factors ("(= (* c up) 1.0)": c = 1/u'), asserted in both
  /// queries: they replace divisions, which the solvers handle worse than products.
  std::vector<std::string> named_facts;
  /// Hypotheses the paper has at the step (its "Let" and what the step cites).
  std::vector<std::string> at_step;
  /// Hypotheses of the enclosing statement (with the proof's "Let" on free variables).
  std::vector<std::string> at_top;
  /// The step: an SMT-LIB2 formula over the constants, definitions and roots.
  std::string conclusion;
  /// Constants that must be integers in a counterexample (set sizes).
  std::vector<std::string> integers;
  /// The expected outcome of each query.
  ProofStatus expected_at_step = ProofStatus::kProved;
  ProofStatus expected_at_top = ProofStatus::kProved;
  /// What the encoding covers: "every t > 1, |X_S| >= 1, |X_N| >= 1 (sizes as reals)".
  std::string scope;
  /// Non-empty for a step that is not a formula of real arithmetic (a limit in distribution, an
  /// asymptotic "≈"): why, and what was tried. No query is run; the row is unknown.
  std::string not_encoded;
  /// The errata entry (docs/errata.md) of a refuted step: "U4".
  std::string erratum;
};

/// Every step, in the order of the paper's appendices.
const std::vector<StepSpec>& proof_steps();

/// The tables (verify/src/steps/*.cc).
std::vector<StepSpec> l1_urr_steps();
std::vector<StepSpec> l1_urap_steps();
std::vector<StepSpec> l2_steps();
std::vector<StepSpec> regime_steps();
std::vector<StepSpec> pum_steps();

}  // namespace uldp::verify::internal
