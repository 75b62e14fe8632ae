// docs/glossary.md holds one name per concept across the layers; every cell is checked against
// the code: the C++ names in a library header, the flag in its command's --help, the JSON key in
// a JSON writer. (The Python keywords are checked against the signatures by
// python/tests/test_glossary.py.)
#include <gtest/gtest.h>

#include <cctype>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "repository_files.h"
#include "uldp/testing/command.h"

namespace uldp::testing {
namespace {

struct Row {
  std::size_t line = 0;
  std::string meaning;  // the concept cell
  std::vector<std::string> cpp;
  std::string flag;                 // "check --tolerance" or "—"
  std::string json;                 // "tolerance" or "—"
  std::vector<std::string> python;  // the keywords of "`check(tolerance=)`"
};

std::string trimmed(const std::string& cell) {
  const std::size_t first = cell.find_first_not_of(' ');
  const std::size_t last = cell.find_last_not_of(' ');
  return first == std::string::npos ? "" : cell.substr(first, last - first + 1);
}

std::vector<std::string> backticked(const std::string& cell) {
  std::vector<std::string> out;
  const std::regex code("`([^`]+)`");
  for (std::sregex_iterator i(cell.begin(), cell.end(), code), end; i != end; ++i)
    out.push_back((*i)[1]);
  return out;
}

std::vector<Row> glossary_rows() {
  const std::vector<std::string> lines =
      read_lines(std::string(ULDP_SOURCE_DIR) + "/docs/glossary.md");
  std::vector<Row> rows;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (!line.starts_with("| ") || line.starts_with("| concept") || line.starts_with("|---"))
      continue;
    std::vector<std::string> cells;
    std::size_t start = 1;
    for (std::size_t bar = line.find('|', start); bar != std::string::npos;
         start = bar + 1, bar = line.find('|', start)) {
      cells.push_back(line.substr(start, bar - start));
    }
    if (cells.size() != 5) continue;
    Row row{i + 1, trimmed(cells[0]), backticked(cells[1]), {}, {}, {}};
    const std::vector<std::string> flag = backticked(cells[2]);
    const std::vector<std::string> json = backticked(cells[3]);
    row.flag = flag.empty() ? "—" : flag.front();
    row.json = json.empty() ? "—" : json.front();
    const std::regex keyword("`\\w+\\((\\w+)=\\)`");
    for (std::sregex_iterator k(cells[4].begin(), cells[4].end(), keyword), end; k != end; ++k)
      row.python.push_back((*k)[1]);
    rows.push_back(row);
  }
  return rows;
}

// Every source file of the libraries and the command, read once.
const std::string& all_sources() {
  static const std::string text = [] {
    std::string all;
    for (const std::string& path : repository_text_files(
             ULDP_SOURCE_DIR,
             {"reference", "estimate", "verify", "mechanisms", "api", "testing", "cli"})) {
      if (!path.ends_with(".h") && !path.ends_with(".cc")) continue;
      for (const std::string& line : read_lines(std::string(ULDP_SOURCE_DIR) + "/" + path))
        all += line + "\n";
    }
    return all;
  }();
  return text;
}

bool has_word(const std::string& text, const std::string& word) {
  return std::regex_search(text, std::regex("\\b" + word + "\\b"));
}

// A flag as a whole word of help text: "--em-stop" but not "--em-stop-x" nor "x--em-stop".
bool has_flag(const std::string& text, const std::string& flag) {
  return std::regex_search(text, std::regex("(^|[^A-Za-z-])" + flag + "([^A-Za-z-]|$)"));
}

TEST(GlossaryTest, EveryNameInTheTableIsTheCodesName) {
  const std::vector<Row> rows = glossary_rows();
  ASSERT_GE(rows.size(), 15u) << "docs/glossary.md has no table";
  for (const Row& row : rows) {
    const std::string where = "docs/glossary.md:" + std::to_string(row.line);
    for (const std::string& name : row.cpp) {
      EXPECT_TRUE(has_word(all_sources(), name)) << where << ": no C++ name " << name;
    }
    if (row.json != "—") {
      EXPECT_NE(all_sources().find("\"" + row.json + "\""), std::string::npos)
          << where << ": no JSON writer says \"" << row.json << "\"";
    }
    if (row.flag != "—") {
      const std::size_t flag_at = row.flag.find(" --");
      ASSERT_NE(flag_at, std::string::npos) << where << ": write the flag as 'command --flag'";
      const RunResult help = run_uldp(row.flag.substr(0, flag_at) + " --help");
      EXPECT_EQ(help.exit_code, 0) << where << ": " << help.err;
      EXPECT_TRUE(has_flag(help.out, row.flag.substr(flag_at + 1)))
          << where << ": `uldp " << row.flag.substr(0, flag_at) << " --help` has no "
          << row.flag.substr(flag_at + 1);
    }
  }
}

// A name as the table compares it: '-' read as '_', a C++ enumerator or type kCamelCase or
// CamelCase read as camel_case.
std::string comparable(std::string name) {
  if (name.size() > 1 && name[0] == 'k' && std::isupper(static_cast<unsigned char>(name[1])))
    name.erase(0, 1);
  std::string out;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (std::isupper(static_cast<unsigned char>(c))) {
      if (i > 0 && name[i - 1] != '_') out.push_back('_');
      out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    } else {
      out.push_back(c == '-' ? '_' : c);
    }
  }
  return out;
}

