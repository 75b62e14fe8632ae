// A distance matrix for metric LDP: d(x, x') for every ordered pair of inputs, as a k x k text file
// laid out like a pair budget file (one row per line, commas or white space, '#' comments), each
// entry an exact rational or decimal >= 0 or `inf` (infinitely far: no bound). A distance is zero
// on the diagonal and symmetric; the triangle inequality is not required (the bound e^{ε d} is
// applied as given, so a pseudometric or a semimetric reads too).
#pragma once

#include <string>
#include <string_view>

#include "uldp/forms/metric_privacy.h"
#include "uldp/io/text_positions.h"

namespace uldp {

/// Parses the file's text; `source` names it in errors. Throws InputError
/// "SOURCE:LINE:COLUMN: ..." (or "SOURCE[x][x']: ..." by indices) for an entry that is no number or
/// negative, a row of another length, a nonzero diagonal entry or one that differs from its mirror
/// d(x', x), and "SOURCE: ..." for no rows or a matrix that is not square.
DistanceMatrix parse_distance_matrix(std::string_view text, const std::string& source,
                                     TextPositions positions = TextPositions::kLineColumn);

}  // namespace uldp
