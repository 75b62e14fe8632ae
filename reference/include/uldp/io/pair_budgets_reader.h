// A context-aware budget matrix (Acharya, Bonawitz, Kairouz, Ramage and Sun, ICML 2020): one e^ε
// bound per ordered pair of inputs, B[x][x'], as a k x k text file: one row per line, entries
// separated by commas or white space, each an exact rational or decimal >= 1 or `inf` (no bound);
// '#' comments and blank lines skipped. The diagonal is read and ignored (a pair of one input).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "uldp/forms/pair_bounds.h"
#include "uldp/io/text_positions.h"

namespace uldp {

/// Parses the file's text; `source` names it in errors. Throws InputError
/// "SOURCE:LINE:COLUMN: ..." (or "SOURCE[x][x']: ..." by indices) for an entry that is no number
/// or below 1, a row of another length, and "SOURCE: ..." for no rows or a matrix that is not
/// square.
PairBudgetMatrix parse_pair_budgets(std::string_view text, const std::string& source,
                                    TextPositions positions = TextPositions::kLineColumn);

}  // namespace uldp
