#include "uldp/constructions/parallel_composition.h"

#include "uldp/constructions/output_ratios.h"
#include "uldp/constructions/sequential_composition.h"
#include "uldp/error.h"
#include "validation.h"

namespace uldp {

DenseMechanism parallel_composition(const DenseMechanism& q_a, const DenseMechanism& q_b) {
  if (q_a.num_inputs() != q_b.num_inputs()) {
    throw InvalidArgument("q_b: has " + std::to_string(q_b.num_inputs()) + " inputs, but q_a has " +
                          std::to_string(q_a.num_inputs()));
  }
  internal::require_stochastic(q_a, "q_a");
  internal::require_stochastic(q_b, "q_b");
  // Independent answers to A and B: the non-adaptive sequential composition.
  return sequential_composition(q_a, q_b);
}

IndexSet integrated_protected_outputs(const IndexSet& protected_a, std::size_t outputs_b) {
  return composed_protected_outputs(protected_a, IndexSet::all(outputs_b));
}

ExtendedRational data_integration_ratio(const DenseMechanism& q_a, const IndexSet& protected_a,
                                        const DenseMechanism& q_b) {
  internal::require_universe(protected_a, q_a.num_outputs(), "protected_a", "q_a's output set");
  return max_ratio_on_outputs(parallel_composition(q_a, q_b),
                              integrated_protected_outputs(protected_a, q_b.num_outputs()));
}

}  // namespace uldp
