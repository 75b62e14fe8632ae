// `uldp prove` and `uldp check --smt` run as a user would: exit codes, table, JSON, .smt2 files
// that the z3 command re-runs with the announced answers.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"
#include "uldp/verify/solvers.h"

namespace {

using uldp::testing::Capture;
using uldp::testing::RunResult;

/// `uldp ARGS` with stderr merged into `out`, as these tests read it.
RunResult run(const std::string& args) { return uldp::testing::run_uldp(args, Capture::kMerged); }

/// What `z3 FILE` prints (stdout and stderr).
std::string run_z3(const std::string& path) {
  return uldp::testing::run_command(ULDP_Z3_BINARY, path, Capture::kMerged).out;
}

TEST(ProveCli, AllClaimsAsExpectedInJson) {
  const RunResult r = run("prove --all --json --solver z3");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_TRUE(j.contains("claims"));
  std::size_t refuted_expected = 0;
  for (const auto& c : j["claims"]) {
    for (const char* key : {"name", "paper_reference", "paper_label", "status", "seconds",
                            "refutation_expected", "scope"}) {
      EXPECT_TRUE(c.contains(key)) << key;
    }
    EXPECT_TRUE(c["as_expected"].get<bool>()) << c["name"];
    if (c["refutation_expected"].get<bool>()) {
      ++refuted_expected;
      EXPECT_EQ(c["status"], "refuted");
      EXPECT_TRUE(c["counterexample"].is_string());
    } else {
      EXPECT_EQ(c["status"], "proved") << c["name"];
    }
  }
  EXPECT_GE(refuted_expected, 6u);
  EXPECT_TRUE(j["all_as_expected"].get<bool>());
}

TEST(ProveCli, OneClaimAsATableWithTheModelOfARefutation) {
  RunResult r = run("prove post_processing");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("Proposition 11"), std::string::npos);
  EXPECT_NE(r.out.find("proved"), std::string::npos);
  r = run("prove post_processing_not_invertible");
  ASSERT_EQ(r.exit_code, 0) << r.out;  // refuted, as expected
  EXPECT_NE(r.out.find("model (counterexample)"), std::string::npos);
  EXPECT_NE(r.out.find(" = "), std::string::npos);
}

TEST(ProveCli, ExplainPrintsTheEncodingInThePapersTerms) {
  const RunResult r = run("prove pum_uldp --explain --solver z3");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  for (const char* part : {"Proposition 9", "scope: all sizes", "(declare-sort X 0)",
                           "Hypothesis: Q_cmn is (Z_S, Y_P, eps)-ULDP", "Negated claim",
                           "Why a model is a counterexample"}) {
    EXPECT_NE(r.out.find(part), std::string::npos) << part;
  }
}

TEST(ProveCli, BadUsageExitsTwoWithOneLine) {
  RunResult r = run("prove no_such_claim");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("no_such_claim"), std::string::npos);
  EXPECT_NE(r.out.find("urr_uldp"), std::string::npos);  // lists the valid names
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1);
  EXPECT_EQ(run("prove").exit_code, 2);
  EXPECT_EQ(run("prove urr_uldp --all").exit_code, 2);
  EXPECT_EQ(run("prove --all --timeout-ms 0").exit_code, 2);
  EXPECT_EQ(run("prove rr_ldp --solver yices").exit_code, 2);
}

