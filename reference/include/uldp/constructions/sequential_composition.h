// Adaptive sequential composition (Proposition 1): Q0 from X to Y0 and, for each
// y0, Q1(y0) from X to Y1, give Q((y0,y1)|x) = Q0(y0|x) Q1(y0)(y1|x) on Y0 x Y1 with protected
// set (Y0 x Y1)_P = Y0P x Y1P. Budgets add: t = t0 * t1.
//
// Reading of Definition 2: the composite satisfies condition 1 only for *reachable* invertible
// pairs. A pair (y0,y1) with y0 revealing x and y1 revealing x'' != x has probability 0 from
// every input, so under the literal reading condition 1 fails (see docs/constructions.md).
#pragma once

#include <cstddef>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp {

/// Index of the pair (y0, y1) in Y0 x Y1: y0 * |Y1| + y1.
std::size_t pair_index(std::size_t y0, std::size_t y1, std::size_t second_outputs);

/// Adaptive composition: second[y0] is Q1(y0); one per output of `first`, all with the
/// same inputs as `first` and the same number of outputs. Output labels are "(a,b)".
DenseMechanism sequential_composition(const DenseMechanism& first,
                                      const std::vector<DenseMechanism>& second);

/// Non-adaptive composition: Q1(y0) = second for every y0.
DenseMechanism sequential_composition(const DenseMechanism& first, const DenseMechanism& second);

/// (Y0 x Y1)_P = {(y0,y1) : y0 in Y0P and y1 in Y1P} as pair indices.
IndexSet composed_protected_outputs(const IndexSet& first_protected,
                                    const IndexSet& second_protected);

}  // namespace uldp
