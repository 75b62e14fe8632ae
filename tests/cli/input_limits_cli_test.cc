// Every documented input limit holds where docs/inputs.md says (issue 53): each reader refuses
// while it reads, before the memory is spent, with one line naming the file, the line (or the
// JSON path) and the limit. Each command runs under a 2 GB address-space cap and a timeout, so a
// reader that grows past the limit fails here with "out of memory" and one that hangs fails by
// the timeout instead of stalling the suite. Before: a one-line 100 MB matrix ended in "out of
// memory (the input is too large)" after 19-29 s and 1.9 GB; /dev/zero as a --pair-budgets file
// was read to 1 GB; --out onto a FIFO with a reader hung; the same FIFO given twice to conform
// counts hung.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::testing {
namespace {

constexpr const char* kLineLimit = "line too long (more than 16777216 bytes)";

// `uldp ARGS` under a 2 GB address-space cap and a 120 s timeout.
RunResult capped(const std::string& args) {
  return run_command("prlimit", "--as=2147483648 timeout 120 '" + uldp_binary() + "' " + args);
}

// A file of `copies` copies of `unit` (then `tail`), written without holding it in memory.
std::string repeated_file(const std::string& name, const std::string& unit, std::size_t copies,
                          const std::string& tail) {
  const std::string path = temp_path(name);
  std::ofstream out(path, std::ios::binary);
  std::string block;
  for (std::size_t i = 0; i < 4096; ++i) block += unit;
  for (std::size_t i = 0; i < copies / 4096; ++i) out << block;
  for (std::size_t i = 0; i < copies % 4096; ++i) out << unit;
  out << tail;
  return path;
}

TEST(InputLimits, AOneLineMatrixOf50MillionEntriesIsRefusedAtItsLine) {
  const std::string file = repeated_file("one_line.csv", "0,", 50'000'000 - 1, "0\n");
  const RunResult r = capped("check --matrix " + file + " --exp-eps 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "uldp: error: " + file + ":1:1: " + kLineLimit + "\n");
}

TEST(InputLimits, AStreamWithoutLineEndsIsRefusedAtTheLineLimit) {
  for (const char* flag : {"--matrix", "--pair-budgets", "--safe-regions"}) {
    const std::string subject =
        std::string(flag) == "--matrix" ? "--exp-eps 1" : "--mech rr --k 3 --exp-eps 2";
    const RunResult r = capped("check " + subject + " " + flag + " /dev/zero");
    EXPECT_EQ(r.exit_code, 2) << flag;
    EXPECT_EQ(r.err, std::string("uldp: error: /dev/zero:1:1: ") + kLineLimit + "\n") << flag;
  }
  const RunResult metric =
      capped("check --mech rr --k 3 --exp-eps 2 --metric /dev/zero --exp-eps-per-unit 2");
  EXPECT_EQ(metric.exit_code, 2);
  EXPECT_NE(metric.err.find(std::string("/dev/zero:1:1: ") + kLineLimit), std::string::npos)
      << metric.err;
}

TEST(InputLimits, ADelimitedMatrixOneRowPastTheEntryLimitIsRefusedAtThatRow) {
  std::string row = "1";
  for (int j = 1; j < 2896; ++j) row += ",0";
  const std::string file = repeated_file("past_entries.csv", row + "\n", 2897, "");
  const RunResult r = capped("check --matrix " + file + " --exp-eps 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "uldp: error: " + file +
                       ":2897:1: row 2897 of 2896 entries takes the matrix past 8388608 entries, "
                       "the limit of a matrix file\n");
}

TEST(InputLimits, AJsonMatrixPastTheEntryLimitIsRefusedAtItsEntry) {
  const std::string file = repeated_file("past_entries.json", "0,", 8388608, "0]]");
  std::filesystem::path path(file);
  {  // the opening brackets
    const std::string body = read_file(path);
    std::ofstream(path, std::ios::binary) << "[[" << body;
  }
  const RunResult r = capped("check --matrix " + file + " --exp-eps 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "uldp: error: " + file +
                       ": Q[0][8388608]: more than 8388608 entries, the limit of a matrix file\n");
}

TEST(InputLimits, AJsonInputPastTheValueLimitIsRefusedAtItsValue) {
  // 2^24 + 16 values: the array and 2^24 + 15 counts; the next count is refused.
  const std::string body_file = repeated_file("many_counts.json", "0,", (1u << 24) + 16, "0]");
  const std::string file = temp_path("many_counts_array.json");
  std::ofstream(file, std::ios::binary) << "[" << read_file(body_file);
  const RunResult r = capped("golden --mech rr --k 2 --exp-eps 2 --from-counts " + file);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "uldp: error: " + file +
                       ": $[16777231]: more than 16777232 values (numbers, strings, arrays, "
                       "objects), the limit of a JSON input\n");
}

TEST(InputLimits, APairBudgetsFileIsRefusedAtTheRowPastK) {
  // 64 MB of rows for k = 3: refused at row 4, not after every row was kept (it reached 3 GB).
  const std::string file = repeated_file("pair_budgets.csv", "1,2,2\n", 64'000'000 / 6, "");
  const RunResult r = capped("check --mech rr --k 3 --exp-eps 2 --pair-budgets " + file);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "uldp: error: " + file +
                       ":4:1: a row past the 3 rows of a 3 x 3 pair matrix (its first row has 3 "
                       "bounds)\n");
  const std::string wide = repeated_file("pair_budgets_wide.csv", "1,", 5000, "1\n");
  const RunResult w = capped("check --mech rr --k 3 --exp-eps 2 --pair-budgets " + wide);
  EXPECT_EQ(w.exit_code, 2);
  EXPECT_EQ(w.err, "uldp: error: " + wide +
                       ":1:2049: a row of more than 1024 bounds, the limit of a pair matrix (the "
                       "per-pair check takes k <= 1024)\n");
}

