// docs/glossary.md holds one name per concept across the layers; every cell is checked against
// the code: the C++ names in a library header, the flag in its command's --help, the JSON key in
// a JSON writer. (The Python keywords are checked against the signatures by
// python/tests/test_glossary.py.)
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "repository_files.h"
#include "uldp/testing/command.h"

namespace uldp::testing {
namespace {

struct Row {
  std::size_t line = 0;
  std::vector<std::string> cpp;
  std::string flag;  // "check --tolerance" or "—"
  std::string json;  // "tolerance" or "—"
};

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
    Row row{i + 1, backticked(cells[1]), {}, {}};
    const std::vector<std::string> flag = backticked(cells[2]);
    const std::vector<std::string> json = backticked(cells[3]);
    row.flag = flag.empty() ? "—" : flag.front();
    row.json = json.empty() ? "—" : json.front();
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

// The check itself can fail: a name the code does not use is caught.
TEST(GlossaryTest, ANameTheCodeDoesNotUseIsCaught) {
  EXPECT_FALSE(has_word(all_sources(), "tolerance_of_the_em_stop"));
  EXPECT_FALSE(has_flag(run_uldp("estimate --help").out, "--tolerance"));
  EXPECT_TRUE(has_flag(run_uldp("estimate --help").out, "--em-stop"));
}

}  // namespace
}  // namespace uldp::testing