TEST(ProveCli, StepsInJsonWithBothQueriesAndConfirmedCounterexamples) {
  const RunResult r = run("prove --steps --json --solver z3");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_TRUE(j.contains("steps"));
  EXPECT_GE(j["steps"].size(), 120u);
  std::size_t refuted = 0, not_encoded = 0;
  for (const auto& step : j["steps"]) {
    for (const char* key :
         {"name", "paper_reference", "statement", "scope", "status", "as_expected", "erratum"}) {
      EXPECT_TRUE(step.contains(key)) << key;
    }
    EXPECT_TRUE(step["as_expected"].get<bool>()) << step["name"];
    if (step.contains("not_encoded")) {
      ++not_encoded;
      EXPECT_EQ(step["status"], "unknown");
      continue;
    }
    for (const char* query : {"at_step", "at_top"}) {
      const auto& q = step[query];
      EXPECT_EQ(q["status"], q["expected"]) << step["name"] << " " << query;
      EXPECT_TRUE(q["solvers"].contains("z3"));
      if (q["status"] == "refuted") {
        ++refuted;
        EXPECT_NE(q["exact_check"].get<std::string>().find("the step fails"), std::string::npos);
        EXPECT_TRUE(step["erratum"].is_string()) << step["name"];
      }
    }
  }
  EXPECT_GE(refuted, 20u);
  EXPECT_GE(not_encoded, 5u);
  EXPECT_TRUE(j["all_as_expected"].get<bool>());
}

TEST(ProveCli, StepsAsATableAndOneStepByName) {
  RunResult r = run("prove --steps --solver z3");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("lemma1.cw_bound"), std::string::npos);
  EXPECT_NE(r.out.find("Lemma 1 (proof, 'By C_w > 0') [U4]"), std::string::npos);
  EXPECT_NE(r.out.find("steps came out as expected"), std::string::npos);
  EXPECT_NE(r.out.find("not encoded: a limit in distribution"), std::string::npos);
  r = run("prove lemma1.sensitive_at_most_nonsensitive --solver z3");
  ASSERT_EQ(r.exit_code, 0) << r.out;  // refuted, as expected, shown like --steps
  EXPECT_NE(r.out.find("at step"), std::string::npos);
  EXPECT_NE(r.out.find("every hypothesis holds and the step fails"), std::string::npos);
  EXPECT_NE(r.out.find("1 of 1 steps came out as expected"), std::string::npos);
  EXPECT_EQ(run("prove --steps --all").exit_code, 2);
  EXPECT_EQ(run("prove lemma1.cw_bound --steps").exit_code, 2);
}

TEST(ProveCli, BothSolversDecideEveryStep) {
  if (!uldp::verify::cvc5_on_path()) GTEST_SKIP() << "no cvc5 on PATH";
  const RunResult r = run("prove --steps --solver both --json");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  std::size_t cvc5_answers = 0;
  for (const auto& step : j["steps"]) {
    if (step.contains("not_encoded")) continue;
    for (const char* query : {"at_step", "at_top"}) {
      const auto& solvers = step[query]["solvers"];
      ASSERT_TRUE(solvers.contains("cvc5")) << step["name"];
      if (solvers["cvc5"]["status"] != "unknown") ++cvc5_answers;
      // Where both answered they agree (a split would be a disagreement, not as expected).
      EXPECT_NE(step[query]["status"], "disagreement") << step["name"];
    }
  }
  EXPECT_GE(cvc5_answers, 50u);
  EXPECT_TRUE(j["all_as_expected"].get<bool>());
}

TEST(ProveCli, BothSolversProveAConstructionAndRefuteItsMutant) {
  if (!uldp::verify::cvc5_on_path()) GTEST_SKIP() << "no cvc5 on PATH";
  RunResult r = run("prove post_processing --solver both --json");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["solvers"], "both");
  for (const auto& q : j["claims"][0]["queries"]) {
    EXPECT_EQ(q["solvers"]["z3"]["status"], "proved") << q;
    EXPECT_EQ(q["solvers"]["cvc5"]["status"], "proved") << q;
  }
  r = run("prove post_processing_not_invertible --solver both");
  EXPECT_EQ(r.exit_code, 0) << r.out;  // refuted by both, as expected
  EXPECT_NE(r.out.find("z3 and cvc5"), std::string::npos);
}

/// A directory holding a fake `cvc5` that answers `answer` to every check-sat.
std::string fake_cvc5_dir(const std::string& answer) {
  const std::string dir = uldp::testing::temp_path("fake_cvc5_" + answer);
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/cvc5";
  std::ofstream(path) << "#!/bin/sh\nfor a; do script=$a; done\n"
                         "n=$(grep -c '(check-sat)' \"$script\")\n"
                         "i=0; while [ $i -lt $n ]; do echo "
                      << answer << "; i=$((i+1)); done\n";
  std::filesystem::permissions(path, std::filesystem::perms::owner_all);
  return dir;
}

