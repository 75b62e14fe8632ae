#include "uldp/arithmetic/unsigned_integer.h"

#include <gtest/gtest.h>

#include "uldp/error.h"

namespace uldp {
namespace {

std::string refusal(std::string_view text, std::uint64_t min, std::uint64_t max) {
  try {
    parse_unsigned(text, min, max, "--n");
  } catch (const InvalidArgument& e) {
    return e.what();
  }
  return "accepted";
}

TEST(ParseUnsigned, ReadsDecimalDigitsOverTheWholeRange) {
  EXPECT_EQ(parse_unsigned("0", 0, kMaxUnsigned, "--seed"), 0u);
  EXPECT_EQ(parse_unsigned("18446744073709551615", 0, kMaxUnsigned, "--seed"), kMaxUnsigned);
  EXPECT_EQ(parse_unsigned("010", 0, 100, "--n"), 10u);  // decimal, not octal
  EXPECT_EQ(parse_unsigned("7", 7, 7, "--n"), 7u);
}

TEST(ParseUnsigned, RefusesNegativesOverflowAndJunkInsteadOfWrapping) {
  const std::string range = " is not an integer from 0 to 18446744073709551615";
  EXPECT_EQ(refusal("-1", 0, kMaxUnsigned), "--n: '-1'" + range);
  EXPECT_EQ(refusal("18446744073709551616", 0, kMaxUnsigned),
            "--n: '18446744073709551616'" + range);
  EXPECT_EQ(refusal("99999999999999999999", 0, kMaxUnsigned),
            "--n: '99999999999999999999'" + range);
  EXPECT_EQ(refusal("", 0, kMaxUnsigned), "--n: ''" + range);
  for (const char* bad : {"+1", " 1", "1 ", "0x10", "1e3", "1.0", "1,2", "nan", "inf"})
    EXPECT_EQ(refusal(bad, 0, kMaxUnsigned), "--n: '" + std::string(bad) + "'" + range) << bad;
}

TEST(ParseUnsigned, RefusesValuesOutsideTheirRange) {
  EXPECT_EQ(refusal("0", 1, 10), "--n: '0' is not an integer from 1 to 10");
  EXPECT_EQ(refusal("11", 1, 10), "--n: '11' is not an integer from 1 to 10");
}

TEST(ParseUnsigned, LongTextIsQuotedCut) {
  EXPECT_EQ(
      refusal(std::string(100000, '9'), 0, 10),
      "--n: '" + std::string(40, '9') + "... (100000 characters)' is not an integer from 0 to 10");
}

}  // namespace
}  // namespace uldp
