#include "uldp/arithmetic/binary64.h"

#include <gtest/gtest.h>

#include <bit>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace uldp {
namespace {

std::uint64_t bits_of(double d) { return std::bit_cast<std::uint64_t>(d); }

// Doubles worth checking by name, and many random patterns (all exponents, subnormals included).
std::vector<double> sample_doubles() {
  std::vector<double> values = {0.0,
                                1.0,
                                0.1,
                                0.5,
                                0.9,
                                1.0 / 3,
                                1e-300,
                                1e-320,  // subnormal
                                std::ldexp(1.0, -1074),
                                std::nextafter(DBL_MIN, 0.0),  // largest subnormal
                                DBL_MIN,
                                DBL_MAX,
                                std::ldexp(1.0, 60),
                                9007199254740993.0,  // 2^53 + 1 rounds to 2^53
                                std::nextafter(1.0, 0.0),
                                0.00024401110350637305};
  std::mt19937_64 random(21);
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t bits = random() & ~(std::uint64_t{1} << 63);
    if (is_nonnegative_finite_binary64(bits)) values.push_back(std::bit_cast<double>(bits));
  }
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int i = 0; i < 20000; ++i) values.push_back(unit(random));
  return values;
}

TEST(Binary64, ValueIsTheExactValueOfTheDouble) {
  for (double d : sample_doubles()) {
    ASSERT_EQ(binary64_value(bits_of(d)), from_double(d)) << d;
  }
}

TEST(Binary64, BitsOfARationalRoundTrip) {
  for (double d : sample_doubles()) {
    const auto bits = binary64_bits(from_double(d));
    ASSERT_TRUE(bits) << d;
    ASSERT_EQ(*bits, bits_of(d)) << d;
  }
  EXPECT_EQ(binary64_bits(Rational(0)), 0u);
  EXPECT_EQ(binary64_bits(Rational(1)), kBinary64One);
  EXPECT_EQ(binary64_bits(Rational(3, 8)), bits_of(0.375));
  // Not binary64 values: not dyadic, too many bits, too fine, too large, negative.
  EXPECT_FALSE(binary64_bits(Rational(1, 3)));
  EXPECT_FALSE(binary64_bits(Rational((Integer(1) << 53) + 1)));
  EXPECT_FALSE(binary64_bits(Rational(Integer(1), Integer(1) << 1075)));
  EXPECT_FALSE(binary64_bits(Rational(Integer(1) << 1024)));
  EXPECT_FALSE(binary64_bits(Rational(-1, 2)));
  EXPECT_EQ(binary64_bits(Rational(Integer(1) << 1023)), bits_of(std::ldexp(1.0, 1023)));
}

// The texts a program prints: shortest round trip (repr), 17 significant digits, and others.
std::vector<std::string> sample_texts() {
  std::vector<std::string> texts = {"0",
                                    "0.0",
                                    "1",
                                    "1.0",
                                    "0.1",
                                    "000.5",
                                    ".5",
                                    "5.",
                                    "1E-5",
                                    "1e-300",
                                    "1e+0",
                                    "4.9406564584124654e-324",
                                    "2.4703282292062328e-324",  // just above half the least
                                    "2.2250738585072011e-308",
                                    "0.30000000000000004",
                                    "0.299999999999999988897769753748434595763683319091796875",
                                    "9007199254740993",
                                    "1.7976931348623157e308",
                                    "0.00000000000000000000000000000000000000000001"};
  char buffer[64];
  for (double d : sample_doubles()) {
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, d);
    texts.emplace_back(buffer, end);
    std::snprintf(buffer, sizeof buffer, "%.17g", d);
    texts.emplace_back(buffer);
  }
  return texts;
}

TEST(Binary64, PlainDecimalIsTheNearestDoubleAsStrtodReadsIt) {
  for (const std::string& text : sample_texts()) {
    const auto bits = parse_plain_decimal_binary64(text);
    ASSERT_TRUE(bits) << text;
    ASSERT_EQ(*bits, bits_of(std::strtod(text.c_str(), nullptr))) << text;
    // The same rational as the general --binary64 reading (parse_rational accepts the text).
    ASSERT_NO_THROW(parse_rational(text)) << text;
    ASSERT_EQ(binary64_value(*bits), from_double(std::strtod(text.c_str(), nullptr))) << text;
  }
}

TEST(Binary64, OtherTextIsLeftToTheGeneralReading) {
  for (const char* text : {"", "-0.5", "+0.5", "-0", "1e", "e5", ".", "1e99999", "1e400", "1e-400",
                           "0x1p-1", "1/2", "nan", "inf", " 0.5", "0.5 ", "1,5", "1e+", "1.2.3"}) {
    EXPECT_FALSE(parse_plain_decimal_binary64(text)) << text;
  }
  EXPECT_FALSE(parse_plain_decimal_binary64(std::string(201, '1')));
}

TEST(Binary64, SumIsExact) {
  std::mt19937_64 random(7);
  const std::vector<double> values = sample_doubles();
  for (int trial = 0; trial < 200; ++trial) {
    Binary64Sum sum;
    Rational exact(0);
    for (int i = 0; i < 50; ++i) {
      const double d = values[random() % values.size()];
      sum.add(bits_of(d));
      exact += from_double(d);
    }
    ASSERT_EQ(sum.value(), exact);
  }
  Binary64Sum none;
  EXPECT_EQ(none.value(), Rational(0));
  Binary64Sum carries;  // every word's carry into the next
  for (int i = 0; i < 4096; ++i) carries.add(bits_of(DBL_MAX));
  EXPECT_EQ(carries.value(), from_double(DBL_MAX) * 4096);
}

}  // namespace
}  // namespace uldp
