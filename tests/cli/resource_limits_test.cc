// Documented limits that are affordable (issue 53, item 7): each case runs `uldp` under a 2 GB
// address-space cap (`ulimit -v`) and gets either its answer or one line naming the flag and the
// limit, exit 2, before the memory is spent. Before these limits, every refused case here ended in
// a GMP abort (exit 134) or past 2 GB; `simulate` held all n users' reports at once.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::testing {
namespace {

// `uldp ARGS` with at most `kilobytes` of address space.
RunResult run_capped(const std::string& args, long kilobytes = 2'000'000) {
  return run_command("ulimit -v " + std::to_string(kilobytes) + " && '" + uldp_binary() + "'",
                     args);
}

void expect_refused(const std::string& args, const std::string& line, long kilobytes = 2'000'000) {
  const RunResult r = run_capped(args, kilobytes);
  EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
  EXPECT_EQ(r.err, line + "\n") << args;
  EXPECT_EQ(r.out, "") << args;
}

// 1 followed by 1000 zeros: a budget of 1001 digits.
std::string thousand_digit_budget() { return "1" + std::string(1000, '0'); }

TEST(GeometricGridLimit, LargeBudgetsAreRefusedBeforeTheMatrixIsBuilt) {
  std::string command = "check --mech geometric --grid 25x25 --exp-eps-per-unit ";
  command += thousand_digit_budget();  // appended: GCC 12 -Warray-bounds (DEVELOPERS.md)
  expect_refused(
      command,
      "uldp: error: --exp-eps-per-unit: a 25x25 grid at t of 3322 bits per unit (its numerator "
      "or denominator) takes about 59.5 GB (its entries t^-d grow with the distance d, up to "
      "48); the limit is 1.8 GB: a smaller grid or budget per unit");
  expect_refused("check --mech geometric --grid 25x25 --eps-per-unit 1000",
                 "uldp: error: --eps-per-unit: a 25x25 grid at t of 1571 bits per unit (its "
                 "numerator or denominator) takes about 28.2 GB (its entries t^-d grow with the "
                 "distance d, up to 48); the limit is 1.8 GB: a smaller grid or budget per unit");
  expect_refused("check --mech geometric --grid 625x1 --eps-per-unit 10",
                 "uldp: error: --eps-per-unit: a 625x1 grid at t of 143 bits per unit (its "
                 "numerator or denominator) takes about 22.0 GB (its entries t^-d grow with the "
                 "distance d, up to 624); the limit is 1.8 GB: a smaller grid or budget per unit");
  expect_refused("loss --mech geometric --grid 15x15 --eps-per-unit 1000 --n 10",
                 "uldp: error: --eps-per-unit: a 15x15 grid at t of 1571 bits per unit (its "
                 "numerator or denominator) takes about 2.2 GB (its entries t^-d grow with the "
                 "distance d, up to 28); the limit is 1.8 GB: a smaller grid or budget per unit");
}

TEST(GeometricGridLimit, TheLargestGridAtAnOrdinaryBudgetIsDecided) {
  // 625 cells, the documented limit, at eps 1 per unit (t a fraction of two ~130-bit numbers):
  // about 1.4 GB at its peak, so it is decided under the 2 GB cap, not refused.
  const RunResult r = run_capped("check --mech geometric --grid 25x25 --eps-per-unit 1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("metric LDP, manhattan on 25x25"), std::string::npos)
      << r.out.substr(0, 400);
}

TEST(GeometricGridLimit, RatiosOfMoreDigitsThanANumberTextAreShown) {
  // 6 x 6 at t = 10^1200 per unit: its largest ratio t^10 has more digits than a number text may
  // (10^4), which ended the run in "decimal: ... is not a number of at most 10000 characters"
  // where the answer was due (as 13 x 13 and 15 x 15 grids at eps 1000 per unit did).
  const RunResult r = run_capped("check --mech geometric --grid 6x6 --exp-eps-per-unit 1e1200");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("metric LDP, manhattan on 6x6, t = "), std::string::npos)
      << r.out.substr(0, 400);
  EXPECT_NE(r.out.find(" per unit: holds"), std::string::npos) << r.out.substr(0, 400);
}

TEST(ConstructLimit, AResultPastTheMatrixFileLimitIsRefused) {
  const std::string m = temp_file("m.csv", "3/4,1/4\n1/4,3/4\n");
  expect_refused("construct uldp-from-ldp --matrix " + m + " --sensitive 0,1 --k 8000",
                 "uldp: error: --k: 8000 x 8000 exceeds the limit of 8388608 entries");
  // At the limit: 2896 x 2896 entries, printed (about 1.1 GB with JSON).
  const RunResult r =
      run_capped("construct uldp-from-ldp --matrix " + m +
                 " --sensitive 0,1 --k 2896 --format csv > " + temp_path("constructed.csv") +
                 " && tail -n 1 " + temp_path("constructed.csv") + " | cut -c1-9");
  EXPECT_EQ(r.exit_code, 0) << r.err;  // uldp's: the pipe starts after it succeeded
  EXPECT_EQ(r.out, "1/4,1/4,0\n");     // the last input, non-sensitive: r(y), then its own output
}

TEST(LossLimit, KPastTheExactLossLimitIsRefused) {
  // Under 256 MB: refused before the arguments (X_S of every input) are built.
  expect_refused("loss --mech rr --k 10000000 --eps 1 --n 1000",
                 "uldp: error: --k: 10000000 exceeds the limit 1000000 of loss (its exact losses "
                 "hold rationals per input: about 1 KB each)",
                 256'000);
  expect_refused("table --mech urr --k 3000000 --sensitive-count 10 --eps 1",
                 "uldp: error: --k: 3000000 exceeds the limit 500000 of a table (its exact "
                 "losses hold rationals per input: about 1 KB each)");
}

TEST(LossLimit, AnL2OfMoreDigitsThanANumberTextIsPrinted) {
  // E[l2^2] of a 12 x 12 grid at eps 1000 per unit has more than 10^4 digits: it was read back
  // from its JSON text and refused ("l2: ... is not a number of at most 10000 characters").
  const RunResult r = run_capped("loss --mech geometric --grid 12x12 --eps-per-unit 1000 --n 10");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("mechanism geometric, k = 144", 0), 0u) << r.out.substr(0, 300);
  EXPECT_NE(r.out.find("E[l2^2] = ~"), std::string::npos) << r.out.substr(0, 300);
}

TEST(SimulateStreams, ManyMoreUsersThanFitInMemoryAtOnce) {
  // 1.5 * 10^8 users under a 1 GB cap: drawing them all at once (inputs and reports, 8 bytes a
  // user) took 1.2 GB; in blocks of 2^24 users the run stays near 140 MB. uHR's counts are drawn
  // per user, so this draws every user's report.
  const RunResult r = run_capped(
      "simulate --mech uhr --k 6 --sensitive 0,1,2 --exp-eps 3 --n 150000000 --seed 1 --counts",
      1'000'000);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::uint64_t total = 0;
  std::size_t at = r.out.find('\n') + 1;  // after "# counts"
  while (at < r.out.size()) {
    const std::size_t end = r.out.find('\n', at);
    total += std::stoull(r.out.substr(at, end - at));
    at = end + 1;
  }
  EXPECT_EQ(total, 150'000'000u);
}

TEST(SimulateStreams, PerUserReportsOfSeveralBlocks) {
  // 2^24 + 3 users: two blocks, written one after the other (a line per user).
  const RunResult r =
      run_capped("simulate --mech rr --k 4 --eps 1 --n 16777219 --seed 5 | wc -l", 1'000'000);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(std::stoull(r.out), 16'777'219u);
}

TEST(SimulateStreams, ASeedDrawsWhatItDrewBefore) {
  // Within one block the draws are those of the whole-run sampler (md5 of the output before the
  // streaming: these first lines and totals).
  const RunResult rr = run_uldp("simulate --mech rr --k 50 --eps 2 --n 100000 --seed 11 | md5sum");
  EXPECT_EQ(rr.out.substr(0, 32), "4b324835be004b0e77fa7bfbcb7c5825");
  const RunResult uhr = run_uldp(
      "simulate --mech uhr --k 6 --sensitive 0,1,2 --exp-eps 3 --n 2000 --seed 1 | md5sum");
  EXPECT_EQ(uhr.out.substr(0, 32), "6f7c44f078180ff069c303bf2061abf6");
  const RunResult urap =
      run_uldp("simulate --mech urap --k 20 --sensitive 0-4 --eps 1 --n 3000 --seed 3 | md5sum");
  EXPECT_EQ(urap.out.substr(0, 32), "7afbf42db688881e445a4f040be2ac49");
  const RunResult ubd = run_uldp(
      "simulate --mech ubd --k 12 --sensitive 0-5 --block 2 --exp-eps 3 --n 2000 --seed 2 "
      "--counts | md5sum");
  EXPECT_EQ(ubd.out.substr(0, 32), "113aa8379182c1912205ea1c641020fe");
}

}  // namespace
}  // namespace uldp::testing
