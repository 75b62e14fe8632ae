// Exact matrix algebra on mechanisms: the composite Q1 ∘ Q0 of a mechanism and a randomized
// algorithm (used by Proposition 11, the PUM Q_cmn ∘ f_pre of Section 5 and the
// decomposition Q_O = Q_R ∘ Q_U of Proposition 14), deterministic maps as
// 0/1 matrices, and exact matrix equality.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "uldp/forms/dense_mechanism.h"

namespace uldp {

/// (then ∘ first)(z|x) = Σ_y first(y|x) then(z|y), exactly. Both must be stochastic and
/// first.num_outputs() == then.num_inputs(); `first_name` / `then_name` name them in errors.
/// The result carries `then`'s output labels.
DenseMechanism compose(const DenseMechanism& first, const DenseMechanism& then,
                       const char* first_name = "first", const char* then_name = "then");

/// The deterministic mechanism x -> image[x] as a 0/1 matrix over `output_labels`.
DenseMechanism deterministic_mechanism(const std::vector<std::size_t>& image,
                                       std::vector<std::string> output_labels,
                                       const char* what = "map");

/// Same shape and the same exact entries (labels are not compared).
bool equal_entries(const DenseMechanism& a, const DenseMechanism& b);

}  // namespace uldp
