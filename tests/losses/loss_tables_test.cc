// The paper's loss tables regenerated: which entries are exact, which are approximations that
// tend to the truth in their regime, and which do not (docs/errata-utility.md).
#include "uldp/losses/loss_tables.h"

#include <gtest/gtest.h>

#include "uldp/error.h"

namespace uldp {
namespace {

const LossTableRow& row(const std::vector<LossTableRow>& rows, const std::string& mech,
                        const std::string& regime) {
  for (const auto& r : rows) {
    if (r.mechanism == mech && r.regime == regime) return r;
  }
  throw std::runtime_error("no row " + mech + " " + regime);
}

bool within(const Interval& ratio, const Rational& target, const Rational& tolerance) {
  return ratio.lower >= target - tolerance && ratio.upper <= target + tolerance;
}

TEST(LossTables, NonPrivateEntriesAreExact) {
  const LossTableSpec spec{16, 2, 1000, Rational(1, 10)};
  const auto l2 = l2_loss_table(spec);
  for (const char* regime : {"eps~0", "eps=ln|X|"}) {
    EXPECT_EQ(row(l2, "no privacy", regime).paper_value.lower,
              row(l2, "no privacy", regime).exact_worst.lower);
    EXPECT_TRUE(
        paper_to_exact_ratio(row(l1_loss_table(spec), "no privacy", regime)).contains(Rational(1)));
  }
}

TEST(LossTables, SmallEpsEntriesTendToTheTruth) {
  // eps = 1/1000 (l2): the leading terms of RR, uRR (|X_S| >= 2), uRAP are within 1% of the truth.
  // The l1 entries drop a sqrt(|X_S||X_N|/eps) term, so they converge like sqrt(eps): eps = 1e-6.
  const LossTableSpec spec{16, 4, 1000, Rational(1, 1000)};
  const auto l2 = l2_loss_table(spec);
  const auto l1 = l1_loss_table({16, 4, 1000, Rational(1, 1000000)});
  for (const char* mech : {"RR", "uRR", "uRAP"}) {
    EXPECT_TRUE(within(paper_to_exact_ratio(row(l2, mech, "eps~0")), Rational(1), Rational(1, 100)))
        << mech;
    EXPECT_TRUE(within(paper_to_exact_ratio(row(l1, mech, "eps~0")), Rational(1), Rational(1, 100)))
        << mech;
  }
  EXPECT_TRUE(within(paper_to_exact_ratio(row(l1, "RAP", "eps~0")), Rational(1), Rational(1, 100)));
}

TEST(LossTables, RapporL2SmallEpsEntryIsOffByTheFactorKMinusOneOverK) {
  // Erratum: the worst case is (k s/(s-1)^2 + 1 - 1/k)/n ~ 4k/(n eps^2), not 4(k-1)/(n eps^2).
  const LossTableSpec spec{4, 1, 1000, Rational(1, 10000)};
  const Interval ratio = paper_to_exact_ratio(row(l2_loss_table(spec), "RAP", "eps~0"));
  EXPECT_TRUE(within(ratio, Rational(3, 4), Rational(1, 1000)));
}

TEST(LossTables, UrrSmallEpsEntriesVanishForOneSensitiveSymbol) {
  // Erratum: with |X_S| = 1 the entries |X_S|(|X_S|-1)/(n eps^2) and |X_S| sqrt(|X_S|-1)/eps are 0,
  // but the true worst case grows like 2/(n eps) (l2) as eps -> 0.
  const LossTableSpec spec{8, 1, 1000, Rational(1, 1000)};
  const auto l2 = l2_loss_table(spec);
  const auto& r2 = row(l2, "uRR", "eps~0");
  EXPECT_EQ(r2.paper_value.upper, 0);
  EXPECT_GT(r2.exact_worst.lower, Rational(18, 10));  // 2/(n eps) = 2, minus 10%
  EXPECT_EQ(row(l1_loss_table(spec), "uRR", "eps~0").paper_value.upper, 0);
}

TEST(LossTables, LnXEntriesOfRrAreApproximations) {
  // Exact RR worst case at t = k: (4 + 1/(k(k-1)))/n; the table's 4(1 - 1/k)/n.
  const LossTableSpec spec{10, 1, 7, Rational(1, 10)};
  const auto l2 = l2_loss_table(spec);
  const auto& r = row(l2, "RR", "eps=ln|X|");
  EXPECT_EQ(r.exact_worst.lower, (4 + Rational(1, 90)) / 7);
  EXPECT_EQ(r.paper_value.lower, Rational(4, 7) * Rational(9, 10));
}

TEST(LossTables, RejectsBadSpecs) {
  EXPECT_THROW(l2_loss_table({1, 1, 10, Rational(1, 10)}), InvalidArgument);
  EXPECT_THROW(l2_loss_table({4, 5, 10, Rational(1, 10)}), InvalidArgument);
  EXPECT_THROW(l2_loss_table({4, 1, 0, Rational(1, 10)}), InvalidArgument);
  EXPECT_THROW(l1_loss_table({4, 1, 10, Rational(0)}), InvalidArgument);
}

}  // namespace
}  // namespace uldp