/// `uldp ARGS` with `dir` first on PATH.
RunResult run_with_path(const std::string& dir, const std::string& args) {
  return uldp::testing::run_command(
      "env", "PATH=" + dir + ":\"$PATH\" " + uldp::testing::uldp_binary() + " " + args,
      Capture::kMerged);
}

TEST(ProveCli, NotProvedUnlessEverySolverSaysUnsat) {
  // Z3 proves rr_ldp; a cvc5 that answers unknown keeps it from being reported proved.
  const RunResult r = run_with_path(fake_cvc5_dir("unknown"), "prove rr_ldp --solver both --json");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["claims"][0]["status"], "unknown");
  EXPECT_FALSE(j["all_as_expected"].get<bool>());
}

TEST(ProveCli, DisagreementIsReportedAndExitsOne) {
  // A cvc5 that finds a "counterexample" where Z3 proves: a disagreement, never proved.
  const RunResult r = run_with_path(fake_cvc5_dir("sat"), "prove rr_ldp --solver both --json");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["claims"][0]["status"], "disagreement");
}

TEST(ProveCli, BothSolversProveEveryMechanismFamily) {
  // The family encodings stay polynomial with named denominators, so the real cvc5 (1.0.3,
  // no libpoly) proves each query too; a change that makes cvc5 answer unknown fails here.
  // The default limits count solver work, not time, so a loaded machine changes nothing.
  if (!uldp::verify::cvc5_on_path()) GTEST_SKIP() << "no cvc5 on PATH";
  for (const char* claim : {"urr_uldp", "urap_uldp", "ubd_uldp", "uhr_uldp", "uss_uldp", "rr_ldp",
                            "rappor_ldp", "mangat_uldp", "urap_not_ldp"}) {
    const RunResult r = run(std::string("prove ") + claim + " --solver both --json");
    EXPECT_EQ(r.exit_code, 0) << claim << r.out;
    const auto j = nlohmann::json::parse(r.out);
    for (const auto& q : j["claims"][0]["queries"]) {
      EXPECT_EQ(q["solvers"]["z3"]["status"], q["solvers"]["cvc5"]["status"])
          << claim << " " << q["name"];
    }
  }
}

/// Every solver answer of `prove NAME --json`: "claim/query/solver" -> "status, resources".
std::map<std::string, std::string> answers(const std::vector<std::string>& claims) {
  std::map<std::string, std::string> out;
  for (const std::string& claim : claims) {
    const RunResult r = run("prove " + claim + " --json");
    EXPECT_EQ(r.exit_code, 0) << claim << r.out;
    const auto j = nlohmann::json::parse(r.out);
    for (const auto& q : j["claims"][0]["queries"]) {
      for (const auto& [solver, a] : q["solvers"].items()) {
        const std::string limit = a.value("limit_hit", "");
        EXPECT_EQ(limit.find("wall-clock"), std::string::npos) << claim << " " << a.dump();
        out[claim + "/" + q["name"].get<std::string>() + "/" + solver] =
            a["status"].get<std::string>() + ", " + a["resources"].dump();
      }
    }
  }
  return out;
}

// The claims that came back unknown on a busy machine when cvc5 had a 2 s clock (Propositions 1, 3
// and 12) and the one whose cvc5 query runs into its limit: with twice as many busy threads as
// cores, every solver gives the same answer after the same work as on an idle machine.
TEST(ProveCli, VerdictsDoNotDependOnTheMachinesLoad) {
  const std::vector<std::string> claims{"composition", "urap_uldp", "ldp_compatibility",
                                        "urap_not_ldp"};
  const std::map<std::string, std::string> idle = answers(claims);
  std::atomic<bool> stop{false};
  std::vector<std::thread> busy;
  for (unsigned i = 0; i < 2 * std::max(1U, std::thread::hardware_concurrency()); ++i) {
    busy.emplace_back([&stop] {
      volatile std::uint64_t spin = 0;
      while (!stop.load(std::memory_order_relaxed)) spin = spin + 1;
    });
  }
  const std::map<std::string, std::string> loaded = answers(claims);
  stop = true;
  for (std::thread& t : busy) t.join();
  EXPECT_EQ(idle, loaded);
  EXPECT_GE(idle.size(), 8u);
}

