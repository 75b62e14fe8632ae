#include <gtest/gtest.h>
#include "uldp/rational.h"
TEST(Rational, ParsesDecimal) { EXPECT_EQ(uldp::parse_rational("0.25"), uldp::Rational(1, 4)); }
