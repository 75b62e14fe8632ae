// `uldp experiment` as a user runs it: the list, sharded + merged runs equal to unsharded ones,
// the real-file loaders through the command, and one-line errors (exit 2) on bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::testing {
namespace {

bool one_line(const std::string& s) { return !s.empty() && s.find('\n') == s.size() - 1; }

// Small enough to run in well under a second.
const std::string kSmall = "experiment eps --n 400 --realizations 3 --eps 1 --mech urr,rappor,none";

TEST(CliExperiment, ListNamesEveryExperimentWithWhatItReproduces) {
  const RunResult r = run_uldp("experiment --list");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* name :
       {"eps\n", "sensitive-count\n", "attributes\n", "personalized\n", "running-time\n"}) {
    EXPECT_NE(r.out.find(name), std::string::npos) << name;
  }
  EXPECT_NE(r.out.find("Figures 5 and 10"), std::string::npos);
}

TEST(CliExperiment, ShardedAndMergedEqualsUnsharded) {
  const std::string whole = temp_path("whole"), one = temp_path("one"), two = temp_path("two");
  const std::string merged = temp_path("merged");
  ASSERT_EQ(run_uldp(kSmall + " --out " + whole).exit_code, 0);
  const RunResult first = run_uldp(kSmall + " --shard 1/2 --out " + one);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_EQ(first.out, one + "/eps.shard-1-of-2.csv\n");
  ASSERT_EQ(run_uldp(kSmall + " --shard 2/2 --out " + two).exit_code, 0);
  const RunResult m = run_uldp("experiment merge " + one + " " + two + " --out " + merged);
  ASSERT_EQ(m.exit_code, 0) << m.err;
  for (const char* file : {"/eps.csv", "/eps.realizations.csv", "/eps-tv.gp", "/eps-mse.gp"}) {
    const std::string expected = read_file(whole + file);
    EXPECT_FALSE(expected.empty()) << file;
    EXPECT_EQ(read_file(merged + file), expected) << file;
  }
  // 3 mechanisms x 2 data sets x 2 eps (1 and ln|X|) x 3 estimators, each with 3 realizations.
  const std::string means = read_file(whole + "/eps.csv");
  EXPECT_EQ(std::count(means.begin(), means.end(), '\n'), 1 + 36);
  EXPECT_NE(means.find("location,625,urr,1,emp,3,"), std::string::npos);
}

TEST(CliExperiment, MergeRefusesAMissingOrForeignShard) {
  const std::string one = temp_path("lonely"), other = temp_path("other");
  ASSERT_EQ(run_uldp(kSmall + " --shard 1/2 --out " + one).exit_code, 0);
  const RunResult missing = run_uldp("experiment merge " + one);
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_TRUE(one_line(missing.err)) << missing.err;
  EXPECT_NE(missing.err.find("1 of the 2 shards"), std::string::npos) << missing.err;
  ASSERT_EQ(run_uldp(kSmall + " --seed 7 --shard 2/2 --out " + other).exit_code, 0);
  const RunResult foreign = run_uldp("experiment merge " + one + " " + other);
  EXPECT_EQ(foreign.exit_code, 2);
  EXPECT_NE(foreign.err.find("another run"), std::string::npos) << foreign.err;
}

// A shard cut short (a killed run, a partial copy) is refused by name: merging it exited 0 with
// means over fewer realizations.
TEST(CliExperiment, MergeRefusesATruncatedShard) {
  const std::string one = temp_path("cut_one"), two = temp_path("cut_two");
  ASSERT_EQ(run_uldp(kSmall + " --shard 1/2 --out " + one).exit_code, 0);
  ASSERT_EQ(run_uldp(kSmall + " --shard 2/2 --out " + two).exit_code, 0);
  const std::string shard = two + "/eps.shard-2-of-2.csv";
  const std::string text = read_file(shard);
  ASSERT_NE(text.find("# end: rows="), std::string::npos);
  // Whole lines lost at the end: every row left is well formed.
  std::string cut = text.substr(0, text.rfind('\n', text.size() - 2) + 1);  // no end line
  cut = cut.substr(0, cut.rfind('\n', cut.size() - 2) + 1);                 // one row fewer
  for (const std::string& damaged : {cut, cut + "# end: rows=999\n"}) {
    std::ofstream(shard, std::ios::binary | std::ios::trunc) << damaged;
    const RunResult r =
        run_uldp("experiment merge " + one + " " + two + " --out " + temp_path("cut_merged"));
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_TRUE(one_line(r.err)) << r.err;
    EXPECT_NE(r.err.find(shard), std::string::npos) << r.err;
  }
}

