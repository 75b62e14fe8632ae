// SMT-LIB2 text for a concrete exact matrix: every entry is a defined constant q_x_y = Q(y|x)
// (an exact rational literal), and each privacy condition is a violation query over selector
// variables (wx, wxp, wy). The text is what Z3 runs in-process and what the certificate holds.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "uldp/dense_mechanism.h"
#include "uldp/rational.h"

namespace uldp::internal {

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

/// Assertion tying the selectors to a triple: wy in `columns`, wx with numerator_rows[wx],
/// wxp any row, and the ratio condition violated: q_wx_wy > bound * q_wxp_wy (bound is a
/// rational literal). Columns are encoded one disjunct each: O(|X| |columns|) atoms.
std::string ratio_violation(const DenseMechanism& q, const std::vector<bool>& numerator_rows,
                            const std::vector<std::size_t>& columns, const std::string& relation,
                            const Rational& bound);

/// Assertion: some y in `columns` (Y_I) violates condition 1 (eq. xs_ys_0), and wy = y.
/// literal: not (no x in X_S produces y and exactly one x in X_N does); reachable: some x in
/// X_S produces y, or two or more inputs do.
std::string invertibility_violation(const DenseMechanism& q, const std::vector<bool>& sensitive,
                                    const std::vector<std::size_t>& columns, bool literal);

}  // namespace uldp::internal
