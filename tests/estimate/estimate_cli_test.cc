// `uldp simulate` and `uldp estimate` run as a user would: exit codes, JSON, one-line errors.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace {

namespace fs = std::filesystem;

using uldp::testing::read_file;
using uldp::testing::run_uldp;
using uldp::testing::RunResult;
using uldp::testing::temp_dir;
using uldp::testing::temp_file;

void expect_simplex(const nlohmann::json& estimate) {
  double sum = 0;
  for (const auto& entry : estimate) {
    const double v = entry.get<double>();
    EXPECT_GE(v, 0.0);
    sum += v;
  }
  EXPECT_NEAR(sum, 1.0, 1e-9);
}

TEST(EstimateCli, SimulateThenEstimateEveryMethodForUrr) {
  const fs::path reports = temp_dir() / "urr.txt";
  const RunResult sim = run_uldp(
      "simulate --mech urr --k 6 --sensitive 0-1 --eps 1 --n 20000 --p zipf:1 "
      "--seed 3 --out " +
      reports.string());
  ASSERT_EQ(sim.exit_code, 0) << sim.err;
  for (const char* method : {"emp", "thr", "em"}) {
    const RunResult r =
        run_uldp(std::string("estimate --mech urr --k 6 --sensitive 0-1 --eps 1 --reports ") +
                 reports.string() + " --method " + method + " --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["n"], 20000);
    ASSERT_EQ(j["estimate"].size(), 6u);
    // Zipf(1) over 6 symbols: p(0) = 1/2.45 = 0.408; the estimate's sd is below 0.02 here.
    EXPECT_NEAR(j["estimate"][0].get<double>(), 0.408, 0.1);
    if (std::string(method) != "emp") {
      expect_simplex(j["estimate"]);
    }
    if (std::string(method) == "em") {
      EXPECT_TRUE(j["converged"].get<bool>());
    }
  }
}

// Issue 19: uHR's reports are written and read by label, as `uldp mechanism uhr --format csv` and
// `conform samples` name them; the per-report file and its counts give the same estimate.
TEST(EstimateCli, UhrReportsAreLabels) {
  const std::string mech = "--mech uhr --k 5 --sensitive 0,2,3 --exp-eps 3";
  const fs::path reports = temp_dir() / "uhr.txt";
  ASSERT_EQ(run_uldp("simulate " + mech + " --n 500 --seed 9 --out " + reports.string()).exit_code,
            0);
  const std::string text = read_file(reports);
  EXPECT_NE(text.find("h"), std::string::npos);
  std::vector<std::uint64_t> histogram(6, 0);  // h0..h3, then X_N = {1, 4}
  const std::vector<std::string> labels = {"h0", "h1", "h2", "h3", "1", "4"};
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const auto at = std::find(labels.begin(), labels.end(), line);
    ASSERT_NE(at, labels.end()) << line;
    ++histogram[static_cast<std::size_t>(at - labels.begin())];
  }
  std::string counts_text = "# counts\n";
  for (std::uint64_t c : histogram) counts_text += std::to_string(c) + "\n";
  const std::string counts_file = temp_file("uhr_counts.txt", counts_text);
  const RunResult a =
      run_uldp("estimate " + mech + " --reports " + reports.string() + " --method emp --json");
  const RunResult b =
      run_uldp("estimate " + mech + " --reports " + counts_file + " --method emp --json");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_EQ(nlohmann::json::parse(a.out)["estimate"], nlohmann::json::parse(b.out)["estimate"]);
  const RunResult quoted = run_uldp("estimate " + mech + " --reports " +
                                    temp_file("uhr_quoted.txt", "\"h1\"\n4\n") + " --method emp");
  EXPECT_EQ(quoted.exit_code, 0) << quoted.err;  // CSV-quoted as the listing may write it
  const RunResult index = run_uldp("estimate " + mech + " --reports " +
                                   temp_file("uhr_index.txt", "h1\n2\n") + " --method emp");
  EXPECT_EQ(index.exit_code, 2);
  EXPECT_NE(index.err.find(":2:1: '2' is not an output label (h0, ..., 4"), std::string::npos)
      << index.err;
}

TEST(EstimateCli, CountsFilesWorkForEmpAndAreRefusedByBitVectorEm) {
  const fs::path counts = temp_dir() / "rappor_counts.txt";
  ASSERT_EQ(run_uldp("simulate --mech rappor --k 8 --exp-eps 4 --n 5000 --seed 1 --counts --out " +
                     counts.string())
                .exit_code,
            0);
  EXPECT_EQ(read_file(counts).rfind("# counts n=5000\n", 0), 0u);
  const RunResult emp =
      run_uldp("estimate --mech rappor --k 8 --exp-eps 4 --method thr --reports " +
               counts.string() + " --json");
  ASSERT_EQ(emp.exit_code, 0) << emp.err;
  expect_simplex(nlohmann::json::parse(emp.out)["estimate"]);
  const RunResult em =
      run_uldp("estimate --mech rappor --k 8 --exp-eps 4 --method em --reports " + counts.string());
  EXPECT_EQ(em.exit_code, 2);
  EXPECT_NE(em.err.find("needs one report per line"), std::string::npos) << em.err;
}