// Theorem 1 on every realization: l1(p̂, p) <= l1(r̂, r) + Σ_k |r̂(⊥_k)| l1(π̂_k, π_k), and the
// second term vanishes with the true π_k (knowledge III).
TEST(CliExperiment, PersonalizedLossIsBelowTheSumOfTheTwoTerms) {
  const std::string out = temp_path("pum");
  const RunResult r =
      run_uldp("experiment personalized --n 3000 --realizations 2 --eps 0.5,4 --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream csv(read_file(out + "/personalized.realizations.csv"));
  std::string line;
  std::getline(csv, line);
  std::getline(csv, line);
  EXPECT_EQ(line,
            "setting,dataset,k,mechanism,eps,knowledge,realization,tv,mse,l1,first_term,"
            "second_term,bound,second_term_worst");
  std::size_t rows = 0;
  while (std::getline(csv, line)) {
    if (line.starts_with("# end: rows=")) break;  // the last line: the file is whole
    std::vector<std::string> f;
    std::istringstream fields(line);
    for (std::string v; std::getline(fields, v, ',');) f.push_back(v);
    ASSERT_EQ(f.size(), 14u) << line;
    const double tv = std::stod(f[7]), l1 = std::stod(f[9]), second = std::stod(f[11]);
    const double bound = std::stod(f[12]), worst = std::stod(f[13]);
    EXPECT_DOUBLE_EQ(l1, 2 * tv) << line;
    EXPECT_LE(l1, bound * (1 + 1e-12)) << line;
    EXPECT_LE(second, worst * (1 + 1e-12)) << line;
    if (f[5] == "III") {
      EXPECT_EQ(second, 0.0) << line;
    }
    ++rows;
  }
  EXPECT_EQ(rows, 2u * 3 * 3 * 2);  // mechanisms x eps (0.5, 4, ln 625) x knowledge x realizations
}

TEST(CliExperiment, BadFlagsAreOneLineErrors) {
  for (const char* args :
       {"experiment eps --shard 3/2", "experiment eps --shard x", "experiment nope",
        "experiment eps --mech bogus", "experiment eps --mech ubd", "experiment eps --mech mangat",
        "experiment eps --eps -1", "experiment"}) {
    const RunResult r = run_uldp(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_TRUE(one_line(r.err)) << args << ": " << r.err;
  }
}

TEST(CliExperiment, ReadsTheCensusFileAndNamesTheBadLine) {
  std::string census = "caseid,dAge,dIncome1,iMarital,iSex,iSept80\n";
  for (int i = 0; i < 20; ++i) census += std::to_string(i) + ",3,0,2,1,0\n";
  const std::string good = temp_file("census.txt", census);
  const std::string out = temp_path("census-run");
  const RunResult r = run_uldp(
      "experiment eps --n 300 --realizations 1 --eps 2 --mech urr "
      "--census-file " +
      good + " --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string bad = temp_file("bad-census.txt", census + "99,9,0,2,1,0\n");
  const RunResult e = run_uldp(
      "experiment eps --n 300 --realizations 1 --eps 2 --mech urr "
      "--census-file " +
      bad + " --out " + out);
  EXPECT_EQ(e.exit_code, 2);
  EXPECT_TRUE(one_line(e.err)) << e.err;
  EXPECT_NE(e.err.find(bad + ":22:4: dAge must be a category 0..7, found '9'"), std::string::npos)
      << e.err;
}

}  // namespace
}  // namespace uldp::testing
