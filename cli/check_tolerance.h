// `uldp check` on floating-point matrices: row sums and ratios within a stated tolerance, and
// the digits that show how far a tight ratio exceeds the claimed e^ε.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp::cli {

/// A row whose sum is not exactly 1: excess = sum - 1 (negative when short).
struct RowSumExcess {
  std::size_t row = 0;
  Rational excess;
};

/// Every row of `q` whose entries do not sum to exactly 1, in row order.
std::vector<RowSumExcess> row_sum_excesses(const DenseMechanism& q);

/// Whether ratio <= e^ε (1 + tolerance), e^ε the real value the budget asks for.
bool ratio_within_tolerance(const Rational& ratio, const PrivacyBudget& budget,
                            const Rational& tolerance);

/// How a tight ratio compares with the claimed e^ε, digit by digit.
struct ExcessDigits {
  std::string claimed_exp_eps;  ///< decimal digits up to the first that differs ("2.71828...5235")
  std::string tight_exp_eps;    ///< the same number of digits of the tight ratio
  std::string claimed_eps;
  std::string tight_eps;
  std::string relative_excess;  ///< tight / e^ε - 1, three significant digits ("1.10e-17")
  /// tight / t - 1 exactly, when the budget is an exact t (for ε it is irrational).
  std::optional<Rational> exact_relative_excess;
};

/// The digits display of `tight` > e^ε (certified bounds; display only, decides nothing).
ExcessDigits excess_digits(const Rational& tight, const PrivacyBudget& budget);

/// The display as JSON: {"claimed_exp_eps", "tight_exp_eps", "claimed_eps", "tight_eps",
/// "relative_excess", "exact_relative_excess"?}.
nlohmann::json excess_digits_to_json(const ExcessDigits& digits);

/// "1.67e-16" for 1.67e-16, three significant digits; "0" for zero; a leading "-" when negative.
std::string scientific(const Rational& value, int digits = 3);

}  // namespace uldp::cli
