// An output path that is also an input (issue "Nothing lost, nothing unbounded"): `check --matrix
// in.csv --out in.csv` used to empty in.csv before reading it, and `--smt in.csv` overwrote the
// matrix and exited 0. Now every such run is refused, exit 2, naming both flags, and the input is
// left as it was; the same file under another name is caught too. And a write that fails is an
// error, not a silent exit 0.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::testing {
namespace {

std::string contents(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

constexpr const char* kMatrix = "0.75,0.25\n0.25,0.75\n";

void expect_refused(const std::string& args, const std::string& input, const std::string& flags) {
  const std::string before = contents(input);
  const RunResult r = run_uldp(args);
  EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.out << r.err;
  EXPECT_NE(r.err.find(flags), std::string::npos) << r.err;
  EXPECT_EQ(contents(input), before) << "the input was changed by: " << args;
}

TEST(OutputOntoInput, IsRefusedBeforeTheInputIsTouched) {
  const std::string matrix = temp_file("onto_input_matrix.csv", kMatrix);
  // (Paths are cut to 40 characters in messages, as every quoted input is.)
  expect_refused("check --matrix " + matrix + " --exp-eps 3 --out " + matrix, matrix, "--out: '");
  expect_refused("check --matrix " + matrix + " --exp-eps 3 --out " + matrix, matrix,
                 "' is also the input of --matrix; writing it would destroy what is read");
  expect_refused("check --matrix " + matrix + " --exp-eps 3 --smt " + matrix, matrix, "--smt: '");
  // The same file by another path: a hard link.
  const std::string alias = temp_path("onto_input_alias.csv");
  std::filesystem::remove(alias);
  std::filesystem::create_hard_link(matrix, alias);
  expect_refused("check --matrix " + matrix + " --exp-eps 3 --out " + alias, matrix,
                 "is also the input of --matrix");
  const std::string reports = temp_file("onto_input_reports.txt", "0\n1\n1\n0\n");
  expect_refused("estimate --mech rr --k 2 --exp-eps 3 --reports " + reports + " --out " + reports,
                 reports, "' is also the input of --reports");
  // simulate validates before it opens its --out: a refused run leaves the file as it was.
  const std::string kept = temp_file("onto_input_kept.txt", "keep me\n");
  expect_refused("simulate --mech rr --k 4 --n 10 --seed 1 --out " + kept, kept,
                 "--eps: mechanism rr needs a budget");
  expect_refused("simulate --mech rr --k 4 --exp-eps 3 --n 10 --seed 1 --p worst --out " + kept,
                 kept, "--p: worst");
  // --out is emptied at the first byte of output: a run refused on bad input leaves it intact.
  expect_refused(
      "check --matrix " + temp_path("onto_input_missing.csv") + " --exp-eps 3 --out " + kept, kept,
      "cannot open");
  // Nor does it create a file that was not there.
  const std::string fresh = temp_path("onto_input_fresh.txt");
  std::filesystem::remove(fresh);
  EXPECT_EQ(run_uldp("check --mech rr --k 3 --exp-eps 1/2 --out " + fresh).exit_code, 2);
  EXPECT_FALSE(std::filesystem::exists(fresh));
  EXPECT_EQ(run_uldp("check --mech rr --k 3 --exp-eps 2 --out /nonexistent-dir/x.txt").exit_code,
            2);
  // Another file is written as before.
  const std::string out = temp_path("onto_input_out.txt");
  const RunResult ok = run_uldp("check --matrix " + matrix + " --exp-eps 3 --out " + out);
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_NE(contents(out).find("eps-LDP"), std::string::npos);
}

// A failed write is no answer: standard output on a full device, or --out onto one, exits 2 with
// one line (it exited 0 before).
TEST(OutputOntoInput, AFailedWriteExitsWithBadInput) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full here";
  const RunResult to_stdout =
      run_command("sh", "-c '\"" + uldp_binary() + "\" mechanism rr --k 3 --exp-eps 2 >/dev/full'");
  EXPECT_EQ(to_stdout.exit_code, 2) << to_stdout.err;
  EXPECT_NE(to_stdout.err.find("standard output: cannot write the output"), std::string::npos)
      << to_stdout.err;
  const RunResult to_out = run_uldp("mechanism rr --k 3 --exp-eps 2 --out /dev/full");
  EXPECT_EQ(to_out.exit_code, 2) << to_out.err;
  const RunResult table = run_uldp(
      "table --mech rr --k 3 --sensitive-count 0 --exp-eps 2 --out "
      "/dev/full");
  EXPECT_EQ(table.exit_code, 2) << table.err;
}

}  // namespace
}  // namespace uldp::testing
