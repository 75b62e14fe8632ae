#include "uldp/losses/interval.h"

#include <gtest/gtest.h>

#include "uldp/error.h"

namespace uldp {
namespace {

// pi to 60 decimals (OEIS A000796).
constexpr const char* kPiDigits = "3.141592653589793238462643383279502884197169399375105820974944";

TEST(SqrtBounds, ExactForDyadicSquares) {
  EXPECT_TRUE(sqrt_bounds(Rational(9, 4), 10).is_exact());
  EXPECT_EQ(sqrt_bounds(Rational(9, 4), 10).lower, Rational(3, 2));
  EXPECT_EQ(sqrt_bounds(Rational(0), 10).upper, 0);
}

TEST(SqrtBounds, BracketsIrrationalRootsTightly) {
  for (unsigned bits : {8u, 64u, 200u}) {
    const Interval r = sqrt_bounds(Rational(2), bits);
    EXPECT_LT(r.lower * r.lower, 2);
    EXPECT_GT(r.upper * r.upper, 2);
    EXPECT_LE(r.width(), Rational(Integer(1), Integer(1) << bits));
  }
  const Interval third = sqrt_bounds(Rational(1, 3), 100);
  EXPECT_LT(third.lower * third.lower, Rational(1, 3));
  EXPECT_GT(third.upper * third.upper, Rational(1, 3));
}

TEST(SqrtBounds, RejectsNegative) { EXPECT_THROW(sqrt_bounds(Rational(-1), 10), InvalidArgument); }

TEST(PiBounds, ContainsPiAndCertifiesItsDigits) {
  const Interval pi = pi_bounds(200);
  EXPECT_LE(pi.width(), Rational(Integer(1), Integer(1) << 200));
  // 355/113 exceeds pi; 3.14159265358979 is below it.
  EXPECT_LT(pi.upper, Rational(355, 113));
  EXPECT_GT(pi.lower, Rational(314159265358979, 100000000000000));
  const std::string digits = certified_decimal(pi, 55);
  EXPECT_EQ(digits, std::string(kPiDigits).substr(0, digits.size()));
  EXPECT_GE(digits.size(), 50u);
}

TEST(SqrtTwoOverNPi, MatchesKnownValue) {
  // sqrt(2/pi) = 0.7978845608028653558798921198687637369517...
  const Interval f = sqrt_two_over_n_pi(Rational(1), 120);
  EXPECT_EQ(certified_decimal(f, 30).substr(0, 22), "0.79788456080286535587");
  // sqrt(2/(100 pi)) = sqrt(2/pi)/10.
  EXPECT_EQ(certified_decimal(sqrt_two_over_n_pi(Rational(100), 120), 20).substr(0, 12),
            "0.0797884560");
}

TEST(CertifiedDecimal, ExactValuesAndTruncation) {
  EXPECT_EQ(certified_decimal(Interval::exact(Rational(1, 3)), 5), "0.33333");
  EXPECT_EQ(certified_decimal(Interval::exact(Rational(2, 3)), 5), "0.66666");  // truncated
  EXPECT_EQ(certified_decimal(Interval::exact(Rational(12345, 100)), 5), "123.45");
  EXPECT_EQ(certified_decimal(Interval::exact(Rational(-1, 8)), 5), "-0.125");
  EXPECT_EQ(certified_decimal(Interval::exact(Rational(0)), 5), "0");
  EXPECT_EQ(certified_decimal(Interval::exact(Rational(1, 1000000000)), 3), "1e-9");
  EXPECT_EQ(certified_decimal(Interval::exact(Rational(123456)), 3), "1.23e+5");
}

TEST(CertifiedDecimal, StopsWhereTheBoundsDisagree) {
  const Interval a{Rational(1234, 1000), Rational(1236, 1000)};
  EXPECT_EQ(certified_digits(a, 17), 3);
  EXPECT_EQ(certified_decimal(a, 17), "1.23");
  // Across a power of ten no digit is certain.
  const Interval b{Rational(999, 1000), Rational(1001, 1000)};
  EXPECT_EQ(certified_digits(b, 17), 0);
  EXPECT_EQ(certified_decimal(b, 17), "[0.999000, 1.00100]");
  const Interval c{Rational(-1, 3), Rational(2, 3)};
  EXPECT_EQ(certified_decimal(c, 17), "[-0.333334, 0.666667]");
  const Interval d{Rational(9999999, 10000000), Rational(10000001, 10000000)};
  EXPECT_EQ(certified_decimal(d, 17), "[0.999999, 1.00001]");
  EXPECT_EQ(certified_digits(Interval{Rational(-1), Rational(1)}, 17), 0);
}

TEST(IntervalArithmetic, EnclosesProductsAndQuotients) {
  const Interval a{Rational(-1), Rational(2)}, b{Rational(3), Rational(4)};
  const Interval p = a * b;
  EXPECT_EQ(p.lower, -4);
  EXPECT_EQ(p.upper, 8);
  const Interval q = b / b;
  EXPECT_EQ(q.lower, Rational(3, 4));
  EXPECT_EQ(q.upper, Rational(4, 3));
  EXPECT_THROW(b / a, InvalidArgument);
}

}  // namespace
}  // namespace uldp
