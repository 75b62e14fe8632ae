// docs/inputs.md is the catalogue of bad inputs; every row of its tables runs here and must give
// exactly the documented stderr line and exit code, so the page and the program cannot drift.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "uldp/constructions/pum_population.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::testing {
namespace {

struct DocumentedInput {
  std::string name;
  std::string command;  // uldp arguments, FILE.csv / FILE.json for the scratch file
  std::string content;  // file content, `\n` and `{c*n}` expanded
  std::string message;  // the whole stderr line, without its newline
  int exit_code = 0;
};

std::string strip_code(std::string cell) {
  const auto first = cell.find_first_not_of(' ');
  const auto last = cell.find_last_not_of(' ');
  cell = first == std::string::npos ? "" : cell.substr(first, last - first + 1);
  if (cell.size() >= 2 && cell.front() == '`' && cell.back() == '`')
    cell = cell.substr(1, cell.size() - 2);
  return cell;
}

// `\n` is a line break, `\t` a tab, `\xHH` one byte, `{c*n}` n copies of c (inputs too large
// to print).
std::string expand(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() && (text[i + 1] == 'n' || text[i + 1] == 't')) {
      out += text[i + 1] == 'n' ? '\n' : '\t';
      ++i;
      continue;
    }
    if (text.compare(i, 2, "\\x") == 0 && i + 3 < text.size()) {  // \xHH: one byte
      out += static_cast<char>(std::stoi(text.substr(i + 2, 2), nullptr, 16));
      i += 3;
      continue;
    }
    out += text[i];
  }
  const std::regex repeat(R"(\{(.)\*([0-9]+)\})");
  std::smatch m;
  std::string result;
  while (std::regex_search(out, m, repeat)) {
    result += m.prefix().str() + std::string(std::stoul(m[2].str()), m[1].str()[0]);
    out = m.suffix().str();
  }
  return result + out;
}

std::vector<DocumentedInput> documented_inputs() {
  std::ifstream in(std::string(ULDP_SOURCE_DIR) + "/docs/inputs.md");
  std::vector<DocumentedInput> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("| `", 0) != 0) continue;
    std::vector<std::string> cells;
    std::size_t start = 1;
    for (std::size_t bar; (bar = line.find(" | ", start)) != std::string::npos; start = bar + 3)
      cells.push_back(line.substr(start, bar - start));
    cells.push_back(line.substr(start, line.size() - 1 - start));
    if (cells.size() != 5) {
      ADD_FAILURE() << "docs/inputs.md: a row without 5 cells: " << line;
      continue;
    }
    rows.push_back({strip_code(cells[0]), expand(strip_code(cells[1])),
                    expand(strip_code(cells[2])), strip_code(cells[3]),
                    std::stoi(strip_code(cells[4]))});
  }
  return rows;
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size())
    text.replace(at, from.size(), to);
}

TEST(InputsDoc, EveryDocumentedBadInputGivesItsExactLineAndExitCode) {
  const std::vector<DocumentedInput> rows = documented_inputs();
  ASSERT_GE(rows.size(), 40u) << "docs/inputs.md lost its tables";
  for (const DocumentedInput& row : rows) {
    std::string command = row.command;
    std::string message = row.message;
    // The registry's lists (docs/inputs.md says so): a new mechanism edits no row.
    replace_all(message, "MECHANISMS", mechanism_names());
    replace_all(message, "PUM_COMMONS", pum_common_names());
    for (const std::string placeholder : {"FILE.csv", "FILE.json", "FILE.txt"}) {
      if (command.find(placeholder) == std::string::npos) continue;
      const std::string ext = placeholder.substr(4);
      const std::string path = temp_file("inputs_doc_" + row.name + ext, row.content);
      replace_all(command, placeholder, path);
      replace_all(message, placeholder, path);
    }
    const RunResult r = run_uldp(command);
    EXPECT_EQ(r.exit_code, row.exit_code) << row.name << ": " << r.err;
    EXPECT_EQ(r.err, message + "\n") << row.name;
  }
}

}  // namespace
}  // namespace uldp::testing
