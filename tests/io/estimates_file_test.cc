// Another implementation's estimates (`uldp conform estimates --theirs`), JSON and CSV.
#include "uldp/io/estimates_file.h"

#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "uldp/error.h"

namespace uldp {
namespace {

std::string json_error(const std::string& text) {
  try {
    parse_estimates_json(text, "t.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

std::string csv_error(const std::string& text) {
  try {
    parse_estimates_csv(text, "t.csv", "emp");
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(EstimatesFile, JsonCasesWithAnySubsetOfEstimators) {
  const std::map<std::string, EstimatesCase> cases = parse_estimates_json(
      R"({"cases": [{"id": "a", "emp": [0.5, 0.5]}, {"id": 7, "thr": [1, 0], "em": [0.25, 0.75]}]})",
      "t.json");
  ASSERT_EQ(cases.size(), 2u);
  EXPECT_EQ(cases.at("a").values.at("emp"), (std::vector<double>{0.5, 0.5}));
  EXPECT_EQ(cases.at("7").values.size(), 2u);
  EXPECT_EQ(cases.at("7").where, "t.json: cases[1]");
  EXPECT_EQ(json_error(R"({"cases": [{"id": "a"}]})"),
            "t.json: cases[0]: none of \"emp\", \"thr\", \"em\"");
  EXPECT_EQ(json_error(R"({"cases": [{"emp": [1]}]})"), "t.json: cases[0]: a case needs an \"id\"");
  EXPECT_EQ(json_error(R"({"cases": [{"id": 1, "emp": [1, "x"]}]})"),
            "t.json: cases[0].emp: expected an array of numbers");
  EXPECT_EQ(json_error("[]"), "t.json: expected {\"cases\": [...]}");
  // Found by fuzz_estimates: an empty list compared nothing and `conform estimates` passed.
  EXPECT_EQ(json_error(R"({"cases": []})"), "t.json: no cases");
}

// Issue 53: NaN, Infinity and -Infinity written bare (Python's json.dump) are no JSON, but they
// are estimates: read as those doubles (a mismatch, as the CSV "nan"), not a file that does not
// read. Inside strings they stay text; a file with another fault is named at its byte as written.
TEST(EstimatesFile, BareNanAndInfinityReadAsThoseDoubles) {
  const std::map<std::string, EstimatesCase> cases = parse_estimates_json(
      R"({"cases": [{"id": "NaN", "emp": [NaN, Infinity, -Infinity, 0.5]}]})", "t.json");
  const std::vector<double>& v = cases.at("NaN").values.at("emp");
  ASSERT_EQ(v.size(), 4u);
  EXPECT_TRUE(std::isnan(v[0]));
  EXPECT_EQ(v[1], std::numeric_limits<double>::infinity());
  EXPECT_EQ(v[2], -std::numeric_limits<double>::infinity());
  EXPECT_EQ(v[3], 0.5);
  // A string "NaN" is still no number.
  EXPECT_EQ(json_error(R"({"cases": [{"id": 1, "emp": ["NaN"]}]})"),
            "t.json: cases[0].emp: expected an array of numbers");
  // Another fault beside a NaN: the error is the parser's on the file as written (its first fault,
  // at the byte a reader counts in the file, not in a rewritten copy).
  EXPECT_EQ(json_error(R"({"cases": [{"id": 1 "emp": [NaN]}]})"),
            json_error(R"({"cases": [{"id": 1 "emp": [1]}]})"));
  EXPECT_EQ(json_error(R"({"cases": [{"id": 1, "emp": [NaN, x]}]})").substr(0, 22),
            "t.json: not valid JSON");
}

TEST(EstimatesFile, CsvLinesWithAndWithoutAnEstimatorField) {
  const std::map<std::string, EstimatesCase> cases = parse_estimates_csv(
      "id,v0,v1\n# note\na,0.5,0.5\r\na,em,0.25,0.75\n\nb,1,0\n", "t.csv", "thr");
  ASSERT_EQ(cases.size(), 2u);
  EXPECT_EQ(cases.at("a").values.at("thr"), (std::vector<double>{0.5, 0.5}));
  EXPECT_EQ(cases.at("a").values.at("em"), (std::vector<double>{0.25, 0.75}));
  EXPECT_EQ(cases.at("b").where, "t.csv:6");
  EXPECT_EQ(csv_error("a,0.5,x1\n"), "t.csv:1:7: 'x1' is not a number");
  EXPECT_EQ(csv_error("# nothing\n"), "t.csv: no cases");
}

// Issue 17: a misspelt estimator is not skipped, a case id given twice is not overwritten.
TEST(EstimatesFile, UnknownMembersAndDuplicateCaseIdsAreRefused) {
  EXPECT_EQ(json_error(R"({"cases": [{"id": "a", "emp": [1], "EM": [1]}]})"),
            "t.json: cases[0]: unknown member \"EM\" (a case has \"id\" and any of \"emp\", "
            "\"thr\", \"em\")");
  EXPECT_EQ(json_error(R"({"cases": [{"id": "a", "emp": [1]}, {"id": "a", "em": [1]}]})"),
            "t.json: cases[1]: case id \"a\" appears twice (cases[0] too)");
  EXPECT_EQ(json_error(R"({"cases": [{"id": 1, "emp": [1]}, {"id": "1", "em": [1]}]})"),
            "t.json: cases[1]: case id \"1\" appears twice (cases[0] too)");
  EXPECT_EQ(csv_error("a,0.5,0.5\nb,1,0\na,0.5,0.5\n"),
            "t.csv:3:1: case id \"a\" has emp values on an earlier line too");
  EXPECT_EQ(csv_error("a,em,0.5,0.5\na,em,1,0\n"),
            "t.csv:2:1: case id \"a\" has em values on an earlier line too");
}

// Found by fuzz/estimates_fuzzer.cc: nlohmann-json's out_of_range for a number whose double
// overflows escaped the reader, and the command blamed the golden vectors file for it.
TEST(EstimatesFile, JsonNumberOverflowIsAnInputError) {
  EXPECT_EQ(json_error(R"({"cases": [{"id": "a", "emp": [1e400]}]})"),
            "t.json: not valid JSON: the number 1e400 overflows a double");
}

}  // namespace
}  // namespace uldp
