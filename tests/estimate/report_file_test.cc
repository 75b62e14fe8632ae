// Report files: every accepted form, and one-line FILE:LINE:COL errors for malformed lines.
#include "uldp/estimate/report_file.h"

#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "uldp/error.h"
#include "uldp/estimate/line_reader.h"
#include "uldp/testing/generated_stream.h"

namespace uldp::estimate {
namespace {

ReportData read(const std::string& text, std::size_t k, bool bits) {
  std::istringstream in(text);
  return read_reports(in, "r.txt", k, bits);
}

std::string error_of(const std::string& text, std::size_t k, bool bits) {
  try {
    read(text, k, bits);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(ReportFile, SymbolsPerLine) {
  const ReportData d = read("# a comment\n0\n 2 \n\n2\r\n", 3, false);
  EXPECT_TRUE(d.per_report);
  EXPECT_EQ(d.n, 3u);
  EXPECT_EQ(d.symbol_counts, (std::vector<std::uint64_t>{1, 0, 2}));
}

TEST(ReportFile, SymbolCounts) {
  const ReportData d = read("# counts\n5\n0\n7\n", 3, false);
  EXPECT_FALSE(d.per_report);
  EXPECT_EQ(d.n, 12u);
  EXPECT_EQ(d.symbol_counts, (std::vector<std::uint64_t>{5, 0, 7}));
}

// The counts header in any case and spacing is the header, not a comment that would make the
// counts read as reports (5 reports of symbol 0... instead of 5 of symbol 0); a near miss is
// refused by its line.
TEST(ReportFile, TheCountsHeaderInAnyCaseAndANearMissRefused) {
  for (const char* header : {"# counts", "#counts", "# Counts", "#  COUNTS  ", "\t# counts\r"}) {
    const ReportData d = read(std::string(header) + "\n5\n0\n7\n", 3, false);
    EXPECT_FALSE(d.per_report) << header;
    EXPECT_EQ(d.symbol_counts, (std::vector<std::uint64_t>{5, 0, 7})) << header;
  }
  const ReportData bits = read("#Counts n=10\n1\n2\n3\n10\n", 4, true);
  EXPECT_EQ(bits.bit_counts.n, 10u);
  EXPECT_EQ(error_of("# count\n5\n0\n7\n", 3, false),
            "r.txt:1:1: '# count' is not the counts header '# counts' (a comment otherwise)");
  EXPECT_EQ(error_of("# Counts n=x\n1\n", 1, true).substr(0, 9), "r.txt:1:1");
  // Comments that merely mention counts stay comments.
  EXPECT_TRUE(read("# counted by hand\n# count of reports below\n0\n", 3, false).per_report);
  EXPECT_EQ(error_of("# counts extra\n5\n", 1, false),
            "r.txt:1:10: unexpected text after '# counts': 'extra'");
}

// Issue 53: "# counts:" (a colon after the word, as "# header: yes" is written) was a comment, so
// the counts below it were read as 12 reports of symbols 5, 0 and 7. It is the header; "# count:"
// is a near miss, refused.
TEST(ReportFile, TheCountsHeaderWithAColonIsTheHeader) {
  for (const char* header : {"# counts:", "#counts:", "# Counts:  "}) {
    const ReportData d = read(std::string(header) + "\n5\n0\n7\n", 3, false);
    EXPECT_FALSE(d.per_report) << header;
    EXPECT_EQ(d.symbol_counts, (std::vector<std::uint64_t>{5, 0, 7})) << header;
  }
  EXPECT_EQ(read("# counts: n=10\n1\n2\n3\n10\n", 4, true).bit_counts.n, 10u);
  EXPECT_EQ(error_of("# count:\n5\n0\n7\n", 3, false),
            "r.txt:1:1: '# count:' is not the counts header '# counts' (a comment otherwise)");
  EXPECT_EQ(error_of("# counts: by hand\n5\n", 1, false),
            "r.txt:1:11: unexpected text after '# counts': 'by hand'");
  EXPECT_TRUE(read("# counts:x\n0\n", 3, false).per_report);  // no header: a comment
}

// Issue 53: a CSV-quoted report ("0110", "2") read as a bit string of length 6 or as no symbol
// index; the quotes are no part of it, as around a label.
TEST(ReportFile, QuotedReportsReadAsTheirContent) {
  const ReportData bits = read("\"0110\"\n\"1000\"\n", 4, true);
  EXPECT_EQ(bits.bit_counts.ones, (std::vector<std::uint64_t>{1, 1, 1, 0}));
  const ReportData symbols = read("\"2\"\n0\n", 3, false);
  EXPECT_EQ(symbols.symbol_counts, (std::vector<std::uint64_t>{1, 0, 1}));
  EXPECT_EQ(error_of("\"01\"\n", 4, true),
            "r.txt:1:2: expected a bit string of length k = 4, found length 2");
  EXPECT_EQ(error_of("\"0210\"\n", 4, true), "r.txt:1:3: expected '0' or '1', found '2'");
}

TEST(ReportFile, BitStringsAndBitCounts) {
  const ReportData d = read("0110\n1000\n", 4, true);
  EXPECT_TRUE(d.per_report);
  EXPECT_EQ(d.bit_reports.size(), 2u);
  EXPECT_EQ(d.bit_counts.n, 2u);
  EXPECT_EQ(d.bit_counts.ones, (std::vector<std::uint64_t>{1, 1, 1, 0}));
  const ReportData c = read("# counts n=10\n1\n2\n3\n10\n", 4, true);
  EXPECT_FALSE(c.per_report);
  EXPECT_EQ(c.bit_counts.n, 10u);
  EXPECT_EQ(c.bit_counts.ones[3], 10u);
}

TEST(ReportFile, RoundTripsThroughTheWriters) {
  BitReports reports(5);
  reports.add(std::vector<std::uint32_t>{0, 4});
  reports.add(std::vector<std::uint32_t>{});
  std::ostringstream out;
  write_bit_reports(out, reports);
  EXPECT_EQ(out.str(), "10001\n00000\n");
  const ReportData d = read(out.str(), 5, true);
  EXPECT_TRUE(d.bit_reports == reports);
  std::ostringstream packed;  // the writer reads either layout the same way
  write_bit_reports(packed, reports.in_layout(BitLayout::kPacked));
  EXPECT_EQ(packed.str(), out.str());
  std::ostringstream counts;
  write_symbol_counts(counts, {1, 2});
  EXPECT_EQ(read(counts.str(), 2, false).symbol_counts, (std::vector<std::uint64_t>{1, 2}));
}

TEST(ReportFile, MalformedLinesNameFileLineAndColumn) {
  EXPECT_EQ(error_of("0\n3\n", 3, false), "r.txt:2:1: symbol 3 is outside 0..2");
  EXPECT_EQ(error_of("0\n  x1\n", 3, false),
            "r.txt:2:3: expected a symbol index (a non-negative integer), found 'x1'");
  EXPECT_EQ(error_of("1\n-1\n", 3, false),
            "r.txt:2:1: expected a symbol index (a non-negative integer), found '-1'");
  EXPECT_EQ(error_of("99999999999999999999999\n", 3, false),
            "r.txt:1:1: a symbol index '99999999999999999999999' is too large");
  EXPECT_EQ(error_of("0110\n01a0\n", 4, true), "r.txt:2:3: expected '0' or '1', found 'a'");
  EXPECT_EQ(error_of("011\n", 4, true),
            "r.txt:1:1: expected a bit string of length k = 4, found length 3");
  EXPECT_EQ(error_of("# counts\n1\n2\n", 3, false),
            "r.txt:4:1: expected k = 3 count lines, found 2");
  EXPECT_EQ(error_of("# counts\n1\n2\n3\n4\n", 3, false), "r.txt:5:1: more than k = 3 count lines");
  EXPECT_EQ(error_of("# counts\n1\n", 4, true),
            "r.txt:1:9: bit-vector counts need the header '# counts n=N'");
  EXPECT_EQ(error_of("# counts n=3\n1\n4\n0\n0\n", 4, true),
            "r.txt:3:1: bit count 4 exceeds n = 3");
  EXPECT_EQ(error_of("\n# nothing\n", 4, true), "r.txt: no reports");
}

// Found by fuzz/reports_fuzzer.cc: the value was quoted in full, a line as long as the input.
TEST(ReportFile, LongValuesAreQuotedCut) {
  const std::string digits(100000, '7');
  EXPECT_EQ(error_of(digits + "\n", 3, false),
            "r.txt:1:1: a symbol index '7777777777777777777777777777777777777777... (100000 "
            "characters)' is too large");
  EXPECT_EQ(error_of("1\n" + digits + "x\n", 3, false),
            "r.txt:2:100001: expected a symbol index (a non-negative integer), found "
            "'7777777777777777777777777777777777777777... (100001 characters)'");
  EXPECT_EQ(error_of("# counts " + digits + "\n", 3, false),
            "r.txt:1:10: unexpected text after '# counts': "
            "'7777777777777777777777777777777777777777... (100000 characters)'");
}

// A UTF-8 BOM (Excel's "CSV UTF-8") made the first line unreadable ("found '\xEF\xBB\xBF#
// counts'"); properties/report_file_property.cc writes one, and it is skipped as in matrix files.
TEST(ReportFile, AByteOrderMarkIsSkippedAndCrlfIsALineEnd) {
  const ReportData counts = read("\xEF\xBB\xBF# counts\r\n3\r\n4\r\n", 2, false);
  EXPECT_FALSE(counts.per_report);
  EXPECT_EQ(counts.symbol_counts, (std::vector<std::uint64_t>{3, 4}));
  const ReportData reports = read(
      "\xEF\xBB\xBF"
      "011\r\n110\r\n",
      3, true);
  EXPECT_EQ(reports.n, 2u);
  EXPECT_EQ(reports.bit_counts.ones, (std::vector<std::uint64_t>{1, 2, 1}));
  EXPECT_EQ(error_of("0\n\xEF\xBB\xBF"
                     "1\n",
                     3, false),
            "r.txt:2:1: expected a symbol index (a non-negative integer), found '\xEF\xBB\xBF"
            "1'");
}

// Seen reading the reader for properties/report_file_property.cc: an empty n was "too large".
TEST(ReportFile, AnEmptyNIsNoInteger) {
  EXPECT_EQ(error_of("# counts n=\n1\n1\n", 2, true),
            "r.txt:1:12: expected the number of reports n (a non-negative integer), found ''");
}

ReportData read_in_blocks(const std::string& text, std::size_t k, bool bits, std::size_t block) {
  std::istringstream in(text);
  ReportReadOptions options;
  options.block = block;
  return read_reports(in, "r.txt", k, bits, {}, options);
}

// The reader streams in blocks: a line cut by a block boundary (a BOM, a CRLF, a count, a bit
// string cut anywhere, the last line without a line break) reads as in one piece.
TEST(ReportFile, LinesSplitAcrossBlocksReadWhole) {
  const std::string symbols = "\xEF\xBB\xBF# a comment\r\n12\r\n 3 \n\n0007\r\n11";
  const std::string bits = "\xEF\xBB\xBF# x\r\n0110\r\n  1000\t\n0001";
  const std::string counts = "# counts n=12\r\n1\n12\r\n 0 \n7";
  const ReportData s = read(symbols, 13, false), b = read(bits, 4, true), c = read(counts, 4, true);
  EXPECT_EQ(s.n, 4u);
  ASSERT_EQ(b.bit_reports.size(), 3u);
  EXPECT_EQ(b.bit_reports.report(0).to_vector(), (std::vector<std::uint32_t>{1, 2}));
  EXPECT_EQ(b.bit_reports.report(1).to_vector(), (std::vector<std::uint32_t>{0}));
  EXPECT_EQ(b.bit_reports.report(2).to_vector(), (std::vector<std::uint32_t>{3}));
  for (std::size_t block = 1; block <= 9; ++block) {
    SCOPED_TRACE(block);
    EXPECT_EQ(read_in_blocks(symbols, 13, false, block).symbol_counts, s.symbol_counts);
    const ReportData bb = read_in_blocks(bits, 4, true, block);
    EXPECT_TRUE(bb.bit_reports == b.bit_reports);
    EXPECT_EQ(bb.bit_counts.ones, b.bit_counts.ones);
    EXPECT_EQ(read_in_blocks(counts, 4, true, block).bit_counts.ones, c.bit_counts.ones);
  }
}

// One bad line deep in a large file, across many blocks, is named by its line and column.
TEST(ReportFile, ABadLineDeepInALargeFileIsNamed) {
  std::string text;
  for (int i = 0; i < 300000; ++i) text += std::to_string(i % 10) + "\n";
  text[2 * 250000] = 'x';  // line 250001: "x"
  for (std::size_t block : {std::size_t{7}, std::size_t{4096}, kReadBlock}) {
    try {
      read_in_blocks(text, 10, false, block);
      ADD_FAILURE() << "no error";
    } catch (const InputError& e) {
      EXPECT_STREQ(e.what(),
                   "r.txt:250001:1: expected a symbol index (a non-negative integer), found 'x'");
    }
  }
  std::string bits;
  for (int i = 0; i < 100000; ++i) bits += i == 77777 ? "01201\n" : "01101\n";
  try {
    read_in_blocks(bits, 5, true, 1000);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "r.txt:77778:3: expected '0' or '1', found '2'");
  }
}

// Symbol reports tally as they stream: twenty million lines (~40 MB of text, never held) read in
// memory that does not grow with them; so do bit-vector reports when only their counts are kept.
TEST(ReportFile, MemoryDoesNotGrowWithTheLines) {
  const std::uint64_t before = testing::peak_resident_bytes();
  testing::GeneratedLines symbols(20'000'000, [](std::uint64_t i, std::string& line) {
    line += static_cast<char>('0' + i % 7);
  });
  std::istream in(&symbols);
  const ReportData d = read_reports(in, "gen", 7, false);
  EXPECT_EQ(d.n, 20'000'000u);
  EXPECT_EQ(d.symbol_counts[6], 20'000'000u / 7);
  testing::GeneratedLines bits(2'000'000, [](std::uint64_t i, std::string& line) {
    line += (i % 2 ? "0110100111" : "1000000001");
  });
  std::istream bits_in(&bits);
  ReportReadOptions counts_only;
  counts_only.keep_bit_reports = false;
  const ReportData b = read_reports(bits_in, "gen", 10, true, {}, counts_only);
  EXPECT_EQ(b.n, 2'000'000u);
  EXPECT_EQ(b.bit_counts.n, 2'000'000u);
  EXPECT_EQ(b.bit_counts.ones[0], 1'000'000u);
  EXPECT_EQ(b.bit_counts.ones[9], 2'000'000u);
  EXPECT_EQ(b.bit_reports.size(), 0u);
  EXPECT_GT(symbols.bytes() + bits.bytes(), 60'000'000u);
  EXPECT_LT(testing::peak_resident_bytes() - before, 24u << 20);
}

// Kept bit-vector reports cost their compact form (the set bits), not their text.
TEST(ReportFile, KeptBitReportsAreTheSetBits) {
  testing::GeneratedLines bits(100000, [](std::uint64_t i, std::string& line) {
    line += std::string(200, '0');
    line[line.size() - 1 - i % 200] = '1';
  });
  std::istream in(&bits);
  const ReportData b = read_reports(in, "gen", 200, true);
  EXPECT_EQ(b.bit_reports.size(), 100000u);
  EXPECT_EQ(b.bit_reports.total_set_bits(), 100000u);
  EXPECT_EQ(b.bit_reports.report(3).to_vector(), (std::vector<std::uint32_t>{196}));
}

// Reports are read packed and kept in the smaller layout for the density read, decided after
// the first 1024 reports too: a sparse file is never held packed beyond them.
TEST(ReportFile, KeepsBitReportsInTheSmallerLayout) {
  const std::size_t k = 1000;
  std::string sparse, dense;
  for (std::size_t i = 0; i < 3000; ++i) {
    std::string line(k, '0');
    line[i % k] = '1';
    sparse += line + "\n";
    for (std::size_t j = 0; j < k; j += 3) line[j] = '1';
    dense += line + "\n";
  }
  const ReportData s = read(sparse, k, true), d = read(dense, k, true);
  EXPECT_EQ(s.bit_reports.layout(), BitLayout::kSetBits);
  EXPECT_EQ(d.bit_reports.layout(), BitLayout::kPacked);
  ASSERT_EQ(s.bit_reports.size(), 3000u);
  EXPECT_EQ(s.bit_reports.report(2999).to_vector(), (std::vector<std::uint32_t>{2999 % 1000}));
  EXPECT_EQ(d.bit_reports.report(0).size(), 334u);
  EXPECT_EQ(bit_counts(s.bit_reports).ones, s.bit_counts.ones);
  EXPECT_EQ(bit_counts(d.bit_reports).ones, d.bit_counts.ones);
}

}  // namespace
}  // namespace uldp::estimate
