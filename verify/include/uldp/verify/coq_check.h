// Whether Coq's kernel established a claim: the build compiles the Coq development (verify/coq/,
// mechanisms/NAME/NAME_claims.v) and leaves, per module, the axioms each `Theorem` rests on
// (<module>.assumptions, verify/coq/coq_check.cmake). This reads those files; it never runs Coq.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace uldp::verify {

struct ClaimInfo;

/// checked: the build's file states the claim exactly as uldp defines it, and its theorem was
/// compiled resting on the standard library's axioms alone; assumes: compiled, but it rests on
/// something else (an `Admitted`, an axiom of ours); statement_differs: the checked file states
/// something else; not_checked: no checked file holds it (Coq not built, the module not compiled).
enum class CoqStatus { kChecked, kAssumes, kStatementDiffers, kNotChecked };

/// "checked", "assumes", "statement differs", "not checked".
const char* coq_status_name(CoqStatus status);

struct CoqCheck {
  CoqStatus status = CoqStatus::kNotChecked;
  /// The theorem (the claim's name) and its module ("urr_claims": Uldp.urr_claims).
  std::string theorem, module;
  /// The axioms the proof rests on, as Coq names them (ClassicalDedekindReals.sig_forall_dec, ...).
  std::vector<std::string> axioms;
  /// The time coqc took for the whole module, when checked.
  std::optional<double> module_seconds;
  /// Why not checked, or what it assumes beyond the standard library.
  std::string detail;
};

/// The folder of the build's checked Coq files: $ULDP_COQ_DIR if set, else the build tree's
/// verify/coq when uldp was configured with ULDP_BUILD_COQ, else none.
std::optional<std::string> coq_checked_dir();

/// What the build's checked files say of the claim's Coq theorem; none for a claim without one.
std::optional<CoqCheck> coq_check(const ClaimInfo& info);

/// The statement of `claim` in a Coq file's text: its blocks between `(* uldp:statement ... *)`
/// lines naming the claim and `(* uldp:end *)`, in file order, joined by newlines; none when the
/// file has no block for it.
std::optional<std::string> coq_statement_in(const std::string& file_text, const std::string& claim);

/// The notions every claim's theorem is stated in (Mechanism, RatioBound, ULDP, ...): the
/// `notions` blocks of verify/coq/Common.v, module Uldp.Common.
const std::string& coq_notions_statement();

/// Equal once each run of white space is one space and the ends are trimmed.
bool same_coq_statement(const std::string& a, const std::string& b);

/// What `assumptions_text` (a <module>.assumptions file) says of `theorem` (exposed for tests).
CoqCheck read_coq_assumptions(const std::string& assumptions_text, const std::string& module,
                              const std::string& theorem);

}  // namespace uldp::verify
