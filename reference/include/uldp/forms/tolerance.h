// Rounding a caller accepts in a floating-point matrix: rows whose sum is within T of 1, and
// ratios up to e^ε (1 + T). One decision for `uldp check`, `conform` references, Python and
// EXPECT_PRIVATE; the exact verdicts stay beside it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp {

/// The largest tolerance anywhere: beyond it a tolerance accepts wrong rows, ratios or estimates
/// (a frequency off by 1/10, a row summing to 0.9).
const Rational& max_tolerance();

/// `value` as a tolerance: refused when negative ("what: -1 is negative") or above
/// max_tolerance(); `text` is how the caller wrote it, quoted in the message.
Rational validate_tolerance(const Rational& value, const std::string& text,
                            const std::string& what);

/// A tolerance written as text, read exactly (so NaN and infinity are not numbers) and validated.
Rational parse_tolerance(const std::string& text, const std::string& what);

/// A row whose sum is not exactly 1: excess = sum - 1 (negative when short).
struct RowSumExcess {
  std::size_t row = 0;
  Rational excess;
  /// |excess|.
  Rational magnitude() const { return excess < 0 ? Rational(-excess) : excess; }
};

/// Every row of `q` whose entries do not sum to exactly 1, in row order.
std::vector<RowSumExcess> row_sum_excesses(const DenseMechanism& q);

/// The rows of `q` against a tolerance: those off 1 but within it, and the first beyond it.
struct RowSumReview {
  std::vector<RowSumExcess> within;    ///< off 1 by at most the tolerance, in row order
  std::optional<RowSumExcess> beyond;  ///< the first row off by more (any row, without one)
};

/// Reviews every row of `q`; without a tolerance a row must sum to exactly 1.
RowSumReview review_row_sums(const DenseMechanism& q, const std::optional<Rational>& tolerance);

/// Whether ratio <= e^ε (1 + tolerance), e^ε the real value the budget asks for (certified
/// bounds, never a double).
bool ratio_within_tolerance(const Rational& ratio, const PrivacyBudget& budget,
                            const Rational& tolerance);

}  // namespace uldp
