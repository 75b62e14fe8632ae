// The man page generated at build time (cli/generate_man_page.cmake, help2man): a section for
// every command and subcommand `uldp --help` lists, each holding that command's own help.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::testing {
namespace {

// The names under "Subcommands:" in a --help text.
std::vector<std::string> subcommands(const std::string& help) {
  std::vector<std::string> names;
  std::istringstream lines(help);
  std::string line;
  bool listing = false;
  while (std::getline(lines, line)) {
    if (line.starts_with("Subcommands:")) {
      listing = true;
    } else if (listing && line.starts_with("  ") && line.size() > 2 && line[2] != ' ') {
      names.push_back(line.substr(2, line.find(' ', 2) - 2));
    } else if (listing) {
      listing = false;
    }
  }
  return names;
}

TEST(ManPage, HasASectionForEveryCommandWithItsOwnHelp) {
  const std::string page = read_file(ULDP_MAN_PAGE);
  EXPECT_NE(page.find(".TH ULDP \"1\""), std::string::npos);
  EXPECT_NE(page.find(".SH \"EXIT STATUS\""), std::string::npos);
  const std::vector<std::string> commands = subcommands(run_uldp("--help").out);
  ASSERT_GE(commands.size(), 12u);
  for (const std::string& command : commands) {
    EXPECT_NE(page.find(".SS uldp " + command + "\n"), std::string::npos) << command;
    for (const std::string& sub : subcommands(run_uldp("help " + command).out)) {
      EXPECT_NE(page.find(".SS uldp " + command + " " + sub + "\n"), std::string::npos)
          << command << " " << sub;
    }
  }
  // A flag's help text is there as the command prints it.
  EXPECT_NE(page.find("the chance that a correct implementation is not found to conform"),
            std::string::npos);
}

}  // namespace
}  // namespace uldp::testing
