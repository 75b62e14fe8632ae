// Label citations in a line of text (see label_citations.h).
#include "label_citations.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace uldp::testing {
namespace {

bool is_label_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == ':' ||
         c == '=' || c == '*';
}

// Kinds of label prefix; an unknown label is only reported for the statement prefixes, since
// "sub:" or "tab:" may mean something else in code.
constexpr std::array<std::string_view, 9> kPrefixes = {"def", "prop", "thm", "lem", "eq",
                                                       "sec", "sub",  "fig", "tab"};
constexpr std::array<std::string_view, 4> kStatementPrefixes = {"def", "prop", "thm", "lem"};

bool contains(const auto& list, std::string_view s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

// `run` or its longest prefix obtained by dropping trailing ":-=*" that is a label of the table.
std::string_view known_label(std::string_view run, const PaperNumberingTable& table,
                             std::string_view add = "") {
  while (!run.empty()) {
    if (table.by_label.count(std::string(add) + std::string(run))) return run;
    const char last = run.back();
    if (last != ':' && last != '-' && last != '=' && last != '*') break;
    run.remove_suffix(1);
  }
  return {};
}

// Citations of equations after "eq." / "eqs." / "eq": a list of labels without their prefix.
void add_after_eq(std::string_view line, const PaperNumberingTable& table,
                  std::vector<LabelCitation>& out) {
  for (std::size_t at = line.find("eq"); at != std::string_view::npos;
       at = line.find("eq", at + 2)) {
    if (at > 0 && std::isalnum(static_cast<unsigned char>(line[at - 1]))) continue;
    std::size_t i = at + 2;
    if (i < line.size() && line[i] == 's') ++i;
    if (i < line.size() && line[i] == '.') ++i;
    if (i >= line.size() || line[i] != ' ') continue;
    while (true) {
      while (i < line.size() && (line[i] == ' ' || line[i] == '`')) ++i;
      std::size_t end = i;
      while (end < line.size() && is_label_char(line[end])) ++end;
      const std::string_view run = line.substr(i, end - i);
      const std::string_view suffix = known_label(run, table, "eq:");
      if (suffix.empty()) break;
      out.push_back({"eq:" + std::string(suffix), i, suffix.size(), true});
      i += suffix.size();
      while (i < line.size() && line[i] == '`') ++i;
      // Separators of a list: ", ", " and ", " or ".
      if (line.substr(i, 2) == ", ") {
        i += 2;
      } else if (line.substr(i, 5) == " and ") {
        i += 5;
      } else if (line.substr(i, 4) == " or ") {
        i += 4;
      } else {
        break;
      }
      if (line.substr(i, 4) == "and ") i += 4;
    }
  }
}

}  // namespace

std::vector<LabelCitation> find_label_citations(std::string_view line,
                                                const PaperNumberingTable& table) {
  std::vector<LabelCitation> out;
  for (std::size_t i = 0; i < line.size();) {
    if (!is_label_char(line[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < line.size() && is_label_char(line[end])) ++end;
    const std::string_view run = line.substr(i, end - i);
    const std::size_t colon = run.find(':');
    if (colon != std::string_view::npos && contains(kPrefixes, run.substr(0, colon))) {
      const std::string_view label = known_label(run, table);
      if (!label.empty()) {
        out.push_back({std::string(label), i, label.size(), true});
      } else if (contains(kStatementPrefixes, run.substr(0, colon)) && colon + 1 < run.size()) {
        out.push_back({std::string(run), i, run.size(), false});
      }
    }  // a bare equation label counts only after "eq." (below): code identifiers may share its name
    i = end;
  }
  std::vector<LabelCitation> after_eq;
  add_after_eq(line, table, after_eq);
  for (const auto& c : after_eq) {
    const bool seen = std::any_of(out.begin(), out.end(),
                                  [&](const LabelCitation& o) { return o.column == c.column; });
    if (!seen) out.push_back(c);
  }
  std::sort(out.begin(), out.end(),
            [](const auto& a, const auto& b) { return a.column < b.column; });
  return out;
}

bool cites_number(std::string_view line, const PaperLabel& row) {
  const std::string text = citation(row);
  for (std::size_t at = line.find(text); at != std::string_view::npos;
       at = line.find(text, at + 1)) {
    const std::size_t end = at + text.size();
    const bool more_digits =
        end < line.size() && std::isdigit(static_cast<unsigned char>(line[end]));
    const bool deeper = end + 1 < line.size() && line[end] == '.' &&
                        std::isalnum(static_cast<unsigned char>(line[end + 1]));
    if (!more_digits && !deeper) return true;
  }
  return false;
}

}  // namespace uldp::testing
