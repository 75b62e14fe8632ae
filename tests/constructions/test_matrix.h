// Small helper for hand-worked examples: a mechanism written as rows of exact fractions.
#pragma once

#include <string>
#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp::testing_support {

/// {{"1/2", "1/2"}, {"0", "1"}} -> the 2x2 mechanism with output labels "0", "1".
inline DenseMechanism matrix(const std::vector<std::vector<std::string>>& rows) {
  std::vector<Rational> entries;
  for (const auto& row : rows) {
    for (const auto& cell : row) entries.push_back(parse_rational(cell, "test entry"));
  }
  const std::size_t cols = rows.empty() ? 0 : rows.front().size();
  return DenseMechanism(rows.size(), DenseMechanism::index_labels(cols), std::move(entries));
}

/// Row-major rational entries written as fractions, for EXPECT_EQ on whole matrices.
inline std::vector<Rational> fractions(const std::vector<std::string>& cells) {
  std::vector<Rational> out;
  for (const auto& cell : cells) out.push_back(parse_rational(cell, "test entry"));
  return out;
}

}  // namespace uldp::testing_support
