// Reading docs/paper-numbering.tsv (see paper_numbering_table.h).
#include "paper_numbering_table.h"

#include <fstream>
#include <stdexcept>

namespace uldp::testing {

PaperNumberingTable read_paper_numbering(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  PaperNumberingTable table;
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    if (text.empty() || text[0] == '#') continue;
    std::vector<std::string> fields;
    std::size_t start = 0;
    for (std::size_t tab; (tab = text.find('\t', start)) != std::string::npos; start = tab + 1) {
      fields.push_back(text.substr(start, tab - start));
    }
    fields.push_back(text.substr(start));
    if (fields.size() != 3 || fields[0].empty() || fields[1].empty() || fields[2].empty()) {
      throw std::runtime_error(path + ":" + std::to_string(line) +
                               ": expected label<TAB>kind<TAB>number");
    }
    PaperLabel row{fields[0], fields[1], fields[2], line};
    table.rows.push_back(row);
    table.by_label.emplace(row.label, row);
  }
  return table;
}

std::string kind_word(const std::string& kind) {
  static const std::map<std::string, std::string> kWords = {
      {"definition", "Definition"}, {"proposition", "Proposition"},
      {"theorem", "Theorem"},       {"lemma", "Lemma"},
      {"section", "Section"},       {"appendix", "Appendix"},
      {"figure", "Figure"},         {"table", "Table"}};
  const auto it = kWords.find(kind);
  return it == kWords.end() ? std::string() : it->second;
}

std::string citation(const PaperLabel& row) {
  if (row.kind == "equation") return "eq. (" + row.number + ")";
  return kind_word(row.kind) + " " + row.number;
}

}  // namespace uldp::testing
