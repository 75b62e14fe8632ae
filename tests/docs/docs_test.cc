// The docs and comments stand without the paper's LaTeX source: docs/paper-numbering.tsv is a
// consistent table of published numbers, docs/theory-map.md agrees with it and covers every
// statement, and nothing else cites the paper by a bare LaTeX label or points outside the
// repository.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "label_citations.h"
#include "paper_numbering_table.h"
#include "repository_files.h"

namespace uldp::testing {
namespace {

const std::string kSourceDir = ULDP_SOURCE_DIR;
const std::string kTablePath = "docs/paper-numbering.tsv";
const std::string kTheoryMapPath = "docs/theory-map.md";

const PaperNumberingTable& table() {
  static const PaperNumberingTable t = read_paper_numbering(kSourceDir + "/" + kTablePath);
  return t;
}

bool is_statement(const std::string& kind) {
  return kind == "definition" || kind == "proposition" || kind == "theorem" || kind == "lemma";
}

TEST(DocsPaperNumbering, EveryLabelAppearsOnceWithOneNumber) {
  ASSERT_GT(table().rows.size(), 100u);
  std::map<std::string, int> first_line;
  for (const auto& row : table().rows) {
    const auto [it, inserted] = first_line.emplace(row.label, row.line);
    EXPECT_TRUE(inserted) << kTablePath << ":" << row.line << ": " << row.label
                          << " already on line " << it->second;
    EXPECT_FALSE(kind_word(row.kind).empty() && row.kind != "equation")
        << kTablePath << ":" << row.line << ": unknown kind " << row.kind;
  }
}

TEST(DocsPaperNumbering, NoTwoLabelsOfTheSameKindShareANumber) {
  std::map<std::pair<std::string, std::string>, std::string> owner;
  for (const auto& row : table().rows) {
    // One heading may carry several labels (the source puts two on Appendix F.2), so headings
    // are exempt; statements, equations, figures and tables have exactly one each.
    if (row.kind == "section" || row.kind == "appendix") continue;
    const auto [it, inserted] = owner.emplace(std::pair(row.kind, row.number), row.label);
    EXPECT_TRUE(inserted) << kTablePath << ":" << row.line << ": " << row.label << " and "
                          << it->second << " are both " << citation(row);
  }
}

TEST(DocsPaperNumbering, StatementsAreNumberedConsecutivelyFromOne) {
  std::map<std::string, std::set<int>> numbers;
  for (const auto& row : table().rows) {
    if (is_statement(row.kind) || row.kind == "equation")
      numbers[row.kind].insert(std::stoi(row.number));
  }
  for (const auto& [kind, set] : numbers) {
    EXPECT_EQ(*set.begin(), 1) << kind;
    EXPECT_EQ(*set.rbegin(), static_cast<int>(set.size())) << kind << ": a number is missing";
  }
}

TEST(DocsTheoryMap, EveryCitedLabelCarriesItsPublishedNumber) {
  const auto lines = read_lines(kSourceDir + "/" + kTheoryMapPath);
  int citations = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string where = kTheoryMapPath + ":" + std::to_string(i + 1) + ": ";
    for (const auto& c : find_label_citations(lines[i], table())) {
      ++citations;
      ASSERT_TRUE(c.known) << where << c.label << " is not a label of the paper";
      const PaperLabel& row = table().by_label.at(c.label);
      const std::string beside = citation(row) + " (`";
      const bool numbered = c.column >= beside.size() &&
                            lines[i].compare(c.column - beside.size(), beside.size(), beside) == 0;
      EXPECT_TRUE(numbered) << where << c.label << " should read \"" << citation(row) << " (`"
                            << c.label << "`)\"";
    }
  }
  EXPECT_GT(citations, 30);
}

TEST(DocsTheoryMap, EveryStatementOfThePaperHasARow) {
  std::set<std::string> cited;
  for (const auto& line : read_lines(kSourceDir + "/" + kTheoryMapPath)) {
    if (line.rfind("| ", 0) != 0) continue;
    for (const auto& c : find_label_citations(line, table())) cited.insert(c.label);
  }
  for (const auto& row : table().rows) {
    if (!is_statement(row.kind)) continue;
    EXPECT_TRUE(cited.count(row.label)) << citation(row) << " (" << row.label << ") has no row";
  }
}

std::vector<std::string> scanned_files() {
  return repository_text_files(
      kSourceDir, {"reference", "verify", "estimate", "cli", "properties", "tests", "bench", "docs",
                   "mechanisms", "README.md", "DEVELOPERS.md"});
}

TEST(DocsCitations, NoBareLatexLabelOutsideTheTableAndTheTheoryMap) {
  const auto files = scanned_files();
  ASSERT_GT(files.size(), 100u);
  for (const auto& file : files) {
    if (file == kTablePath || file == kTheoryMapPath) continue;
    const auto lines = read_lines(kSourceDir + "/" + file);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      for (const auto& c : find_label_citations(lines[i], table())) {
        const std::string where = file + ":" + std::to_string(i + 1) + ": ";
        if (!c.known) {
          ADD_FAILURE() << where << "\"" << c.label << "\" is not a label of the paper";
          continue;
        }
        const PaperLabel& row = table().by_label.at(c.label);
        EXPECT_TRUE(cites_number(lines[i], row))
            << where << lines[i].substr(c.column, c.length) << " cites the LaTeX source; write "
            << citation(row);
      }
    }
  }
}

