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
#include "uldp/forms/class_structured_mechanism.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp {

/// One pair's loss. `ratio` is infinite when some y of the set has Q(y|x) > 0 = Q(y|x'), and 0
/// when x gives no output of the set (no ratio bounds anything then; `output` is none).
struct PairLoss {
  ExtendedRational ratio;
  /// The first y attaining it, by its label; for a form that never lists its outputs, the output
  /// as it describes it ("y_2 = 1, y_0 = 0 (any other bits of the set)", "an output of class
  /// 'sensitive' (Q(y|x) = 3/5, Q(y|x') = 1/5)").
  std::optional<std::string> output;
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

/// The per-pair loss of a class-structured form whose columns are symmetric within input classes
/// (ColumnSymmetry::kWithinInputClasses), by classes: a pair (x, x') can sit in cells c, c' of one
/// column of an output class whenever both cells exist (and, for one cell of one class, it holds
/// two inputs), so L(x, x') is the largest p_c / p_c' over those and depends on the two classes
/// alone. O(classes^2 cells^2), never listing an input pair or an output; the witness names the
/// output class and the two probabilities.
class ClassPairLosses {
 public:
  /// Over every output, or over the declared protected output classes. Throws InvalidArgument for
  /// a form without the symmetry.
  ClassPairLosses(const ClassStructuredMechanism& q, bool protected_only);
  /// L(x, x') for inputs of classes a and b, distinct inputs (or x = x' when `same_input`).
  const PairLoss& of_classes(std::size_t a, std::size_t b, bool same_input) const {
    return same_input ? diagonal_[a] : distinct_[a * classes_ + b];
  }
  std::size_t classes() const { return classes_; }

 private:
  std::size_t classes_ = 0;
  std::vector<PairLoss> distinct_, diagonal_;
};

/// The same as a matrix over every ordered pair (k^2 entries: for k <= 1024 or so).
PairLossMatrix pair_losses(const ClassStructuredMechanism& q, bool protected_only);

}  // namespace uldp
