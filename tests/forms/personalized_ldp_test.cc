// Personalized LDP on hand-computed loss matrices: a pair is bounded by every safe region holding
// both its inputs, by none otherwise; budgets as t exactly and as ε certified; and a mutation
// property on random matrices and regions: the verdict and the first failing pair are those of a
// brute-force reading of the definition, before and after moving mass within one row x, and the
// pairs whose verdict the move changes involve x and share a region.
#include "uldp/forms/personalized_ldp.h"

#include <gtest/gtest.h>

#include <random>

#include "uldp/error.h"

namespace uldp {
namespace {

Rational q(const char* text) { return parse_rational(text, "q"); }

// L = [[1, 2, 4], [2, 1, 4], [3, 3, 1]].
DenseMechanism three() {
  return DenseMechanism(
      3, DenseMechanism::index_labels(3),
      {q("1/2"), q("1/4"), q("1/4"), q("1/4"), q("1/2"), q("1/4"), q("1/8"), q("1/8"), q("3/4")});
}

SafeRegion region(const char* inputs, long t, const char* name) {
  return {inputs, PrivacyBudget::from_exp_eps(Rational(t)), name};
}

TEST(PersonalizedLdp, EachRegionBoundsItsOwnPairsOnly) {
  const PairLossMatrix losses = pair_losses(three(), std::nullopt);
  // {0, 1} at t = 2 holds (L(0, 1) = L(1, 0) = 2); the pairs with 2 are in no region.
  const PairBoundVerdict one = check_personalized(losses, {region("0,1", 2, "r0")});
  EXPECT_TRUE(one.holds);
  EXPECT_DOUBLE_EQ(one.tightest->loss_share, 1.0);
  // {0, 2} at t = 3: L(0, 2) = 4 > 3 fails, L(2, 0) = 3 is within it.
  const PairBoundVerdict two =
      check_personalized(losses, {region("0,1", 2, "r0"), region("0,2", 3, "r1")});
  ASSERT_FALSE(two.holds);
  EXPECT_EQ(two.violation->x, 0u);
  EXPECT_EQ(two.violation->x_prime, 2u);
  EXPECT_EQ(two.violation->bound, "3 (region r1)");
  // Overlapping regions: the tighter one binds, each decided exactly.
  const PairBoundVerdict nested =
      check_personalized(losses, {region("0-2", 4, "all"), region("0,1", 1, "tight")});
  ASSERT_FALSE(nested.holds);
  EXPECT_EQ(nested.violation->x, 0u);
  EXPECT_EQ(nested.violation->x_prime, 1u);
  EXPECT_EQ(nested.violation->bound, "1 (region tight)");
  EXPECT_TRUE(check_personalized(losses, {region("0-2", 4, "all"), region("0,1", 2, "b")}).holds);
  // A region of one input bounds no pair.
  EXPECT_TRUE(check_personalized(losses, {region("2", 1, "alone")}).holds);
}

TEST(PersonalizedLdp, BudgetsAsEpsAreCertified) {
  const PairLossMatrix losses = pair_losses(three(), std::nullopt);
  // ln 4 = 1.386294361...: L(0, 2) = 4 within e^1.3863 and beyond e^1.3862.
  EXPECT_TRUE(
      check_personalized(losses, {{"0,2", PrivacyBudget::from_epsilon(q("1.3863")), "r"}}).holds);
  EXPECT_FALSE(
      check_personalized(losses, {{"0,2", PrivacyBudget::from_epsilon(q("1.3862")), "r"}}).holds);
}

// The report names the region that fails the pair, not the one whose bound is smaller in doubles:
// e^0.69314718055994531 > 2 admits L(0, 1) = 2, t = 1.9999999999999999 does not.
TEST(PersonalizedLdp, TheRegionNamedIsTheOneThatFails) {
  const PairLossMatrix losses = pair_losses(three(), std::nullopt);
  const PairBoundVerdict v = check_personalized(
      losses, {{"0,1", PrivacyBudget::from_epsilon(q("0.69314718055994531")), "r1"},
               {"0,1", PrivacyBudget::from_exp_eps(q("1.9999999999999999")), "r2"}});
  ASSERT_FALSE(v.holds);
  EXPECT_NE(v.violation->bound.find("(region r2)"), std::string::npos) << v.violation->bound;
}

// While every region admits the pair, the one named is the one whose bound is exactly the
// smallest, also where doubles cannot tell them apart: t = 2.71828182845904524 reads as the double
// of e, but it is above e = 2.718281828459045235..., so e^1 (region e1) binds.
TEST(PersonalizedLdp, TheRegionNamedHasTheExactlySmallestBound) {
  const PairLossMatrix losses = pair_losses(three(), std::nullopt);
  const PairBoundVerdict v = check_personalized(
      losses, {{"0,1", PrivacyBudget::from_exp_eps(q("2.71828182845904524")), "t"},
               {"0,1", PrivacyBudget::from_epsilon(q("1")), "e1"}});
  ASSERT_TRUE(v.holds);
  ASSERT_TRUE(v.tightest);
  EXPECT_NE(v.tightest->bound.find("(region e1)"), std::string::npos) << v.tightest->bound;
  // And the other way round: t = 2.71828182845904523 is below e.
  const PairBoundVerdict w = check_personalized(
      losses, {{"0,1", PrivacyBudget::from_epsilon(q("1")), "e1"},
               {"0,1", PrivacyBudget::from_exp_eps(q("2.71828182845904523")), "t"}});
  ASSERT_TRUE(w.tightest);
  EXPECT_NE(w.tightest->bound.find("(region t)"), std::string::npos) << w.tightest->bound;
}

TEST(PersonalizedLdp, RegionsMustNameInputs) {
  const PairLossMatrix losses = pair_losses(three(), std::nullopt);
  try {
    check_personalized(losses, {region("0,3", 2, "regions.txt:4")});
    FAIL() << "no error";
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("regions.txt:4: ", 0), 0u) << e.what();
  }
  EXPECT_THROW(check_personalized(losses, {}), InvalidArgument);
}

// Brute force from the definition: Q(y|x) <= t_r Q(y|x') for every region r holding x and x'.
bool pair_holds(const DenseMechanism& m, const std::vector<std::vector<bool>>& in,
                const std::vector<Rational>& t, std::size_t x, std::size_t x_prime) {
  for (std::size_t r = 0; r < in.size(); ++r) {
    if (!in[r][x] || !in[r][x_prime]) continue;
    for (std::size_t y = 0; y < m.num_outputs(); ++y) {
      if (m(x, y) > t[r] * m(x_prime, y)) return false;
    }
  }
  return true;
}

TEST(PersonalizedLdp, RaisingOneEntryBreaksExactlyThePairsItShould) {
  std::mt19937_64 random(20261129);
  std::size_t changed = 0;
  const std::size_t k = 5, outputs = 4;
  for (int round = 0; round < 40; ++round) {
    // A random matrix with entries w / sum (w in 1..6) and three random regions at t in 2..4.
    std::vector<Rational> entries;
    for (std::size_t x = 0; x < k; ++x) {
      std::vector<long> w(outputs);
      long sum = 0;
      for (long& v : w) sum += v = 1 + static_cast<long>(random() % 6);
      for (const long v : w) entries.push_back(Rational(v, sum));
    }
    std::vector<std::vector<bool>> in(3, std::vector<bool>(k));
    std::vector<SafeRegion> regions;
    std::vector<Rational> t;
    for (std::size_t r = 0; r < 3; ++r) {
      std::string list;
      for (std::size_t x = 0; x < k; ++x) {
        if (random() % 2 == 0) continue;
        in[r][x] = true;
        if (!list.empty()) list += ',';
        list += std::to_string(x);
      }
      t.push_back(Rational(2 + static_cast<long>(random() % 3)));
      std::string name = "r";
      name += std::to_string(r);
      regions.push_back({list, PrivacyBudget::from_exp_eps(t.back()), name});
    }
    // Move mass 1/2 of Q(y0|x) ... into Q(y1|x): row x changes, no other.
    const std::size_t x = random() % k, y0 = random() % outputs, y1 = (y0 + 1) % outputs;
    std::vector<Rational> mutated = entries;
    const Rational moved = mutated[x * outputs + y0] / 2;
    mutated[x * outputs + y0] -= moved;
    mutated[x * outputs + y1] += moved;
    const DenseMechanism before(k, DenseMechanism::index_labels(outputs), entries);
    const DenseMechanism after(k, DenseMechanism::index_labels(outputs), mutated);
    for (const DenseMechanism* m : {&before, &after}) {
      // The first failing pair, row by row, from the definition.
      std::optional<std::pair<std::size_t, std::size_t>> first;
      for (std::size_t a = 0; a < k && !first; ++a) {
        for (std::size_t b = 0; b < k && !first; ++b) {
          if (a != b && !pair_holds(*m, in, t, a, b)) first = {a, b};
        }
      }
      const PairBoundVerdict v = check_personalized(pair_losses(*m, std::nullopt), regions);
      EXPECT_EQ(v.holds, !first) << "round " << round;
      ASSERT_EQ(v.violation.has_value(), first.has_value()) << "round " << round;
      if (first) {
        EXPECT_EQ(v.violation->x, first->first) << "round " << round;
        EXPECT_EQ(v.violation->x_prime, first->second) << "round " << round;
      }
    }
    // The pairs whose verdict the move changed all involve row x, and share a region.
    for (std::size_t a = 0; a < k; ++a) {
      for (std::size_t b = 0; b < k; ++b) {
        if (a == b || pair_holds(before, in, t, a, b) == pair_holds(after, in, t, a, b)) continue;
        EXPECT_TRUE(a == x || b == x) << "round " << round;
        bool shared = false;
        for (std::size_t r = 0; r < 3; ++r) shared = shared || (in[r][a] && in[r][b]);
        EXPECT_TRUE(shared) << "round " << round;
        ++changed;
      }
    }
  }
  EXPECT_GT(changed, 0u);  // the rounds did move some pair across its bound
}

}  // namespace
}  // namespace uldp
