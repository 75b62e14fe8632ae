#include "uldp/constructions/sequential_composition.h"

#include <string>
#include <utility>

#include "uldp/error.h"
#include "validation.h"

namespace uldp {

std::size_t pair_index(std::size_t y0, std::size_t y1, std::size_t second_outputs) {
  return y0 * second_outputs + y1;
}

DenseMechanism sequential_composition(const DenseMechanism& first,
                                      const std::vector<DenseMechanism>& second) {
  internal::require_stochastic(first, "first");
  if (second.size() != first.num_outputs()) {
    throw InvalidArgument("second: needs one mechanism per output of first (" +
                          std::to_string(first.num_outputs()) + "), got " +
                          std::to_string(second.size()));
  }
  if (second.empty()) {
    throw InvalidArgument("first: has no outputs");
  }
  const std::size_t outputs1 = second.front().num_outputs();
  for (std::size_t y0 = 0; y0 < second.size(); ++y0) {
    const std::string name = "second[" + std::to_string(y0) + "]";
    if (second[y0].num_inputs() != first.num_inputs()) {
      throw InvalidArgument(name + ": has " + std::to_string(second[y0].num_inputs()) +
                            " inputs, but first has " + std::to_string(first.num_inputs()));
    }
    if (second[y0].num_outputs() != outputs1) {
      throw InvalidArgument(name + ": has " + std::to_string(second[y0].num_outputs()) +
                            " outputs, but second[0] has " + std::to_string(outputs1));
    }
    internal::require_stochastic(second[y0], name);
  }
  const std::size_t cols = internal::checked_product(first.num_outputs(), outputs1,
                                                     internal::kMaxConstructedEntries, "second");
  const std::size_t rows = first.num_inputs();
  std::vector<Rational> entries(
      internal::checked_product(rows, cols, internal::kMaxConstructedEntries, "second"));
  std::vector<std::string> labels;
  labels.reserve(cols);
  for (std::size_t y0 = 0; y0 < first.num_outputs(); ++y0) {
    for (std::size_t y1 = 0; y1 < outputs1; ++y1) {
      labels.push_back("(" + first.output_labels()[y0] + "," + second[y0].output_labels()[y1] +
                       ")");
    }
  }
  for (std::size_t x = 0; x < rows; ++x) {
    for (std::size_t y0 = 0; y0 < first.num_outputs(); ++y0) {
      const Rational& p0 = first(x, y0);
      if (p0 == 0) continue;
      for (std::size_t y1 = 0; y1 < outputs1; ++y1) {
        entries[x * cols + pair_index(y0, y1, outputs1)] = p0 * second[y0](x, y1);
      }
    }
  }
  return DenseMechanism(rows, std::move(labels), std::move(entries));
}

DenseMechanism sequential_composition(const DenseMechanism& first, const DenseMechanism& second) {
  return sequential_composition(first, std::vector<DenseMechanism>(first.num_outputs(), second));
}

IndexSet composed_protected_outputs(const IndexSet& first_protected,
                                    const IndexSet& second_protected) {
  const std::size_t outputs1 = second_protected.universe();
  const std::size_t universe = internal::checked_product(
      first_protected.universe(), outputs1, internal::kMaxConstructedEntries, "second_protected");
  std::vector<std::size_t> pairs;
  for (std::size_t y0 : first_protected.indices()) {
    for (std::size_t y1 : second_protected.indices()) pairs.push_back(pair_index(y0, y1, outputs1));
  }
  return IndexSet::from_indices(std::move(pairs), universe, "composed protected outputs");
}

}  // namespace uldp