// The names a row gives its concept: the C++ member (the cell's last name), the flag (without
// its command), the JSON key and the Python keywords; "—" gives none.
std::set<std::string> names_of(const Row& row) {
  std::set<std::string> names;
  if (!row.cpp.empty()) names.insert(comparable(row.cpp.back()));
  if (row.flag != "—") names.insert(comparable(row.flag.substr(row.flag.rfind(" --") + 3)));
  if (row.json != "—") names.insert(comparable(row.json));
  for (const std::string& keyword : row.python) names.insert(comparable(keyword));
  return names;
}

// The concepts of "## Names kept apart, by decision": "- **CONCEPT**: why".
std::set<std::string> kept_apart() {
  const std::vector<std::string> lines =
      read_lines(std::string(ULDP_SOURCE_DIR) + "/docs/glossary.md");
  std::set<std::string> meanings;
  bool in_section = false;
  for (const std::string& line : lines) {
    if (line.starts_with("## ")) in_section = line == "## Names kept apart, by decision";
    if (!in_section || !line.starts_with("- **")) continue;
    const std::size_t end = line.find("**: ", 4);
    if (end != std::string::npos) meanings.insert(line.substr(4, end - 4));
  }
  return meanings;
}

// One name per concept across the layers: a row's C++ member, flag, JSON key and Python keyword
// agree up to '-' / '_', or the row is kept apart by a decision the glossary states; a decision
// whose row no longer differs (or no longer exists) is stale and fails too.
TEST(GlossaryTest, EveryRowsNamesAgreeOrAreKeptApartByDecision) {
  const std::set<std::string> decided = kept_apart();
  ASSERT_GE(decided.size(), 5u) << "docs/glossary.md: no section of names kept apart";
  std::set<std::string> seen;
  for (const Row& row : glossary_rows()) {
    const std::set<std::string> names = names_of(row);
    std::string listed;
    for (const std::string& name : names) listed += (listed.empty() ? "" : ", ") + name;
    if (decided.contains(row.meaning)) {
      seen.insert(row.meaning);
      EXPECT_GT(names.size(), 1u) << "docs/glossary.md:" << row.line << ": '" << row.meaning
                                  << "' is kept apart, but its names agree: " << listed;
    } else {
      EXPECT_LE(names.size(), 1u) << "docs/glossary.md:" << row.line << ": '" << row.meaning
                                  << "' has several names (" << listed
                                  << "): rename them, or keep them apart with a reason";
    }
  }
  for (const std::string& meaning : decided) {
    EXPECT_TRUE(seen.contains(meaning))
        << "docs/glossary.md: '" << meaning << "' is kept apart but is no row of the table";
  }
}

TEST(GlossaryTest, NamesAreComparedUpToHyphensAndCase) {
  EXPECT_EQ(comparable("max-samples"), "max_samples");
  EXPECT_EQ(comparable("kUldpStrict"), "uldp_strict");
  EXPECT_EQ(comparable("BitProductForm"), "bit_product_form");
  Row row{1,
          "c",
          {"ConformClientRequest", "false_alarm"},
          "conform client --false-alarm",
          "false_alarm",
          {"false_alarm"}};
  EXPECT_EQ(names_of(row), std::set<std::string>{"false_alarm"});
  row.json = "alpha";  // a layer that still says alpha is caught
  EXPECT_EQ(names_of(row).size(), 2u);
}

// The check itself can fail: a name the code does not use is caught.
TEST(GlossaryTest, ANameTheCodeDoesNotUseIsCaught) {
  EXPECT_FALSE(has_word(all_sources(), "tolerance_of_the_em_stop"));
  EXPECT_FALSE(has_flag(run_uldp("estimate --help").out, "--tolerance"));
  EXPECT_TRUE(has_flag(run_uldp("estimate --help").out, "--em-stop"));
}

}  // namespace
}  // namespace uldp::testing
