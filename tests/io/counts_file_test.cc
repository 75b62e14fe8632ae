// Count files (`uldp golden --from-counts`): both formats, and one-line errors for bad input.
#include "uldp/io/counts_file.h"
#include "uldp/io/estimates_file.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "uldp/error.h"

namespace uldp {
namespace {

std::string error_of(const std::string& text, std::size_t k, bool bits) {
  try {
    parse_counts(text, "c.txt", k, bits);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(CountsFile, LinesOfCounts) {
  const std::vector<CountsCase> cases =
      parse_counts("# test input\n40\n 30 \n\n10\n", "c", 3, false);
  ASSERT_EQ(cases.size(), 1u);
  EXPECT_EQ(cases[0].counts, (std::vector<std::uint64_t>{40, 30, 10}));
  EXPECT_EQ(cases[0].n, 80u);
}

TEST(CountsFile, BitCountsNeedN) {
  const std::vector<CountsCase> cases = parse_counts("# counts n=10\n5\n2\n3\n", "c", 3, true);
  ASSERT_EQ(cases.size(), 1u);
  EXPECT_EQ(cases[0].n, 10u);
  EXPECT_EQ(cases[0].counts, (std::vector<std::uint64_t>{5, 2, 3}));
  EXPECT_EQ(error_of("5\n2\n3\n", 3, true),
            "c.txt: bit vectors need the number of reports: a line 'n=N'");
  EXPECT_EQ(error_of("n=2\n5\n2\n", 2, true), "c.txt: a bit count 5 exceeds n = 2");
}

TEST(CountsFile, JsonCases) {
  const std::vector<CountsCase> cases = parse_counts(" [[1,2],[3,4]]", "c", 2, false);
  ASSERT_EQ(cases.size(), 2u);
  EXPECT_EQ(cases[1].counts, (std::vector<std::uint64_t>{3, 4}));
  EXPECT_EQ(cases[1].n, 7u);
  const std::vector<CountsCase> bits = parse_counts(R"({"n": 9, "ones": [1, 8]})", "c", 2, true);
  ASSERT_EQ(bits.size(), 1u);
  EXPECT_EQ(bits[0].n, 9u);
  EXPECT_EQ(error_of("[1, -2]", 2, false), "c.txt: $[1]: expected a non-negative integer count");
  EXPECT_EQ(error_of("[1, 2", 2, false), "c.txt: not valid JSON: byte 6");
}

TEST(CountsFile, LineErrorsNameLineAndColumn) {
  EXPECT_EQ(error_of("1\n x\n", 2, false), "c.txt:2:2: 'x' is not a non-negative integer count");
  EXPECT_EQ(error_of("1\n2\n3\n", 2, false), "c.txt:3:1: more than k = 2 counts");
  EXPECT_EQ(error_of("1\n", 2, false), "c.txt: 1 counts, k = 2");
  EXPECT_EQ(error_of("0\n0\n", 2, false), "c.txt: a case with no reports (n = 0)");
}

// Found by fuzz/counts_fuzzer.cc: nlohmann-json's out_of_range for a number whose double
// overflows escaped as an internal error (exit 3).
TEST(CountsFile, JsonNumberOverflowIsAnInputError) {
  EXPECT_EQ(error_of("[1e400, 0]", 2, false),
            "c.txt: not valid JSON: the number 1e400 overflows a double");
  // Appended, not "[" + ...: GCC 12 warns -Wrestrict (a false positive) on that concatenation.
  std::string long_number = "[";
  long_number.append(100, '4').append("e4444, 0]");
  EXPECT_EQ(error_of(long_number, 2, false),
            "c.txt: not valid JSON: the number 4444444444444444444444444444444444444444... (105 "
            "characters) overflows a double");
}

// Found by properties/counts_file_property.cc: a UTF-8 BOM (Excel's "CSV UTF-8") made a count
// file unreadable, and hid a JSON file from the JSON reader; it is skipped as in matrix files.
TEST(CountsFile, AByteOrderMarkIsSkippedInBothFormats) {
  const std::vector<CountsCase> lines = parse_counts(
      "\xEF\xBB\xBF"
      "3\r\n4\r\n",
      "c", 2, false);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].counts, (std::vector<std::uint64_t>{3, 4}));
  const std::vector<CountsCase> json =
      parse_counts("\xEF\xBB\xBF\r\n{\"n\": 5, \"ones\": [1, 5]}", "c", 2, true);
  ASSERT_EQ(json.size(), 1u);
  EXPECT_EQ(json[0].n, 5u);
}

// Found by properties/counts_file_property.cc: with symbols, a line n=N was read and then replaced
// by the sum of the counts without a word, and a second n=N line replaced the first.
TEST(CountsFile, AnNContradictingTheCountsOrAnotherNIsRefused) {
  EXPECT_EQ(error_of("1\n n=4\n2\n", 2, false), "c.txt:2:2: n = 4, but the counts sum to 3");
  EXPECT_EQ(parse_counts("1\n# counts n=3\n2\n", "c", 2, false)[0].n, 3u);
  EXPECT_EQ(error_of("n=5\n1\n2\nn=6\n", 2, true), "c.txt:4:1: n = 6, but line 1 gives n = 5");
  EXPECT_EQ(parse_counts("n=5\n1\n2\n# counts n=5\n", "c", 2, true)[0].n, 5u);
}

// Seen reading the reader for properties/counts_file_property.cc: a sum of counts past 2^64 - 1
// wrapped around to a small n.
TEST(CountsFile, CountsSummingPast64BitsAreRefused) {
  EXPECT_EQ(error_of("18446744073709551615\n2\n", 2, false), "c.txt: the counts sum past 2^64 - 1");
  EXPECT_EQ(error_of("[18446744073709551615, 2]", 2, false), "c.txt: the counts sum past 2^64 - 1");
}

}  // namespace
}  // namespace uldp

