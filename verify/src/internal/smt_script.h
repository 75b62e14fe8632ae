// SMT-LIB2 text for a concrete exact matrix: every entry is a defined constant q_x_y = Q(y|x)
// (an exact rational literal), and each privacy condition is a violation query over selector
// variables (wx, wxp, wy). The text is what Z3 runs in-process and what the certificate holds.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp::verify::internal {

/// An exact SMT-LIB2 real literal: "(/ 3.0 7.0)", "2.0", "(- (/ 1.0 2.0))".
std::string smt_real(const Rational& value);

/// "q_<x>_<y>".
std::string entry_name(std::size_t x, std::size_t y);

/// The constant definitions (one define-fun per entry) and the selector declarations
/// wx, wxp, wy (Int) and wrow (Int).
std::string matrix_preamble(const DenseMechanism& q);

/// Assertion: some row x has an entry outside [0,1] or sums to something other than 1, and
/// wrow = x.
std::string stochastic_violation(const DenseMechanism& q);

/// define-fun chains computing, per column y, max_y / amax_y (max over all x and its argument),
/// maxs_y / amaxs_y (max over x in X_S; absent when X_S is empty) and min_y / amin_y: O(|X| |Y|)
/// definitions that Z3 evaluates by simplification.
std::string column_extremes(const DenseMechanism& q, const std::vector<bool>& sensitive);

/// What a ratio query asks about the columns in scope.
enum class RatioQuery {
  kAbove,     ///< some max_y > bound * min_y: a triple with ratio above bound
  kAttained,  ///< some max_y = bound * min_y > 0: the ratio bound is attained
  kInfinite,  ///< some max_y > 0 = min_y: an infinite ratio
};

/// Assertion: some y in `columns` satisfies `kind`, with wy = y, wx = its argmax (over X_S when
/// `sensitive_numerator`: OSLDP) and wxp = its argmin. Since r > 0, "some Q(y|x) > r Q(y|x')"
/// holds iff max_y > r min_y, so this is the ratio condition of Definitions 1, 2
/// and 6, in O(|Y|) atoms.
std::string ratio_violation(const DenseMechanism& q, bool sensitive_numerator,
                            const std::vector<std::size_t>& columns, RatioQuery kind,
                            const Rational& bound);

/// Assertion: some y in `columns` (Y_I) violates condition 1 (eq. (4)), and wy = y.
/// literal: not (no x in X_S produces y and exactly one x in X_N does); reachable: some x in
/// X_S produces y, or two or more inputs do.
std::string invertibility_violation(const DenseMechanism& q, const std::vector<bool>& sensitive,
                                    const std::vector<std::size_t>& columns, bool literal);

}  // namespace uldp::verify::internal
