// The check workflow: exact verdicts for ε-LDP, (X_S, Y_P, ε)-ULDP (both readings of condition 1)
// and (X_S, ε)-OSLDP of a matrix or a registry mechanism, optionally within a stated rounding
// tolerance and re-checked by SMT solvers, and on request the per-pair losses with the per-pair
// notions asked for (metric LDP, ID-LDP, context-aware, personalized LDP) and the subject's own
// per-pair claim. What `uldp check`, `uldp.check` and EXPECT_PRIVATE all call, once; the result
// has one JSON writer and one text renderer.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "uldp/api/check_subject.h"
#include "uldp/api/index_selection.h"
#include "uldp/api/pair_loss.h"
#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/forms/dense_mechanism.h"
#include "uldp/forms/form_checks.h"
#include "uldp/forms/tolerance.h"
#include "uldp/io/entry_reading.h"
#include "uldp/io/matrix_reader.h"
#include "uldp/mechanisms/mechanism_spec.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/verify/smt_recheck.h"

namespace uldp::api {

/// Which solvers re-check a dense matrix: Z3 alone, Z3 and cvc5 (which must agree), or cvc5 too
/// when it is on PATH.
enum class SmtSolvers { kZ3, kZ3AndCvc5, kAvailable };

/// An SMT re-check of the dense matrix, keeping the certificate.
struct SmtRecheck {
  SmtSolvers solvers = SmtSolvers::kAvailable;
  std::string name = "smt";  ///< how errors name the request ("--smt", "--certificate")
};

struct CheckRequest {
  explicit CheckRequest(CheckSubject checked) : subject(std::move(checked)) {}

  CheckSubject subject;
  /// Y_P: output indices (dense) or the bits that are 0 (per-bit). None: a mechanism's declared
  /// Y_P, a per-bit file's declared one (else its non-sensitive bits), and for a dense matrix the
  /// smallest Y_P condition 1 allows (inferred).
  std::optional<IndexSelection> protected_outputs;
  /// None: a mechanism is checked at the budget it was built for; a matrix gets its tight
  /// values only.
  std::optional<PrivacyBudget> budget;
  /// Accept rows with |sum - 1| <= T and ratios up to e^ε (1 + T); the exact verdicts stay
  /// beside. An exact rational in [0, 1/10] (validate_tolerance); none: exact.
  std::optional<Rational> tolerance;
  /// How the caller wrote the tolerance, quoted in reports ("1e-12"); empty: its exact value.
  std::string tolerance_text;
  /// The properties whose failure fails the check; none: what the subject claims (a mechanism's
  /// registered claim; for a matrix ULDP when X_S or Y_P is given, else ε-LDP); empty: no
  /// property (a per-pair claim alone, as EXPECT_PRIVATE's metric_ldp_claim asks).
  std::optional<std::vector<Property>> required;
  /// Also re-check the dense matrix with SMT solvers and keep the certificate.
  std::optional<SmtRecheck> smt;
  /// Also the per-pair losses L(x, x') of every ordered pair of inputs (`--pairs`, pairs=True).
  bool pairs = false;
  /// The outputs the per-pair losses are taken over (`--protected`, protected=; a notion then
  /// refuses them, naming them by this selection's name); none: every output.
  std::optional<IndexSelection> pair_outputs;
  /// The per-pair notions to decide on the losses (each implies them), relaxed by the tolerance
  /// too. A subject's own per-pair claim (claimed_metric, claimed_input_budgets in pair_loss.h) is
  /// decided beside them, unless a notion of its kind is asked for in its place.
  PairNotions notions;
};

/// A row off 1 but within the tolerance, and where it is ("line 4", "Q[3]"; empty in memory).
struct ToleratedRow {
  RowSumExcess excess;
  std::string location;
};

/// How a ratio that fails exactly compares with the claimed e^ε, digit by digit (display only).
struct ExcessDigits {
  /// Rounded to as many digits after the point as tell it from the tight ratio, at least two
  /// significant ("1.6" against "2.7"; distinguishing_decimals in render.h).
  std::string claimed_exp_eps;
  std::string tight_exp_eps;  ///< the same number of digits of the tight ratio
  std::string claimed_eps;
  std::string tight_eps;
  std::string relative_excess;  ///< tight / e^ε - 1, three significant digits, rounded ("1.10e-17")
  /// tight / t - 1 exactly, when the budget is an exact t (for ε it is irrational).
  std::optional<Rational> exact_relative_excess;
};

/// One property's verdict with what a tolerance adds to it.
struct PropertyResult {
  Verdict verdict;
  /// Fails exactly on the ratio, but the tight ratio is within e^ε (1 + T).
  bool within_tolerance = false;
  /// Fails exactly on the ratio at a finite tight value: how far above e^ε.
  std::optional<ExcessDigits> excess;
  /// Holds exactly, or within the tolerance.
  bool accepted() const { return verdict.holds || within_tolerance; }
};

/// The SMT re-check of a dense matrix.
struct SmtResult {
  verify::SmtCertificate certificate;
  /// cvc5's re-run of the certificate, when cvc5 took part.
  struct Cvc5 {
    std::size_t answers = 0;
    std::size_t unknown = 0;
    double seconds = 0;
    bool agrees = false;     ///< every answer given and equal to z3's
    bool disagrees = false;  ///< some answer differs from z3's
  };
  std::optional<Cvc5> cvc5;
  /// cvc5 disagreed with z3, answered fewer queries, or left some unknown (not a verdict).
  std::optional<std::string> problem;
};

struct CheckResult {
  std::string subject;  ///< "built-in urr", "m.csv", "Q"
  std::size_t inputs = 0;
  std::string outputs_description;  ///< "5 outputs", "{0,1}^40 (structured)", ...
  /// Files: how the entries and the layout were read (one line each), and the layout as JSON.
  std::optional<std::string> entry_reading;
  std::optional<std::string> file_reading;
  nlohmann::json file_reading_json;  ///< null when the subject is no file
  /// A row whose sum is off 1 (beyond the tolerance): the one-line error, naming where it is.
  /// The verdicts are still computed; the check fails as bad input.
  std::optional<std::string> stochastic_problem;
  std::optional<Rational> tolerance;
  std::string tolerance_text;
  std::vector<ToleratedRow> tolerated_rows;
  IndexSet sensitive;
  std::string protected_description;  ///< "{0-14}" or "{y : y_j = 0 for j in {...}}"
  nlohmann::json protected_json;
  bool protected_inferred = false;
  std::optional<PrivacyBudget> budget;
  std::optional<Claim> claim;  ///< a registry mechanism's claim
  /// The bounds a registry mechanism states besides its claim (rappor-bloom's long run), each
  /// decided exactly on the instance.
  std::vector<StatedBound> stated_bounds;
  std::array<PropertyResult, 4> properties;  ///< indexed by Property
  std::vector<Property> required;
  std::optional<SmtResult> smt;
  /// With an SMT re-check: the dense matrix that was checked (for a certificate bundle).
  std::optional<DenseMechanism> dense_matrix;
  /// The per-pair losses and each per-pair notion's verdict: when asked for, or when the subject
  /// claims a per-pair notion of itself.
  std::optional<PairLossResult> pairs;
  double seconds = 0;

