#include "uldp/arithmetic/rational.h"

#include <gtest/gtest.h>

#include "uldp/error.h"

namespace uldp {
namespace {

TEST(ParseRational, AcceptsFractionsDecimalsAndScientificNotationExactly) {
  EXPECT_EQ(parse_rational("3/7"), Rational(3, 7));
  EXPECT_EQ(parse_rational("-3/7"), Rational(-3, 7));
  EXPECT_EQ(parse_rational("6/14"), Rational(3, 7));
  EXPECT_EQ(parse_rational("0.25"), Rational(1, 4));
  EXPECT_EQ(parse_rational("0.1"), Rational(1, 10));  // exactly 1/10, not the double
  EXPECT_EQ(parse_rational(".5"), Rational(1, 2));
  EXPECT_EQ(parse_rational("2."), Rational(2));
  EXPECT_EQ(parse_rational("1e-3"), Rational(1, 1000));
  EXPECT_EQ(parse_rational("2.5E+2"), Rational(250));
  EXPECT_EQ(parse_rational("+7"), Rational(7));
  EXPECT_EQ(parse_rational("03/07"), Rational(3, 7));  // leading zeros are decimal, not octal
  EXPECT_EQ(parse_rational("0.09"), Rational(9, 100));
}

TEST(ParseRational, HexFloatsAreTheExactBinaryValue) {
  EXPECT_EQ(parse_rational("0x1.8p-2"), Rational(3, 8));
  EXPECT_EQ(parse_rational("-0X1P+3"), Rational(-8));
  EXPECT_EQ(parse_rational("0x10"), Rational(16));
  EXPECT_EQ(parse_rational("0x.8"), Rational(1, 2));
  EXPECT_EQ(parse_rational("0x1.5bf0a8b145769p+1"), from_double(2.718281828459045));
  EXPECT_EQ(parse_rational("0x1p-1074"), from_double(4.9406564584124654e-324));
}

TEST(ParseRational, LongTextIsRefusedAndQuotedShort) {
  const std::string digits(1'000'000, '7');
  try {
    parse_rational(digits, "entry");
    ADD_FAILURE() << "accepted a million digits";
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()),
              "entry: '7777777777777777777777777777777777777777... (1000000 characters)' is not a "
              "number of at most 10000 characters");
  }
  EXPECT_EQ(parse_rational(std::string(10000, '1')), Rational(Integer(std::string(10000, '1'))));
}

// Found by fuzz_numbers: a line break in the text broke the one-line message.
TEST(ParseRational, ControlCharactersAreQuotedAsHex) {
  try {
    parse_rational(std::string("\n\0\x7f", 3) + "0", "--exp-eps");
    ADD_FAILURE() << "accepted control characters";
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()), "--exp-eps: '\\x0a\\x00\\x7f0' is not a number");
  }
  EXPECT_EQ(message_excerpt("a\tb"), "a\\x09b");
}

TEST(ParseRational, RejectsEverythingElseNamingTheArgument) {
  for (const char* bad :
       {"",           "1/0",  "nan",  "inf",   "1/",         "/2",    "1.2.3",
        "1e",         "e5",   "0x",   "0x1.g", "0x1p",       "0x.p1", "0x1p99999999",
        "0x1p500000", "1 /2", "3/-7", "--1",   "1e99999999", "."}) {
    try {
      parse_rational(bad, "--eps");
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const InvalidArgument& e) {
      EXPECT_NE(std::string(e.what()).find("--eps"), std::string::npos) << e.what();
    }
  }
}

TEST(RationalText, CanonicalAndDecimalForms) {
  EXPECT_EQ(to_string(Rational(6, 4)), "3/2");
  EXPECT_EQ(to_string(Rational(5)), "5");
  EXPECT_EQ(to_decimal(Rational(1, 3), 5), "0.33333");
  EXPECT_EQ(to_decimal(Rational(2, 3), 3), "0.667");
  EXPECT_EQ(to_decimal(Rational(12345), 3), "12300");
  EXPECT_EQ(to_decimal(Rational(-1, 8), 10), "-0.125");
  EXPECT_EQ(to_decimal(Rational(1, 1000), 2), "0.001");
}

TEST(RationalConversions, DoublesAreTheirExactBinaryValue) {
  EXPECT_EQ(from_double(0.1), Rational(Integer("3602879701896397"), Integer("36028797018963968")));
  EXPECT_EQ(from_double(0.5), Rational(1, 2));
  EXPECT_DOUBLE_EQ(to_double(Rational(1, 3)), 1.0 / 3.0);
  EXPECT_THROW(from_double(std::numeric_limits<double>::infinity()), InvalidArgument);
}

TEST(DyadicRounding, BracketsTheValue) {
  const Rational third(1, 3);
  const Rational down = round_down_dyadic(third, 10), up = round_up_dyadic(third, 10);
  EXPECT_LT(down, third);
  EXPECT_GT(up, third);
  EXPECT_EQ(up - down, Rational(1, 1024));
  EXPECT_EQ(round_down_dyadic(Rational(3, 4), 2), Rational(3, 4));
  EXPECT_EQ(round_up_dyadic(Rational(-1, 3), 1), Rational(0));
}

}  // namespace
}  // namespace uldp
