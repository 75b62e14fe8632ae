// Shared pieces of the `uldp` subcommands: budget options, index lists, output formats.
#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "uldp/checks/verdict.h"
#include "uldp/index_set.h"
#include "uldp/privacy_budget.h"

namespace uldp::cli {

/// --exp-eps T | --eps E, mutually exclusive. Strings are kept raw and parsed exactly later.
struct BudgetOptions {
  std::string exp_eps;
  std::string eps;
  void add_to(CLI::App& command, bool required);
  /// The budget, or nullopt when neither flag was given. Throws InvalidArgument naming the flag.
  std::optional<PrivacyBudget> parse() const;
};

/// Parses a --sensitive / --protected list against `universe`, naming `flag` in errors.
IndexSet parse_index_list(const std::string& text, std::size_t universe, const char* flag);

/// Verdict as JSON: {"holds", "tight_exp_eps", "violated", "witness", "tight_attained_by"}.
nlohmann::json verdict_to_json(const Verdict& verdict);
/// Witness as JSON: {"x", "x_prime", "y", "y_label", "q_x", "q_x_prime"}.
nlohmann::json witness_to_json(const Witness& witness);
/// One line for people: "holds (tight exp_eps = 3/2, eps ~ 0.405)" or "FAILS: ...".
std::string verdict_to_text(const Verdict& verdict);
/// ln of a tight ratio for display ("0.4055", "inf").
std::string approx_epsilon(const ExtendedRational& ratio);

/// Refuses absurd sizes with a one-line error naming the flag (k = 0, k > limit).
void check_size(std::size_t value, std::size_t limit, const char* flag);

}  // namespace uldp::cli
