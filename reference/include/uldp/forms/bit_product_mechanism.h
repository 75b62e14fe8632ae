// The RAPPOR family in structured form: x_i is one-hot encoded as e_i, then every bit j is
// flipped independently, so Q(y|x_i) = prod_j P_j(y_j | i == j). Never enumerates 2^k outputs.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp {

/// One bit's channel: the probability that bit j reports 1 when the input is x_j ("on") and
/// when it is any other input ("off").
struct BitChannel {
  Rational one_if_on;
  Rational one_if_off;
  friend bool operator==(const BitChannel&, const BitChannel&) = default;
};

/// A product-of-bits mechanism over inputs {x_0..x_{k-1}} and outputs {0,1}^k.
class BitProductMechanism {
 public:
  /// Validates each probability in [0,1]; `what` names the mechanism in errors.
  BitProductMechanism(std::vector<BitChannel> bits, const char* what = "bit-product mechanism");

  std::size_t k() const { return bits_.size(); }
  const BitChannel& bit(std::size_t j) const { return bits_[j]; }
  const std::vector<BitChannel>& bits() const { return bits_; }

  /// P(y_j = value | input x_i).
  Rational bit_probability(std::size_t j, bool value, std::size_t input) const;
  /// Q(y|x_i) for one output y (a k-bit vector), in O(k).
  Rational probability(const std::vector<bool>& y, std::size_t input) const;

  /// The dense 2^k-column expansion; outputs ordered by the integer sum_j y_j 2^j and labelled
  /// with character j = bit j. Throws InvalidArgument when k > kMaxDenseBits.
  DenseMechanism to_dense() const;
  static constexpr std::size_t kMaxDenseBits = 16;

 private:
  std::vector<BitChannel> bits_;
};

/// "0110": character j is bit j.
std::string bit_label(const std::vector<bool>& y);
/// The k-bit vector of output index `index` (bit j = (index >> j) & 1).
std::vector<bool> bits_of_index(std::size_t index, std::size_t k);

}  // namespace uldp
