// Issue 17, as a user meets it: files exported the way people export them are read as their
// author meant through `uldp check`, and every reading is stated in the report.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::testing {
namespace {

using nlohmann::json;

// Excel's "CSV UTF-8" starts with a byte order mark; it once made the first row a header and the
// check passed on the two rows left.
TEST(CliMatrixFiles, AByteOrderMarkNeverHidesTheFirstRow) {
  const std::string path = temp_file("bom.csv",
                                     "\xEF\xBB\xBF"
                                     "0.9,0.06,0.04\n0.4,0.3,0.3\n0.3,0.4,0.3\n");
  const RunResult r = run_uldp("check --matrix " + path + " --exp-eps 2 --json");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["inputs"], 3);
  EXPECT_EQ(j["ldp"]["tight_exp_eps"], "15/2");  // 0.3 / 0.04
  EXPECT_EQ(j["file_reading"]["header"], nullptr);
}

TEST(CliMatrixFiles, TheTextReportSaysHowTheFileWasRead) {
  const std::string labels = temp_file("labels.csv", "h0,h1\n1/2,1/2\n1/3,2/3\n");
  const RunResult r = run_uldp("check --matrix " + labels + " --exp-eps 2");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("read as: comma-separated text (detected); line 1 holds the output labels "
                       "(detected: its cells are labels, not numbers)\n"),
            std::string::npos)
      << r.out;
  const json j = json::parse(run_uldp("check --matrix " + labels + " --exp-eps 2 --json").out);
  EXPECT_EQ(j["file_reading"]["header"]["line"], 1);
  EXPECT_EQ(j["file_reading"]["header"]["decided_by"], "detected");
  EXPECT_EQ(j["file_reading"]["header"]["labels"], json({"h0", "h1"}));
}

// The same matrix in the formats people export: each gives the same verdict and tight value.
TEST(CliMatrixFiles, EveryExportedFormatIsTheSameMatrix) {
  const std::string files[] = {
      temp_file("plain.csv", "0.75,0.25\n0.25,0.75\n"),
      temp_file("quoted.csv", "\"3/4\",\"1/4\"\r\n\"1/4\",\"3/4\"\r\n"),  // QUOTE_NONNUMERIC, CRLF
      temp_file("tabs.tsv", "0.75\t0.25\n0.25\t0.75\n"),
      temp_file("savetxt.txt",
                "7.500000000000000000e-01 2.500000000000000000e-01\n"
                "2.500000000000000000e-01 7.500000000000000000e-01\n"),
      temp_file("tolist.json", "[[0.75, 0.25], [0.25, 0.75]]"),
      temp_file("tolist.txt", "[[0.75, 0.25], [0.25, 0.75]]"),  // JSON by its content
  };
  for (const std::string& path : files) {
    const RunResult r = run_uldp("check --matrix " + path + " --exp-eps 3 --json");
    ASSERT_EQ(r.exit_code, 0) << path << ": " << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["inputs"], 2) << path;
    EXPECT_EQ(j["ldp"]["tight_exp_eps"], "3") << path;
  }
  const RunResult piped =
      run_uldp("check --matrix - --exp-eps 3 --json < " + files[1]);  // standard input
  ASSERT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(json::parse(piped.out)["subject"], "<stdin>");
}

TEST(CliMatrixFiles, OwnCsvThroughAPipeNeedsNoFlag) {
  const RunResult r =
      run_uldp("mechanism urap --k 3 --sensitive 0 --exp-eps 4 --format csv | " + uldp_binary() +
               " check --matrix - --sensitive 0 --exp-eps 4 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["inputs"], 3);
  EXPECT_EQ(j["file_reading"]["header"]["decided_by"], "file_line");
  EXPECT_EQ(j["file_reading"]["header"]["labels"][3], "110");
}

}  // namespace
}  // namespace uldp::testing
