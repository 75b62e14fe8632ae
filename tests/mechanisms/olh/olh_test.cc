// Local hashing (olh, blh, flh, ulh) against its description, exactly: the hash against values
// Python's xxhash module gives, OLH's g, every entry of the dense matrix, the class form against
// its dense recount, the verdicts, and the refusals that name the parameter.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "uldp/error.h"
#include "uldp/forms/class_privacy_check.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/forms/form_checks.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/olh/olh.h"
#include "uldp/mechanisms/olh/olh_estimator.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismArguments arguments(std::size_t k, const Rational& t, std::optional<std::uint64_t> range,
                             std::optional<std::uint64_t> seeds) {
  MechanismArguments a;
  a.k = k;
  a.budget = PrivacyBudget::from_exp_eps(t);
  a.values.set(kHashRangeParameter, range);
  a.values.set(kHashSeedsParameter, seeds);
  return a;
}

// xxhash.xxh32(str(x), seed=s).intdigest() % g, computed with Debian's python3-xxhash.
TEST(LocalHashing, HashesAsThePythonLibrariesDo) {
  EXPECT_EQ(local_hash(0, 0, 4), 2u);
  EXPECT_EQ(local_hash(5, 3, 1000), 402u);
  EXPECT_EQ(local_hash(999, 1023, 4), 1u);
  EXPECT_EQ(local_hash(123456, 4294967295u, 7), 4u);
  EXPECT_EQ(local_hash(7, 1, 2), 0u);
  EXPECT_EQ(local_hashing_label(3, 1), "3,1");
}

// int(round(e^eps)) + 1 in Python: round half to even.
TEST(LocalHashing, OptimalRangeRoundsHalfToEven) {
  EXPECT_EQ(optimal_hash_range(Rational(3)), 4u);
  EXPECT_EQ(optimal_hash_range(Rational(5, 2)), 3u);  // round(2.5) = 2
  EXPECT_EQ(optimal_hash_range(Rational(7, 2)), 5u);  // round(3.5) = 4
  EXPECT_EQ(optimal_hash_range(Rational(1)), 2u);
  EXPECT_EQ(optimal_hash_range(PrivacyBudget::from_epsilon(Rational(1)).exp_eps()), 4u);
}

// Entry (x, (s, y)) = p/S when h_s(x) = y, q/S otherwise (sensitive x); q/S on every (s, y) and
// (t-1)/(t+g-1) on itself for a non-sensitive x.
TEST(LocalHashing, DenseEntriesMatchTheDescription) {
  const Rational t(3);
  for (const char* xs_text : {"0-4", "0,2", "1,3,4"}) {
    for (const auto& [g, seeds] : {std::pair<std::uint64_t, std::uint64_t>{2, 1}, {3, 3}, {5, 2}}) {
      const IndexSet xs = IndexSet::parse(xs_text, 5, "xs");
      const DenseExpansion d =
          local_hashing_classes(xs, HashFamily{g, seeds, nullptr}, PrivacyBudget::from_exp_eps(t))
              .to_dense();
      const std::vector<std::size_t> open = xs.complement().indices();
      ASSERT_EQ(d.matrix.num_outputs(), g * seeds + open.size());
      EXPECT_EQ(d.protected_outputs.size(), g * seeds);
      const Rational p = t / (t + g - 1) / seeds, q = 1 / (t + g - 1) / seeds;
      for (std::size_t x = 0; x < 5; ++x) {
        for (std::uint64_t s = 0; s < seeds; ++s) {
          for (std::uint64_t y = 0; y < g; ++y) {
            const bool hit = xs.contains(x) && local_hash(x, static_cast<std::uint32_t>(s),
                                                          static_cast<std::uint32_t>(g)) == y;
            EXPECT_EQ(d.matrix(x, s * g + y), hit ? p : q) << xs_text << " x=" << x;
            EXPECT_EQ(d.matrix.output_labels()[s * g + y], local_hashing_label(s, y));
          }
        }
        for (std::size_t i = 0; i < open.size(); ++i) {
          EXPECT_EQ(d.matrix(x, g * seeds + i), x == open[i] ? (t - 1) / (t + g - 1) : Rational(0));
        }
      }
    }
  }
}

