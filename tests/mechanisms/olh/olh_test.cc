// Local hashing (olh, blh, flh, ulh) against its description, exactly: the hash against values
// Python's xxhash module gives, OLH's g, every entry of the dense matrix, the class form against
// its dense recount, the verdicts, and the refusals that name the parameter.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "uldp/error.h"
#include "uldp/forms/class_privacy_check.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/olh/olh.h"
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
          local_hashing_classes(xs, g, seeds, PrivacyBudget::from_exp_eps(t)).to_dense();
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
      const ClassStructuredMechanism q =
          local_hashing_classes(xs, 3, seeds, PrivacyBudget::from_exp_eps(Rational(5, 2)));
      const DenseExpansion d = q.to_dense();
      EXPECT_EQ(structure_mismatch(q, d.matrix, d.protected_outputs), std::nullopt)
          << xs_text << " S=" << seeds;
    }
  }
}

// OLH is eps-LDP tight at t; uLH is ULDP tight at t and not LDP (an X_N output is invertible).
TEST(LocalHashing, VerdictsAreTheClaims) {
  const PrivacyBudget b = PrivacyBudget::from_exp_eps(Rational(3));
  const MechanismSpec olh =
      make_mechanism(find_mechanism("olh"), arguments(1000, Rational(3), std::nullopt, 64));
  const ClassForm form = std::get<ClassForm>(exact_form(olh));
  const Verdict ldp = check_ldp(form.q, b);
  EXPECT_TRUE(ldp.holds);
  EXPECT_EQ(ldp.tight_exp_eps, ExtendedRational(Rational(3)));
  EXPECT_EQ(form.q.num_outputs(), 64 * 4);

  MechanismArguments a = arguments(6, Rational(3), 4, 4);
  a.sensitive = IndexSet::parse("0,1,2", 6, "xs");
  const MechanismSpec ulh = make_mechanism(find_mechanism("ulh"), a);
  const DenseForm dense = std::get<DenseForm>(exact_form(ulh, FormChoice::kDense));
  const Verdict uldp =
      check_uldp(dense.q, *a.sensitive, dense.protected_outputs, b, UldpReading::kLiteral);
  EXPECT_TRUE(uldp.holds);
  EXPECT_EQ(uldp.tight_exp_eps, ExtendedRational(Rational(3)));
  EXPECT_FALSE(check_ldp(dense.q, b).holds);
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
  refused("olh", arguments(1000, Rational(3), 4, std::uint64_t{1} << 20),
          "hash_seeds: S |X_S| = 1048576 x 1000 hashes exceed the 16777216");
  refused("flh", arguments(5, Rational(3), std::nullopt, std::nullopt),
          "hash_seeds: mechanism flh needs");
}

}  // namespace
}  // namespace uldp
