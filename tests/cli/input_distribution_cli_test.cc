// --p, one grammar in every command that takes an input distribution (cli/input_distribution.h):
// each form means the same in `simulate` and `loss`, and a form a command cannot use is refused
// with the reason, never read as something else.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::testing {
namespace {

std::string loss_l2(const std::string& p) {
  const RunResult r = run_uldp("loss --mech rr --k 3 --exp-eps 3 --n 10 --p " + p + " --json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(r.out)["l2"]["exact"].get<std::string>();
}

TEST(InputDistribution, LossReadsAListAFileAndZipfAsTheSameDistribution) {
  const std::string file = temp_file("p_weights.txt", "# weights\n6\n3\n2\n");
  // zipf:1 over 3 symbols: 1, 1/2, 1/3, normalised to 6/11, 3/11, 2/11.
  const std::string from_list = loss_l2("6/11,3/11,2/11");
  EXPECT_EQ(loss_l2(file), from_list);
  EXPECT_EQ(loss_l2("zipf:1"), from_list);
  EXPECT_NE(loss_l2("uniform"), from_list);
}

TEST(InputDistribution, EachCommandRefusesWhatItCannotUseAndSaysWhy) {
  const RunResult irrational = run_uldp("loss --mech rr --k 3 --exp-eps 3 --n 10 --p zipf:1.5");
  EXPECT_EQ(irrational.exit_code, 2);
  EXPECT_NE(irrational.err.find("--p: zipf:1.5 has irrational weights"), std::string::npos)
      << irrational.err;
  const RunResult worst =
      run_uldp("simulate --mech rr --k 3 --exp-eps 3 --n 10 --seed 1 --p worst");
  EXPECT_EQ(worst.exit_code, 2);
  EXPECT_NE(worst.err.find("only uldp loss computes"), std::string::npos) << worst.err;
  const RunResult short_list =
      run_uldp("simulate --mech rr --k 3 --exp-eps 3 --n 10 --seed 1 --p 1/2,1/2,0,0");
  EXPECT_EQ(short_list.exit_code, 2);
  EXPECT_NE(short_list.err.find("--p: has more than k = 3 entries"), std::string::npos)
      << short_list.err;
  // One number is a list of one entry, whatever files exist (k = 1: the one-symbol distribution).
  const RunResult one = run_uldp("loss --mech rr --k 3 --exp-eps 3 --n 10 --p 1/2");
  EXPECT_EQ(one.exit_code, 2);
  EXPECT_NE(one.err.find("--p: has 1 entries, expected k = 3"), std::string::npos) << one.err;
  EXPECT_EQ(run_uldp("loss --mech rr --k 1 --exp-eps 3 --n 10 --p 1").exit_code, 0);
  const RunResult missing = run_uldp("loss --mech rr --k 3 --exp-eps 3 --n 10 --p no_such_file");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("neither uniform, worst, zipf:S"), std::string::npos) << missing.err;
}

TEST(InputDistribution, SimulateDrawsFromAListAsFromTheSameWeightsInAFile) {
  // With the identity mechanism the reports are the inputs: 0,0,1 puts every user on symbol 2.
  const RunResult point = run_uldp("simulate --mech none --k 3 --n 50 --seed 3 --p 0,0,1");
  ASSERT_EQ(point.exit_code, 0) << point.err;
  std::string all_two;
  for (int i = 0; i < 50; ++i) all_two += "2\n";
  EXPECT_EQ(point.out, all_two);
  // 1/2,1/4,1/4 and the weights 2,1,1 are the same distribution, drawn with the same seed.
  const std::string file = temp_file("p_two_one_one.txt", "2\n1\n1\n");
  const RunResult from_list =
      run_uldp("simulate --mech rr --k 3 --exp-eps 3 --n 200 --seed 9 --p 1/2,1/4,1/4");
  const RunResult from_file =
      run_uldp("simulate --mech rr --k 3 --exp-eps 3 --n 200 --seed 9 --p " + file);
  ASSERT_EQ(from_list.exit_code, 0) << from_list.err;
  EXPECT_EQ(from_list.out, from_file.out);
}

}  // namespace
}  // namespace uldp::testing