TEST(LocalHashing, ClassFormIsItsDenseRecount) {
  for (const char* xs_text : {"0-6", "0,2,5", "3"}) {
    for (std::uint64_t seeds : {1, 4, 9}) {
      const IndexSet xs = IndexSet::parse(xs_text, 7, "xs");
      const ClassStructuredMechanism q = local_hashing_classes(
          xs, HashFamily{3, seeds, nullptr}, PrivacyBudget::from_exp_eps(Rational(5, 2)));
      const DenseExpansion d = q.to_dense();
      EXPECT_EQ(structure_mismatch(q, d.matrix, d.protected_outputs), std::nullopt)
          << xs_text << " S=" << seeds;
    }
  }
}

// OLH at k = 1000 over 64 seeds: eps-LDP, tight at t, from the class form.
TEST(LocalHashing, VerdictsAreTheClaims) {
  const PrivacyBudget b = PrivacyBudget::from_exp_eps(Rational(3));
  const MechanismSpec olh =
      make_mechanism(find_mechanism("olh"), arguments(1000, Rational(3), std::nullopt, 64));
  const ClassForm form = std::get<ClassForm>(exact_form(olh));
  const Verdict ldp = check_ldp(form.q, b);
  EXPECT_TRUE(ldp.holds);
  EXPECT_EQ(ldp.tight_exp_eps, ExtendedRational(Rational(3)));
  EXPECT_EQ(form.q.num_outputs(), 64 * 4);
}

TEST(LocalHashing, RefusalsNameTheParameter) {
  const auto refused = [](const char* name, const MechanismArguments& a, const std::string& start) {
    try {
      static_cast<void>(exact_form(make_mechanism(find_mechanism(name), a)));
      ADD_FAILURE() << name << " was built";
    } catch (const InvalidArgument& e) {
      EXPECT_EQ(std::string(e.what()).rfind(start, 0), 0u) << e.what();
    }
  };
  refused("olh", arguments(5, Rational(3), 1, 4), "hash_range: g = 1 is outside 2..2^32");
  refused("olh", arguments(5, Rational(3), 4, 0), "hash_seeds: S = 0 is outside 1..2^32");
  refused("olh", arguments(5, Rational(3), 4, std::uint64_t{1} << 33), "hash_seeds: S = ");
  refused("flh", arguments(5, Rational(3), std::nullopt, std::nullopt),
          "hash_seeds: mechanism flh needs");
}

