// Likelihood ratios restricted to a set of outputs, computed directly from the entries: the
// claim of Proposition 12 (ratio over Y_P x Y_B), condition 2 of Definition 2,
// and the cross-user ratio of Proposition 10. Independent of checks/ on purpose, so
// that the two can be cross-checked.
#pragma once

#include "uldp/arithmetic/extended_rational.h"
#include "uldp/arithmetic/index_set.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp {

/// max over y in `outputs` and inputs x, x' of Q(y|x) / Q(y|x') (0/0 counts as 1; 1 when
/// `outputs` is empty).
ExtendedRational max_ratio_on_outputs(const DenseMechanism& q, const IndexSet& outputs);

/// max over inputs x and y in `outputs` of Q_i(y|x) / Q_j(y|x) (0/0 counts as 1). Both
/// mechanisms must have the same shape.
ExtendedRational max_cross_ratio(const DenseMechanism& q_i, const DenseMechanism& q_j,
                                 const IndexSet& outputs);

}  // namespace uldp
