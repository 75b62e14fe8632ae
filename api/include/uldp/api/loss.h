// The utility analysis as a workflow: the exact expected l2 loss, the certified asymptotic (and,
// where affordable, exact finite-n) l1 loss of a mechanism's empirical estimator at a given input
// distribution or in the worst case, with the certified optimal θ and the fundamental limit
// where asked; and the paper's two loss tables, verified. One JSON writer and one text renderer
// each (what `uldp loss` prints).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "uldp/api/conform_reference.h"
#include "uldp/api/input_distribution.h"
#include "uldp/losses/loss_tables.h"

namespace uldp::api {

struct LossRequest {
  LossRequest(RegistryReference of, std::uint64_t users) : mechanism(std::move(of)), n(users) {}

  /// With theta_rule "optimal" / "optimal-l1": θ* is certified and compared with the paper's θ.
  RegistryReference mechanism;
  std::uint64_t n;                     ///< users, 1 to 10^18
  std::optional<InputDistribution> p;  ///< none: uniform
  bool exact_l1 = false;               ///< the exact finite-n l1 even when n·k is large (slow)
  bool vs_limit = false;  ///< the worst case beside the fundamental limit (arXiv 2509.24173)
};

struct LossResult {
  std::string mechanism;
  std::size_t k = 0;
  IndexSet sensitive;
  std::optional<PrivacyBudget> budget;
  std::string budget_text;  ///< budget_description: "exp_eps=3", "no privacy", ...
  std::uint64_t n = 0;
  /// The values, as the JSON report holds them ("l2", "l1_asymptotic", "argmax", "theta_optimal",
  /// "vs_limit", ...): exact rationals as text, certified decimals.
  nlohmann::json values;
  Rational l2;  ///< E[l2^2] at p, or its worst case: values["l2"]["exact"] (of any length)
};

/// The largest |X| of `loss` and of a table's rows: their exact losses hold rationals per input
/// (about 1 KB each at the peak), so 10^6 inputs take about 1 GB (bench/extremes.sh).
inline constexpr std::size_t kMaxLossInputs = 1'000'000;
/// A table's rows add up: nine mechanisms at |X| = 5 * 10^5 peak at about 1.4 GB.
inline constexpr std::size_t kMaxTableInputs = 500'000;

/// Refuses k > kMaxLossInputs ("`k_name`: 10000000 exceeds the limit ..."): loss() calls it, and a
/// front end calls it before it builds the arguments, whose X_S alone is large at such k.
void require_loss_inputs(std::uint64_t k, const std::string& k_name = "k");

/// Throws InvalidArgument naming the parameter.
LossResult loss(const LossRequest& request);
nlohmann::json to_json(const LossResult& result);
std::string to_text(const LossResult& result);

/// The paper's worst-case loss tables (l1 or l2) at |X| = k, |X_S|, n and the small ε.
struct LossTableRequest {
  std::string table;  ///< "l1" or "l2"
  LossTableSpec spec;
};

struct LossTableResult {
  LossTableRequest request;
  std::vector<LossTableRow> rows;
};

/// Throws InvalidArgument naming the parameter ("table: ...", "k: ...").
LossTableResult loss_table(const LossTableRequest& request);
nlohmann::json to_json(const LossTableResult& result);
std::string to_text(const LossTableResult& result);

}  // namespace uldp::api