// The libraries' 2^32 seeds (pure-LDP draws randint(0, sys.maxsize), reduced mod 2^32 by xxhash)
// are decided without listing them: seeds 0..S'-1 listed (S' |X_S| <= 2^24), the rest pooled into
// one output. Pooling only lowers ratios and every column's ratio is at most t (the proof), so
// once every pair is hashed apart in the listed seeds each pair loss, the tight value and the
// verdicts are the whole family's: the same as those of the listed family alone.
TEST(LocalHashing, TheLibrariesSeedRangeIsDecidedFromItsListedSeeds) {
  const PrivacyBudget b = PrivacyBudget::from_exp_eps(Rational(3));
  for (const char* name : {"olh", "ulh"}) {
    MechanismArguments whole = arguments(1000, Rational(3), std::nullopt, std::uint64_t{1} << 32);
    MechanismArguments listed = arguments(1000, Rational(3), std::nullopt, 16777);
    if (std::string(name) == "ulh") {
      whole.sensitive = listed.sensitive = IndexSet::first(900, 1000);
      listed.values.set(kHashSeedsParameter, std::uint64_t{18641});  // 2^24 / 900
    }
    const ClassForm pooled =
        std::get<ClassForm>(exact_form(make_mechanism(find_mechanism(name), whole)));
    const ClassForm small =
        std::get<ClassForm>(exact_form(make_mechanism(find_mechanism(name), listed)));
    EXPECT_EQ(pooled.q.mechanism_outputs(),
              std::optional<Integer>(Integer(std::uint64_t{1} << 32) * 4 +
                                     (std::string(name) == "ulh" ? 100 : 0)))
        << name;
    EXPECT_EQ(pooled.q.num_outputs(), small.q.num_outputs() + 1) << name;  // one pooled output
    EXPECT_FALSE(small.q.mechanism_outputs());
    for (const Property property : {Property::kLdp, Property::kUldp}) {
      const Verdict a = check_property(ExactForm(pooled), property,
                                       whole.sensitive ? *whole.sensitive : IndexSet::all(1000), b);
      const Verdict c = check_property(ExactForm(small), property,
                                       whole.sensitive ? *whole.sensitive : IndexSet::all(1000), b);
      EXPECT_EQ(a.holds, c.holds) << name;
      EXPECT_EQ(a.tight_exp_eps, c.tight_exp_eps) << name;
    }
    // Every row still sums to 1 with the pooled seeds' mass: (S - S') / S per input.
    EXPECT_TRUE(is_stochastic(ExactForm(pooled))) << name;
  }
  const Verdict ldp = check_ldp(
      std::get<ClassForm>(exact_form(make_mechanism(
                              find_mechanism("olh"),
                              arguments(1000, Rational(3), std::nullopt, std::uint64_t{1} << 32))))
          .q,
      b);
  EXPECT_TRUE(ldp.holds);
  EXPECT_EQ(ldp.tight_exp_eps, ExtendedRational(Rational(3)));
}

// ... and refused when the listed seeds leave a pair of sensitive inputs hashed alike: a pooled
// seed could still tell them apart, so the listed seeds would not decide the family.
TEST(LocalHashing, APooledFamilyWhoseListedSeedsLeaveAPairTogetherIsRefused) {
  const std::size_t k = std::size_t{1} << 19;  // S' = 2^24 / k = 32 listed seeds
  auto table = std::make_shared<const HashTable>(32, std::vector<std::uint32_t>(k, 0));
  try {
    static_cast<void>(local_hashing_classes(IndexSet::all(k), HashFamily{2, 64, table},
                                            PrivacyBudget::from_exp_eps(Rational(3))));
    ADD_FAILURE() << "built";
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()),
              "hash_seeds: S = 64 is decided from its first 32 seeds (S |X_S| <= 2^24), which do "
              "not hash every pair of sensitive inputs apart; a family of at most 32 seeds is "
              "listed whole");
  }
}

// The libraries' formula by hand on OLH (k = 3, g = 2, two seeds): (support/n - 1/g)/(p - 1/g).
TEST(LocalHashingEstimator, IsTheLibrariesSupportCount) {
  const IndexSet all = IndexSet::all(3);
  const std::vector<std::uint64_t> counts = {5, 1, 2, 4};  // (0,0), (0,1), (1,0), (1,1)
  const Rational t(3), p = t / (t + 1), n(12);
  const std::vector<Rational> estimate =
      support_count_estimate(all, HashFamily{2, 2, nullptr}, t, counts);
  for (std::size_t x = 0; x < 3; ++x) {
    const std::uint64_t support = counts[local_hash(x, 0, 2)] + counts[2 + local_hash(x, 1, 2)];
    EXPECT_EQ(estimate[x], (Rational(Integer(support)) / n - Rational(1, 2)) / (p - Rational(1, 2)))
        << x;
  }
  EXPECT_THROW(support_count_estimate(all, HashFamily{2, 2, nullptr}, t, {1, 2, 3}),
               InvalidArgument);
  EXPECT_THROW(support_count_estimate(all, HashFamily{2, 2, nullptr}, Rational(1), counts),
               InvalidArgument);
}