TEST(DocsCitations, NoPathPointsOutsideTheRepository) {
  // Spelled in pieces so that this file does not contain what it forbids.
  const std::string shared = std::string("shared") + "/";
  const std::vector<std::string> forbidden = {
      ".." + std::string("/") + shared, shared + "design.md", shared + "paper",
      std::string("uldp-paper") + ".tex", std::string("/work") + "/"};
  for (const auto& file : scanned_files()) {
    const auto lines = read_lines(kSourceDir + "/" + file);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string where = file + ":" + std::to_string(i + 1) + ": ";
      for (const auto& f : forbidden) {
        EXPECT_EQ(lines[i].find(f), std::string::npos)
            << where << "points outside the repository (" << f << ")";
      }
      if (!file.ends_with(".md")) continue;
      // Relative markdown links must resolve inside the repository.
      for (std::size_t at = lines[i].find("]("); at != std::string::npos;
           at = lines[i].find("](", at + 2)) {
        const std::size_t end = lines[i].find(')', at + 2);
        const std::string target =
            lines[i].substr(at + 2, end == std::string::npos ? std::string::npos : end - at - 2);
        if (target.empty() || target.find("://") != std::string::npos || target[0] == '#') continue;
        const std::filesystem::path resolved =
            (std::filesystem::path(file).parent_path() / target.substr(0, target.find('#')))
                .lexically_normal();
        EXPECT_FALSE(resolved.string().starts_with("..") || resolved.is_absolute())
            << where << "link " << target << " leaves the repository";
      }
    }
  }
}

// docs/README.md is the map of the documentation: every page of docs/ is on it, and every link
// on it leads to a file that exists.
TEST(DocsMap, EveryPageIsOnTheMapAndEveryLinkResolves) {
  const auto lines = read_lines(kSourceDir + "/docs/README.md");
  std::set<std::string> linked;
  for (const std::string& line : lines) {
    for (std::size_t at = line.find("]("); at != std::string::npos; at = line.find("](", at + 2)) {
      const std::size_t end = line.find(')', at + 2);
      const std::string target = line.substr(at + 2, end - at - 2);
      const std::filesystem::path path =
          (std::filesystem::path(kSourceDir) / "docs" / target.substr(0, target.find('#')))
              .lexically_normal();
      EXPECT_TRUE(std::filesystem::exists(path)) << "docs/README.md links to missing " << target;
      linked.insert(path.filename().string());
    }
  }
  for (const auto& entry : std::filesystem::directory_iterator(kSourceDir + "/docs")) {
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file() && name.ends_with(".md") && name != "README.md") {
      EXPECT_TRUE(linked.contains(name)) << "docs/" << name << " is not on the map docs/README.md";
    }
  }
}

}  // namespace
}  // namespace uldp::testing
