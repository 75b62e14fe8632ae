// Propositions 9 and 10 on the PUMs of a population: they hold for the paper's Q_cmn at its own
// budget, fail with exact witnesses at a smaller one, and the cross-user ratio equals the one
// computed pair by pair from the constructed matrices (output_ratios.h, an independent path).
#include "uldp/constructions/pum_propositions.h"

#include <gtest/gtest.h>

#include "uldp/constructions/output_ratios.h"
#include "uldp/error.h"
#include "uldp/mechanisms/urr/urr.h"

namespace uldp {
namespace {

using Tagging = std::vector<std::optional<std::size_t>>;
constexpr auto kNo = std::nullopt;

// X = {0..4}, X_S = {0}, tags home (bot 5), work (bot 6); three pre-processors, one repeated.
class PumPropositionsTest : public ::testing::Test {
 protected:
  IndexSet x_s = IndexSet::from_indices({0}, 5, "x_s");
  PumPopulation users = PumPopulation::make({"home", "work"}, x_s,
                                            {{Tagging{kNo, kNo, 0, kNo, kNo}, 3, "a"},
                                             {Tagging{kNo, kNo, kNo, 0, 1}, 2, "b"},
                                             {Tagging{kNo, kNo, 0, kNo, kNo}, 4, "c"},
                                             {Tagging{kNo, kNo, kNo, kNo, kNo}, 1, "d"}});
  IndexSet z_s = pum_intermediate_sensitive(x_s, 2);
  DenseMechanism q_cmn(const Rational& t) {
    return utility_optimized_rr(z_s, PrivacyBudget::from_exp_eps(t));
  }
};

TEST_F(PumPropositionsTest, HoldAtTheCommonBudgetWithTheTightRatioAttained) {
  const PumPropositions r =
      check_pum_propositions(q_cmn(3), z_s, users, PrivacyBudget::from_exp_eps(Rational(3)));
  EXPECT_TRUE(r.holds());
  EXPECT_TRUE(r.common_uldp.holds);
  ASSERT_EQ(r.groups.size(), 3u);  // "a" and "c" share a pre-processor
  EXPECT_EQ(r.groups[0].users, 7u);
  EXPECT_EQ(r.groups[1].sensitive.indices(), (std::vector<std::size_t>{0, 3, 4}));
  for (const PumGroupVerdicts& g : r.groups) {
    EXPECT_TRUE(g.uldp.holds);
    EXPECT_EQ(g.uldp.tight_exp_eps, ExtendedRational(Rational(3)));
  }
  // E5: a tagged symbol's own output is produced by no input (literal reading fails).
  EXPECT_FALSE(r.groups[0].uldp_literal.holds);
  EXPECT_TRUE(r.groups[2].uldp_literal.holds);  // "d" tags nothing
  EXPECT_EQ(r.users_indistinguishable.ratio, ExtendedRational(Rational(3)));
  EXPECT_TRUE(r.users_indistinguishable.holds);
}

TEST_F(PumPropositionsTest, FailWithExactWitnessesBelowTheCommonBudget) {
  const PumPropositions r =
      check_pum_propositions(q_cmn(3), z_s, users, PrivacyBudget::from_exp_eps(Rational(2)));
  EXPECT_FALSE(r.holds());
  EXPECT_FALSE(r.common_uldp.holds);
  EXPECT_FALSE(r.groups[0].uldp.holds);
  const PumCrossRatio& c = r.users_indistinguishable;
  EXPECT_FALSE(c.holds);
  EXPECT_EQ(c.ratio, ExtendedRational(Rational(3)));
  // The witness is real: the two users' rows at x differ by the ratio at y in Y_P.
  const DenseMechanism q = q_cmn(3);
  const PersonalizedMechanism qi = personalized_mechanism(q, z_s, users.preprocessor(c.group_i));
  const PersonalizedMechanism qj = personalized_mechanism(q, z_s, users.preprocessor(c.group_j));
  EXPECT_TRUE(z_s.contains(c.y));
  EXPECT_EQ(qi.q(c.x, c.y), c.q_i);
  EXPECT_EQ(qj.q(c.x, c.y), c.q_j);
  EXPECT_EQ(c.q_i, 3 * c.q_j);
}

TEST_F(PumPropositionsTest, CrossRatioEqualsThePairwiseMaximumOverConstructedMatrices) {
  for (const Rational& t : {Rational(1), Rational(3, 2), Rational(5)}) {
    const DenseMechanism q = q_cmn(t);
    ExtendedRational pairwise(Rational(1));
    for (std::size_t i = 0; i < users.groups().size(); ++i) {
      for (std::size_t j = 0; j < users.groups().size(); ++j) {
        const ExtendedRational r =
            max_cross_ratio(personalized_mechanism(q, z_s, users.preprocessor(i)).q,
                            personalized_mechanism(q, z_s, users.preprocessor(j)).q, z_s);
        if (r > pairwise) pairwise = r;
      }
    }
    const PumPropositions r = check_pum_propositions(q, z_s, users, PrivacyBudget::from_exp_eps(t));
    EXPECT_EQ(r.users_indistinguishable.ratio, pairwise) << t;
    EXPECT_TRUE(r.holds()) << t;
  }
}

TEST_F(PumPropositionsTest, RefusesACommonMechanismOfTheWrongSize) {
  EXPECT_THROW(
      check_pum_propositions(utility_optimized_rr(x_s, PrivacyBudget::from_exp_eps(Rational(2))),
                             x_s, users, PrivacyBudget::from_exp_eps(Rational(2))),
      InvalidArgument);
}

TEST(PumPopulation, ValidatesTagsAndGroups) {
  const IndexSet x_s = IndexSet::from_indices({0}, 3, "x_s");
  EXPECT_THROW(PumPopulation::make({}, x_s, {}), InvalidArgument);
  EXPECT_THROW(PumPopulation::make({"a", "a"}, x_s, {}), InvalidArgument);
  EXPECT_THROW(PumPopulation::make({"a"}, x_s, {{Tagging{0, kNo, kNo}, 1, "s"}}),
               InvalidArgument);  // tags a common-sensitive symbol
  EXPECT_THROW(PumPopulation::make({"a"}, x_s, {{Tagging{kNo, 1, kNo}, 1, "s"}}),
               InvalidArgument);  // tag index out of range
  EXPECT_THROW(PumPopulation::make({"a"}, x_s, {{Tagging{kNo, kNo}, 1, "s"}}),
               InvalidArgument);  // wrong length
  EXPECT_THROW(PumPopulation::make({"a"}, x_s, {{Tagging{kNo, kNo, kNo}, 0, "s"}}),
               InvalidArgument);  // no user
  const PumPopulation p =
      PumPopulation::make({"a"}, x_s, {{Tagging{kNo, 0, kNo}, 4, "s"}, {Tagging(3), 5, "t"}});
  EXPECT_EQ(p.num_users(), 9u);
  EXPECT_EQ(p.preprocessor(0).intermediate(1), 3u);
}

TEST(PumCommonMechanism, BuildsTheEntryOverZWithBotsSensitive) {
  MechanismArguments over_x;
  over_x.k = 4;
  over_x.sensitive = IndexSet::from_indices({1}, 4, "x_s");
  over_x.budget = PrivacyBudget::from_exp_eps(Rational(2));
  const MechanismSpec spec = pum_common_mechanism(find_mechanism("urr"), over_x, 2);
  EXPECT_EQ(spec.k, 6u);
  EXPECT_EQ(spec.sensitive.indices(), (std::vector<std::size_t>{1, 4, 5}));
  // Section 5's Q_cmn is (Z_S, Y_P, eps)-ULDP over Z = X and the bots: any registry entry that
  // claims LDP or ULDP over a k of the user's choice, in registry order (a new mechanism edits
  // no list here); not the baseline, not Mangat (k = 2), not the per-pair notions.
  std::string expected;
  for (const MechanismEntry& e : mechanism_registry()) {
    if ((e.claim == Claim::kLdp || e.claim == Claim::kUldp) && !e.fixed_k)
      expected += (expected.empty() ? "" : ", ") + std::string(e.name);
  }
  EXPECT_EQ(pum_common_names(), expected);
  EXPECT_EQ(pum_common_names().rfind("rr, urr, rappor, ", 0), 0u);
  for (const char* refused : {"none", "mangat", "geometric", "idue"})
    EXPECT_FALSE(accepts_as_pum_common(find_mechanism(refused))) << refused;
  EXPECT_THROW(pum_common_mechanism(find_mechanism("mangat"), over_x, 2), InvalidArgument);
  EXPECT_THROW(pum_common_mechanism(find_mechanism("none"), over_x, 2), InvalidArgument);
}

}  // namespace
}  // namespace uldp
