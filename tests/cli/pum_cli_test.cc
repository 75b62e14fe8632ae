// `--mech pum` through mechanism, check, simulate and estimate as a user runs them (the bad
// inputs are rows of docs/inputs.md, run by inputs_doc_test).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

#include "uldp/arithmetic/rational.h"
#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::testing {
namespace {

using nlohmann::json;

// X = {0..5}, X_S = {0}, tags home (bot 6) and work (bot 7).
const std::string kUrr = "--common urr --k 6 --sensitive 0 --exp-eps 3 --tags home,work";

TEST(PumCli, MechanismPrintsTheCommonMechanismOverXAndTheBots) {
  const RunResult r = run_uldp("mechanism pum " + kUrr + " --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["mechanism"], "urr");
  EXPECT_EQ(j["k"], 8);
  EXPECT_EQ(j["sensitive"], json::parse("[0, 6, 7]"));
  EXPECT_EQ(j["pum"]["bots"][1], json::parse(R"({"tag": "work", "z": 7})"));
  for (const json& row : j["Q"]) {
    Rational sum = 0;
    for (const json& entry : row) sum += parse_rational(entry.get<std::string>(), "entry");
    EXPECT_EQ(sum, 1);
  }
  const RunResult md = run_uldp("mechanism pum " + kUrr);
  EXPECT_NE(md.out.find("6 = bot home, 7 = bot work"), std::string::npos) << md.out;
}

TEST(PumCli, CheckDecidesBothPropositionsForEveryCommonMechanism) {
  const std::string users = temp_file("users.txt", "home=2\nhome=3 work=4,5\n-\nhome=2\n");
  for (const std::string common :
       {"--common urr --k 6 --sensitive 0", "--common rr --k 6 --sensitive 0",
        "--common urap --k 6 --sensitive 0", "--common uoue --k 6 --sensitive 0,1",
        "--common rappor --k 6", "--common ubd --k 6 --sensitive 0,1 --block 2"}) {
    const RunResult r = run_uldp("check --mech pum " + common +
                                 " --exp-eps 3 --tags home,work --users " + users + " --json");
    ASSERT_EQ(r.exit_code, 0) << common << ": " << r.err;
    const json j = json::parse(r.out);
    EXPECT_TRUE(j["holds"]) << common;
    EXPECT_TRUE(j["common_uldp"]["holds"]) << common;
    EXPECT_TRUE(j["proposition_9"]["holds"]) << common;
    EXPECT_TRUE(j["proposition_10"]["holds"]) << common;
    EXPECT_EQ(j["users"], 4);
    EXPECT_EQ(j["distinct_preprocessors"], 3) << common;
  }
}

TEST(PumCli, CheckReportsTheTightRatiosAndTheLiteralReading) {
  const std::string groups = temp_file("groups.txt", "# count tagging\n10 home=2\n5 -\n");
  const RunResult r = run_uldp("check --mech pum " + kUrr + " --user-groups " + groups + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["users"], 15);
  const json& tagged = j["proposition_9"]["per_preprocessor"][0];
  EXPECT_EQ(tagged["users"], 10);
  EXPECT_EQ(tagged["sensitive"], json::parse("[0, 2]"));
  EXPECT_EQ(tagged["uldp"]["tight_exp_eps"], "3");
  EXPECT_FALSE(tagged["uldp_strict"]["holds"]);  // erratum E5
  EXPECT_EQ(j["proposition_10"]["max_ratio"], "3");
  EXPECT_EQ(j["proposition_10"]["attained_by"]["x"], 2);
  const RunResult text = run_uldp("check --mech pum " + kUrr + " --user-groups " + groups);
  EXPECT_EQ(text.exit_code, 0);
  EXPECT_NE(text.out.find("Proposition 10"), std::string::npos) << text.out;
}

double l1(const json& a, const std::vector<double>& b) {
  double s = 0;
  for (std::size_t i = 0; i < b.size(); ++i) s += std::abs(a[i].get<double>() - b[i]);
  return s;
}

// 60000 users: every input drawn from p; half the users tag 2 as home, a sixth tag 4 as work.
TEST(PumCli, SimulateThenEstimateRecoversPWithExactBackgroundKnowledge) {
  const std::vector<double> p = {0.1, 0.3, 0.2, 0.1, 0.2, 0.1};
  const std::string p_file = temp_file("p.txt", "1\n3\n2\n1\n2\n1\n");
  const std::string groups = temp_file("g.txt", "30000 home=2\n10000 work=4\n20000 -\n");
  const std::string reports = temp_path("reports.txt");
  const RunResult s = run_uldp("simulate --mech pum " + kUrr + " --user-groups " + groups +
                               " --p " + p_file + " --seed 7 --out " + reports);
  ASSERT_EQ(s.exit_code, 0) << s.err;
  // π_home is the point mass on 2, π_work on 4: the second term of Theorem 1 is 0.
  const std::string home = temp_file("home.txt", "0\n0\n1\n0\n0\n0\n");
  const std::string work = temp_file("work.txt", "0\n0\n0\n0\n1\n0\n");
  const RunResult e =
      run_uldp("estimate --mech pum " + kUrr + " --reports " + reports +
               " --method emp --json --background home=" + home + " --background work=" + work);
  ASSERT_EQ(e.exit_code, 0) << e.err;
  const json j = json::parse(e.out);
  ASSERT_EQ(j["estimate"].size(), 6u);
  ASSERT_EQ(j["intermediate_estimate"].size(), 8u);
  const double first = j["l1_bound"]["first_term_expected"].get<double>();
  // Tolerance: E l1(r̂, r) plus the sampling of the inputs, E l1 <= Σ sqrt(p(1-p)/n) (< 0.012);
  // 20 times their sum fails with probability <= 1/20 by Markov for a random seed.
  EXPECT_LT(l1(j["estimate"], p), 20 * (first + 0.012)) << e.out;
  // r̂(bot_home) estimates 30000 * p(2) / n = 0.1; eq. (21) puts it on 2.
  EXPECT_NEAR(j["bots"][0]["r_hat"].get<double>(), 0.1, 20 * first);
  const double r2 = j["intermediate_estimate"][2].get<double>();
  EXPECT_DOUBLE_EQ(j["estimate"][2].get<double>(), r2 + j["bots"][0]["r_hat"].get<double>());
  EXPECT_DOUBLE_EQ(j["l1_bound"]["second_term_worst"].get<double>(),
                   2 * (std::abs(j["bots"][0]["r_hat"].get<double>()) +
                        std::abs(j["bots"][1]["r_hat"].get<double>())));
  EXPECT_EQ(j["bots"][1]["background"], work);
}

TEST(PumCli, EstimateFallsBackWithoutBackgroundKnowledgeForEveryMethod) {
  const std::string groups = temp_file("g2.txt", "3000 home=2\n2000 -\n");
  for (const std::string common :
       {"--common urr --k 6 --sensitive 0", "--common urap --k 6 --sensitive 0"}) {
    const std::string flags = common + " --exp-eps 3 --tags home,work";
    const std::string reports = temp_path("r2.txt");
    ASSERT_EQ(run_uldp("simulate --mech pum " + flags + " --user-groups " + groups +
                       " --seed 3 --out " + reports)
                  .exit_code,
              0);
    for (const std::string method : {"emp", "thr", "em"}) {
      const RunResult e = run_uldp("estimate --mech pum " + flags + " --reports " + reports +
                                   " --method " + method + " --json");
      ASSERT_EQ(e.exit_code, 0) << common << " " << method << ": " << e.err;
      const json j = json::parse(e.out);
      EXPECT_EQ(j["bots"][0]["background"], "fallback");
      // Fallback: the bots' mass goes to X_N in proportion to r̂; X_S keeps r̂.
      EXPECT_DOUBLE_EQ(j["estimate"][0].get<double>(), j["intermediate_estimate"][0].get<double>());
      double sum = 0;
      for (const json& v : j["estimate"]) sum += v.get<double>();
      double r_sum = 0;
      for (const json& v : j["intermediate_estimate"]) r_sum += v.get<double>();
      EXPECT_NEAR(sum, r_sum, 1e-9) << method;
    }
    const RunResult text =
        run_uldp("estimate --mech pum " + flags + " --reports " + reports + " --method emp");
    EXPECT_NE(text.out.find("second term <= 2 sum_k |r_hat(bot_k)|"), std::string::npos)
        << text.out;
  }
}

}  // namespace
}  // namespace uldp::testing