namespace uldp {
namespace {

// Issue "Nothing lost, nothing unbounded": a key given twice was taken last-wins (n = 5 and then
// n = 10 read as 10); readers differ on which counts, so the file is refused naming the key. The
// same holds for their estimates (io/estimates_file.h) and golden vectors.
TEST(CountsFile, AKeyGivenTwiceIsRefused) {
  try {
    parse_counts(R"({"n": 5, "ones": [1, 2], "n": 10})", "c.json", 2, true);
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "c.json: not valid JSON: the key \"n\" appears twice in the top-level object "
                 "(readers differ on which one counts)");
  }
  EXPECT_THROW(parse_estimates_json(R"({"cases": [{"id": "a", "emp": [1], "emp": [0]}]})", "t"),
               InputError);
  EXPECT_EQ(parse_counts(R"({"n": 5, "ones": [1, 2]})", "c.json", 2, true).front().n, 5u);
  // Inside a list of cases the object is not the document's top level.
  try {
    parse_counts(R"([{"n": 5, "ones": [1, 2], "n": 6}])", "c.json", 2, true);
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("appears twice in an object"), std::string::npos)
        << e.what();
  }
}

// The header in any case and spacing gives n; a near miss is refused, not skipped.
TEST(CountsFile, TheCountsHeaderInAnyCase) {
  EXPECT_EQ(parse_counts("#Counts n=10\n5\n2\n3\n", "c", 3, true)[0].n, 10u);
  EXPECT_EQ(parse_counts("# COUNTS n=4\n1\n3\n", "c", 2, true)[0].n, 4u);
  EXPECT_THROW(parse_counts("# count n=10\n5\n2\n3\n", "c", 3, true), InputError);
  EXPECT_EQ(parse_counts("# counted by hand\n1\n3\n", "c", 2, false)[0].n, 4u);
  // Issue 53: "# counts: n=10" was a comment, so n was missing; it is the header.
  EXPECT_EQ(parse_counts("# counts: n=10\n5\n2\n3\n", "c", 3, true)[0].n, 10u);
  EXPECT_THROW(parse_counts("# count: n=10\n5\n2\n3\n", "c", 3, true), InputError);
}

// Lone-CR line ends are line ends (they read as one line "1\r3" before).
TEST(CountsFile, LoneCarriageReturnsEndLines) {
  EXPECT_EQ(parse_counts("# counts n=10\r5\r2\r3\r", "c", 3, true)[0].counts,
            (std::vector<std::uint64_t>{5, 2, 3}));
  EXPECT_EQ(parse_counts("1\r3", "c", 2, false)[0].n, 4u);
}

}  // namespace
}  // namespace uldp
