// Progress on a terminal (cli/progress_bar.h over uldp/progress.h): the line a person sees, only
// the outermost task reporting, nothing without a terminal, and the bar drawn under a real pty.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "progress_bar.h"
#include "uldp/progress.h"
#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::testing {
namespace {

TEST(ProgressBar, TheLineShowsTheShareTheBarAndTheTimeLeft) {
  EXPECT_EQ(cli::progress_line({"golden vectors", 1, 3, false}, 1.8),
            "golden vectors: 33% [######              ] 1.8 s, about 3.6 s left");
  EXPECT_EQ(cli::progress_line({"reading m.csv", 0, 10, false}, 1.0),
            "reading m.csv: 0% [                    ] 1.0 s");
  EXPECT_EQ(cli::progress_line({"checking ratios", 5, 5, false}, 2.0),
            "checking ratios: 100% [####################] 2.0 s, about 0.0 s left");
}

std::vector<ProgressUpdate> seen;
std::vector<std::string> seen_tasks;
void record(const ProgressUpdate& u) {
  seen.push_back(u);
  seen_tasks.emplace_back(u.task);
}

TEST(ProgressBar, OnlyTheOutermostTaskReportsAndOnlyWithASink) {
  seen.clear();
  seen_tasks.clear();
  {
    ProgressTask unseen("no sink", 2);
    unseen.advance();
  }
  EXPECT_TRUE(seen.empty());
  set_progress_sink(&record);
  {
    ProgressTask outer("outer", 2);
    {
      ProgressTask inner("inner", 5);
      inner.advance(3);
    }
    outer.advance();
  }
  set_progress_sink(nullptr);
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen_tasks, (std::vector<std::string>{"outer", "outer"}));
  EXPECT_EQ(seen[0].done, 1u);
  EXPECT_FALSE(seen[0].finished);
  EXPECT_TRUE(seen[1].finished);
}

// The real command under a pseudo-terminal (util-linux `script`): golden vectors that take
// several seconds here (1.8 s a case) draw the bar on standard error once a second has passed;
// with standard error piped, none.
TEST(ProgressBar, DrawnOnATerminalNeverInAPipe) {
  const std::string out = temp_path("progress_golden.json");
  const auto golden = [&](int cases) {
    return uldp_binary() + " golden --mech rr --k 100 --exp-eps 11/10 --n 100000 --out " + out +
           " --cases " + std::to_string(cases);
  };
  const RunResult tty = run_command("script", "-qfec '" + golden(4) + "' /dev/null");
  ASSERT_EQ(tty.exit_code, 0) << tty.err;
  EXPECT_NE(tty.out.find("\rgolden vectors: "), std::string::npos) << tty.out;
  EXPECT_NE(tty.out.find(" s left\033[K"), std::string::npos) << tty.out;
  const RunResult piped = run_command(golden(1), "");
  EXPECT_EQ(piped.exit_code, 0);
  EXPECT_EQ(piped.err, "");
}

}  // namespace
}  // namespace uldp::testing
