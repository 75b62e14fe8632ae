// The certified fundamental limit (fundamental_limit.h): the interval is narrow, contains
// independent 45-digit evaluations, is consistent with every other witness, and is met from
// above by uBD's exact worst case at every block size (equal to it where one K is optimal).
#include "uldp/losses/fundamental_limit.h"

#include <gtest/gtest.h>

#include <random>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/error.h"
#include "uldp/losses/l2_loss.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/mechanisms/ubd/ubd_estimator.h"

namespace uldp::testing {
namespace {

const Rational kMaxRelativeWidth(1, 1000000000);

Rational relative_width(const FundamentalLimit& limit) {
  return limit.value.width() / limit.value.lower;
}

IndexSet first(std::size_t w, std::size_t v) {
  std::vector<std::size_t> xs;
  for (std::size_t x = 0; x < v; ++x) xs.push_back(x);
  return IndexSet::from_indices(xs, w, "sensitive");
}

Rational ubd_worst(const LimitSetting& s, std::size_t block) {
  return worst_case_l2_loss(
             ubd_l2_quadratic(first(s.w, s.v), block, PrivacyBudget::from_exp_eps(s.t)), 1)
      .value;
}

struct Reference {
  LimitSetting setting;
  const char* value;  // M to 30 digits, computed independently
};

// 45-digit mpmath: golden-section search over α (110 steps) of an exhaustive search over every
// single block size and every pair (golden section on the pair's weight); the optimality of
// the pair against every other vertex was checked by a directional derivative.
const std::vector<Reference> kReferences = {
    {{8, 4, Rational(3)}, "7.41077218323970065083529577978"},
    {{9, 5, Rational(27, 10)}, "12.6258559657893342864323903619"},
    {{10, 6, Rational(2)}, "33.3333333333333333333333145141"},
    {{12, 8, Rational(50)}, "1.24042065805914202415660141608"},
    {{7, 3, Rational(3, 2)}, "36.0510924262768575421444366798"},
    {{20, 6, Rational(5)}, "5.51466854061705049572369221147"},
};

TEST(FundamentalLimit, ContainsIndependentHighPrecisionValues) {
  for (const Reference& r : kReferences) {
    const FundamentalLimit limit = fundamental_limit(r.setting);
    const Rational reference = parse_rational(r.value);
    const Rational tolerance = reference * Rational(1, 1000000000000000000LL);
    SCOPED_TRACE(std::to_string(r.setting.w) + "/" + std::to_string(r.setting.v));
    EXPECT_LE(limit.value.lower, reference + tolerance);
    EXPECT_GE(limit.value.upper, reference - tolerance);
    EXPECT_LE(relative_width(limit), kMaxRelativeWidth);
    EXPECT_TRUE(limit.value.contains(limit.objective));
  }
}

TEST(FundamentalLimit, UbdAtEveryBlockSizeIsAtLeastTheLimitAndMeetsItWhereOneSizeIsOptimal) {
  for (const Reference& r : kReferences) {
    const FundamentalLimit limit = fundamental_limit(r.setting);
    SCOPED_TRACE(std::to_string(r.setting.w) + "/" + std::to_string(r.setting.v));
    for (std::size_t block = 1; block < r.setting.v; ++block) {
      EXPECT_GE(ubd_worst(r.setting, block), limit.value.lower) << "K = " << block;
    }
    if (limit.weights.size() == 1) {
      EXPECT_TRUE(limit.value.contains(ubd_worst(r.setting, limit.weights[0].block)));
    }
  }
}

// Any (α, λ) gives valid bounds: a lower bound above the certified upper one (or the reverse)
// would prove one of the two certificates wrong.
TEST(FundamentalLimit, EveryOtherWitnessIsConsistent) {
  std::mt19937_64 rng(13);
  for (const Reference& r : kReferences) {
    const FundamentalLimit limit = fundamental_limit(r.setting);
    for (int trial = 0; trial < 40; ++trial) {
      const Rational alpha(static_cast<long>(rng() % 1001), 1000);
      std::vector<BlockWeight> weights;
      long total = 0;
      std::vector<long> raw(r.setting.v);
      for (auto& x : raw) total += (x = static_cast<long>(rng() % 4));
      if (raw[0] == 0) total += (raw[0] = 1);
      for (std::size_t k = 0; k < raw.size(); ++k)
        if (raw[k] > 0) weights.push_back({k + 1, Rational(raw[k], total)});
      EXPECT_LE(limit_lower_bound(r.setting, alpha, weights), limit.value.upper);
      EXPECT_GE(limit_upper_bound(r.setting, alpha, weights), limit.value.lower);
    }
  }
}

TEST(FundamentalLimit, NarrowAtThePapersSettings) {
  const std::vector<std::pair<std::size_t, std::size_t>> shapes = {
      {400, 76}, {625, 15}, {12800, 2432}};
  for (const auto& [w, v] : shapes) {
    for (const char* eps : {"0.1", "1", "6"}) {
      const LimitSetting s{w, v, PrivacyBudget::from_epsilon(parse_rational(eps)).exp_eps()};
      const FundamentalLimit limit = fundamental_limit(s);
      SCOPED_TRACE(std::to_string(w) + "/" + std::to_string(v) + " eps " + eps);
      EXPECT_LE(relative_width(limit), kMaxRelativeWidth);
      EXPECT_TRUE(limit.value.contains(limit.objective));
    }
  }
}

// A ULDP mechanism (an LDP one is ULDP for every X_S) whose exact worst case went below the
// certified limit would be a bug in the mechanism's loss or in the limit.
TEST(FundamentalLimit, EveryRegisteredMechanismsWorstCaseIsAtLeastTheLimit) {
  const std::vector<LimitSetting> settings = {{8, 3, Rational(3)},
                                              {12, 5, Rational(20)},
                                              {30, 6, Rational(3, 2)},
                                              {9, 5, Rational(27, 10)},
                                              {400, 76, Rational(403)}};
  int compared = 0;
  for (const LimitSetting& s : settings) {
    const FundamentalLimit limit = fundamental_limit(s);
    for (const MechanismEntry& entry : mechanism_registry()) {
      // Built from the budget (rappor-bloom's is a claim to check, its f, p, q build it: compared
      // in RapporBloomEstimator.ItsWorstCaseIsAtLeastTheFundamentalLimit); biased: no exact loss.
      if (entry.claim == Claim::kNone ||
          entry.takes(kBudgetParameter.declaration) != Takes::kRequired || entry.fixed_k ||
          !entry.unbiased_estimator)
        continue;
      MechanismArguments arguments;
      arguments.k = s.w;
      if (entry.takes(kSensitiveParameter.declaration) != Takes::kNo)
        arguments.sensitive = first(s.w, s.v);
      arguments.budget = PrivacyBudget::from_exp_eps(s.t);
      std::vector<std::optional<std::size_t>> blocks = {std::nullopt};
      if (entry.takes(kBlockParameter.declaration) == Takes::kRequired) {
        blocks.clear();
        for (std::size_t block = 1; block < s.v; ++block) blocks.push_back(block);
      }
      for (const auto& block : blocks) {
        arguments.values.set(kBlockParameter, std::optional<std::uint64_t>(block));
        const MechanismSpec spec = make_mechanism(entry, arguments);
        const Rational worst = worst_case_l2_loss(l2_quadratic(spec), 1).value;
        EXPECT_GE(worst, limit.value.lower)
            << entry.name << " at " << s.w << "/" << s.v << " K " << block.value_or(0);
        ++compared;
      }
    }
  }
  EXPECT_GE(compared, 5 * 6);
}

TEST(FundamentalLimit, RefusesSettingsOutsideTheObjective) {
  EXPECT_THROW(fundamental_limit({5, 1, Rational(3)}), InvalidArgument);
  EXPECT_THROW(fundamental_limit({5, 5, Rational(3)}), InvalidArgument);
  EXPECT_THROW(fundamental_limit({5, 2, Rational(1)}), InvalidArgument);
  const LimitSetting s{6, 3, Rational(2)};
  EXPECT_THROW(limit_objective(s, Rational(1, 2), {{3, Rational(1)}}), InvalidArgument);
  EXPECT_THROW(limit_objective(s, Rational(3, 2), {{1, Rational(1)}}), InvalidArgument);
  EXPECT_THROW(limit_objective(s, Rational(1, 2), {{1, Rational(1, 2)}}), InvalidArgument);
}

// The optimiser works in floating point: a budget beyond a double's range is refused by name
// (it was an internal "from_double: value is not finite"), and one just inside is still located.
TEST(FundamentalLimit, ABudgetBeyondFloatingPointIsRefusedByName) {
  const Rational huge(Integer(boost::multiprecision::pow(Integer(10), 301)));
  try {
    fundamental_limit({5, 3, huge});
    FAIL() << "no error";
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("exp_eps: ", 0), 0u) << e.what();
  }
  const Rational inside(Integer(boost::multiprecision::pow(Integer(10), 299)));
  const FundamentalLimit limit = fundamental_limit({5, 3, inside});
  EXPECT_LE(limit.value.lower, limit.value.upper);
}

}  // namespace
}  // namespace uldp::testing
