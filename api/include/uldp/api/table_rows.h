// One row of `uldp table`: a registered mechanism at one setting, with its exact parameters,
// its budget, its privacy re-verified (exact checker on the natural form; Z3 on the dense form
// when small) and its losses (exact l2 at uniform p and worst case, certified asymptotic l1).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "uldp/arithmetic/extended_rational.h"
#include "uldp/losses/interval.h"
#include "uldp/losses/l1_loss.h"
#include "uldp/losses/l2_loss.h"
#include "uldp/mechanisms/mechanism_parameters.h"
#include "uldp/mechanisms/registry.h"

namespace uldp::api {

/// A mechanism parameter of the table's (a hash family's size, a Bloom filter's bits, ...): the
/// text given, read by its declared grammar for each listed mechanism that takes it.
struct TableParameter {
  std::string text;
  std::string name;  ///< how messages name it: "--hash-seeds" or "hash_seeds"
};
/// By keyword ("hash_seeds").
using TableParameters = std::map<std::string, TableParameter, std::less<>>;

/// What a row is asked for (X_S = the first sensitive_count symbols where the mechanism takes
/// an X_S of the user's choice).
struct TableSetting {
  const MechanismEntry* entry = nullptr;
  std::size_t k = 0;
  std::size_t sensitive_count = 0;
  std::optional<PrivacyBudget> budget;
  std::string theta_text;  ///< "paper", "optimal", "optimal-l1" or a probability
  std::uint64_t n = 1;
  bool vs_limit = false;  ///< also certify the fundamental limit (arXiv 2509.24173)
  const TableParameters* parameters = nullptr;  ///< none: no parameter beyond the row's own
};

/// Largest dense form handed to Z3: symbols (k x k) and bits (k x 2^k).
inline constexpr std::size_t kMaxSmtSymbols = 8;
inline constexpr std::size_t kMaxSmtBits = 4;
/// ... and at most this many outputs (a hash family's seeds times its range, a Bloom filter's).
inline constexpr std::size_t kMaxSmtOutputs = 256;

/// A computed row; `verified` only when every check that ran passed.
struct TableRow {
  std::string mechanism;
  std::size_t k = 0;
  std::size_t sensitive_count = 0;
  std::optional<Rational> exp_eps;  ///< t the mechanism is built from
  std::optional<Rational> eps_asked;
  std::optional<Interval> eps_used;  ///< ln t, certified
  std::vector<MechanismParameter> parameters;
  std::string property;  ///< "ldp", "uldp" or "" (no claim)
  std::optional<ExtendedRational> tight_exp_eps;
  std::optional<Interval> tight_eps;   ///< ln of the tight ratio, certified (finite only)
  std::optional<Rational> l2_uniform;  ///< none: see loss_note
  std::optional<WorstCaseL2> l2_worst;
  std::string loss_note;                ///< why the loss columns are empty ("" when they are not)
  std::optional<WorstCaseL1> l1_worst;  ///< where the estimator is coordinate-wise
  std::optional<Interval> limit;        ///< the certified limit M(|X|, |X_S|, t) / n (--vs-limit)
  std::optional<Interval> limit_ratio;  ///< l2_worst / limit, certified
  std::vector<std::string> checks;      ///< the checks that ran and passed
  std::vector<std::string> failures;    ///< the checks that ran and failed
  bool verified() const { return failures.empty(); }
  /// "verified: stochastic, exact class uldp, z3 uldp" or "FAILED: ...".
  std::string status() const;
};

/// Builds the mechanism and runs every check and loss. Throws InvalidArgument on bad settings.
TableRow evaluate_table_row(const TableSetting& setting);

/// A table: one row per mechanism, k, |X_S| and budget (a mechanism without a budget, or with
/// none given, gets one row per k and |X_S|; a setting met twice, as by a fixed-k mechanism, one
/// row).
struct TableRequest {
  std::vector<const MechanismEntry*> mechanisms;
  std::vector<std::size_t> ks;
  std::vector<std::size_t> sensitive_counts;
  std::vector<PrivacyBudget> budgets;
  std::string theta = "paper";
  std::uint64_t n = 10000;
  bool vs_limit = false;
  TableParameters parameters;  ///< each applied to the listed mechanisms that take it
};

/// Every row of the table. Throws InvalidArgument naming the parameter: a sensitive count above a
/// k (each pair is a row: refused, not dropped), a mechanism that needs a budget without one.
std::vector<TableRow> table_rows(const TableRequest& request);

/// Whether every row's checks passed (the command's exit code 0).
bool all_verified(const std::vector<TableRow>& rows);

}  // namespace uldp::api
