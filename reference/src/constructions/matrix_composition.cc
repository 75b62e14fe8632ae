#include "uldp/constructions/matrix_composition.h"

#include <string>
#include <utility>

#include "uldp/error.h"
#include "validation.h"

namespace uldp {

DenseMechanism compose(const DenseMechanism& first, const DenseMechanism& then,
                       const char* first_name, const char* then_name) {
  if (first.num_outputs() != then.num_inputs()) {
    throw InvalidArgument(std::string(then_name) + ": has " + std::to_string(then.num_inputs()) +
                          " inputs, but " + first_name + " has " +
                          std::to_string(first.num_outputs()) + " outputs");
  }
  internal::require_stochastic(first, first_name);
  internal::require_stochastic(then, then_name);
  const std::size_t rows = first.num_inputs();
  const std::size_t middle = first.num_outputs();
  const std::size_t cols = then.num_outputs();
  std::vector<Rational> entries(
      internal::checked_product(rows, cols, internal::kMaxConstructedEntries, then_name));
  for (std::size_t x = 0; x < rows; ++x) {
    for (std::size_t y = 0; y < middle; ++y) {
      const Rational& p = first(x, y);
      if (p == 0) continue;
      for (std::size_t z = 0; z < cols; ++z) {
        if (then(y, z) != 0) entries[x * cols + z] += p * then(y, z);
      }
    }
  }
  return DenseMechanism(rows, then.output_labels(), std::move(entries));
}

DenseMechanism deterministic_mechanism(const std::vector<std::size_t>& image,
                                       std::vector<std::string> output_labels, const char* what) {
  const std::size_t cols = output_labels.size();
  std::vector<Rational> entries(
      internal::checked_product(image.size(), cols, internal::kMaxConstructedEntries, what));
  for (std::size_t x = 0; x < image.size(); ++x) {
    if (image[x] >= cols) {
      throw InvalidArgument(std::string(what) + ": input " + std::to_string(x) + " maps to " +
                            std::to_string(image[x]) + ", but there are only " +
                            std::to_string(cols) + " outputs");
    }
    entries[x * cols + image[x]] = 1;
  }
  return DenseMechanism(image.size(), std::move(output_labels), std::move(entries));
}

bool equal_entries(const DenseMechanism& a, const DenseMechanism& b) {
  return a.num_inputs() == b.num_inputs() && a.num_outputs() == b.num_outputs() &&
         a.entries() == b.entries();
}

}  // namespace uldp
