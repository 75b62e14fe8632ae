// One answer per run: a run given --json leaves exactly one JSON document on standard output,
// whatever its exit code, and that document is valid UTF-8 whatever bytes its input held.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::testing {
namespace {

using nlohmann::json;

// Every command that takes --json ("check", "conform samples", ...), as the command line itself
// defines them: read from the completion script it generates from its command definitions, so a
// command added later is tested without a change here.
std::vector<std::string> commands_taking_json() {
  const RunResult completion = run_uldp("completion bash");
  EXPECT_EQ(completion.exit_code, 0) << completion.err;
  // One line per command: "/conform/samples") words="--help ... --json ..." ;;
  const std::regex line(R"re("/([a-z0-9/-]+)"\) words="([^"]*)")re");
  std::vector<std::string> commands;
  std::istringstream lines(completion.out);
  for (std::string text; std::getline(lines, text);) {
    std::smatch match;
    if (!std::regex_search(text, match, line)) continue;
    std::istringstream words(match[2].str());
    if (std::find(std::istream_iterator<std::string>(words), std::istream_iterator<std::string>(),
                  "--json") == std::istream_iterator<std::string>()) {
      continue;
    }
    std::string command = match[1].str();
    for (char& c : command) c = c == '/' ? ' ' : c;
    commands.push_back(command);
  }
  return commands;
}

// stdout as exactly one JSON document: json::parse refuses anything after the first value and
// any string that is not UTF-8, so a second document or a raw Latin-1 byte fails here.
json one_document(const RunResult& r, const std::string& args) {
  try {
    return json::parse(r.out);
  } catch (const json::exception& e) {
    ADD_FAILURE() << args << ": standard output is not one JSON document (" << e.what() << "):\n"
                  << r.out;
    return json();
  }
}

// The error document's contract: the message of the error line, the exit code, the version.
void expect_error_document(const json& document, const RunResult& r, const std::string& args) {
  ASSERT_TRUE(document.is_object()) << args;
  ASSERT_TRUE(document.contains("error")) << args << "\n" << r.out;
  EXPECT_EQ("uldp: error: " + document["error"].get<std::string>() + "\n", r.err) << args;
  EXPECT_EQ(document["exit_code"], 2) << args;
  EXPECT_TRUE(document.contains("uldp_version")) << args;
}

TEST(JsonAnswer, TheCommandsTakingJsonAreFound) {
  const std::vector<std::string> commands = commands_taking_json();
  for (const char* expected : {"check", "audit", "conform samples", "estimate", "loss", "prove"}) {
    EXPECT_NE(std::find(commands.begin(), commands.end(), expected), commands.end()) << expected;
  }
}

// Every command that takes --json, on a bad input: exit 2 and one document, the error object.
// Two bad inputs each: an unknown flag (refused while the command line is parsed), and for the
// commands listed one of their own (a missing file, a bad budget, an unwritable --out).
TEST(JsonAnswer, EveryJsonCommandLeavesOneDocumentOnBadInput) {
  const std::string missing = temp_path("missing-input");
  const std::map<std::string, std::string> own_bad_input = {
      {"audit", "--out " + temp_path("no-such-dir") + "/out.json"},
      {"check", "--matrix " + missing + " --exp-eps 2"},
      {"conform client", "--mech rr --k 3 --exp-eps 2 -- " + missing},
      {"conform counts", "--mech rr --k 3 --exp-eps 2 --counts " + missing},
      {"conform estimates", "--vectors " + missing + " --theirs " + missing},
      {"conform plan", "--mech rr --k 3 --exp-eps 1/2"},
      {"conform samples", "--mech rr --k 3 --exp-eps 2 --samples " + missing},
      {"estimate", "--mech rr --k 3 --exp-eps 2 --reports " + missing},
      {"loss", "--mech rr --k 3 --exp-eps 1/2 --n 10"},
      {"prove", "no-such-mechanism"},
  };
  const std::vector<std::string> commands = commands_taking_json();
  ASSERT_FALSE(commands.empty());
  for (const std::string& command : commands) {
    std::vector<std::string> runs = {command + " --json --no-such-flag"};
    const auto own = own_bad_input.find(command);
    if (own != own_bad_input.end()) {
      // --json first: after `--` (conform client's command) it would be the client's argument.
      runs.push_back(command + " --json " + own->second);
    }
    for (const std::string& args : runs) {
      const RunResult r = run_uldp(args);
      EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
      expect_error_document(one_document(r, args), r, args);
    }
  }
}

// `check` on rows that do not sum to 1 reports the verdicts, then refuses: one document, the error
// object, with the report inside it (not the report followed by the error object).
TEST(JsonAnswer, RowSumFailureHoldsTheReportInsideTheError) {
  const std::string matrix = temp_file("row-sum.csv", "0.5,0.4\n0.5,0.5\n");
  const std::string args = "check --matrix " + matrix + " --exp-eps 2 --json";
  const RunResult r = run_uldp(args);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  const json document = one_document(r, args);
  expect_error_document(document, r, args);
  EXPECT_NE(document["error"].get<std::string>().find("row 0 sums to 9/10"), std::string::npos);
  ASSERT_TRUE(document.contains("report")) << r.out;
  const json& report = document["report"];
  EXPECT_EQ(report["stochastic"], false);
  EXPECT_EQ(report["ldp"]["tight_exp_eps"], "5/4");  // 0.5 / 0.4
  EXPECT_EQ(report["subject"], matrix);
  EXPECT_FALSE(report.contains("uldp_version"));  // once, at the top
  EXPECT_FALSE(report.contains("error"));
  // The same run without --json prints the text report and the error line, as before.
  const RunResult text = run_uldp("check --matrix " + matrix + " --exp-eps 2");
  EXPECT_EQ(text.exit_code, 2);
  EXPECT_NE(text.out.find("tight exp_eps = 1.25"), std::string::npos) << text.out;
  EXPECT_NE(text.err.find("row 0 sums to 9/10"), std::string::npos) << text.err;
}

// A run that succeeds is one document, the report alone, as before.
TEST(JsonAnswer, ASuccessIsTheReportAlone) {
  const std::string args = "check --mech rr --k 3 --exp-eps 2 --json";
  const RunResult r = run_uldp(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const json document = one_document(r, args);
  EXPECT_FALSE(document.contains("error"));
  EXPECT_FALSE(document.contains("report"));
  EXPECT_TRUE(document["ldp"]["holds"]);
  EXPECT_TRUE(document.contains("uldp_version"));
}

// Issue 53, HIGH 1: --json aborted (exit 134) when its error named a Latin-1 file name, and a
// report with Latin-1 labels exited 3. The byte is written \xNN, as error lines quote it.
TEST(JsonAnswer, ALatin1FileNameInAnErrorIsValidJson) {
  const std::string name = temp_path("caf\xe9.csv");  // Latin-1 e-acute, not UTF-8
  const std::string args = "check --matrix '" + name + "' --exp-eps 2 --json";
  const RunResult r = run_uldp(args);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  const json document = one_document(r, args);
  ASSERT_TRUE(document.contains("error")) << r.out;
  const std::string error = document["error"].get<std::string>();
  EXPECT_NE(error.find("caf\\xe9.csv"), std::string::npos) << error;
  EXPECT_EQ(document["exit_code"], 2);
}

TEST(JsonAnswer, Latin1LabelsInASuccessfulReportAreValidJson) {
  // Output 0 ("caf\xe9") attains the tight ratio 3 = 0.75 / 0.25 first.
  const std::string matrix = temp_file("latin1-labels.csv", "caf\xe9,b\n0.75,0.25\n0.25,0.75\n");
  const std::string args = "check --matrix " + matrix + " --header yes --exp-eps 3 --json";
  const RunResult r = run_uldp(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const json document = one_document(r, args);
  EXPECT_EQ(document["ldp"]["tight_exp_eps"], "3");
  EXPECT_EQ(document["ldp"]["tight_attained_by"]["y_label"], "caf\\xe9");
}

// The JSON the library writes itself (construct --format json, check --certificate's
// verdicts.json) exited 3 on the same labels.
TEST(JsonAnswer, Latin1LabelsInLibraryWrittenJsonAreValidJson) {
  const std::string row = temp_file("latin1-row.csv", "caf\xe9,b\n0.75,0.25\n");
  const std::string construct =
      "construct uldp-from-ldp --matrix " + row + " --header yes --sensitive 0 --k 2 --format json";
  const RunResult built = run_uldp(construct);
  EXPECT_EQ(built.exit_code, 0) << built.err;
  EXPECT_EQ(one_document(built, construct)["outputs"][0], "caf\\xe9");

  const std::string matrix = temp_file("latin1-certified.csv", "caf\xe9,b\n0.75,0.25\n0.25,0.75\n");
  const std::string bundle = temp_path("latin1-bundle");
  const RunResult checked =
      run_uldp("check --matrix " + matrix + " --header yes --exp-eps 3 --certificate " + bundle);
  EXPECT_EQ(checked.exit_code, 0) << checked.err;
  const json verdicts = json::parse(read_file(bundle + "/verdicts.json"));
  EXPECT_EQ(verdicts["ldp"]["tight_attained_by"]["y_label"], "caf\\xe9");
}

// A 40-byte excerpt used to cut a two-byte character in half, and the half aborted --json.
TEST(JsonAnswer, AnExcerptNeverCutsAUtf8Character) {
  const std::string value = std::string(39, '1') + "\xc3\xa9" + std::string(20, '1');  // é at 39
  const std::string args = "check --mech rr --k 3 --exp-eps '" + value + "' --json";
  const RunResult r = run_uldp(args);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  const json document = one_document(r, args);
  expect_error_document(document, r, args);
  EXPECT_NE(document["error"].get<std::string>().find("'" + std::string(39, '1') + "... (61 "),
            std::string::npos)
      << document["error"];
}

}  // namespace
}  // namespace uldp::testing
