// Safe regions for personalized LDP (uldp/forms/personalized_ldp.h) as a text file: one region a
// line, its inputs (a list like 0-3,7) and its budget (exp_eps=T or eps=E, an exact rational or
// decimal) separated by white space; '#' comments and blank lines skipped:
//
//   # inputs  budget
//   0-3,7     exp_eps=3
//   4,5,6     eps=1/2
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "uldp/forms/personalized_ldp.h"
#include "uldp/io/text_positions.h"

namespace uldp {

/// Parses the file's text; `source` names it in errors and each region is named "SOURCE:LINE" (by
/// indices: "SOURCE[r]"). Throws InputError "SOURCE:LINE:COLUMN: ..." (by indices:
/// "SOURCE[r][field]: ...") for a line without a budget, a budget that is not exp_eps=T or eps=E
/// or does not read, or more than two fields, and "SOURCE: ..." for no regions. The inputs are
/// read against the mechanism when checked (check_personalized).
std::vector<SafeRegion> parse_safe_regions(std::string_view text, const std::string& source,
                                           TextPositions positions = TextPositions::kLineColumn);

}  // namespace uldp
