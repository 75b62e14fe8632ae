// `uldp check` on matrices exported by floating-point programs (issue 10, section 1): label
// rows, hex floats, binary64 readings, tolerances, excess digits and certificate bundles, each
// a reproduction of what a new user ran into.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::testing {
namespace {

using nlohmann::json;

// A binary64 randomized response at eps = 1 as a program prints it: each row sums to
// 1 + 1.66e-16 and the ratio 0.731058578630005 / 0.26894142136999516 exceeds e by 3.1e-17.
const char* const kBinary64Rr =
    "0.731058578630005,0.26894142136999516\n0.26894142136999516,0.731058578630005\n";
// Exact rows whose ratio is 2.71828182845904531, above e = 2.718281828459045235... by 2.74e-17
// relative; the first differing digit is the 16th after the point.
const char* const kJustAboveE =
    "271828182845904531/371828182845904531,100000000000000000/371828182845904531\n"
    "100000000000000000/371828182845904531,271828182845904531/371828182845904531\n";

TEST(FloatAudit, RapporLabelRowIsAHeaderAndNamesTheWitness) {
  // "10" and "11" read as numbers above 1: the row can only be labels.
  const std::string path = temp_file("labels.csv", "00,01,10,11\n1/2,1/4,1/4,0\n1/4,1/4,1/4,1/4\n");
  const RunResult r = run_uldp("check --matrix " + path + " --exp-eps 3 --json");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["inputs"], 2);
  EXPECT_EQ(j["ldp"]["witness"]["y_label"], "11");
}

TEST(FloatAudit, AFirstRowThatDoesNotReadIsAnErrorNotADroppedRow) {
  const std::string path = temp_file("dropped.csv", "1e999999999,0\n1/2,1/2\n");
  const RunResult r = run_uldp("check --matrix " + path);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.err.find(":1:1: the first row is neither data nor labels"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("pass --header yes"), std::string::npos) << r.err;
  // Said to be labels, the file is a one-input mechanism (and says so).
  const RunResult h = run_uldp("check --matrix " + path + " --header yes --json");
  EXPECT_EQ(h.exit_code, 0) << h.err;
  EXPECT_EQ(json::parse(h.out)["inputs"], 1);
}

TEST(FloatAudit, AmbiguousFirstRowAsksForTheHeaderFlag) {
  const std::string path = temp_file("ambiguous.csv", "0,1\n1/2,1/2\n1/2,1/2\n");
  const RunResult r = run_uldp("check --matrix " + path);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.err.find("pass --header yes or --header no"), std::string::npos) << r.err;
  EXPECT_EQ(json::parse(run_uldp("check --matrix " + path + " --header yes --json").out)["inputs"],
            2);
  // As data, row 0 = (0, 1) makes eps-LDP fail with an infinite ratio.
  const RunResult no = run_uldp("check --matrix " + path + " --header no --json");
  EXPECT_EQ(no.exit_code, 1) << no.err;
  EXPECT_EQ(json::parse(no.out)["inputs"], 3);
}

TEST(FloatAudit, AHugeEntryGivesAShortErrorLine) {
  const std::string path = temp_file("huge.csv", "1/2,1/2\n1e99999,0\n");
  const RunResult r = run_uldp("check --matrix " + path);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_LT(r.err.size(), 200u) << r.err.size();
  EXPECT_NE(r.err.find("... (100000 characters) is a probability outside [0,1]"), std::string::npos)
      << r.err;
}

