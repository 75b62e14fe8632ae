// uldp-from-ldp: a hand-worked construction (both row choices), uRR reproduced entry by entry from
// RR at the paper's two settings (|X| = 625, |X_S| = 15; |X| = 400, |X_S| = 76), its utility equal
// to the paper's closed form for uRR, and on random LDP mechanisms the result is ULDP at exactly
// M's tight ratio with stochastic rows; bad arguments are refused by name.
#include "uldp/constructions/uldp_from_ldp.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <functional>
#include <random>

#include "test_matrix.h"
#include "uldp/constructions/output_ratios.h"
#include "uldp/error.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/forms/stochasticity.h"
#include "uldp/losses/direct_loss.h"
#include "uldp/losses/paper_closed_forms.h"
#include "uldp/mechanisms/rr/rr.h"
#include "uldp/mechanisms/urr/urr.h"

namespace uldp {
namespace {

using ::testing::HasSubstr;
using testing_support::fractions;
using testing_support::matrix;

// M on X_S = {1, 3} of X = {0, 1, 2, 3}; t_M = 2 (column 0: 1/2 over 1/4).
//   min rows: r = (1/4, 1/4, 1/4), own output 1/4;
//   lowest rows: r = max / 2 = (1/4, 1/4, 1/8), own output 3/8.
// Input 0's own output would be labelled "0", one of M's labels: every own output is "own(x)".
TEST(UldpFromLdp, HandWorkedWithBothRows) {
  const DenseMechanism m = matrix({{"1/2", "1/4", "1/4"}, {"1/4", "1/2", "1/4"}});
  const IndexSet x_s = IndexSet::from_indices({1, 3}, 4, "x_s");
  const UldpFromLdp c = uldp_from_ldp(m, x_s);
  EXPECT_EQ(c.q.entries(), fractions({"1/4", "1/4", "1/4", "1/4", "0",    //
                                      "1/2", "1/4", "1/4", "0",   "0",    //
                                      "1/4", "1/4", "1/4", "0",   "1/4",  //
                                      "1/4", "1/2", "1/4", "0",   "0"}));
  EXPECT_EQ(c.q.output_labels(), (std::vector<std::string>{"0", "1", "2", "own(0)", "own(2)"}));
  EXPECT_EQ(c.protected_outputs.indices(), (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(c.own_output, Rational(1, 4));
  EXPECT_EQ(c.ldp_ratio, ExtendedRational(Rational(2)));
  const UldpFromLdp lowest = uldp_from_ldp(m, x_s, NonSensitiveRow::kLowest);
  EXPECT_EQ(lowest.own_output, Rational(3, 8));
  EXPECT_EQ(lowest.q(0, 2), Rational(1, 8));
  for (const UldpFromLdp* r : {&c, &lowest}) {
    const Verdict v = check_uldp(r->q, r->sensitive, r->protected_outputs,
                                 PrivacyBudget::from_exp_eps(Rational(2)), UldpReading::kLiteral);
    EXPECT_TRUE(v.holds);
    EXPECT_EQ(v.tight_exp_eps, ExtendedRational(Rational(2)));
  }
}

// Issue 53: "own(x)" can be one of M's labels too; the own output is then primed, never a second
// output with the same label.
TEST(UldpFromLdp, OwnOutputLabelsAreDistinctFromEveryOneOfMs) {
  const DenseMechanism m(2, {"0", "own(0)", "own(0)'"},
                         fractions({"1/2", "1/4", "1/4", "1/4", "1/2", "1/4"}));
  const UldpFromLdp c = uldp_from_ldp(m, IndexSet::from_indices({1, 2}, 3, "x_s"));
  EXPECT_EQ(c.q.output_labels(), (std::vector<std::string>{"0", "own(0)", "own(0)'", "own(0)''"}));
}

// RR on X_S, made ULDP on X, is uRR: the same labels and entries, at the paper's settings.
TEST(UldpFromLdp, ReproducesUrrFromRrAtThePapersSettings) {
  struct Setting {
    std::size_t k, sensitive;
  };
  for (const Setting s : {Setting{625, 15}, Setting{400, 76}}) {
    for (const PrivacyBudget& budget :
         {PrivacyBudget::from_epsilon(Rational(1)), PrivacyBudget::from_exp_eps(Rational(7, 2))}) {
      const IndexSet x_s = IndexSet::first(s.sensitive, s.k);
      const UldpFromLdp c = uldp_from_ldp(randomized_response(s.sensitive, budget), x_s);
      const DenseMechanism urr = utility_optimized_rr(x_s, budget);
      EXPECT_EQ(c.q.output_labels(), urr.output_labels()) << s.k;
      EXPECT_EQ(c.q.entries(), urr.entries()) << s.k << " " << budget.describe();
      EXPECT_EQ(c.ldp_ratio, ExtendedRational(budget.exp_eps()));
    }
  }
}

// Elsewhere in X the same channel, outputs listed Y_P first: column y of the construction is
// column x_s[y] of uRR for y < |X_S|, and column |X_S| + i is uRR's column of the i-th input of
// X_N.
TEST(UldpFromLdp, ReproducesUrrAnywhereUpToTheOrderOfOutputs) {
  const IndexSet x_s = IndexSet::from_indices({2, 5, 6}, 9, "x_s");
  const PrivacyBudget budget = PrivacyBudget::from_exp_eps(Rational(3));
  const UldpFromLdp c = uldp_from_ldp(randomized_response(3, budget), x_s);
  const DenseMechanism urr = utility_optimized_rr(x_s, budget);
  std::vector<std::size_t> column = x_s.indices();
  const IndexSet x_n = x_s.complement();
  for (const std::size_t x : x_n.indices()) column.push_back(x);
  for (std::size_t x = 0; x < 9; ++x) {
    for (std::size_t y = 0; y < 9; ++y) EXPECT_EQ(c.q(x, y), urr(x, column[y])) << x << "," << y;
  }
}

// Its utility is uRR's: the exact E[l2^2] of the empirical estimator equals the paper's eq. (45).
TEST(UldpFromLdp, UtilityOfTheImageOfRrIsTheClosedFormOfUrr) {
  const std::size_t k = 7, k_s = 3;
  const Rational t(5, 2);
  const UldpFromLdp c = uldp_from_ldp(randomized_response(k_s, PrivacyBudget::from_exp_eps(t)),
                                      IndexSet::first(k_s, k));
  const std::vector<Rational> p = fractions({"1/4", "1/8", "1/8", "1/16", "3/16", "1/8", "1/8"});
  Rational p_s(0), sum_p2(0);
  for (std::size_t x = 0; x < k; ++x) {
    if (x < k_s) p_s += p[x];
    sum_p2 += p[x] * p[x];
  }
  EXPECT_EQ(direct_l2_loss(c.q, p, 1000), paper::l2_urr(k_s, t, p_s, sum_p2, 1000));
}

// Random LDP mechanisms (positive entries w / Σ w) on random X_S: the result is ULDP at exactly M's
// tight ratio (literal reading), its rows stochastic, for both rows; lowest never puts less on
// the own outputs than min.
TEST(UldpFromLdp, RandomMechanismsBecomeUldpAtTheirOwnRatio) {
  std::mt19937_64 random(1807);
  for (int round = 0; round < 60; ++round) {
    const std::size_t k = 2 + random() % 6, outputs = 1 + random() % 5;
    std::vector<std::size_t> chosen;
    for (std::size_t x = 0; x < k; ++x) {
      if (random() % 2 == 0) chosen.push_back(x);
    }
    if (chosen.empty()) chosen.push_back(random() % k);
    const IndexSet x_s = IndexSet::from_indices(chosen, k, "x_s");
    std::vector<Rational> entries;
    for (std::size_t x = 0; x < chosen.size(); ++x) {
      std::vector<long> w(outputs);
      long sum = 0;
      for (long& v : w) sum += v = 1 + static_cast<long>(random() % 9);
      for (const long v : w) entries.push_back(Rational(v, sum));
    }
    const DenseMechanism m(chosen.size(), DenseMechanism::index_labels(outputs), entries);
    const ExtendedRational t_m = max_ratio_on_outputs(m, IndexSet::all(outputs));
    const UldpFromLdp low = uldp_from_ldp(m, x_s, NonSensitiveRow::kMinimum);
    const UldpFromLdp lowest = uldp_from_ldp(m, x_s, NonSensitiveRow::kLowest);
    EXPECT_LE(low.own_output, lowest.own_output) << round;
    for (const UldpFromLdp* c : {&low, &lowest}) {
      EXPECT_TRUE(check_stochastic(c->q).stochastic) << round;
      const Verdict v = check_uldp(c->q, c->sensitive, c->protected_outputs,
                                   PrivacyBudget::from_exp_eps(t_m.value()), UldpReading::kLiteral);
      EXPECT_TRUE(v.holds) << round;
      EXPECT_EQ(v.tight_exp_eps, t_m) << round;
    }
  }
}

TEST(UldpFromLdp, BadArgumentsAreNamed) {
  const DenseMechanism m = matrix({{"1/2", "1/2"}, {"1/4", "3/4"}});
  const auto error = [](const std::function<void()>& f) -> std::string {
    try {
      f();
    } catch (const InvalidArgument& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_THAT(error([&] { uldp_from_ldp(m, IndexSet::from_indices({0}, 3, "s")); }),
              HasSubstr("matrix: 2 rows for 1 sensitive inputs"));
  EXPECT_THAT(error([&] { uldp_from_ldp(m, IndexSet::from_indices({}, 3, "s")); }),
              HasSubstr("sensitive: X_S is empty"));
  EXPECT_THAT(error([&] {
                uldp_from_ldp(matrix({{"1/2", "1/4"}, {"1/4", "3/4"}}),
                              IndexSet::from_indices({0, 1}, 3, "s"));
              }),
              HasSubstr("matrix"));
  EXPECT_THAT(error([&] {
                uldp_from_ldp(matrix({{"1", "0"}, {"1/4", "3/4"}}),
                              IndexSet::from_indices({0, 1}, 3, "s"), NonSensitiveRow::kLowest);
              }),
              HasSubstr("eps-LDP for no finite eps"));
  // With the minimum such an M is still made ULDP, at its infinite ratio.
  EXPECT_TRUE(
      uldp_from_ldp(matrix({{"1", "0"}, {"1/4", "3/4"}}), IndexSet::from_indices({0, 1}, 3, "s"))
          .ldp_ratio.is_infinite());
}

}  // namespace
}  // namespace uldp