// The estimator is linear in the frequencies, so at counts n (p Q) exactly it gives E[p̂]: that
// minus p is support_count_bias, computed from the family's collisions. A finite family is
// biased (a zero bias everywhere here would mean the test proves nothing); X_N is unbiased.
TEST(LocalHashingEstimator, ItsExpectationIsPPlusTheFamilysCollisionBias) {
  const Rational t(3);
  const std::vector<Rational> p = {Rational(1, 2), Rational(1, 4), Rational(1, 8), Rational(1, 8),
                                   Rational(0)};
  for (const char* xs_text : {"0-4", "0,1,3"}) {
    const IndexSet xs = IndexSet::parse(xs_text, 5, "xs");
    const DenseExpansion d =
        local_hashing_classes(xs, HashFamily{3, 4, nullptr}, PrivacyBudget::from_exp_eps(t))
            .to_dense();
    std::vector<Rational> m(d.matrix.num_outputs(), Rational(0));
    for (std::size_t x = 0; x < 5; ++x) {
      for (std::size_t y = 0; y < m.size(); ++y) m[y] += p[x] * d.matrix(x, y);
    }
    Integer n = 1;  // the least common denominator of the expected frequencies
    for (const Rational& v : m) n = boost::multiprecision::lcm(n, denominator(v));
    std::vector<std::uint64_t> counts;
    for (const Rational& v : m)
      counts.push_back(static_cast<std::uint64_t>(numerator(v * Rational(n))));
    const std::vector<Rational> expectation =
        support_count_estimate(xs, HashFamily{3, 4, nullptr}, t, counts);
    const std::vector<Rational> bias = support_count_bias(xs, HashFamily{3, 4, nullptr}, t, p);
    bool some_bias = false;
    for (std::size_t x = 0; x < 5; ++x) {
      EXPECT_EQ(expectation[x] - p[x], bias[x]) << xs_text << " x=" << x;
      if (!xs.contains(x)) {
        EXPECT_EQ(bias[x], 0) << xs_text;
      }
      some_bias = some_bias || bias[x] != 0;
    }
    EXPECT_TRUE(some_bias) << xs_text;
  }
}

// Errata L1: pure-LDP's FLH server (seeds 0..k-1, the support count) at eps = ln 3 (g = 4),
// d = 6, k = 16, uniform p. The expected values, computed independently with Python's fractions
// and python3-xxhash: item 3 is estimated at 1/6 - 1/9 = 1/18 on average.
TEST(LocalHashingEstimator, PureLdpFastLocalHashingIsBiased) {
  const std::vector<Rational> bias =
      support_count_bias(IndexSet::all(6), HashFamily{4, 16, nullptr}, Rational(3),
                         std::vector<Rational>(6, Rational(1, 6)));
  const std::vector<Rational> expected = {Rational(-1, 72), Rational(1, 36),  Rational(0),
                                          Rational(-1, 9),  Rational(-1, 18), Rational(1, 72)};
  EXPECT_EQ(bias, expected);
  // k = 1000, d = 100, p = 1/100: item 3 is off by -379/75000 = -0.00505..., the absolute
  // biases sum to 2711/18750 = 0.1446 (the same independent computation).
  const std::vector<Rational> wide =
      support_count_bias(IndexSet::all(100), HashFamily{4, 1000, nullptr}, Rational(3),
                         std::vector<Rational>(100, Rational(1, 100)));
  Rational largest = 0, total = 0;
  for (const Rational& b : wide) {
    total += abs(b);
    if (abs(b) > abs(largest)) largest = b;
  }
  EXPECT_EQ(largest, Rational(-379, 75000));
  EXPECT_EQ(wide[3], largest);
  EXPECT_EQ(total, Rational(2711, 18750));
  EXPECT_THROW(
      support_count_bias(IndexSet::all(kMaxBiasInputs + 1), HashFamily{4, 1, nullptr}, Rational(3),
                         std::vector<Rational>(kMaxBiasInputs + 1, Rational(0))),
      InvalidArgument);
}

}  // namespace
}  // namespace uldp
