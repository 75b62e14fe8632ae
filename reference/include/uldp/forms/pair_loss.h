// The per-pair privacy loss of a mechanism, exactly: L(x, x') = max over the outputs y of an
// output set of Q(y|x) / Q(y|x'), with the y that attains it. Every notion that gives pairs of
// inputs their own protection (ε-LDP, ULDP's second condition, ID-LDP, context-aware and metric
// LDP) bounds this matrix pair by pair. No double anywhere.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "uldp/arithmetic/extended_rational.h"
#include "uldp/arithmetic/index_set.h"
#include "uldp/forms/bit_product_mechanism.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp {

/// One pair's loss. `ratio` is infinite when some y of the set has Q(y|x) > 0 = Q(y|x'), and 0
/// when x gives no output of the set (no ratio bounds anything then; `output` is none).
struct PairLoss {
  ExtendedRational ratio;
  std::optional<std::string> output;  ///< the first y attaining it, by its label
};

/// L(x, x') for every ordered pair; the diagonal is 1 where x gives an output of the set.
class PairLossMatrix {
 public:
  explicit PairLossMatrix(std::size_t inputs) : inputs_(inputs), losses_(inputs * inputs) {}
  std::size_t inputs() const { return inputs_; }
  const PairLoss& at(std::size_t x, std::size_t x_prime) const {
    return losses_[x * inputs_ + x_prime];
  }
  PairLoss& at(std::size_t x, std::size_t x_prime) { return losses_[x * inputs_ + x_prime]; }

 private:
  std::size_t inputs_;
  std::vector<PairLoss> losses_;
};

/// Over the outputs in `outputs` (indices over the matrix's columns; none: every output), in
/// O(|X|^2 |Y|) exact comparisons.
PairLossMatrix pair_losses(const DenseMechanism& q, const std::optional<IndexSet>& outputs);

/// A per-bit product mechanism over the outputs whose bits in `zero_bits` are 0 (none: every
/// output), without listing the 2^k outputs: the bits are independent, so a pair's loss is the
/// product over the bits of each bit's own largest ratio (bit j forced to 0 when j is in
/// zero_bits), and the witness takes each bit's maximiser. O(|X|^2 + k).
PairLossMatrix pair_losses(const BitProductMechanism& q, const std::optional<IndexSet>& zero_bits);

}  // namespace uldp
