// The text of a k x k matrix over ordered pairs of inputs (pair budgets, distances): one row per
// line, entries separated by commas (each trimmed) or by runs of white space, '#' comments and
// blank lines skipped. Each entry is an exact rational or decimal, or `inf`, at least a floor.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/io/text_positions.h"

namespace uldp::internal {

/// How a matrix's entries read: their least value and how errors name them.
struct PairEntryRule {
  Rational floor;           ///< entries below it are refused
  std::string noun;         ///< "bound", "distance"
  std::string what_it_is;   ///< "an exact rational or decimal >= 1, or inf"
  std::string below_floor;  ///< "(a bound is e^eps >= 1)"
};

struct PairMatrixText {
  std::vector<std::vector<std::optional<Rational>>> entries;  ///< none: inf
  /// Line and 1-based column of each entry, for errors found after reading.
  std::vector<std::size_t> lines;
  std::vector<std::vector<std::size_t>> columns;
};

/// Throws InputError "SOURCE:LINE:COLUMN: ..." for an entry that is no number or below the floor,
/// an empty entry or a row of another length, and "SOURCE: ..." for no rows or a matrix that is
/// not square.
PairMatrixText read_pair_matrix(std::string_view text, const std::string& source,
                                const PairEntryRule& rule, TextPositions positions);

}  // namespace uldp::internal
