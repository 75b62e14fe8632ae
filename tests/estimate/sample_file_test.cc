// Sample files of `uldp conform samples` (tally_samples): accepted layouts and one-line errors.
// The CLI tests (tests/cli/conform_cli_test.cc) run whole conformance tests on such files.
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "uldp/error.h"
#include "uldp/estimate/conformance.h"
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

}  // namespace
}  // namespace uldp::estimate
