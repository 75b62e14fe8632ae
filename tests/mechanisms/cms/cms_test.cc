// The count-mean sketch: pure-LDP's hashes, its exact form against the dense matrix, and its
// tight e^eps = s^2.
#include "uldp/mechanisms/cms/cms.h"

#include <gtest/gtest.h>

#include <string>

#include "uldp/error.h"
#include "uldp/forms/bloom_filter_privacy_check.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/olh/olh.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec make(std::size_t k, const PrivacyBudget& budget, std::uint64_t hashes,
                   std::uint64_t width) {
  MechanismArguments a;
  a.k = k;
  a.budget = budget;
  a.values.set(kSketchHashesParameter, hashes);
  a.values.set(kSketchWidthParameter, width);
  return make_mechanism(find_mechanism("cms"), a);
}

// xxhash.xxh64(str(x), seed=j).intdigest() % m, with Debian's python3-xxhash.
TEST(CountMeanSketch, HashesAsPureLdpDoes) {
  EXPECT_EQ(sketch_hash(0, 0, 16), 12u);
  EXPECT_EQ(sketch_hash(5, 3, 1024), 122u);
  EXPECT_EQ(sketch_hash(999, 7, 4), 1u);
  EXPECT_EQ(sketch_hash(12, 1, 8), 2u);
}

TEST(CountMeanSketch, ItsTightRatioIsTheSquareOfS) {
  // t = 4 is a square: s = 2 exactly, and two inputs in different buckets attain 4.
  const MechanismSpec spec = make(1000, PrivacyBudget::from_exp_eps(Rational(4)), 1024, 1024);
  const Verdict v = check_ldp(std::get<BloomForm>(exact_form(spec)).q, budget_of(spec));
  EXPECT_TRUE(v.holds);
  EXPECT_EQ(v.tight_exp_eps, ExtendedRational(Rational(4)));
  // t = 3 is not: s is sqrt(3) rounded down, so the sketch is a little stronger than asked.
  const MechanismSpec three = make(20, PrivacyBudget::from_exp_eps(Rational(3)), 4, 16);
  const Verdict w = check_ldp(std::get<BloomForm>(exact_form(three)).q, budget_of(three));
  EXPECT_TRUE(w.holds);
  EXPECT_LT(w.tight_exp_eps, ExtendedRational(Rational(3)));
  EXPECT_GT(w.tight_exp_eps, ExtendedRational(Rational(3) - Rational(1, 1000000)));
}

TEST(CountMeanSketch, StructuredAndDenseChecksAgree) {
  for (const char* t : {"1", "4", "9/4"}) {
    for (std::uint64_t width : {2u, 3u, 5u}) {
      const MechanismSpec spec = make(5, PrivacyBudget::from_exp_eps(parse_rational(t)), 3, width);
      const Verdict s = check_ldp(std::get<BloomForm>(exact_form(spec)).q, budget_of(spec));
      const DenseForm dense = std::get<DenseForm>(exact_form(spec, FormChoice::kDense));
      const Verdict d = check_ldp(dense.q, budget_of(spec));
      EXPECT_EQ(s.tight_exp_eps, d.tight_exp_eps) << t << " m = " << width;
      EXPECT_EQ(s.holds, d.holds);
    }
  }
}

TEST(CountMeanSketch, RefusesBadSizesNamingThem) {
  auto refusal = [](std::uint64_t hashes, std::uint64_t width) {
    try {
      make(4, PrivacyBudget::from_exp_eps(Rational(4)), hashes, width);
    } catch (const InvalidArgument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(refusal(0, 4), "sketch_hashes: J = 0 is outside 1..65536");
  EXPECT_EQ(refusal(2, 1), "sketch_width: m = 1 is outside 2..4096");
  EXPECT_EQ(refusal(2, 5000), "sketch_width: m = 5000 is outside 2..4096");
}

// A family given as a file (--hash-family, one hash function a line): a file that writes down
// xxh64's seeds 0..J-1 builds what --sketch-hashes J builds, entry for entry, for cms and hcms;
// J is the file's lines, and the two are refused together.
TEST(CountMeanSketch, AFamilyFileOfXxh64sSeedsBuildsTheBuiltInSketch) {
  std::string text;
  for (std::uint64_t j = 0; j < 3; ++j) {
    for (std::size_t x = 0; x < 5; ++x) {
      if (x > 0) text += ',';
      text += std::to_string(sketch_hash(x, j, 4));
    }
    text += '\n';
  }
  for (const char* name : {"cms", "hcms"}) {
    MechanismArguments seeds;
    seeds.k = 5;
    seeds.budget = PrivacyBudget::from_exp_eps(Rational(4));
    seeds.values.set(kSketchWidthParameter, std::uint64_t{4});
    MechanismArguments file = seeds;
    seeds.values.set(kSketchHashesParameter, std::uint64_t{3});
    file.values.set(kHashFamilyParameter, FileText{"h.txt", text});
    const auto dense = [&](const MechanismArguments& a) {
      return std::get<DenseForm>(
                 exact_form(make_mechanism(find_mechanism(name), a), FormChoice::kDense))
          .q;
    };
    EXPECT_EQ(dense(file).output_labels(), dense(seeds).output_labels()) << name;
    EXPECT_EQ(dense(file).entries(), dense(seeds).entries()) << name;
    MechanismArguments both = file;
    both.values.set(kSketchHashesParameter, std::uint64_t{3});
    EXPECT_THROW(make_mechanism(find_mechanism(name), both), InvalidArgument) << name;
    MechanismArguments neither = seeds;
    neither.values.set(kSketchHashesParameter, std::nullopt);
    EXPECT_THROW(make_mechanism(find_mechanism(name), neither), InvalidArgument) << name;
  }
}

}  // namespace
}  // namespace uldp
