// uSS (arXiv 2509.24173, encode_uSS.m / decode_uSS.m) against the reference code's formulas,
// exactly: f and z of the encoder, p*, q*, z* of the decoder, uSS = uBD followed by a
// post-processing of Y_I, the default K, and the check at the paper's largest setting.
#include <gtest/gtest.h>

#include <cmath>

#include "uldp/error.h"
#include "uldp/forms/class_privacy_check.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/mechanisms/uss/uss.h"

namespace uldp {
namespace {

// encode_uSS.m: a non-sensitive x reports {x} w.p. 1 - f, a K-subset S w.p. f (1 - z) and
// S ∪ {x} w.p. f z; decode_uSS.m's p*, q*, z* (v >= 2).
TEST(UtilityOptimizedSubsetSelection, ConstantsAreTheReferenceCodesFormulas) {
  for (const Rational& t : {Rational(3, 2), Rational(3), Rational(403, 7)}) {
    for (std::size_t v = 2; v <= 9; ++v) {
      for (std::size_t block = 1; block <= v; ++block) {
        const UssConstants c = uss_constants(v, block, t);
        const Rational s(static_cast<long>(v)), k(static_cast<long>(block));
        const Rational f = s * (t * (k - 1) - k + s) / (s - 1) / (k * (t - 1) + s);
        const Rational z = (t - 1) * (k - 1) / (t * (k - 1) - k + s);
        const Rational blocks(c.blocks.blocks);
        EXPECT_EQ(c.alone, 1 - f);
        EXPECT_EQ(c.blocks.from_open * blocks, f * (1 - z));
        EXPECT_EQ(c.with_block * blocks, f * z);
        EXPECT_EQ(c.own_sensitive_bit, k * t / (k * t + s - k));
        EXPECT_EQ(c.other_sensitive_bit, k * (k * t + s - k - t) / (k * t + s - k) / (s - 1));
        EXPECT_EQ(c.own_open_bit, k * (t - 1) / (k * (t - 1) + s));
      }
    }
  }
  // v = 1: the code divides 0 by 0 (f); uSS is uBD there.
  const UssConstants one = uss_constants(1, 1, Rational(3));
  EXPECT_EQ(one.alone, Rational(2, 3));
  EXPECT_EQ(one.with_block, 0);
}

// Every protected column is uBD's, and merging {x} with every S ∪ {x} gives uBD's X_N column:
// uSS = G ∘ uBD with G the post-processing of Y_I.
TEST(UtilityOptimizedSubsetSelection, IsUbdFollowedByAPostProcessingOfYi) {
  for (const char* xs_text : {"0", "1,3", "0,2,3", "1-4"}) {
    const IndexSet xs = IndexSet::parse(xs_text, 6, "xs");
    for (std::size_t block = 1; block <= xs.size(); ++block) {
      const PrivacyBudget b = PrivacyBudget::from_exp_eps(Rational(7, 2));
      const DenseExpansion uss = uss_classes(xs, block, b).to_dense();
      const DenseExpansion ubd = ubd_classes(xs, block, b).to_dense();
      const std::size_t blocks = ubd.protected_outputs.size();
      EXPECT_EQ(uss.protected_outputs, IndexSet::first(blocks, uss.matrix.num_outputs()));
      const IndexSet open = xs.complement();
      for (std::size_t x = 0; x < 6; ++x) {
        for (std::size_t y = 0; y < blocks; ++y) EXPECT_EQ(uss.matrix(x, y), ubd.matrix(x, y));
        Rational to_open = 0;
        for (std::size_t y = blocks; y < uss.matrix.num_outputs(); ++y) to_open += uss.matrix(x, y);
        const Rational expected = open.contains(x) ? ubd.matrix(
                                                         x, blocks +
                                                                [&] {
                                                                  std::size_t i = 0;
                                                                  while (open.indices()[i] != x)
                                                                    ++i;
                                                                  return i;
                                                                }())
                                                   : Rational(0);
        EXPECT_EQ(to_open, expected) << xs_text << " K=" << block << " x=" << x;
      }
    }
  }
}

// find_opt_k of encode_uSS.m in doubles agrees with the exact choice where the minimum is clear.
TEST(UtilityOptimizedSubsetSelection, DefaultBlockIsTheReferenceCodesChoice) {
  for (double t : {2.0, 3.0, 20.0}) {
    for (std::size_t v = 2; v <= 60; v += 7) {
      double best = INFINITY;
      std::size_t best_k = 0;
      for (std::size_t k = 1; k < v; ++k) {
        const double kk = static_cast<double>(k), s = static_cast<double>(v);
        const double a = s * ((kk * t - t + s - kk) * (kk * t - kk + s - 1)) / kk / (s - kk) /
                         ((t - 1) * (t - 1));
        const double b =
            (kk * (1 - kk) * (t - 1) + (s - 1) * (s - 2 * kk)) / (kk * (s - kk) * (t - 1));
        const double w = a + std::max(b, s / kk / (t - 1));
        if (w < best) {
          best = w;
          best_k = k;
        }
      }
      EXPECT_EQ(uss_default_block(v, Rational(static_cast<long>(t))), best_k) << v << " " << t;
    }
  }
  EXPECT_EQ(uss_default_block(1, Rational(3)), 1u);
  MechanismArguments a;
  a.k = 8;
  a.sensitive = IndexSet::parse("0-4", 8, "xs");
  a.budget = PrivacyBudget::from_exp_eps(Rational(3));
  const MechanismSpec spec = make_mechanism(find_mechanism("uss"), a);
  EXPECT_EQ(std::get<UssSpec>(spec.kind).block, uss_default_block(5, Rational(3)));
}

TEST(UtilityOptimizedSubsetSelection, ChecksAtTheLargestSettingWithoutEnumerating) {
  const IndexSet xs = IndexSet::parse("0-2431", 12800, "xs");
  const PrivacyBudget b = PrivacyBudget::from_exp_eps(Rational(403));
  const ClassStructuredMechanism m = uss_classes(xs, 300, b);
  const Verdict v = check_uldp(m, xs, b, UldpReading::kLiteral);
  EXPECT_TRUE(v.holds);
  EXPECT_EQ(v.tight_exp_eps, ExtendedRational(Rational(403)));
  EXPECT_EQ(m.num_outputs(), binomial(2432, 300) * (1 + 10368) + 10368);
}

}  // namespace
}  // namespace uldp
