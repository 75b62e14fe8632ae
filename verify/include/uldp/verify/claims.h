// The symbolic Z3 proofs of the paper's privacy claims (uRR, uRAP, RR, RAPPOR, Mangat for every
// parameter value; composition, post-processing, LDP compatibility, ULDP => OSLDP and the PUM
// propositions for fully symbolic matrices of fixed shapes), and the "hypothesis dropped"
// variants that Z3 must refute. See docs/verification.md for the encodings and shapes.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "uldp/verify/coq_check.h"
#include "uldp/verify/proof_status.h"
#include "uldp/verify/solvers.h"

namespace uldp::verify {

/// A step of one of the paper's utility proofs (`uldp prove --steps`): decided twice, with the
/// hypotheses the paper has at the step (query "at_step") and with those its statement gives at
/// the top (query "at_top"), each with its own expected outcome.
struct StepInfo {
  ProofStatus expected_at_step = ProofStatus::kProved;
  ProofStatus expected_at_top = ProofStatus::kProved;
  /// Non-empty for a step that is not a formula of real arithmetic: why, and what was tried
  /// (no query runs; the row is unknown).
  std::string not_encoded;
  /// The docs/errata.md entry of a refuted step ("U4"), empty otherwise.
  std::string erratum;
  /// Empty when the step is a Coq theorem (ClaimInfo::coq); otherwise why not, in a few words
  /// (`uldp prove --steps`' coq column) and in full.
  std::string coq_not_done_brief, coq_not_done;
};

/// The claim's theorem in Coq (verify/coq/*.v, mechanisms/NAME/NAME_claims.v), named as the claim:
/// its module and its statement, the sentences of the file between `(* uldp:statement NAME *)`
/// and `(* uldp:end *)` (the mechanism's entries as functions of (x, y), then the theorem).
/// `uldp prove NAME --emit coq` prints it; the report says Coq established the claim only when the
/// checked file states exactly this.
struct CoqTheorem {
  /// The file's stem: module Uldp.<module> ("urr_claims", "Composition").
  std::string module;
  std::string statement;
  /// The theorem's Coq name when it is not the claim's (a step: "step_lemma1_v_bounds").
  std::string theorem = {};
};

/// What a claim states and what outcome is expected of it.
struct ClaimInfo {
  /// Stable identifier used by `uldp prove NAME` ("urr_uldp", "post_processing", ...).
  std::string name;
  /// The paper's statement by its published number ("Proposition 2", "eq. (2)"): the claim, or
  /// the one whose hypothesis is dropped.
  std::string paper_reference;
  /// One sentence: the statement Z3 decides.
  std::string statement;
  /// The symbolic shape: "all t >= 1, |X_S| >= 1, |X_N| >= 0" or "|X| = 3, |Y| = 3, all X_S, Y_P".
  std::string shape;
  /// kProved for the paper's claims; kRefuted for counterexample claims (a hypothesis dropped,
  /// or a paper erratum), where a Z3 model of the negation is the expected outcome.
  ProofStatus expected = ProofStatus::kProved;
  /// True for the closed-form families, whose encoding covers every size by construction.
  bool every_size = false;
  /// Set for the steps of the utility proofs; claims without it are statements.
  std::optional<StepInfo> step = std::nullopt;
  /// The same claim as a Coq theorem (a positive claim proved for every parameter value, or a
  /// refutation as a concrete counterexample checked by computation).
  std::optional<CoqTheorem> coq = std::nullopt;
};

/// Every claim, in a fixed order (proved claims first, then the expected refutations).
const std::vector<ClaimInfo>& claim_catalog();

/// The claim named `name`, if any.
std::optional<ClaimInfo> find_claim(std::string_view name);

/// Options for running claims.
struct ProofOptions {
  /// The solvers every query goes to; a claim is proved only when each of them says unsat.
  SolverChoice solvers = SolverChoice::kZ3;
  /// Per query; a query stopped by a limit is kUnknown, never kProved.
  SolverLimits limits = claim_limits();
};

/// The outcome of one claim: several queries (e.g. "ratio <= t" and "ratio t is attained").
struct ClaimResult {
  ClaimInfo info;
  /// kDisagreement if the solvers disagree on some query; else kProved iff every query is
  /// proved; kRefuted iff some query is refuted; kUnknown otherwise.
  ProofStatus status = ProofStatus::kUnknown;
  double seconds = 0;
  /// What the outcome covers: "all sizes" when a size-independent encoding decided it, else
  /// the fixed shape of info.shape.
  std::string scope;
  /// The solvers that ran.
  SolverChoice solvers = SolverChoice::kZ3;
  std::vector<QueryResult> queries;
  /// status == info.expected; for a step, each query's status equals its own expectation.
  bool as_expected() const;
  /// The model of the first refuted query (empty when none).
  std::string counterexample() const;
  /// What the build's checked Coq files say of the claim's theorem (none: the claim has none).
  std::optional<CoqCheck> coq;
  /// Who established the expected outcome: each solver that answered every query as expected
  /// (proved; for a refutation, refuted some query), and "coq" when its kernel checked the
  /// theorem. Empty when the claim did not come out as expected.
  std::vector<std::string> established_by() const;
};

/// Runs the claim named `name`; throws InvalidArgument listing valid names when unknown.
ClaimResult run_claim(std::string_view name, const ProofOptions& options = {});

/// Runs every statement claim of claim_catalog() in order (not the proof steps).
std::vector<ClaimResult> run_all_claims(const ProofOptions& options = {});

/// Runs every proof step of claim_catalog() in order (`uldp prove --steps`).
std::vector<ClaimResult> run_all_steps(const ProofOptions& options = {});

/// How the claim is encoded, in the paper's terms (a paragraph for `uldp prove --explain`; the
/// queries' commented SMT-LIB2 text gives the details).
std::string encoding_summary(const ClaimInfo& info);

/// "urr_uldp, urap_uldp, ...": the valid names, for error messages.
std::string claim_names();

}  // namespace uldp::verify
