// Numbers true as written (issue 53): the claimed and tight values of a failing check read as
// correctly rounded decimals (never cut without a mark), and a pair over its bound never reads
// "100 % of it", through the command as a user runs it.
#include <gtest/gtest.h>

#include <cctype>
#include <string>

#include <nlohmann/json.hpp>

#include "uldp/arithmetic/rational.h"
#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::testing {
namespace {

using nlohmann::json;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(ShownNumbers, ClaimedAndTightOfA2x2MatrixAreRoundedNotCut) {
  // e^0.5 = 1.6487..., tight 8/3 = 2.666..., ln(8/3) = 0.98083...: cut at the first differing
  // digit they read "1, eps = 0.5" and "2, eps = 0.9".
  const std::string path = temp_file("two.csv", "2/3,1/3\n1/4,3/4\n");
  const RunResult r = run_uldp("check --matrix " + path + " --eps 0.5");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_TRUE(contains(r.out, "      claimed exp_eps = 1.6, eps = 0.50\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "      tight   exp_eps = 2.7, eps = 0.98\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "relative excess of the ratio over exp_eps: 6.17e-1\n")) << r.out;
}

TEST(ShownNumbers, ADoubleGrrJustBelowNineDoesNotReadEight) {
  // 9/13 and 1/13 as doubles: the tight ratio is 8.99999999999999..., which cut reads "8".
  const std::string row = "0.6923076923076923,0.07692307692307693,0.07692307692307693\n";
  const std::string path =
      temp_file("grr.csv", row + "0.07692307692307693,0.6923076923076923,0.07692307692307693\n" +
                               "0.07692307692307693,0.07692307692307693,0.6923076923076923\n");
  const RunResult r =
      run_uldp("check --matrix " + path + " --binary64 --exp-eps 3 --tolerance 1e-15");
  EXPECT_TRUE(contains(r.out, "      claimed exp_eps = 3.0, eps = 1.1\n")) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "      tight   exp_eps = 9.0, eps = 2.2\n")) << r.out << r.err;
}

TEST(ShownNumbers, EulersNumberDoesNotReadTwo) {
  const std::string path = temp_file("e.csv", "1/2,1/2\n1/6,5/6\n");
  const RunResult r = run_uldp("check --matrix " + path + " --eps 1 --json");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const json excess = json::parse(r.out)["ldp"]["excess"];
  EXPECT_EQ(excess["claimed_exp_eps"], "2.7");
  EXPECT_EQ(excess["tight_exp_eps"], "3.0");
  EXPECT_EQ(excess["claimed_eps"], "1.0");
  EXPECT_EQ(excess["tight_eps"], "1.1");
}

TEST(ShownNumbers, APairOverItsBoundByATinyShareShowsTheExcessNot100Percent) {
  // L(0, 1) = 2 + 10^-20 against the ID-LDP bound 2: L / 2 = 1 + 5e-21, 1.0 as a double.
  const std::string path = temp_file("near.csv",
                                     "200000000000000000001/300000000000000000000,"
                                     "99999999999999999999/300000000000000000000\n1/3,2/3\n");
  const RunResult text = run_uldp("check --matrix " + path + " --id-exp-eps 2,2");
  EXPECT_EQ(text.exit_code, 1) << text.err;
  EXPECT_TRUE(contains(text.out, "against 2 (exceeds it by a factor 1 + 5.00e-21)")) << text.out;
  EXPECT_FALSE(contains(text.out, "100 % of it")) << text.out;
  const RunResult r = run_uldp("check --matrix " + path + " --id-exp-eps 2,2 --json");
  const json violation = json::parse(r.out)["pair_losses"]["id_ldp"]["violation"];
  EXPECT_TRUE(violation["exceeds"]);
  EXPECT_GT(violation["loss_share"].get<double>(), 1.0);
  EXPECT_EQ(violation["loss_share_excess"], "+5.00e-21");
  // The certified bounds on L / 2 - 1 hold the exact excess 5e-21.
  const Rational lower =
      parse_rational(violation["loss_share_excess_bounds"][0].get<std::string>());
  const Rational upper =
      parse_rational(violation["loss_share_excess_bounds"][1].get<std::string>());
  EXPECT_LE(lower, parse_rational("5e-21"));
  EXPECT_GE(upper, parse_rational("5e-21"));
  EXPECT_LT(upper - lower, parse_rational("1e-27"));
}

TEST(ShownNumbers, APairAtItsBoundReads100PercentAndOneBelowDoesNot) {
  const std::string path = temp_file("rr.csv", "2/3,1/3\n1/3,2/3\n");
  const RunResult at = run_uldp("check --matrix " + path + " --id-exp-eps 2,2");
  EXPECT_TRUE(contains(at.out, "against 2 (100 % of it)")) << at.out;
  const RunResult below = run_uldp("check --matrix " + path + " --id-eps 0.7,0.7");
  EXPECT_TRUE(contains(below.out, "against e^0.7 (99.3 % of it)")) << below.out;
}

// The significant digits of the number that follows `label` in `text` (0: not found).
int significant_digits_after(const std::string& text, const std::string& label) {
  const std::size_t at = text.find(label);
  if (at == std::string::npos) return 0;
  std::size_t i = at + label.size();
  int digits = 0;
  bool leading = true;
  for (; i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.');
       ++i) {
    if (text[i] == '.') continue;
    leading = leading && text[i] == '0';
    if (!leading) ++digits;
  }
  return digits;
}

TEST(ShownNumbers, ConformanceFiguresHaveSixDigitsAndExactGivesTheDoubles) {
  // rr at k = 3 claimed at e^eps = 3, sampled at 4/5 on the diagonal (e^eps = 8).
  std::string samples;
  for (int x = 0; x < 3; ++x) {
    for (int i = 0; i < 3000; ++i) {
      const int y = i < 2400 ? x : (i < 2700 ? (x + 1) % 3 : (x + 2) % 3);
      samples += std::to_string(x) + "," + std::to_string(y) + "\n";
    }
  }
  const std::string path = temp_file("samples.csv", samples);
  const std::string command = "conform samples --mech rr --k 3 --exp-eps 3 --samples " + path;
  const RunResult r = run_uldp(command);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  for (const std::string label :
       {"  eps >= ", "claimed eps = ", "Bonferroni threshold ", "best at e^eps ", "accepts ["}) {
    const int digits = significant_digits_after(r.out, label);
    EXPECT_GE(digits, 1) << label << " in " << r.out;
    EXPECT_LE(digits, 6) << label << " in " << r.out;
  }
  EXPECT_TRUE(contains(r.out, "vs Bonferroni threshold 0.00833333")) << r.out;
  EXPECT_TRUE(contains(r.out, "claimed eps = 1.09861")) << r.out;
  const RunResult exact = run_uldp(command + " --exact");
  EXPECT_TRUE(contains(exact.out, "vs Bonferroni threshold 0.008333333333333333")) << exact.out;
  EXPECT_TRUE(contains(exact.out, "claimed eps = 1.0986122886681098")) << exact.out;
  const json j = json::parse(run_uldp(command + " --json").out);
  EXPECT_EQ(j["fit"]["threshold"].get<double>(), 0.05 / 2 / 3);
}

}  // namespace
}  // namespace uldp::testing
