// Sample files of `uldp conform samples` (tally_samples): accepted layouts and one-line errors.
// The CLI tests (tests/cli/conform_cli_test.cc) run whole conformance tests on such files.
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "uldp/error.h"
#include "uldp/estimate/conformance.h"
#include "uldp/testing/generated_stream.h"
#include "uldp/testing/sample_dialects.h"

namespace uldp::estimate {
namespace {

SampleTallies tally(const std::string& text, const char* mechanism, std::size_t k) {
  const testing::SampleReference r = testing::sample_reference(mechanism, k);
  std::istringstream in(text);
  return tally_samples(in, "s.txt", r.model, r.scope);
}

std::string error_of(const std::string& text, const char* mechanism, std::size_t k) {
  try {
    tally(text, mechanism, k);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

// A UTF-8 BOM (Excel's "CSV UTF-8") made the first line unreadable ("expected input index, found
// '\xEF\xBB\xBF0'"); properties/sample_file_property.cc writes one, and it is skipped as in matrix
// files.
TEST(SampleFile, AByteOrderMarkIsSkippedAndCrlfIsALineEnd) {
  const SampleTallies symbols = tally(
      "\xEF\xBB\xBF"
      "0,1\r\n2 , 2\r\n",
      "rr", 3);
  EXPECT_EQ(symbols.n, 2u);
  EXPECT_EQ(symbols.per_input, (std::vector<std::uint64_t>{1, 0, 1}));
  EXPECT_EQ(symbols.symbol_counts[0].at(1), 1u);
  const SampleTallies bits = tally("\xEF\xBB\xBF# x,y\r\n1,011\r\n", "rappor", 3);
  EXPECT_EQ(bits.n, 1u);
  EXPECT_EQ(bits.ones, (std::vector<std::uint64_t>{0, 0, 0, 0, 1, 1, 0, 0, 0}));
  EXPECT_EQ(error_of("0,1\n\xEF\xBB\xBF"
                     "1,1\n",
                     "rr", 3),
            "s.txt:2:1: expected input index, found '\xEF\xBB\xBF"
            "1'");
}

TEST(SampleFile, MalformedLinesNameFileLineAndColumn) {
  EXPECT_EQ(
      error_of("0,1\n3,1\n", "rr", 3),
      "s.txt:2:1: input 3 is outside 0..2 (inputs are 0-based; is the file numbered from 1?)");
  EXPECT_EQ(error_of("0,1\n4,1\n", "rr", 3), "s.txt:2:1: input 4 is outside 0..2");
  EXPECT_EQ(error_of("0 1\n", "rr", 3), "s.txt:1:1: expected 'x,y' (input index, output)");
  EXPECT_EQ(error_of("0,\n", "rr", 3), "s.txt:1:3: expected output index, found ''");
  EXPECT_EQ(error_of("0,01\n", "rappor", 3),
            "s.txt:1:3: expected a string of k = 3 characters 0/1");
  EXPECT_EQ(error_of("# none\n", "rr", 3), "s.txt: no samples");
}

SampleTallies tally_in_blocks(const std::string& text, const char* mechanism, std::size_t k,
                              std::size_t block, const OutputSyntax& syntax = {}) {
  const testing::SampleReference r = testing::sample_reference(mechanism, k);
  std::istringstream in(text);
  return tally_samples(in, "s.txt", r.model, r.scope, syntax, block);
}

void expect_same_tallies(const SampleTallies& a, const SampleTallies& b) {
  EXPECT_EQ(a.n, b.n);
  EXPECT_EQ(a.per_input, b.per_input);
  EXPECT_EQ(a.symbol_counts, b.symbol_counts);
  EXPECT_EQ(a.ones, b.ones);
  EXPECT_EQ(a.protected_ones, b.protected_ones);
  EXPECT_EQ(a.in_protected, b.in_protected);
  EXPECT_EQ(a.both_ones, b.both_ones);
  EXPECT_EQ(a.impossible, b.impossible);
  EXPECT_EQ(a.first_impossible_line, b.first_impossible_line);
  EXPECT_EQ(a.first_impossible, b.first_impossible);
}

// Issue 53: a CSV-quoted bit string ("0110", as a spreadsheet quotes text) was refused as no
// string of k characters 0/1, though the help promises "CSV-quoted or not". It tallies as the
// unquoted one; a quoted string that is no bit string says the quotes were looked inside.
TEST(SampleFile, QuotedBitStringsTallyAsUnquotedOnes) {
  expect_same_tallies(tally("1,\"0110\"\n0, \"1001\" \n", "urap", 4),
                      tally("1,0110\n0,1001\n", "urap", 4));
  EXPECT_EQ(error_of("0,\"01\"\n", "rappor", 3),
            "s.txt:1:3: expected a string of k = 3 characters 0/1 (inside the quotes)");
  EXPECT_EQ(error_of("0,\"011\n", "rappor", 3),
            "s.txt:1:3: expected a string of k = 3 characters 0/1");
}

// The reader streams in blocks: a line cut by a block boundary anywhere (a BOM, blanks, a CRLF,
// a label, a bit string, the last line without a line break) tallies as in one piece.
TEST(SampleFile, LinesSplitAcrossBlocksTallyWhole) {
  const std::string symbols = "\xEF\xBB\xBF# x,y\r\n0,1\r\n 2 , 2\n\n11,10\r\n3,\"4\"\n10,11";
  const std::string bits = "\xEF\xBB\xBF# x,y\r\n1,0110\r\n 3 , 1001 \n2,0010\n0,1111";
  OutputSyntax labels;  // urr's outputs as `uldp mechanism --format csv` lists them
  for (int y = 0; y < 12; ++y) labels.labels.push_back(std::to_string(y));
  const SampleTallies s = tally_in_blocks(symbols, "urr", 12, kReadBlock, labels);
  const SampleTallies b = tally(bits, "urap", 4);
  EXPECT_EQ(s.n, 5u);
  EXPECT_EQ(b.n, 4u);
  for (std::size_t block = 1; block <= 11; ++block) {
    SCOPED_TRACE(block);
    expect_same_tallies(tally_in_blocks(symbols, "urr", 12, block, labels), s);
    expect_same_tallies(tally_in_blocks(bits, "urap", 4, block), b);
  }
}

// The plain lines the reader takes without a copy tally as the same samples written with blanks
// and quotes (which take the general path): impossible outputs and their first line included.
TEST(SampleFile, PlainAndBlankedLinesTallyAlike) {
  const std::string plain = "0,1\n5,5\n1,0\n7,2\n";  // urr(5): X_S = {0,1}; 7 -> 2 impossible
  const std::string blanked = " 0 ,1\n5\t,\"5\"\n1, 0 \n 7,2\r\n";
  OutputSyntax labels;
  for (int y = 0; y < 12; ++y) labels.labels.push_back(std::to_string(y));
  const SampleTallies a = tally_in_blocks(plain, "urr", 12, kReadBlock, labels);
  expect_same_tallies(a, tally_in_blocks(blanked, "urr", 12, kReadBlock, labels));
  EXPECT_EQ(a.impossible, 1u);
  EXPECT_EQ(a.first_impossible_line, 4u);
  EXPECT_EQ(a.first_impossible, "x = 7, y = 2");
  const std::string bits_plain = "0,1000\n3,0111\n", bits_blanked = "0 , 1000\n\t3,0111\t\n";
  expect_same_tallies(tally(bits_plain, "urap", 4), tally(bits_blanked, "urap", 4));
}

// One bad line deep in a large file, across many blocks, is named by its line and column.
TEST(SampleFile, ABadLineDeepInALargeFileIsNamed) {
  std::string text;
  for (int i = 0; i < 300000; ++i) {
    text += i == 199999 ? "1,x" : std::to_string(i % 3) + "," + std::to_string(i % 2);
    text += "\r\n";
  }
  for (std::size_t block : {std::size_t{5}, std::size_t{4096}, kReadBlock}) {
    try {
      tally_in_blocks(text, "rr", 3, block);
      ADD_FAILURE() << "no error";
    } catch (const InputError& e) {
      EXPECT_STREQ(e.what(), "s.txt:200000:3: expected output index, found 'x'");
    }
  }
  std::string bits;
  for (int i = 0; i < 100000; ++i) bits += i == 54320 ? "2,01a\n" : "2,011\n";
  EXPECT_EQ(error_of(bits, "rappor", 3),
            "s.txt:54321:3: expected a string of k = 3 characters 0/1");
}

// Samples tally as they stream: ten million lines (~40 MB of text, never held) in memory that does
// not grow with them.
TEST(SampleFile, MemoryDoesNotGrowWithTheLines) {
  const testing::SampleReference rr = testing::sample_reference("rr", 3);
  const std::uint64_t before = testing::peak_resident_bytes();
  testing::GeneratedLines lines(10'000'000, [](std::uint64_t i, std::string& line) {
    line += std::to_string(i % 3) + "," + std::to_string(i % 2);
  });
  std::istream in(&lines);
  const SampleTallies t = tally_samples(in, "gen", rr.model, rr.scope);
  EXPECT_EQ(t.n, 10'000'000u);
  EXPECT_EQ(t.symbol_counts[0].at(0) + t.symbol_counts[0].at(1), t.per_input[0]);
  const testing::SampleReference rappor = testing::sample_reference("rappor", 6);
  testing::GeneratedLines bits(2'000'000, [](std::uint64_t i, std::string& line) {
    line += std::to_string(i % 6) + (i % 2 ? ",011001" : ",100000");
  });
  std::istream bits_in(&bits);
  const SampleTallies b = tally_samples(bits_in, "gen", rappor.model, rappor.scope);
  EXPECT_EQ(b.n, 2'000'000u);
  EXPECT_GT(lines.bytes() + bits.bytes(), 50'000'000u);
  EXPECT_LT(testing::peak_resident_bytes() - before, 24u << 20);
}

}  // namespace
}  // namespace uldp::estimate

namespace uldp::estimate {
namespace {

// Samples held as integer columns (Python's numpy arrays) tally exactly as their "x,y" lines, with
// and without labels and with impossible samples (counted at the same line); a sample the columns
// cannot name is left to the lines, which give its error.
TEST(SampleColumns, TallyAsTheirLines) {
  const testing::SampleReference urr = testing::sample_reference("urr", 5);
  std::vector<std::int64_t> x, y;
  std::string text;
  for (std::int64_t i = 0; i < 400; ++i) {
    x.push_back(i % 5);
    // uRR with X_S = {0, 1}: x reports 0, 1 or (outside X_S) itself; samples 8 and 13 (x = 3)
    // report 4 and are impossible.
    const std::int64_t pick = (i / 5) % 3;
    y.push_back(pick < 2 ? pick : (i % 5 < 2 ? 0 : i % 5));
    if (i == 8 || i == 13) y.back() = 4;
    text += std::to_string(x.back()) + "," + std::to_string(y.back()) + "\n";
  }
  OutputSyntax labels;  // the index labels urr's outputs have
  for (int label = 0; label < 5; ++label) labels.labels.push_back(std::to_string(label));
  for (const OutputSyntax& syntax : {OutputSyntax{}, labels}) {
    std::istringstream in(text);
    const SampleTallies lines = tally_samples(in, "samples", urr.model, urr.scope, syntax);
    const std::optional<SampleTallies> columns = tally_symbol_columns(x, y, urr.model, syntax);
    ASSERT_TRUE(columns.has_value());
    expect_same_tallies(*columns, lines);
    EXPECT_EQ(columns->impossible, 2u);
    EXPECT_EQ(columns->output_labels, lines.output_labels);
  }
  y[3] = 5;  // no output of uRR over 5 symbols
  EXPECT_FALSE(tally_symbol_columns(x, y, urr.model).has_value());
  y[3] = 0;
  x[9] = -1;
  EXPECT_FALSE(tally_symbol_columns(x, y, urr.model).has_value());
  x[9] = 4;
  OutputSyntax other;  // labels that are not integers name no integer output
  for (const char* label : {"a", "b", "c", "d", "e"}) other.labels.push_back(label);
  EXPECT_FALSE(tally_symbol_columns(x, y, urr.model, other).has_value());
}

}  // namespace
}  // namespace uldp::estimate
