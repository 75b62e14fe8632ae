#include "uldp/forms/dense_mechanism.h"

#include <mutex>

#include "uldp/arithmetic/binary64.h"
#include "uldp/error.h"

namespace uldp {

struct DenseMechanism::Binary64Storage {
  std::vector<std::uint64_t> bits;
  mutable std::once_flag made;
  mutable std::vector<Rational> rationals;
};

DenseMechanism::DenseMechanism(std::size_t inputs, std::vector<std::string> output_labels,
                               std::vector<Rational> entries)
    : inputs_(inputs), labels_(std::move(output_labels)), entries_(std::move(entries)) {
  check_shape(entries_.size());
}

DenseMechanism::DenseMechanism(std::size_t inputs, std::vector<std::string> output_labels,
                               std::shared_ptr<const Binary64Storage> binary64)
    : inputs_(inputs), labels_(std::move(output_labels)), binary64_(std::move(binary64)) {
  check_shape(binary64_->bits.size());
}

DenseMechanism DenseMechanism::from_binary64(std::size_t inputs,
                                             std::vector<std::string> output_labels,
                                             std::vector<std::uint64_t> entries) {
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (!is_nonnegative_finite_binary64(entries[i])) {
      throw InvalidArgument("mechanism: entry " + std::to_string(i) +
                            " is not a non-negative finite binary64 pattern");
    }
  }
  auto storage = std::make_shared<Binary64Storage>();
  storage->bits = std::move(entries);
  return DenseMechanism(inputs, std::move(output_labels), std::move(storage));
}

void DenseMechanism::check_shape(std::size_t entries) const {
  if (inputs_ == 0) throw InvalidArgument("mechanism: it has no inputs");
  if (labels_.empty()) throw InvalidArgument("mechanism: it has no outputs");
  if (entries != inputs_ * labels_.size()) {
    throw InvalidArgument("mechanism: " + std::to_string(entries) + " entries for " +
                          std::to_string(inputs_) + " inputs x " + std::to_string(labels_.size()) +
                          " outputs");
  }
}

const std::vector<Rational>& DenseMechanism::binary64_rationals() const {
  const Binary64Storage& storage = *binary64_;
  std::call_once(storage.made, [&storage] {
    storage.rationals.reserve(storage.bits.size());
    for (std::uint64_t bits : storage.bits) storage.rationals.push_back(binary64_value(bits));
  });
  return storage.rationals;
}

const std::vector<std::uint64_t>& DenseMechanism::binary64_entries() const {
  static const std::vector<std::uint64_t> kNone;
  return binary64_ ? binary64_->bits : kNone;
}

std::vector<std::string> DenseMechanism::index_labels(std::size_t count) {
  std::vector<std::string> labels(count);
  for (std::size_t i = 0; i < count; ++i) labels[i] = std::to_string(i);
  return labels;
}

}  // namespace uldp
