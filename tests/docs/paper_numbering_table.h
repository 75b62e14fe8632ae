// docs/paper-numbering.tsv read back: every LaTeX label of the paper with its kind and its
// published number, and the citation text ("Proposition 11", "eq. (4)") the docs use for it.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace uldp::testing {

/// One row of the table.
struct PaperLabel {
  std::string label;   ///< the LaTeX label: "prop:PostProcess" for Proposition 11
  std::string kind;    ///< "proposition", "equation", "section", "appendix", ...
  std::string number;  ///< "11", "4", "B.4"
  int line = 0;        ///< line of the table it was read from
};

/// The rows of a paper-numbering table, in file order.
struct PaperNumberingTable {
  std::vector<PaperLabel> rows;
  /// Rows by label (the first row when a label repeats).
  std::map<std::string, PaperLabel> by_label;
};

/// Reads the table; lines starting with '#' are comments. Throws std::runtime_error when the
/// file cannot be read or a line has not exactly three tab-separated non-empty fields.
PaperNumberingTable read_paper_numbering(const std::string& path);

/// The word a reader sees before the number: "Definition", "Proposition", "Section", ...;
/// empty for equations and unknown kinds.
std::string kind_word(const std::string& kind);

/// How the docs cite a row: "Proposition 11", "Appendix B.4", "eq. (4)".
std::string citation(const PaperLabel& row);

}  // namespace uldp::testing
