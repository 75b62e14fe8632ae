// How a reader names a place in the text it reads: by line and column for a file, or by the index
// of the row and entry for text made from a caller's list in memory (Python's
// pair_budgets=[[...]] is refused as "pair_budgets[1][2]: ...", not by the line of a text it never
// saw).
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "uldp/error.h"

namespace uldp {

enum class TextPositions { kLineColumn, kIndices };

/// The error at row `row` (0-based), entry `entry` (0-based; none: the whole row), which sits at
/// `line` and `column` (1-based) of the text.
inline InputError error_at(TextPositions positions, const std::string& source, std::size_t line,
                           std::size_t column, std::size_t row, std::optional<std::size_t> entry,
                           const std::string& what) {
  if (positions == TextPositions::kLineColumn) return InputError(source, line, column, what);
  std::string place = source + "[" + std::to_string(row) + "]";
  if (entry) place += "[" + std::to_string(*entry) + "]";
  return InputError(place, what);
}

}  // namespace uldp