TEST(EstimateCli, BitVectorReportsAndEm) {
  const fs::path reports = temp_dir() / "urap.txt";
  ASSERT_EQ(
      run_uldp("simulate --mech urap --k 10 --sensitive 0-3 --eps 2 --n 3000 --seed 9 --out " +
               reports.string())
          .exit_code,
      0);
  const RunResult r = run_uldp("estimate --mech urap --k 10 --sensitive 0-3 --eps 2 --reports " +
                               reports.string() + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["method"], "em");
  EXPECT_EQ(j["accelerator"], "newton");
  expect_simplex(j["estimate"]);
  EXPECT_GE(j["log_likelihood"].get<double>(), j["initial_log_likelihood"].get<double>());
  // Every accelerator ends under the same stopping rule at (nearly) the same maximum: within
  // 1e-6 |L| here, far less than one report's share of L.
  for (const char* accelerator : {"squarem", "none"}) {
    const RunResult other =
        run_uldp("estimate --mech urap --k 10 --sensitive 0-3 --eps 2 --reports " +
                 reports.string() + " --json --accelerator " + accelerator);
    ASSERT_EQ(other.exit_code, 0) << other.err;
    const auto k = nlohmann::json::parse(other.out);
    EXPECT_EQ(k["accelerator"], accelerator);
    EXPECT_TRUE(k["converged"].get<bool>());
    const double l = j["log_likelihood"].get<double>();
    EXPECT_NEAR(k["log_likelihood"].get<double>(), l, 1e-6 * std::fabs(l)) << accelerator;
  }
}

TEST(EstimateCli, SameSeedSameReports) {
  const std::string args = "simulate --mech rr --k 5 --exp-eps 3 --n 500 --seed 42";
  const RunResult a = run_uldp(args), b = run_uldp(args),
                  c = run_uldp("simulate --mech rr --k 5 --exp-eps 3 --n 500 --seed 43");
  ASSERT_EQ(a.exit_code, 0);
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out, c.out);
}

TEST(EstimateCli, MalformedReportFilesGiveOneLineErrors) {
  const fs::path bad_symbol = temp_file("bad_symbol.txt", "0\n1\n7\n");
  RunResult r = run_uldp("estimate --mech rr --k 5 --eps 1 --reports " + bad_symbol.string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "uldp: error: " + bad_symbol.string() + ":3:1: symbol 7 is outside 0..4\n");
  const fs::path bad_bits = temp_file("bad_bits.txt", "0101\n01x1\n");
  r = run_uldp("estimate --mech rappor --k 4 --eps 1 --reports " + bad_bits.string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "uldp: error: " + bad_bits.string() + ":2:3: expected '0' or '1', found 'x'\n");
  const fs::path short_counts = temp_file("short_counts.txt", "# counts\n4\n5\n");
  r = run_uldp("estimate --mech urr --k 3 --sensitive 0 --eps 1 --reports " +
               short_counts.string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(short_counts.string() + ":4:1: expected k = 3 count lines"),
            std::string::npos)
      << r.err;
  r = run_uldp("estimate --mech rr --k 5 --eps 1 --reports /nonexistent/reports.txt");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/nonexistent/reports.txt: cannot open"), std::string::npos) << r.err;
}

TEST(EstimateCli, BadArgumentsExitTwo) {
  const fs::path ok = temp_file("ok.txt", "0\n1\n");
  const std::vector<std::string> cases = {
      "estimate --mech xrr --k 5 --eps 1 --reports " + ok.string(),
      "estimate --mech urr --k 5 --eps 1 --reports " + ok.string(),  // no --sensitive
      "estimate --mech rr --k 0 --eps 1 --reports " + ok.string(),
      "estimate --mech rr --k 5 --eps -1 --reports " + ok.string(),
      "estimate --mech rr --k 5 --eps 1 --significance 2 --reports " + ok.string(),
      "estimate --mech mangat --k 3 --eps 1 --reports " + ok.string(),
      "estimate --mech rr --k 5 --eps 1 --accelerator newton --reports " + ok.string(),
      "estimate --mech rr --k 5 --eps 1 --accelerator fast --reports " + ok.string(),
      "simulate --mech rr --k 5 --eps 1 --n 0 --seed 1",
      "simulate --mech rr --k 5 --eps 1 --n 10 --seed 1 --p zipf:x",
      "simulate --mech rr --k 5 --eps 1 --n 10 --seed 1 --p /nonexistent"};
  for (const std::string& args : cases) {
    const RunResult r = run_uldp(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << "\n" << r.err;
  }
}

TEST(EstimateCli, WeightFileErrorsNameTheLine) {
  const fs::path weights = temp_file("weights.txt", "1\n2\nfoo\n");
  const RunResult r =
      run_uldp("simulate --mech rr --k 3 --eps 1 --n 10 --seed 1 --p " + weights.string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "uldp: error: " + weights.string() +
                       ":3:1: expected a non-negative number, found 'foo'\n");
}

}  // namespace
