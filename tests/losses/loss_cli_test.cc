// `uldp loss`: exit codes, one-line errors naming --p, JSON shape, and the verified tables.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "uldp/testing/command.h"

namespace uldp {
namespace {

using testing::run_uldp;

TEST(LossCli, GivenDistributionPrintsExactL2AndCertifiedL1) {
  const auto r =
      run_uldp("loss --mech urr --k 4 --sensitive 0 --exp-eps 3 --n 10 --p 1/2,1/4,1/8,1/8 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  // uRR, |X_S| = 1, t = 3: m = (2/3, 1/6, 1/12, 1/12), v = 3/2, E = v^2 sum m(1-m) / n.
  EXPECT_EQ(j["l2"]["exact"], "37/320");
  EXPECT_EQ(j["l2"]["decimal"], "0.115625");
  EXPECT_TRUE(j["l1_asymptotic"].is_string());
  EXPECT_TRUE(j.contains("l1_exact_finite_n"));
}

TEST(LossCli, WorstCaseReportsTheMaximiser) {
  const auto r =
      run_uldp("loss --mech urr --k 6 --sensitive 0,1 --exp-eps 3 --n 1000 --p worst --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["l2"]["exact"], "13/4000");
  EXPECT_EQ(j["argmax"], nlohmann::json({"0", "0", "1/4", "1/4", "1/4", "1/4"}));
  EXPECT_EQ(j["l1_argmax_exact"], true);
  EXPECT_EQ(j["l1_asymptotic"].get<std::string>().substr(0, 10), "0.11045774");
}

TEST(LossCli, BadDistributionIsOneLineErrorNamingP) {
  for (const char* p : {"1/2,1/2", "1/2,1/4,-1/4", "1/2,1/4,1/3", "1/2,x,1/2", "1/3,1/3,1/3,0"}) {
    const auto r = run_uldp(std::string("loss --mech rr --k 3 --exp-eps 2 --n 5 --p ") + p);
    EXPECT_EQ(r.exit_code, 2) << p;
    EXPECT_NE(r.err.find("--p"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  }
}

TEST(LossCli, OtherBadInputsExitTwo) {
  EXPECT_EQ(run_uldp("loss --mech foo --k 3 --exp-eps 2 --n 5").exit_code, 2);
  EXPECT_EQ(run_uldp("loss --mech rr --k 3 --exp-eps 2 --n 0").exit_code, 2);
  EXPECT_EQ(run_uldp("loss --mech rr --k 3 --exp-eps 2 --n 2.5").exit_code, 2);
  EXPECT_EQ(run_uldp("loss --mech rr --k 3 --n 5").exit_code, 2);
  EXPECT_EQ(run_uldp("loss --mech rr --k 3 --exp-eps 1 --n 5").exit_code, 2);  // not identifiable
  EXPECT_EQ(run_uldp("loss --mech urr --k 3 --sensitive 7 --exp-eps 2 --n 5").exit_code, 2);
  EXPECT_EQ(run_uldp("loss --mech rr --k 0 --exp-eps 2 --n 5").exit_code, 2);
}

TEST(LossCli, TablesPrintEveryRowWithCertifiedDigits) {
  const auto r = run_uldp("loss --table l2 --k 16 --sensitive 0-1 --n 1000 --eps 1/10 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["rows"].size(), 10u);
  EXPECT_EQ(j["rows"][9]["mechanism"], "no privacy");
  EXPECT_EQ(j["rows"][9]["paper_over_exact"], "1");
  const auto text = run_uldp("loss --table l1 --k 16 --sensitive 0-1 --n 1000");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("| uRAP | eps=ln\\|X\\| |"), std::string::npos);
  EXPECT_EQ(run_uldp("loss --table l3 --k 16 --sensitive 0 --n 10").exit_code, 2);
}

}  // namespace
}  // namespace uldp

namespace uldp {
namespace {

// --vs-limit: the worst case of uBD at K = 2 equals the limit where K = 2 alone is optimal
// (|X| = 10, |X_S| = 6, e^eps = 2: M = 100/3 exactly), and uRAP sits above it.
TEST(LossCli, VsLimitPrintsTheWorstCaseBesideTheCertifiedLimit) {
  const auto ubd = testing::run_uldp(
      "loss --mech ubd --block 2 --k 10 --sensitive 0-5 --exp-eps 2 --n 7 --vs-limit --json");
  ASSERT_EQ(ubd.exit_code, 0) << ubd.err;
  const auto j = nlohmann::json::parse(ubd.out)["vs_limit"];
  EXPECT_EQ(j["worst_l2_times_n"], "100/3");
  EXPECT_EQ(j["limit"], nlohmann::json({"100/3", "100/3"}));
  EXPECT_EQ(j["ratio"], "1");
  EXPECT_EQ(j["weights"], nlohmann::json::parse(R"([{"block": 2, "weight": "1"}])"));
  const auto urap =
      testing::run_uldp("loss --mech urap --k 10 --sensitive 0-5 --exp-eps 2 --n 7 --vs-limit");
  ASSERT_EQ(urap.exit_code, 0) << urap.err;
  EXPECT_NE(urap.out.find("fundamental limit (arXiv 2509.24173, certified) = 33.333333333333333"),
            std::string::npos)
      << urap.out;
}

TEST(LossCli, VsLimitRefusesSettingsWithoutALimitInOneLine) {
  const auto all_sensitive = testing::run_uldp("loss --mech rr --k 5 --exp-eps 2 --n 5 --vs-limit");
  EXPECT_EQ(all_sensitive.exit_code, 2);
  EXPECT_NE(all_sensitive.err.find("--sensitive: the limit needs a non-sensitive symbol"),
            std::string::npos);
  const auto none = testing::run_uldp("loss --mech none --k 5 --sensitive 0,1 --n 5 --vs-limit");
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_NE(none.err.find("--vs-limit"), std::string::npos) << none.err;
}

}  // namespace
}  // namespace uldp
