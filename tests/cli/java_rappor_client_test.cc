// Google's Java RAPPOR Encoder (Debian's librappor-aosp-java) as a live client of `uldp conform
// client --mech rappor-bloom`, through tests/java/UldpRapporHarness.java: it conforms at the
// parameters it really draws (f rounded to 1/128), at a listed filter and at Chrome's m = 128 with
// 64 cohorts, it is caught when one user secret serves every report, and check states its real
// long-run eps beside the nominal one.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "uldp/testing/command.h"

namespace {

using nlohmann::json;
using uldp::testing::run_uldp;

// Chrome's instantaneous response (p = 1/2, q = 3/4) with f = 0.3, which the Java client rounds
// to 38/128; a filter small enough to list its 2 x 2^8 outputs.
constexpr const char* kMechanism =
    "--mech rappor-bloom --k 4 --bloom-bits 8 --bloom-hashes 2 --cohorts 2 --prr-f 0.3 "
    "--irr-p 0.5 --irr-q 0.75 --rappor-client java";

// Chrome's published settings: 64 x 2^128 outputs, tested bit by bit per input and cohort.
constexpr const char* kChromeMechanism =
    "--mech rappor-bloom --k 4 --bloom-bits 128 --bloom-hashes 2 --cohorts 64 --prr-f 0.5 "
    "--irr-p 0.5 --irr-q 0.75 --rappor-client java";

std::string harness(const std::string& extra = "",
                    const std::string& settings = "8 2 2 0.3 0.5 0.75") {
  return std::string(ULDP_JAVA) + " -cp " + ULDP_RAPPOR_CLASSPATH + " UldpRapporHarness " +
         settings + " 7" + extra;
}

json conform(const std::string& extra, int expected_exit, const char* mechanism = kMechanism,
             const std::string& settings = "8 2 2 0.3 0.5 0.75") {
  // A false-alarm level of 1e-6: the level of the testing assertions, a false alarm once in a
  // million runs.
  const uldp::testing::RunResult r =
      run_uldp(std::string("conform client --json --false-alarm 1e-6 --max-samples 200000 ") +
               mechanism + " -- " + harness(extra, settings));
  EXPECT_EQ(r.exit_code, expected_exit) << r.out << r.err;
  return json::parse(r.out);
}

TEST(JavaRapporClient, ConformsAtTheParametersItReallyDraws) {
  const json j = conform("", 0);
  EXPECT_EQ(j["verdict"], "conforms");
  EXPECT_LE(j["resolution"]["cell_deviation"].get<double>(), 0.05);
}

TEST(JavaRapporClient, OneUserSecretForEveryReportIsCaught) {
  // One user: its cohort and its memoized permanent responses repeat in every report.
  const json j = conform(" reuse-secret", 1);
  EXPECT_NE(j["verdict"], "conforms");
  EXPECT_TRUE(j["verdict"] == "deviates" || j["verdict"] == "violates") << j["verdict"];
}

TEST(JavaRapporClient, ConformsAtChromesSettingsAndIsCaughtReusingOneSecret) {
  const std::string chrome = "128 2 64 0.5 0.5 0.75";
  const json j = conform("", 0, kChromeMechanism, chrome);
  EXPECT_EQ(j["verdict"], "conforms");
  EXPECT_LE(j["resolution"]["cell_deviation"].get<double>(), 0.05);
  const json reused = conform(" reuse-secret", 1, kChromeMechanism, chrome);
  EXPECT_EQ(reused["verdict"], "deviates");
}

TEST(JavaRapporClient, CheckStatesTheRealLongRunEpsBesideTheNominal) {
  const uldp::testing::RunResult r = run_uldp(std::string("check --json ") + kMechanism);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json bounds = json::parse(r.out)["stated_bounds"];
  ASSERT_EQ(bounds.size(), 2u) << bounds;
  // f = 38/128 = 19/64: e^eps_inf = ((1 - f/2)/(f/2))^(2h) = (109/19)^4; nominal (17/3)^4.
  EXPECT_EQ(bounds[0]["tight_exp_eps"], "141158161/130321");
  EXPECT_EQ(bounds[0]["formula_exp_eps"], "141158161/130321");
  EXPECT_EQ(bounds[0]["basis"], "f = 19/64, as the java client draws f = 3/10");
  EXPECT_EQ(bounds[1]["tight_exp_eps"], "83521/81");
  EXPECT_EQ(bounds[1]["basis"], "f = 3/10 as given (nominal)");
}

}  // namespace
