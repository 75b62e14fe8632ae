#include "uldp/forms/dense_mechanism.h"

#include "uldp/error.h"

namespace uldp {

DenseMechanism::DenseMechanism(std::size_t inputs, std::vector<std::string> output_labels,
                               std::vector<Rational> entries)
    : inputs_(inputs), labels_(std::move(output_labels)), entries_(std::move(entries)) {
  if (inputs_ == 0) throw InvalidArgument("mechanism: it has no inputs");
  if (labels_.empty()) throw InvalidArgument("mechanism: it has no outputs");
  if (entries_.size() != inputs_ * labels_.size()) {
    throw InvalidArgument("mechanism: " + std::to_string(entries_.size()) + " entries for " +
                          std::to_string(inputs_) + " inputs x " + std::to_string(labels_.size()) +
                          " outputs");
  }
}

std::vector<std::string> DenseMechanism::index_labels(std::size_t count) {
  std::vector<std::string> labels(count);
  for (std::size_t i = 0; i < count; ++i) labels[i] = std::to_string(i);
  return labels;
}

}  // namespace uldp