TEST(InputLimits, ASafeRegionsFileIsRefusedAtTheRegionPastTheLimit) {
  const std::string file = repeated_file("regions.txt", "0-2 exp_eps=3\n", 5000, "");
  const RunResult r = capped("check --mech rr --k 3 --exp-eps 2 --safe-regions " + file);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "uldp: error: " + file +
                       ":1025:1: more than 1024 safe regions, the limit of a safe regions file\n");
}

// One file given twice to conform counts would be counted twice: refused by its identity (another
// spelling, a link), naming both arguments, before anything is opened (a FIFO given twice hung
// waiting for a second writer).
TEST(InputLimits, TheSameCountsShardTwiceIsRefused) {
  const std::string file = temp_file("shard.csv", "0,0,10\n1,1,10\n");
  const std::string dir = temp_dir().string();
  const std::string link = temp_path("shard_link.csv");
  std::filesystem::remove(link);
  std::filesystem::create_symlink(file, link);
  const std::string other_spelling = dir + "/./shard.csv";
  const std::string head = "conform counts --mech rr --k 2 --exp-eps 3 --counts ";
  const RunResult twice = capped(head + file + " " + other_spelling);
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_EQ(twice.err, "uldp: error: --counts: '" + file + "' and '" + other_spelling +
                           "' are the same file: its counts would be counted twice\n");
  const RunResult linked = capped(head + link + " " + file);
  EXPECT_EQ(linked.exit_code, 2);
  EXPECT_NE(linked.err.find("are the same file"), std::string::npos) << linked.err;
  const std::string fifo = temp_path("shard_fifo");
  std::filesystem::remove(fifo);
  const RunResult fifos =
      run_command("sh", "-c \"mkfifo '" + fifo + "' && timeout 20 '" + uldp_binary() + "' " + head +
                            fifo + " " + fifo + "\"");
  EXPECT_EQ(fifos.exit_code, 2);  // 124: the timeout, a hang
  EXPECT_EQ(fifos.err, "uldp: error: --counts: '" + fifo + "' and '" + fifo +
                           "' are the same file: its counts would be counted twice\n");
  const RunResult distinct = capped(head + file + " " + temp_file("shard2.csv", "0,0,1\n"));
  EXPECT_NE(distinct.exit_code, 2) << distinct.err;
}

// --out onto a FIFO that a reader has open: the reader gets the whole output. The writable check
// opened and closed the FIFO, the reader took that as the end, and the real open waited for ever.
TEST(InputLimits, OutOntoAFifoWithAReaderWritesTheOutput) {
  const std::string fifo = temp_path("out_fifo");
  const std::string got = temp_path("out_fifo_got.txt");
  std::filesystem::remove(fifo);
  const RunResult r = run_command(
      "sh", "-c \"mkfifo '" + fifo + "' && (timeout 30 cat '" + fifo + "' > '" + got +
                "' &) && sleep 0.2 && timeout 20 '" + uldp_binary() +
                "' check --mech rr --k 3 --exp-eps 2 --out '" + fifo + "'; echo rc=\\$?\"");
  EXPECT_NE(r.out.find("rc=0"), std::string::npos) << r.out << r.err;
  for (int wait = 0; wait < 100 && read_file(got).find("subject: built-in rr") == std::string::npos;
       ++wait)
    run_command("sleep", "0.1");
  EXPECT_NE(read_file(got).find("subject: built-in rr"), std::string::npos) << read_file(got);
}

// --plot's script is read back by gnuplot: a FIFO in its place is refused before any work.
TEST(InputLimits, APlotScriptPathThatIsAFifoIsRefused) {
  const std::string png = temp_path("heat.png");
  const std::string script = temp_path("heat.gp");
  std::filesystem::remove(script);
  const RunResult r =
      run_command("sh", "-c \"mkfifo '" + script + "' && timeout 20 '" + uldp_binary() +
                            "' check --mech rr --k 3 --exp-eps 2 --plot '" + png + "'\"");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "uldp: error: --plot: '" + script +
                       "' (the script written beside the picture, which gnuplot reads back) "
                       "exists and is not a regular file\n");
}

}  // namespace
}  // namespace uldp::testing
