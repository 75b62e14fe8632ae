// EXPECT_ESTIMATES_MATCH on test doubles: a correct GRR server matches golden vectors drawn here
// and read from a file `uldp golden` format; a server with a wrong constant fails with the first
// differing case in the first line and every differing estimate in the report; a server that
// returns the wrong number of values cannot be compared, and says so.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <stdexcept>

#include "uldp/api/golden.h"
#include "uldp/testing/gtest.h"

namespace uldp::testing {
namespace {

// GRR's estimate at e^eps = 3 over k symbols; `divisor_bug` divides by p instead of p - q.
ServerEstimates grr_server(const api::GoldenCase& c, bool divisor_bug = false) {
  const double k = static_cast<double>(c.reports.symbol_counts.size());
  const double p = 3 / (3 + k - 1), q = 1 / (3 + k - 1);
  std::vector<double> emp;
  for (const std::uint64_t count : c.reports.symbol_counts) {
    const double m = static_cast<double>(count) / static_cast<double>(c.reports.n);
    emp.push_back((m - q) / (divisor_bug ? p : p - q));
  }
  return {{"emp", emp}};
}

TEST(ExpectEstimatesMatch, ACorrectServerMatches) {
  EXPECT_ESTIMATES_MATCH([](const api::GoldenCase& c) { return grr_server(c); },
                         golden(reference("rr", 5, exp_eps("3"))));
  // Counts n p_hat on the counts scale.
  auto counts = [](const api::GoldenCase& c) {
    ServerEstimates e = grr_server(c);
    for (double& v : e["emp"]) v *= static_cast<double>(c.reports.n);
    return e;
  };
  EXPECT_ESTIMATES_MATCH(counts, golden(reference("rr", 5, exp_eps("3")), 3).counts());
}

TEST(ExpectEstimatesMatch, VectorsReadFromAFileMatchToo) {
  const std::string path = ::testing::TempDir() + "uldp_estimates_match_rr.json";
  {
    const GoldenReference drawn = golden(reference("rr", 4, exp_eps("2")), 4, 300);
    std::ofstream(path) << api::to_json(drawn.vectors()).dump(1);
  }
  auto server = [](const api::GoldenCase& c) {
    const double k = 4, p = 2 / (2 + k - 1), q = 1 / (2 + k - 1);
    std::vector<double> emp;
    for (const std::uint64_t count : c.reports.symbol_counts)
      emp.push_back((static_cast<double>(count) / static_cast<double>(c.reports.n) - q) / (p - q));
    return ServerEstimates{{"emp", emp}};
  };
  EXPECT_ESTIMATES_MATCH(server, golden_file(path));
  std::remove(path.c_str());
}

TEST(ExpectEstimatesMatch, AWrongConstantFailsNamingEveryDifferingCase) {
  auto buggy = [](const api::GoldenCase& c) { return grr_server(c, true); };
  EXPECT_NONFATAL_FAILURE(EXPECT_ESTIMATES_MATCH(buggy, golden(reference("rr", 5, exp_eps("3")))),
                          "buggy does not match the golden vectors: 12 estimate(s) differ in 12 "
                          "of 12 case(s) (case-0, case-1, case-2, case-3, case-4, ...), the "
                          "first emp of case case-0 at item 0");
  EXPECT_NONFATAL_FAILURE(
      EXPECT_ESTIMATES_MATCH(buggy, golden(reference("rr", 5, exp_eps("3")))),
      "11 more of the 12 estimates differ: case case-1 emp item 0, case case-2 emp "
      "item 0");
}

TEST(ExpectEstimatesMatch, TheWrongNumberOfValuesCannotBeCompared) {
  auto short_server = [](const api::GoldenCase&) { return ServerEstimates{{"emp", {0.5, 0.5}}}; };
  EXPECT_NONFATAL_FAILURE(
      EXPECT_ESTIMATES_MATCH(short_server, golden(reference("rr", 5, exp_eps("3")), 2)),
      "short_server cannot be compared with golden vectors of rr (k = 5, exp_eps = 3), 2 cases of "
      "1000 reports: short_server: case case-0: emp: 2 values, k = 5");
}

// A server that throws fails naming the golden case; golden vectors that cannot be read or drawn
// fail the assertion naming the builder call, not the test body.
TEST(ExpectEstimatesMatch, ThrowingServersAndBadVectorsFailTheAssertion) {
  auto throwing = [](const api::GoldenCase& c) {
    if (c.id == "case-1") throw std::runtime_error("estimator not ready");
    return grr_server(c);
  };
  EXPECT_NONFATAL_FAILURE(
      EXPECT_ESTIMATES_MATCH(throwing, golden(reference("rr", 5, exp_eps("3")), 3)),
      "throwing threw on golden case case-1 (1000 reports) of golden vectors of rr (k = 5, "
      "exp_eps = 3), 3 cases of 1000 reports: estimator not ready");
  EXPECT_NONFATAL_FAILURE(
      EXPECT_ESTIMATES_MATCH([](const api::GoldenCase& c) { return grr_server(c); },
                             golden_file("/nonexistent/golden.json")),
      "cannot run: golden_file(): /nonexistent/golden.json");
  EXPECT_FATAL_FAILURE(
      ASSERT_ESTIMATES_MATCH([](const api::GoldenCase& c) { return grr_server(c); },
                             golden(reference("rr", 5, eps("-1")))),
      "cannot run: eps(): ");
}

}  // namespace
}  // namespace uldp::testing
