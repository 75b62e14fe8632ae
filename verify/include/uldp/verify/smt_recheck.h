// An independent SMT re-check of a concrete exact matrix: the verdicts of
// checks/dense_privacy_check.h (ε-LDP, (X_S, Y_P, ε)-ULDP in its literal and reachable readings,
// (X_S, ε)-OSLDP) and stochasticity, decided by Z3 from the rational entries, plus a commented
// SMT-LIB2 certificate that the `z3` command re-runs. Definitions 1, 2 and 6.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "uldp/arithmetic/extended_rational.h"
#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/forms/dense_mechanism.h"
#include "uldp/forms/verdict.h"
#include "uldp/verify/proof_status.h"

namespace uldp::verify {

/// Z3's verdict on one property of a concrete matrix, shaped like uldp::Verdict.
struct SmtPropertyCheck {
  /// kProved: the property holds (at the budget; with no budget: for some finite ε);
  /// kRefuted: it fails (violated and witness set); kUnknown: Z3 gave no answer in time.
  ProofStatus status = ProofStatus::kUnknown;
  /// The smallest e^ε for which the property holds (infinity when none), found by Z3 and
  /// certified by an unsat query (nothing exceeds it) and a sat query (it is attained).
  /// Unknown (nullopt) when Z3 did not answer one of those queries in time.
  std::optional<ExtendedRational> tight_exp_eps;
  /// Set when refuted: the failing condition and a triple read from Z3's model.
  std::optional<Condition> violated;
  std::optional<Witness> witness;
  /// Whether the property holds; nullopt when Z3 answered unknown.
  std::optional<bool> holds() const;
};

/// Everything Z3 decided about one matrix.
struct SmtCertificate {
  /// kProved: every entry in [0,1] and every row sums to 1; kRefuted: not (problem says where).
  ProofStatus stochastic = ProofStatus::kUnknown;
  std::optional<std::string> stochastic_problem;
  SmtPropertyCheck ldp;
  SmtPropertyCheck uldp_literal;
  SmtPropertyCheck uldp_reachable;
  SmtPropertyCheck osldp;
  /// The commented SMT-LIB2 certificate (what write_smt_certificate prints).
  std::string script;
  /// The answers `z3 script` must print for its check-sat commands, in order ("sat"/"unsat").
  std::vector<std::string> expected_answers;
  /// Total Z3 time.
  double seconds = 0;
};

/// Limits of a re-check.
struct SmtRecheckOptions {
  /// Per-query Z3 timeout in milliseconds (unknown on expiry, never "holds").
  unsigned timeout_ms = 60000;
  /// Upper bound on the |X| * |Y| entries accepted (larger: InvalidArgument).
  std::size_t max_entries = 250'000;
};

/// Re-checks `q` with Z3. `sensitive` indexes inputs, `protected_outputs` outputs; with no
/// budget, each property is decided "for some finite ε" and its tight e^ε is reported.
/// Throws InvalidArgument when the index sets do not match the matrix shape.
SmtCertificate smt_recheck(const DenseMechanism& q, const IndexSet& sensitive,
                           const IndexSet& protected_outputs,
                           const std::optional<PrivacyBudget>& budget,
                           const SmtRecheckOptions& options = {});

/// Re-checks `q` (as smt_recheck) and writes the SMT-LIB2 certificate to `out`.
void write_smt_certificate(const DenseMechanism& q, const IndexSet& sensitive,
                           const IndexSet& protected_outputs,
                           const std::optional<PrivacyBudget>& budget, std::ostream& out,
                           const SmtRecheckOptions& options = {});

}  // namespace uldp::verify
