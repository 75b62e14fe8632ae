// `uldp construct uldp-from-ldp`: RR on X_S made ULDP is uRR byte for byte at the paper's setting
// (|X| = 625, |X_S| = 15), the hand-worked example in each format, and the CSV read back by
// `uldp check` holds at the ratio its comment names.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::testing {
namespace {

using nlohmann::json;

// The lines of `text` after the first `skip`.
std::string without_lines(const std::string& text, std::size_t skip) {
  std::size_t at = 0;
  for (std::size_t i = 0; i < skip; ++i) at = text.find('\n', at) + 1;
  return text.substr(at);
}

TEST(ConstructUldpFromLdp, RrOnTheSensitiveInputsBecomesUrr) {
  const RunResult rr = run_uldp("mechanism rr --k 15 --eps 1 --format csv");
  ASSERT_EQ(rr.exit_code, 0) << rr.err;
  const std::string m = temp_file("rr.csv", rr.out);
  const RunResult made =
      run_uldp("construct uldp-from-ldp --matrix " + m + " --sensitive 0-14 --k 625 --format csv");
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const RunResult urr = run_uldp("mechanism urr --k 625 --sensitive 0-14 --eps 1 --format csv");
  ASSERT_EQ(urr.exit_code, 0) << urr.err;
  // The construction's CSV has one comment line before uRR's "# header: yes".
  EXPECT_EQ(without_lines(made.out, 1), urr.out);
}

TEST(ConstructUldpFromLdp, HandWorkedInEveryFormatAndReadBack) {
  const std::string m = temp_file("m.csv", "1/2,1/4,1/4\n1/4,1/2,1/4\n");
  const std::string flags = "construct uldp-from-ldp --matrix " + m + " --sensitive 1,3 --k 4";
  const RunResult md = run_uldp(flags);
  EXPECT_EQ(md.exit_code, 0) << md.err;
  EXPECT_NE(md.out.find("each non-sensitive input puts 1/4 on its own output"), std::string::npos)
      << md.out;
  EXPECT_NE(md.out.find("| 2 | 1/4 | 1/4 | 1/4 | 0 | 1/4 |"), std::string::npos) << md.out;
  const json j = json::parse(run_uldp(flags + " --format json --non-sensitive-rows lowest").out);
  EXPECT_EQ(j["own_output"], "3/8");
  EXPECT_EQ(j["non_sensitive_rows"], "lowest");
  EXPECT_EQ(j["Q"][0], json::parse(R"(["1/4","1/4","1/8","3/8","0"])"));
  EXPECT_EQ(j["outputs"], json::parse(R"j(["0","1","2","own(0)","own(2)"])j"));
  EXPECT_TRUE(j["uldp"]["holds"]);
  EXPECT_EQ(j["exp_eps"], "2");
  const std::string u = temp_file("u.csv", run_uldp(flags + " --format csv").out);
  const RunResult checked =
      run_uldp("check --matrix " + u + " --sensitive 1,3 --protected 0-2 --exp-eps 2 --json");
  EXPECT_EQ(checked.exit_code, 0) << checked.out << checked.err;
  EXPECT_EQ(json::parse(checked.out)["uldp_strict"]["tight_exp_eps"], "2");
  // Just below M's ratio the result fails, as M does.
  EXPECT_EQ(
      run_uldp("check --matrix " + u + " --sensitive 1,3 --protected 0-2 --exp-eps 1.99").exit_code,
      1);
}

// Issue 53: M's labels are anyone's; with "0" and "own(0)" among them, input 0's own output was
// printed as "own(0)" a second time and `check` refused the file construct had printed. It is
// primed until it repeats no label, and the file reads back.
TEST(ConstructUldpFromLdp, OwnOutputLabelsNeverRepeatOneOfMs) {
  const std::string m = temp_file("m.csv", "# header: yes\n0,own(0)\n1/2,1/2\n1/4,3/4\n");
  const std::string flags = "construct uldp-from-ldp --matrix " + m + " --sensitive 1,2 --k 3";
  const json j = json::parse(run_uldp(flags + " --format json").out);
  EXPECT_EQ(j["outputs"], json::parse(R"j(["0","own(0)","own(0)'"])j"));
  const std::string u = temp_file("u.csv", run_uldp(flags + " --format csv").out);
  const RunResult checked = run_uldp("check --matrix " + u + " --sensitive 1,2 --protected 0-1");
  EXPECT_EQ(checked.exit_code, 0) << checked.out << checked.err;
}

// An M that is eps-LDP for no finite eps gives a result that is ULDP for none either, said so.
TEST(ConstructUldpFromLdp, AnUnboundedMechanismIsSaidToBeOne) {
  const std::string m = temp_file("m.csv", "1,0\n1/4,3/4\n");
  const RunResult r = run_uldp("construct uldp-from-ldp --matrix " + m + " --sensitive 0,1 --k 3");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("M is eps-LDP for no finite eps"), std::string::npos) << r.out;
  const RunResult csv =
      run_uldp("construct uldp-from-ldp --matrix " + m + " --sensitive 0,1 --k 3 --format csv");
  EXPECT_EQ(csv.out.find("--exp-eps"), std::string::npos) << csv.out;
}

}  // namespace
}  // namespace uldp::testing
