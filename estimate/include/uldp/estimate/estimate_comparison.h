// Comparing another implementation's estimates with golden vectors (`uldp conform estimates`):
// the first item that differs beyond a tolerance, and the likely cause of the differences when a
// simple one explains every item (a constant factor on a class of items, a missing
// renormalisation, a swapped pair, an index shifted by one, counts where frequencies belong, a
// post-processing: clip-renormalise, renormalise, Norm-Sub).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace uldp::estimate {

/// A constant of the mechanism's estimator (uRR: c3), so that a factor can be named by it.
struct NamedConstant {
  std::string name;
  double value = 0;
};

/// What the diagnosis knows beyond the values themselves.
struct ComparisonContext {
  std::vector<std::uint8_t> sensitive;  ///< 1 for the items of X_S (size k; empty: one class)
  std::vector<NamedConstant> constants;
  double n = 0;  ///< reports behind the estimate (recognises counts given as frequencies)
  /// How the caller names each choice of scale (the command's flag, Python's keyword, the
  /// GoogleTest builder call), for the hint of a likely cause.
  std::string counts_scale_name = "--scale counts";
  std::string frequencies_scale_name = "--scale frequencies";
};

/// The first item with |actual - expected| > tolerance (sizes must agree).
std::optional<std::size_t> first_mismatch(std::span<const double> expected,
                                          std::span<const double> actual, double tolerance);

/// A sentence naming the likely cause of the differences, or "" when no simple cause explains
/// every item within the tolerance.
std::string likely_cause(std::span<const double> expected, std::span<const double> actual,
                         double tolerance, const ComparisonContext& context);

}  // namespace uldp::estimate
