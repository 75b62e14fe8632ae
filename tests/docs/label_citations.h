// Finding citations of the paper by LaTeX label in a line of text:
// - full labels (Definition 2 as "def:rest");
// - equation labels without their "eq:" prefix after "eq." or "eqs." (eq. (4) as "eq. xs_ys_0"),
//   or anywhere when they cannot be ordinary words (eq. (30) as "rand_alg_R_1");
// - tokens with a statement prefix (def, prop, thm, lem) that are no label of the paper.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "paper_numbering_table.h"

namespace uldp::testing {

/// One label citation in a line.
struct LabelCitation {
  std::string label;       ///< the label as in the table (with "eq:"), or as written when unknown
  std::size_t column = 0;  ///< 0-based offset of the citation in the line
  std::size_t length = 0;  ///< characters the citation takes in the line
  bool known = true;       ///< false for "def:", "prop:", "thm:", "lem:" tokens not in the table
};

/// Every label citation in `line`, in order of column.
std::vector<LabelCitation> find_label_citations(std::string_view line,
                                                const PaperNumberingTable& table);

/// Whether `line` carries the published number of `row`: its citation() not followed by a digit
/// ("Proposition 1" is not in "Proposition 11") nor by a deeper level ("Section 2.5" not "2.5.1").
bool cites_number(std::string_view line, const PaperLabel& row);

}  // namespace uldp::testing
