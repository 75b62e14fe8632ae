#include "uldp/forms/dense_mechanism.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <mutex>

#include "uldp/arithmetic/binary64.h"
#include "uldp/arithmetic/probability.h"
#include "uldp/cancellation.h"
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

namespace {

std::string entry_name(std::string_view what, std::size_t x, std::size_t y) {
  return std::string(what) + "[" + std::to_string(x) + "][" + std::to_string(y) + "]";
}

void require_entries(std::string_view what, std::size_t inputs, std::size_t outputs,
                     std::size_t entries) {
  if (inputs == 0 || outputs == 0) {
    throw InvalidArgument(std::string(what) + ": the matrix is empty");
  }
  if (entries != inputs * outputs) {
    throw InvalidArgument(std::string(what) + ": " + std::to_string(entries) + " entries for " +
                          std::to_string(inputs) + " x " + std::to_string(outputs));
  }
}

}  // namespace

DenseMechanism DenseMechanism::from_doubles(std::size_t inputs, std::size_t outputs,
                                            std::span<const double> entries,
                                            std::string_view what) {
  require_entries(what, inputs, outputs, entries.size());
  std::vector<std::uint64_t> patterns(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (i % outputs == 0) check_cancelled();
    const double value = entries[i];
    if (!std::isfinite(value) || value < 0 || value > 1) {
      char text[32];
      const std::string shown(text, std::to_chars(text, text + sizeof text, value).ptr);
      throw InvalidArgument(entry_name(what, i / outputs, i % outputs) +
                            (std::isfinite(value) ? " = " + shown + " is outside [0,1]"
                                                  : ": " + shown + " is not a finite number"));
    }
    patterns[i] = std::bit_cast<std::uint64_t>(value == 0 ? 0.0 : value);  // -0 is 0
  }
  return from_binary64(inputs, index_labels(outputs), std::move(patterns));
}

DenseMechanism DenseMechanism::from_probabilities(std::size_t inputs, std::size_t outputs,
                                                  std::vector<Rational> entries,
                                                  std::string_view what) {
  require_entries(what, inputs, outputs, entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (!is_probability(entries[i])) {
      throw InvalidArgument(entry_name(what, i / outputs, i % outputs) + " = " +
                            message_excerpt(to_string(entries[i])) + " is outside [0,1]");
    }
  }
  return DenseMechanism(inputs, index_labels(outputs), std::move(entries));
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