// A query a limit stops is unknown, never proved, and says which limit stopped it.
TEST(ProveCli, AQueryStoppedByALimitSaysWhichOne) {
  RunResult r = run("prove urap_uldp --json --solver z3 --z3-rlimit 50");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["claims"][0]["status"], "unknown");
  const auto& z3 = j["claims"][0]["queries"][0]["solvers"]["z3"];
  EXPECT_EQ(z3["limit_hit"], "resource limit 50") << z3.dump();
  EXPECT_GE(z3["resources"].get<std::uint64_t>(), 50u);
  EXPECT_NE(r.out.find("resource limit 50"), std::string::npos);
  if (uldp::verify::cvc5_on_path()) {
    r = run("prove urap_uldp --json --solver cvc5 --cvc5-rlimit 1000");
    EXPECT_EQ(r.exit_code, 1) << r.out;
    j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["claims"][0]["status"], "unknown");
    EXPECT_NE(j.dump().find("resource limit 1000"), std::string::npos) << r.out;
  }
  EXPECT_EQ(run("prove urap_uldp --z3-rlimit x").exit_code, 2);
}

TEST(ProveCli, SmtDirFilesRerunUnderZ3) {
  const std::string dir = uldp::testing::temp_path("uldp_prove_smt");
  std::filesystem::remove_all(dir);
  const RunResult r = run("prove mangat_uldp --smt-dir " + dir);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    ++files;
    // Proved claims: the negation is unsat.
    EXPECT_EQ(run_z3(entry.path().string()), "unsat\n") << entry.path();
  }
  EXPECT_EQ(files, 3u);
}

TEST(CheckCli, SmtCertificateRerunsUnderZ3) {
  const std::string path = uldp::testing::temp_path("uldp_check_cert.smt2");
  std::filesystem::remove(path);
  const RunResult r = run("check --mech urr --k 4 --sensitive 0,1 --exp-eps 3 --smt " + path);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  std::ifstream in(path);
  std::stringstream script;
  script << in.rdbuf();
  ASSERT_NE(script.str().find("unsat = no violation exists"), std::string::npos);
  std::istringstream lines(run_z3(path));
  std::string announced;
  std::size_t answers = 0;
  for (std::string line; std::getline(lines, line);) {
    EXPECT_EQ(line.find("error"), std::string::npos) << line;
    if (line.rfind("[", 0) == 0) announced = line.substr(line.rfind("expect ") + 7);
    if (line == "sat" || line == "unsat" || line == "unknown") {
      EXPECT_EQ(line, announced);
      ++answers;
    }
  }
  EXPECT_GE(answers, 8u);
}

TEST(CheckCli, CvcFiveRerunsTheCertificateAndAgrees) {
  if (!uldp::verify::cvc5_on_path()) GTEST_SKIP() << "no cvc5 on PATH";
  const std::string path = uldp::testing::temp_path("uldp_check_cert_cvc5.smt2");
  const RunResult r = run("check --mech urr --k 4 --sensitive 0,1 --exp-eps 3 --smt " + path +
                          " --smt-solver both");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("z3 and cvc5 agree on"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(cvc5 unknown on 0,"), std::string::npos) << r.out;
  const RunResult j = uldp::testing::run_uldp(
      "check --mech urr --k 4 --sensitive 0,1 --exp-eps 3 --json --smt " + path);
  ASSERT_EQ(j.exit_code, 0) << j.err;
  const auto report = nlohmann::json::parse(j.out);
  EXPECT_TRUE(report["smt"]["cvc5"]["agrees"].get<bool>()) << report["smt"];
  EXPECT_EQ(report["smt"]["cvc5"]["answers"], report["smt"]["z3"]["queries"]);
}

}  // namespace
