// `uldp conform counts` as docs/cli.md shows it: reports in a SQL table, tallied by Debian's
// sqlite3 with GROUP BY x, y (whole, and in two shards), give exactly the verdict, tallies and
// diagnosis of `conform samples` on the reports themselves; JSON records too. Fixed seeds.
#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "uldp/estimate/random.h"
#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::testing {
namespace {

using estimate::uniform01;
using estimate::Xoshiro256;
using nlohmann::json;

const char* kUrr = "--mech urr --k 5 --sensitive 0,1 --exp-eps 3";

// uRR (k = 5, X_S = {0, 1}, t = 3) samples, `leak` of a sensitive input's mass put on output 4.
std::string urr_samples(std::size_t per_input, double leak) {
  Xoshiro256 rng(20261129);
  std::ostringstream out;
  for (std::size_t x = 0; x < 5; ++x) {
    for (std::size_t i = 0; i < per_input; ++i) {
      const double u = uniform01(rng);
      std::string y;
      if (x <= 1) {
        y = u < leak ? "4" : u < 0.75 ? std::to_string(x) : std::to_string(1 - x);
      } else {
        y = u < 0.25 ? "0" : u < 0.5 ? "1" : std::to_string(x);
      }
      out << x << "," << y << "\n";
    }
  }
  return out.str();
}

// The report without what names where the samples came from.
json verdict_of(const RunResult& r) {
  json j = json::parse(r.out);
  j.erase("samples_from");
  j.erase("counted");
  j.erase("uldp_version");
  j["impossible"].erase("first_line");
  return j;
}

// sqlite3 runs `sql` on a fresh database; its standard output.
std::string sqlite(const std::string& database, const std::string& sql) {
  const std::string script = temp_file("tally.sql", sql);
  const RunResult r = run_command("sqlite3", database + " < " + script);
  EXPECT_EQ(r.exit_code, 0) << "sqlite3 (scripts/install-deps.sh installs it): " << r.err;
  return r.out;
}

TEST(ConformCounts, AGroupByInSqliteGivesTheVerdictOfTheSamples) {
  for (const double leak : {0.0, 0.02}) {
    const std::string samples = temp_file("reports.csv", urr_samples(400, leak));
    const RunResult direct =
        run_uldp(std::string("conform samples ") + kUrr + " --samples " + samples + " --json");
    ASSERT_EQ(direct.exit_code, leak > 0 ? 1 : 0) << direct.out << direct.err;

    // docs/cli.md: the reports as a table, counted by GROUP BY (and in two shards by rowid).
    const std::string database = temp_file("reports.db", "");
    sqlite(database, "CREATE TABLE reports (x INTEGER, y TEXT);\n.mode csv\n.import " + samples +
                         " reports\n");
    const std::string whole = temp_file(
        "counts.csv",
        sqlite(database,
               ".mode csv\nSELECT x, y, COUNT(*) AS count FROM reports GROUP BY x, y;\n"));
    const std::string shard_a =
        temp_file("shard-a.csv", sqlite(database,
                                        ".mode csv\nSELECT x, y, COUNT(*) FROM reports WHERE rowid "
                                        "% 2 = 0 GROUP BY x, y;\n"));
    const std::string shard_b =
        temp_file("shard-b.csv", sqlite(database,
                                        ".mode csv\nSELECT x, y, COUNT(*) FROM reports WHERE rowid "
                                        "% 2 = 1 GROUP BY x, y;\n"));
    const std::string records =
        temp_file("counts.json",
                  sqlite(database,
                         "SELECT json_group_array(json_object('x', x, 'y', y, 'count', c)) FROM "
                         "(SELECT x, y, COUNT(*) AS c FROM reports GROUP BY x, y);\n"));

    for (const std::string& files : {whole, shard_a + " " + shard_b, records}) {
      const RunResult counted =
          run_uldp(std::string("conform counts ") + kUrr + " --counts " + files + " --json");
      EXPECT_EQ(counted.exit_code, direct.exit_code) << files << "\n" << counted.out << counted.err;
      EXPECT_EQ(verdict_of(counted), verdict_of(direct)) << files;
      EXPECT_TRUE(json::parse(counted.out)["counted"]);
    }
    const RunResult text = run_uldp(std::string("conform counts ") + kUrr + " --counts " + whole);
    EXPECT_NE(text.out.find("conform counts: 2000 samples"), std::string::npos) << text.out;
  }
}

// docs/cli.md's sharded tally: one file of reports per shard, counted by GNU parallel with
// sort | uniq -c, read as shards.
TEST(ConformCounts, ShardsTalliedByGnuParallelAddUp) {
  const std::string samples = urr_samples(300, 0.0);
  const std::string whole = temp_file("all-reports.csv", samples);
  std::string day_one, day_two;
  std::istringstream lines(samples);
  std::string line;
  for (int i = 0; std::getline(lines, line); ++i) (i % 3 == 0 ? day_one : day_two) += line + "\n";
  temp_file("reports-1.csv", day_one);
  temp_file("reports-2.csv", day_two);
  // The command as docs/cli.md prints it.
  const std::string script = temp_file(
      "shard.sh", "cd " + temp_dir().string() +
                      " && ls reports-*.csv | parallel \"sort {} | uniq -c | awk '{ print \\$2 "
                      "\\\",\\\" \\$1 }' > {.}.counts\"\n");
  const RunResult tally = run_command("bash", script);
  ASSERT_EQ(tally.exit_code, 0) << "GNU parallel (scripts/install-deps.sh installs it): "
                                << tally.err;
  const RunResult direct =
      run_uldp(std::string("conform samples ") + kUrr + " --samples " + whole + " --json");
  const RunResult counted =
      run_uldp(std::string("conform counts ") + kUrr + " --counts " +
               temp_path("reports-1.counts") + " " + temp_path("reports-2.counts") + " --json");
  EXPECT_EQ(counted.exit_code, 0) << counted.err;
  EXPECT_EQ(verdict_of(counted), verdict_of(direct));
}

TEST(ConformCounts, BadCountsNameFileLineAndColumn) {
  const std::pair<std::string, std::string> cases[] = {
      {"0,0\n", ":1:4: expected ',count' after the output (x,y,count)"},
      {"0,0,1.5\n", ":1:5: expected a count of samples (a whole number), found '1.5'"},
      {"0,0,-3\n", ":1:5: expected a count of samples (a whole number), found '-3'"},
      {"0,0,99999999999999999999\n", ":1:5: count 99999999999999999999 exceeds 2^64 - 1"},
      {"0,0,18446744073709551615\n1,1,1\n", ":2:5: the counts add up past 2^64 - 1 samples"},
      {"5,0,1\n",
       ":1:1: input 5 is outside 0..4 (inputs are 0-based; is the file numbered from 1?)"},
      {"[{\"x\": 0, \"y\": \"0\"}]", ": record 1: no \"count\""},
      {"[{\"x\": 0, \"y\": \"7\", \"count\": 2}]", ": record 1: "},
      {"[{\"x\": 0, \"y\": \"0\", \"count\": 2, \"n\": 1}]",
       ": record 1: unknown key \"n\" (a record has x, y and count)"},
      {"{\"x\": 0}", ": expected a JSON array of records {\"x\", \"y\", \"count\"}"},
  };
  for (const auto& [content, message] : cases) {
    const std::string path = temp_file("bad-counts.csv", content);
    std::string command = "conform counts ";  // appended: GCC 12 -Warray-bounds (DEVELOPERS.md)
    command += kUrr;
    command += " --counts ";
    command += path;
    const RunResult r = run_uldp(command);
    EXPECT_EQ(r.exit_code, 2) << content << r.out << r.err;
    EXPECT_NE(r.err.find(path + message), std::string::npos) << content << "\n" << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;  // one line
  }
  // A count of 0 is no sample: an output the reference never produces, counted 0 times, is no
  // evidence, and an input counted only 0 times has no samples.
  const std::string zero =
      temp_file("zero.csv", urr_samples(0, 0) + "0,4,0\n0,0,10\n1,1,10\n2,2,10\n3,3,10\n4,4,10\n");
  const json j = json::parse(
      run_uldp(std::string("conform counts ") + kUrr + " --counts " + zero + " --json").out);
  EXPECT_EQ(j["impossible"]["count"], 0);
  EXPECT_EQ(j["samples"], 50);
}

}  // namespace
}  // namespace uldp::testing