  const PropertyResult& operator[](Property p) const {
    return properties[static_cast<std::size_t>(p)];
  }
  /// Every required property holds (exactly or within the tolerance), every per-pair notion
  /// decided holds (likewise), the matrix is stochastic (within the tolerance) and the SMT
  /// re-check, if any, agrees.
  bool passes() const;
};

/// Runs the check. Throws InvalidArgument naming the parameter as the request names it
/// ("sensitive: ...", "--protected: ...") for arguments out of their domain.
CheckResult check(const CheckRequest& request);

/// The result as JSON (the `uldp check --json` report, without the version stamp); the per-pair
/// losses, when decided, under "pair_losses" (to_json of pair_loss.h).
nlohmann::json to_json(const CheckResult& result);

/// The result for people (what `uldp check` prints), ending in a newline; the per-pair losses,
/// when decided, follow the verdicts (to_text of pair_loss.h).
std::string to_text(const CheckResult& result);

/// The error of a matrix whose rows are off 1 beyond the tolerance (result.stochastic_problem),
/// with, when no tolerance was given, the hint naming the caller's way to give one
/// (`tolerance_option`: "--tolerance T", "tolerance=T").
std::string stochastic_error(const CheckResult& result, const std::string& tolerance_option);

/// The exact sum of a tolerated row for people: "9/10 = 1 - 1.00e-1".
std::string row_sum_text(const RowSumExcess& row);

/// The digits display of `tight` > e^ε (certified bounds; display only, decides nothing).
ExcessDigits excess_digits(const Rational& tight, const PrivacyBudget& budget);

/// "z3 and cvc5 agree on 12 of 12 certificate queries (cvc5 unknown on 0, 0.1 s)", when both ran.
std::optional<std::string> smt_agreement_text(const CheckResult& result);

}  // namespace uldp::api
