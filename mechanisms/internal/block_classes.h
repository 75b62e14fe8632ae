// The class structure uBD and uSS share: X_S and X_N as input classes, the C(v, K) blocks (the
// K-subsets of X_S) as one protected output class, and open output classes that only one
// non-sensitive input reports (uBD's x itself; uSS's {x} alone and S ∪ {x}).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "internal/subsets.h"
#include "uldp/forms/class_structured_mechanism.h"
#include "uldp/mechanisms/ubd/ubd.h"

namespace uldp::internal {

class BlockClasses {
 public:
  /// The input classes and the blocks class of uBD's constants `c` for X_S = `sensitive`, K.
  BlockClasses(const IndexSet& sensitive, std::size_t block, const UbdConstants& c)
      : xs_(sensitive.indices()),
        xn_(sensitive.complement().indices()),
        first_block_(xs_.begin(), xs_.begin() + static_cast<std::ptrdiff_t>(block)),
        rank_(c.blocks) {
    inputs_.push_back({"sensitive", sensitive});
    if (!xn_.empty()) inputs_.push_back({"non-sensitive", sensitive.complement()});
    const std::size_t v = xs_.size();
    // Blocks: the first in lexicographic order is the K smallest members of X_S.
    OutputClass blocks{"blocks", c.blocks, true, {}, {Integer(0), set_label(first_block_)}};
    add(blocks.cells, kSensitive, block, c.in_block, first_two(first_block_));
    add(blocks.cells, kSensitive, v - block, c.off_block, first_two(xs_, block));
    add(blocks.cells, kOpen, xn_.size(), c.from_open, first_two(xn_));
    outputs_.push_back(std::move(blocks));
  }

  /// A class of `count` outputs, each reported with probability `q` by one non-sensitive input
  /// only (the first one listed: `first_label`); ranks follow the classes added before.
  void add_open_class(const std::string& name, const Integer& count, const Rational& q,
                      const std::string& first_label) {
    OutputClass o{name, count, false, {}, {rank_, first_label}};
    add(o.cells, kSensitive, xs_.size(), Rational(0), first_two(xs_));
    add(o.cells, kOpen, 1, q, {xn_[0]});
    add(o.cells, kOpen, xn_.size() - 1, Rational(0), first_two(xn_, 0, xn_[0]));
    outputs_.push_back(std::move(o));
    rank_ += count;
  }

  const std::vector<std::size_t>& non_sensitive() const { return xn_; }
  const std::vector<std::size_t>& first_block() const { return first_block_; }
  std::vector<InputClass> take_inputs() { return std::move(inputs_); }
  std::vector<OutputClass> take_outputs() { return std::move(outputs_); }

 private:
  static constexpr std::size_t kSensitive = 0, kOpen = 1;  // input class indices
  static void add(std::vector<ColumnCell>& cells, std::size_t input_class, std::size_t members,
                  const Rational& q, std::vector<std::size_t> first) {
    if (members > 0) cells.push_back({input_class, members, q, std::move(first)});
  }

  std::vector<std::size_t> xs_, xn_, first_block_;
  std::vector<InputClass> inputs_;
  std::vector<OutputClass> outputs_;
  Integer rank_;
};

}  // namespace uldp::internal
