// The built-in mechanisms by name (rr, rappor, mangat, urr, urap), as the CLI builds them from
// flags, with their declared sensitive inputs X_S and protected outputs Y_P.
#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "cli_support.h"
#include "uldp/checks/unary_privacy_check.h"
#include "uldp/dense_mechanism.h"
#include "uldp/index_set.h"
#include "uldp/privacy_budget.h"
#include "uldp/unary_mechanism.h"

namespace uldp::cli {

/// The flags that name a built-in mechanism: --k, --sensitive, --exp-eps/--eps, --theta, --p.
struct MechanismFlags {
  std::string name;
  long long k = 0;
  std::string sensitive;
  bool sensitive_given = false;
  std::string theta;
  std::string p;
  BudgetOptions budget;
  /// Adds the flags (the name is added by the caller: positional or --mech).
  void add_to(CLI::App& command);
};

/// A built mechanism: dense, or structured (RAPPOR family), with its declared sets.
struct BuiltMechanism {
  std::string name;
  std::size_t k = 0;
  std::optional<DenseMechanism> dense;
  std::optional<UnaryMechanism> unary;
  IndexSet sensitive;
  std::optional<IndexSet> protected_outputs;     ///< dense Y_P
  std::optional<ZeroMaskOutputs> protected_zero;  ///< structured Y_P
  std::optional<PrivacyBudget> budget;
  std::optional<Rational> theta;
  /// "ldp" for RR and RAPPOR, "uldp" for Mangat, uRR, uRAP.
  std::string claimed_property;
};

/// Largest k the CLI builds (uRAP in the paper's largest setting is 12800).
inline constexpr std::size_t kMaxSymbols = 1'000'000;
/// Largest k for a dense symbol-valued matrix (k x k rationals).
inline constexpr std::size_t kMaxDenseSymbols = 4096;

/// Builds the named mechanism; `dense` also expands RAPPOR-family ones (k <= 16).
/// Throws InvalidArgument naming the flag on bad input.
BuiltMechanism build_mechanism(const MechanismFlags& flags, bool dense);

/// The names accepted: "rr, rappor, mangat, urr, urap".
const char* mechanism_names();

}  // namespace uldp::cli
