// The structured checker against the dense one, and at the paper's largest size.
#include "uldp/forms/bit_product_privacy_check.h"

#include <gtest/gtest.h>

#include <random>

#include "uldp/mechanisms/rappor/rappor.h"
#include "uldp/mechanisms/urap/urap.h"
#include "uldp/testing/budgets.h"
#include "witness_checks.h"

namespace uldp {
namespace {

using testing::budget;

IndexSet dense_protected(const IndexSet& zero_bits) {
  std::vector<std::size_t> outputs;
  const std::size_t k = zero_bits.universe();
  for (std::size_t y = 0; y < (std::size_t{1} << k); ++y) {
    bool in = true;
    for (std::size_t j : zero_bits.indices()) in = in && !((y >> j) & 1u);
    if (in) outputs.push_back(y);
  }
  return IndexSet::from_indices(outputs, std::size_t{1} << k, "yp");
}

void expect_same(const Verdict& structured, const Verdict& dense, const DenseMechanism& q,
                 const std::string& what) {
  EXPECT_EQ(structured.holds, dense.holds) << what;
  EXPECT_EQ(structured.tight_exp_eps, dense.tight_exp_eps)
      << what << ": " << structured.tight_exp_eps.to_string() << " vs "
      << dense.tight_exp_eps.to_string();
  EXPECT_EQ(structured.violated, dense.violated) << what;
  if (structured.witness && structured.violated == Condition::kRatio &&
      !structured.tight_exp_eps.is_infinite()) {
    // The structured witness is a real triple of the dense matrix with the claimed entries.
    EXPECT_EQ(*structured.witness->q_x, q(structured.witness->x, structured.witness->y.value()))
        << what;
    EXPECT_EQ(*structured.witness->q_x_prime,
              q(structured.witness->x_prime, structured.witness->y.value()))
        << what;
  }
}

void compare_all(const BitProductMechanism& u, const IndexSet& xs, const IndexSet& zero_bits,
                 const std::optional<PrivacyBudget>& b, const std::string& what) {
  const DenseMechanism q = u.to_dense();
  const IndexSet yp = dense_protected(zero_bits);
  expect_same(check_ldp(u, b), check_ldp(q, b), q, what + " ldp");
  expect_same(check_osldp(u, xs, b), check_osldp(q, xs, b), q, what + " osldp");
  for (UldpReading reading : {UldpReading::kReachable, UldpReading::kLiteral}) {
    const Verdict s = check_uldp(u, xs, ZeroMaskOutputs{zero_bits}, b, reading);
    const Verdict d = check_uldp(q, xs, yp, b, reading);
    expect_same(s, d, q,
                what + (reading == UldpReading::kLiteral ? " uldp literal" : " uldp reachable"));
    if (s.violated == Condition::kInvertibility) {
      ASSERT_TRUE(s.witness);
      EXPECT_TRUE(testing::violates_invertibility(q, *s.witness, xs, yp)) << what;
    }
  }
}

TEST(UnaryCheck, AgreesWithDenseOnThePapersMechanisms) {
  for (std::size_t k = 1; k <= 6; ++k) {
    for (long t : {1L, 2L, 9L}) {
      const PrivacyBudget b = budget(t);
      compare_all(basic_rappor(k, b), IndexSet::all(k), IndexSet::parse("", k, "z"), b, "rappor");
      for (std::size_t s = 0; s <= k; ++s) {
        const IndexSet xs = IndexSet::first(s, k);
        compare_all(
            utility_optimized_rappor(xs, b), xs, xs.complement(), b,
            "urap k=" + std::to_string(k) + " s=" + std::to_string(s) + " t=" + std::to_string(t));
      }
    }
  }
}

TEST(UnaryCheck, AgreesWithDenseOnRandomBitChannels) {
  // Random per-bit channels with probabilities in {0, 1/4, 1/3, 1/2, 2/3, 1} (zeros and ones
  // exercise the support logic), random X_S and zero masks, with and without a budget.
  std::mt19937_64 rng(20261122);
  const std::vector<Rational> values = {Rational(0),    Rational(1, 4), Rational(1, 3),
                                        Rational(1, 2), Rational(2, 3), Rational(1)};
  std::uniform_int_distribution<std::size_t> pick(0, values.size() - 1);
  for (int trial = 0; trial < 400; ++trial) {
    const std::size_t k = 1 + trial % 5;
    std::vector<BitChannel> bits(k);
    for (auto& b : bits) b = {values[pick(rng)], values[pick(rng)]};
    std::vector<std::size_t> xs_list, zero_list;
    for (std::size_t j = 0; j < k; ++j) {
      if (rng() % 2) xs_list.push_back(j);
      if (rng() % 2) zero_list.push_back(j);
    }
    const IndexSet xs = IndexSet::from_indices(xs_list, k, "xs");
    const IndexSet zero = IndexSet::from_indices(zero_list, k, "z");
    const std::optional<PrivacyBudget> b = trial % 3 ? std::optional(budget(2)) : std::nullopt;
    compare_all(BitProductMechanism(bits), xs, zero, b, "trial " + std::to_string(trial));
  }
}

TEST(UnaryCheck, UrapLiteralReadingFailsWithTwoNonSensitiveSymbols) {
  // Y_I contains y with two non-sensitive bits set; no input produces it (errata E1).
  const IndexSet xs = IndexSet::parse("0", 3, "xs");
  const BitProductMechanism u = utility_optimized_rappor(xs, budget(4));
  const Verdict literal =
      check_uldp(u, xs, ZeroMaskOutputs{xs.complement()}, budget(4), UldpReading::kLiteral);
  EXPECT_FALSE(literal.holds);
  EXPECT_EQ(literal.violated, Condition::kInvertibility);
  EXPECT_EQ(literal.witness->y_label.substr(1), "11");
  EXPECT_TRUE(
      check_uldp(u, xs, ZeroMaskOutputs{xs.complement()}, budget(4), UldpReading::kReachable)
          .holds);
  // With one non-sensitive symbol every y in Y_I is reachable: both readings hold.
  const IndexSet xs2 = IndexSet::parse("0-1", 3, "xs");
  const BitProductMechanism u2 = utility_optimized_rappor(xs2, budget(4));
  EXPECT_TRUE(
      check_uldp(u2, xs2, ZeroMaskOutputs{xs2.complement()}, budget(4), UldpReading::kLiteral)
          .holds);
}

TEST(UnaryCheck, PapersLargestUrapIsTightAtT) {
  // |X| = 12800, |X_S| = 2432, eps = 6: structured, never enumerating 2^12800 outputs.
  const IndexSet xs = IndexSet::first(2432, 12800);
  const PrivacyBudget b = PrivacyBudget::from_epsilon(Rational(6));
  const BitProductMechanism u = utility_optimized_rappor(xs, b);
  const Verdict v = check_uldp(u, xs, ZeroMaskOutputs{xs.complement()}, b, UldpReading::kReachable);
  EXPECT_TRUE(v.holds);
  EXPECT_EQ(v.tight_exp_eps, ExtendedRational(b.exp_eps()));
  EXPECT_FALSE(check_ldp(u, b).holds);
  EXPECT_TRUE(check_osldp(u, xs, b).holds);
  const Verdict rappor = check_ldp(basic_rappor(12800, b), b);
  EXPECT_TRUE(rappor.holds);
  EXPECT_EQ(rappor.tight_exp_eps, ExtendedRational(b.exp_eps()));
}

}  // namespace
}  // namespace uldp
