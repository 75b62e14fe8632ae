// An obfuscation mechanism as an explicit exact matrix Q[x][y] = Q(y|x), one row per input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "uldp/arithmetic/rational.h"

namespace uldp {

/// An exact |X| x |Y| matrix of transition probabilities with output labels. The shape is an
/// invariant; stochasticity is not (user matrices are checked, see checks/stochasticity.h).
/// Its entries are rationals, or (a file read with --binary64) binary64 values kept as their
/// 8-byte patterns (uldp/arithmetic/binary64.h): the same exact values in a tenth of the memory,
/// which the checks read directly. Immutable once built.
class DenseMechanism {
 public:
  /// `entries` is row-major with inputs * labels.size() entries.
  DenseMechanism(std::size_t inputs, std::vector<std::string> output_labels,
                 std::vector<Rational> entries);
  /// Row-major entries given as non-negative finite binary64 patterns, kept compact.
  static DenseMechanism from_binary64(std::size_t inputs, std::vector<std::string> output_labels,
                                      std::vector<std::uint64_t> entries);
  /// A matrix as a program holds it in doubles, row-major, each entry taken as its exact
  /// binary64 value (kept compact); outputs labelled "0", "1", .... Throws InvalidArgument naming
  /// the entry after `what`: "Q[1][0]: nan is not a finite number", "Q[1][0] = 1.5 is outside
  /// [0,1]", "Q: the matrix is empty".
  static DenseMechanism from_doubles(std::size_t inputs, std::size_t outputs,
                                     std::span<const double> entries, std::string_view what = "Q");
  /// Exact entries, row-major, each checked to be a probability ("Q[0][1] = 3/2 is outside
  /// [0,1]"); outputs labelled "0", "1", ....
  static DenseMechanism from_probabilities(std::size_t inputs, std::size_t outputs,
                                           std::vector<Rational> entries,
                                           std::string_view what = "Q");

  std::size_t num_inputs() const { return inputs_; }
  std::size_t num_outputs() const { return labels_.size(); }
  /// Q(y|x). On a binary64 matrix the first call makes the rational entries (as much memory as
  /// a rational matrix); the checks use binary64_entries() instead.
  const Rational& operator()(std::size_t x, std::size_t y) const {
    return entries()[x * labels_.size() + y];
  }
  const std::vector<std::string>& output_labels() const { return labels_; }
  /// The entries as rationals (made once, on first use, for a binary64 matrix).
  const std::vector<Rational>& entries() const {
    return binary64_ ? binary64_rationals() : entries_;
  }

  /// Whether the entries are held as binary64 patterns.
  bool is_binary64() const { return binary64_ != nullptr; }
  /// The row-major patterns of a binary64 matrix (empty otherwise).
  const std::vector<std::uint64_t>& binary64_entries() const;

  /// Output labels "0", "1", ... (symbol-valued mechanisms).
  static std::vector<std::string> index_labels(std::size_t count);

 private:
  struct Binary64Storage;
  DenseMechanism(std::size_t inputs, std::vector<std::string> output_labels,
                 std::shared_ptr<const Binary64Storage> binary64);
  void check_shape(std::size_t entries) const;
  const std::vector<Rational>& binary64_rationals() const;

  std::size_t inputs_;
  std::vector<std::string> labels_;
  std::vector<Rational> entries_;  // rational matrices
  // Binary64 matrices: the patterns and the rationals made from them on demand, shared by copies
  // (both are immutable once made).
  std::shared_ptr<const Binary64Storage> binary64_;
};

}  // namespace uldp