TEST(FloatAudit, HexFloatsAreTakenExactly) {
  // 0x1.8p-1 = 3/4 and 0x1p-2 = 1/4: tight e^eps is 3, exactly.
  const std::string path = temp_file("hex.csv", "0x1.8p-1,0x1p-2\n0x1p-2,0x1.8p-1\n");
  const RunResult r = run_uldp("check --matrix " + path + " --exp-eps 3 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(json::parse(r.out)["ldp"]["tight_exp_eps"], "3");
}

TEST(FloatAudit, Binary64RowSumsNeedAStatedTolerance) {
  const std::string path = temp_file("rr64.csv", kBinary64Rr);
  const RunResult exact = run_uldp("check --matrix " + path + " --binary64 --eps 1");
  EXPECT_EQ(exact.exit_code, 2);
  EXPECT_NE(exact.err.find(
                "line 1: row 0 sums to 18014398509481987/18014398509481984 = 1 + "
                "1.67e-16 (rows must sum to exactly 1; --tolerance T accepts sums within T of 1)"),
            std::string::npos)
      << exact.err;
  EXPECT_NE(exact.out.find("entries: binary64"), std::string::npos) << exact.out;

  const RunResult tolerated =
      run_uldp("check --matrix " + path + " --binary64 --eps 1 --tolerance 1e-15 --json");
  ASSERT_EQ(tolerated.exit_code, 0) << tolerated.err;
  const json j = json::parse(tolerated.out);
  EXPECT_EQ(j["tolerance"], "1/1000000000000000");
  EXPECT_EQ(j["row_sum_excesses"].size(), 2u);
  EXPECT_EQ(j["row_sum_excesses"][0]["excess"], "3/18014398509481984");
  EXPECT_FALSE(j["ldp"]["holds"]);  // exactly, it fails
  EXPECT_TRUE(j["ldp"]["holds_within_tolerance"]);
  EXPECT_EQ(j["ldp"]["excess"]["relative_excess"], "3.09e-17");

  // A tolerance smaller than the slack refuses the rows again, naming it.
  const RunResult tight =
      run_uldp("check --matrix " + path + " --binary64 --eps 1 --tolerance 1e-16");
  EXPECT_EQ(tight.exit_code, 2);
  EXPECT_NE(tight.err.find("beyond the tolerance 1e-16"), std::string::npos) << tight.err;
}

TEST(FloatAudit, ATinyRatioExcessShowsTheDigitsThatDiffer) {
  const std::string path = temp_file("above_e.csv", kJustAboveE);
  const RunResult r = run_uldp("check --matrix " + path + " --eps 1");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.out.find("claimed exp_eps = 2.7182818284590452, eps = 1.00000000000000000\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("tight   exp_eps = 2.7182818284590453, eps = 1.00000000000000003\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("relative excess of the ratio over exp_eps: 2.75e-17"), std::string::npos)
      << r.out;
  // Within a tolerance of 1e-16 the same matrix holds, and says so.
  const RunResult t = run_uldp("check --matrix " + path + " --eps 1 --tolerance 1e-16");
  EXPECT_EQ(t.exit_code, 0) << t.err;
  EXPECT_NE(t.out.find("holds within tolerance 1e-16 (exactly: FAILS)"), std::string::npos)
      << t.out;
  // A tolerance below the excess does not hide it.
  EXPECT_EQ(run_uldp("check --matrix " + path + " --eps 1 --tolerance 1e-17").exit_code, 1);
}

TEST(FloatAudit, AnExactBudgetGivesTheExactRelativeExcess) {
  const std::string path = temp_file("above_3.csv", "3001/4001,1000/4001\n1000/4001,3001/4001\n");
  const RunResult r = run_uldp("check --matrix " + path + " --exp-eps 3 --json");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const json excess = json::parse(r.out)["ldp"]["excess"];
  EXPECT_EQ(excess["exact_relative_excess"], "1/3000");  // (3001/1000) / 3 - 1
  EXPECT_EQ(excess["claimed_exp_eps"], "3.000");
  EXPECT_EQ(excess["tight_exp_eps"], "3.001");
}

TEST(FloatAudit, CertificateBundleRechecksWithoutUldp) {
  const std::string dir = temp_path("bundle");
  const RunResult r = run_uldp("check --matrix " + example("leaky_uldp.csv") +
                               " --sensitive 0,1 --exp-eps 3 --certificate " + dir);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  for (const char* name :
       {"matrix.csv", "verdicts.json", "check.smt2", "z3-expected.txt", "README.md"}) {
    EXPECT_FALSE(read_file(dir + "/" + name).empty()) << name;
  }
  // Z3 gives the answers the bundle says it must.
  const RunResult z3 = run_command("z3", dir + "/check.smt2");
  std::string answers;
  std::size_t start = 0;
  while (start < z3.out.size()) {
    const std::size_t end = z3.out.find('\n', start);
    const std::string line = z3.out.substr(start, end - start);
    if (!line.empty() && line[0] != '[') answers += line + "\n";
    if (end == std::string::npos) break;
    start = end + 1;
  }
  EXPECT_EQ(answers, read_file(dir + "/z3-expected.txt"));
  // The exact matrix reads back to the same verdicts.
  const json verdicts = json::parse(read_file(dir + "/verdicts.json"));
  const RunResult again = run_uldp(
      "check --matrix " + dir + "/matrix.csv --sensitive 0,1 --protected 0,1,2 --exp-eps 3 --json");
  const json j = json::parse(again.out);
  for (const char* p : {"ldp", "uldp", "uldp_strict", "osldp"}) {
    EXPECT_EQ(j[p]["holds"], verdicts[p]["holds"]) << p;
    EXPECT_EQ(j[p]["tight_exp_eps"], verdicts[p]["tight_exp_eps"]) << p;
    EXPECT_EQ(j[p]["witness"], verdicts[p]["witness"]) << p;
  }
}

}  // namespace
}  // namespace uldp::testing
