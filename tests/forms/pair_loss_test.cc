// The per-pair loss matrix on hand-computed cases: the ratios and their witnesses, infinity and 0,
// the restriction to an output set; the largest entry is the tight ratio the LDP and ULDP checkers
// find; raising one entry changes exactly the pairs it should; the per-bit form agrees with its
// dense expansion without listing the outputs.
#include "uldp/forms/pair_loss.h"

#include <gtest/gtest.h>

#include <random>

#include "uldp/error.h"
#include "uldp/forms/bit_product_privacy_check.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/testing/budgets.h"

namespace uldp {
namespace {

DenseMechanism matrix(std::size_t rows, std::size_t cols, std::vector<const char*> entries) {
  std::vector<Rational> values;
  for (const char* e : entries) values.push_back(parse_rational(e, "q"));
  return DenseMechanism(rows, DenseMechanism::index_labels(cols), std::move(values));
}

ExtendedRational r(const char* text) { return ExtendedRational(parse_rational(text, "r")); }

// The largest loss over all pairs.
ExtendedRational largest(const PairLossMatrix& m) {
  ExtendedRational best;
  for (std::size_t x = 0; x < m.inputs(); ++x) {
    for (std::size_t x_prime = 0; x_prime < m.inputs(); ++x_prime) {
      if (best < m.at(x, x_prime).ratio) best = m.at(x, x_prime).ratio;
    }
  }
  return best;
}

TEST(PairLoss, HandComputedRatiosAndWitnesses) {
  // Rows: 1/2 1/4 1/4 | 1/4 1/2 1/4 | 1/8 1/8 3/4.
  const DenseMechanism q =
      matrix(3, 3, {"1/2", "1/4", "1/4", "1/4", "1/2", "1/4", "1/8", "1/8", "3/4"});
  const PairLossMatrix m = pair_losses(q, std::nullopt);
  EXPECT_EQ(m.at(0, 0).ratio, r("1"));
  EXPECT_EQ(m.at(0, 1).ratio, r("2"));  // y = 0: (1/2) / (1/4)
  EXPECT_EQ(m.at(0, 1).output, "0");
  EXPECT_EQ(m.at(0, 2).ratio, r("4"));  // y = 0: (1/2) / (1/8)
  EXPECT_EQ(m.at(2, 0).ratio, r("3"));  // y = 2: (3/4) / (1/4)
  EXPECT_EQ(m.at(2, 0).output, "2");
  EXPECT_EQ(m.at(1, 2).ratio, r("4"));  // y = 1
  // The largest entry is the tight ratio of eps-LDP.
  EXPECT_EQ(largest(m), check_ldp(q, std::nullopt).tight_exp_eps);
}

TEST(PairLoss, ZerosGiveInfinityOrNoRatioAndTheOutputSetRestricts) {
  // x = 2 alone gives output 2 (an invertible output of a non-sensitive input).
  const DenseMechanism q =
      matrix(3, 3, {"3/4", "1/4", "0", "1/4", "3/4", "0", "1/4", "1/4", "1/2"});
  const PairLossMatrix all = pair_losses(q, std::nullopt);
  EXPECT_TRUE(all.at(2, 0).ratio.is_infinite());
  EXPECT_EQ(all.at(2, 0).output, "2");
  EXPECT_EQ(all.at(0, 2).ratio, r("3"));
  // Over Y_P = {0, 1}: the invertible output no longer counts.
  const IndexSet yp = IndexSet::from_indices({0, 1}, 3, "yp");
  const PairLossMatrix protected_only = pair_losses(q, yp);
  EXPECT_EQ(protected_only.at(2, 0).ratio, r("1"));
  EXPECT_EQ(protected_only.at(0, 1).ratio, r("3"));
  EXPECT_EQ(largest(protected_only), check_uldp(q, IndexSet::from_indices({0, 1}, 3, "xs"), yp,
                                                std::nullopt, UldpReading::kReachable)
                                         .tight_exp_eps);
  // An input with no output in the set: loss 0, no witness.
  const PairLossMatrix only_two = pair_losses(q, IndexSet::from_indices({2}, 3, "yp"));
  EXPECT_EQ(only_two.at(0, 2).ratio, ExtendedRational());
  EXPECT_FALSE(only_two.at(0, 2).output);
  EXPECT_THROW(pair_losses(q, IndexSet::from_indices({0}, 4, "yp")), InvalidArgument);
}

// Mutation: moving mass within row x changes only the pairs (x, .) and (., x).
TEST(PairLoss, ChangingOneRowChangesOnlyItsPairs) {
  std::mt19937_64 rng(39);
  for (int trial = 0; trial < 20; ++trial) {
    const std::size_t k = 4, outputs = 5;
    std::vector<Rational> entries;
    for (std::size_t x = 0; x < k; ++x) {
      std::vector<long> w(outputs);
      long total = 0;
      for (long& v : w) total += (v = static_cast<long>(1 + rng() % 9));
      for (long v : w) entries.push_back(Rational(v, total));
    }
    const DenseMechanism q(k, DenseMechanism::index_labels(outputs), entries);
    const std::size_t row = rng() % k;
    std::vector<Rational> raised = entries;
    const Rational moved = raised[row * outputs + 1] / 2;  // half of y = 1's mass to y = 0
    raised[row * outputs + 1] -= moved;
    raised[row * outputs] += moved;
    const DenseMechanism changed(k, DenseMechanism::index_labels(outputs), raised);
    const PairLossMatrix before = pair_losses(q, std::nullopt),
                         after = pair_losses(changed, std::nullopt);
    bool some_changed = false;
    for (std::size_t x = 0; x < k; ++x) {
      for (std::size_t x_prime = 0; x_prime < k; ++x_prime) {
        const bool same = before.at(x, x_prime).ratio == after.at(x, x_prime).ratio;
        if (x != row && x_prime != row) {
          EXPECT_TRUE(same) << x << "," << x_prime;
        }
        if (!same) some_changed = true;
      }
    }
    EXPECT_TRUE(some_changed);  // raising Q(0|row) raises L(row, x') for some x'
  }
}

// The per-bit form against its dense expansion, LDP and with forced-zero bits (ULDP's Y_P).
TEST(PairLoss, BitProductFormAgreesWithItsDenseExpansion) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 30; ++trial) {
    const std::size_t k = 2 + rng() % 3;
    std::vector<BitChannel> bits;
    for (std::size_t j = 0; j < k; ++j) {
      // Probabilities in {0, 1/8, ..., 1}: zeros and ones included on purpose.
      bits.push_back(
          {Rational(static_cast<long>(rng() % 9), 8), Rational(static_cast<long>(rng() % 9), 8)});
    }
    const BitProductMechanism q(bits);
    const DenseMechanism dense = q.to_dense();
    std::vector<std::size_t> zero;
    for (std::size_t j = 0; j < k; ++j)
      if (rng() % 3 == 0) zero.push_back(j);
    const IndexSet zero_bits = IndexSet::from_indices(zero, k, "zero");
    std::vector<std::size_t> outputs;
    for (std::size_t y = 0; y < dense.num_outputs(); ++y) {
      bool in = true;
      for (const std::size_t j : zero) in = in && !((y >> j) & 1u);
      if (in) outputs.push_back(y);
    }
    for (const bool restricted : {false, true}) {
      const PairLossMatrix structured =
          pair_losses(q, restricted ? std::optional(zero_bits) : std::nullopt);
      const PairLossMatrix expanded = pair_losses(
          dense, restricted
                     ? std::optional(IndexSet::from_indices(outputs, dense.num_outputs(), "y"))
                     : std::nullopt);
      for (std::size_t x = 0; x < k; ++x) {
        for (std::size_t x_prime = 0; x_prime < k; ++x_prime) {
          EXPECT_EQ(structured.at(x, x_prime).ratio, expanded.at(x, x_prime).ratio)
              << "trial " << trial << " restricted " << restricted << " pair " << x << ","
              << x_prime << ": " << structured.at(x, x_prime).ratio.to_string() << " vs "
              << expanded.at(x, x_prime).ratio.to_string();
          EXPECT_EQ(structured.at(x, x_prime).output.has_value(),
                    expanded.at(x, x_prime).output.has_value());
        }
      }
    }
  }
}

}  // namespace
}  // namespace uldp
