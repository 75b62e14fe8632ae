#include "uldp/forms/bit_product_mechanism.h"

#include "uldp/arithmetic/probability.h"
#include "uldp/error.h"

namespace uldp {
namespace {

void require_probability(const Rational& p, const char* what, std::size_t bit, const char* field) {
  Probability::from_rational(p, std::string(what) + ": bit " + std::to_string(bit) + " " + field);
}

}  // namespace

BitProductMechanism::BitProductMechanism(std::vector<BitChannel> bits, const char* what)
    : bits_(std::move(bits)) {
  if (bits_.empty()) throw InvalidArgument(std::string(what) + ": it has no bits (k = 0)");
  for (std::size_t j = 0; j < bits_.size(); ++j) {
    require_probability(bits_[j].one_if_on, what, j, "P(1|on)");
    require_probability(bits_[j].one_if_off, what, j, "P(1|off)");
  }
}

Rational BitProductMechanism::bit_probability(std::size_t j, bool value, std::size_t input) const {
  const Rational& one = (j == input) ? bits_[j].one_if_on : bits_[j].one_if_off;
  return value ? one : Rational(1 - one);
}

Rational BitProductMechanism::probability(const std::vector<bool>& y, std::size_t input) const {
  if (y.size() != bits_.size() || input >= bits_.size()) {
    throw InvalidArgument("bit-product mechanism: output of " + std::to_string(y.size()) +
                          " bits or input " + std::to_string(input) +
                          " does not fit k = " + std::to_string(bits_.size()));
  }
  Rational p(1);
  for (std::size_t j = 0; j < bits_.size() && p != 0; ++j) p *= bit_probability(j, y[j], input);
  return p;
}

DenseMechanism BitProductMechanism::to_dense() const {
  const std::size_t k = bits_.size();
  if (k > kMaxDenseBits) {
    throw InvalidArgument("dense expansion: k = " + std::to_string(k) + " gives 2^" +
                          std::to_string(k) + " outputs; the limit is k <= " +
                          std::to_string(kMaxDenseBits) + " (use the structured form)");
  }
  const std::size_t outputs = std::size_t{1} << k;
  std::vector<std::string> labels(outputs);
  std::vector<Rational> entries(k * outputs);
  for (std::size_t y = 0; y < outputs; ++y) {
    const std::vector<bool> bits = bits_of_index(y, k);
    labels[y] = bit_label(bits);
    for (std::size_t x = 0; x < k; ++x) entries[x * outputs + y] = probability(bits, x);
  }
  return DenseMechanism(k, std::move(labels), std::move(entries));
}

std::string bit_label(const std::vector<bool>& y) {
  std::string label(y.size(), '0');
  for (std::size_t j = 0; j < y.size(); ++j) {
    if (y[j]) label[j] = '1';
  }
  return label;
}

std::vector<bool> bits_of_index(std::size_t index, std::size_t k) {
  std::vector<bool> bits(k);
  for (std::size_t j = 0; j < k; ++j) bits[j] = (index >> j) & 1u;
  return bits;
}

}  // namespace uldp
