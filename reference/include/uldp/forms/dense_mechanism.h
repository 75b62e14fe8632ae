// An obfuscation mechanism as an explicit exact matrix Q[x][y] = Q(y|x), one row per input.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "uldp/arithmetic/rational.h"

namespace uldp {

/// An exact |X| x |Y| matrix of transition probabilities with output labels. The shape is an
/// invariant; stochasticity is not (user matrices are checked, see checks/stochasticity.h).
class DenseMechanism {
 public:
  /// `entries` is row-major with inputs * labels.size() entries.
  DenseMechanism(std::size_t inputs, std::vector<std::string> output_labels,
                 std::vector<Rational> entries);

  std::size_t num_inputs() const { return inputs_; }
  std::size_t num_outputs() const { return labels_.size(); }
  /// Q(y|x).
  const Rational& operator()(std::size_t x, std::size_t y) const {
    return entries_[x * labels_.size() + y];
  }
  const std::vector<std::string>& output_labels() const { return labels_; }
  const std::vector<Rational>& entries() const { return entries_; }

  /// Output labels "0", "1", ... (symbol-valued mechanisms).
  static std::vector<std::string> index_labels(std::size_t count);

 private:
  std::size_t inputs_;
  std::vector<std::string> labels_;
  std::vector<Rational> entries_;
};

}  // namespace uldp
