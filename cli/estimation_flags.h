// The flags `uldp estimate` and `uldp simulate` share: which mechanism the reports come from.
#pragma once

#include <cstddef>
#include <string>

#include <CLI/CLI.hpp>

#include "cli_support.h"
#include "uldp/estimate/named_mechanism.h"
#include "uldp/index_set.h"
#include "uldp/privacy_budget.h"

namespace uldp::cli {

/// --mech, --k, --sensitive and the budget, turned into the double-precision mechanism.
struct EstimationMechanismFlags {
  std::string mechanism;
  std::size_t k = 0;
  std::string sensitive;
  BudgetOptions budget;

  struct Built {
    PrivacyBudget budget;
    IndexSet sensitive;
    NamedMechanism mechanism;
  };

  /// Registers the four flags (all but --sensitive required).
  void add_to(CLI::App& command);
  /// Validates sizes and sets, builds the exact budget and the named mechanism; throws
  /// InvalidArgument naming the flag.
  Built build() const;
};

}  // namespace uldp::cli
