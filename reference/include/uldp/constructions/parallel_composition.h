// Compatibility with LDP / data integration (Proposition 12): a user answers
// collector A with Q_A ((X_S, Y_P, ε_A)-ULDP) and collector B with Q_B (ε_B-LDP),
// independently. The paper claims only that for all x, x' in X, y_A in Y_P and y_B in Y_B
//   (Q_A, Q_B)(y_A, y_B | x) <= e^{ε_A + ε_B} (Q_A, Q_B)(y_A, y_B | x'),
// i.e. the ratio over Y_P x Y_B is at most t_A t_B (not a ULDP claim for the pair).
#pragma once

#include "uldp/arithmetic/extended_rational.h"
#include "uldp/arithmetic/index_set.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp {

/// (Q_A, Q_B)((y_A, y_B)|x) = Q_A(y_A|x) Q_B(y_B|x); pair index y_A * |Y_B| + y_B.
DenseMechanism parallel_composition(const DenseMechanism& q_a, const DenseMechanism& q_b);

/// Y_P x Y_B as pair indices (the outputs the claim of Proposition 12 covers).
IndexSet integrated_protected_outputs(const IndexSet& protected_a, std::size_t outputs_b);

/// The exact ratio the proposition bounds: max over Y_P x Y_B, x, x' of the pair ratio.
ExtendedRational data_integration_ratio(const DenseMechanism& q_a, const IndexSet& protected_a,
                                        const DenseMechanism& q_b);

}  // namespace uldp
