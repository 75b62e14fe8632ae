// ID-LDP on hand-computed loss matrices: min, max and mean of the pair's budgets, as e^eps (the
// mean exactly, through squares) and as eps (certified against the irrational e^eps), including a
// parameter set that fails by a margin of 1e-19 and the same set nudged below it.
#include "uldp/forms/input_discriminative.h"

#include <gtest/gtest.h>

#include "uldp/error.h"

namespace uldp {
namespace {

DenseMechanism matrix(std::size_t rows, std::size_t cols, std::vector<Rational> values) {
  return DenseMechanism(rows, DenseMechanism::index_labels(cols), std::move(values));
}

Rational q(const char* text) { return parse_rational(text, "q"); }

// L = [[1, 2, 4], [2, 1, 4], [3, 3, 1]].
const DenseMechanism kThree = matrix(
    3, 3,
    {q("1/2"), q("1/4"), q("1/4"), q("1/4"), q("1/2"), q("1/4"), q("1/8"), q("1/8"), q("3/4")});

InputBudgets exp_budgets(std::vector<long> ts, IdCombine combine) {
  InputBudgets b;
  for (const long t : ts) b.per_input.push_back(PrivacyBudget::from_exp_eps(Rational(t)));
  b.combine = combine;
  return b;
}

TEST(InputDiscriminative, MinMaxAndMeanOfTheBudgetsAsExpEps) {
  const PairLossMatrix losses = pair_losses(kThree, std::nullopt);
  // t = (4, 2, 3). min: L(0, 2) = 4 > min(4, 3) = 3, the first pair that fails.
  const PairBoundVerdict min =
      check_input_discriminative(losses, exp_budgets({4, 2, 3}, IdCombine::kMin));
  ASSERT_FALSE(min.holds);
  EXPECT_EQ(min.violation->x, 0u);
  EXPECT_EQ(min.violation->x_prime, 2u);
  EXPECT_EQ(min.violation->bound, "3");
  EXPECT_EQ(min.violation->loss.output, "0");
  // max: (0, 2) has 4 <= 4; L(1, 2) = 4 > max(2, 3) = 3 fails.
  const PairBoundVerdict max =
      check_input_discriminative(losses, exp_budgets({4, 2, 3}, IdCombine::kMax));
  ASSERT_FALSE(max.holds);
  EXPECT_EQ(max.violation->x, 1u);
  EXPECT_EQ(max.violation->x_prime, 2u);
  // mean: sqrt(4 * 3) = 3.46 < 4 at (0, 2); sqrt(4 * 2) = 2.83 >= 2 at (0, 1).
  const PairBoundVerdict mean =
      check_input_discriminative(losses, exp_budgets({4, 2, 3}, IdCombine::kMean));
  ASSERT_FALSE(mean.holds);
  EXPECT_EQ(mean.violation->x_prime, 2u);
  EXPECT_EQ(mean.violation->bound, "sqrt(4 * 3)");
  // Budgets every pair meets: the tightest pair is the margin, L(0, 2) = 4 of min(16, 5) = 5
  // (L(1, 2) = 4 of min(8, 5) ties with it; the first is kept).
  const PairBoundVerdict holds =
      check_input_discriminative(losses, exp_budgets({16, 8, 5}, IdCombine::kMin));
  EXPECT_TRUE(holds.holds);
  ASSERT_TRUE(holds.tightest);
  EXPECT_EQ(holds.tightest->x, 0u);
  EXPECT_EQ(holds.tightest->x_prime, 2u);
  EXPECT_DOUBLE_EQ(holds.tightest->loss_share, 0.8);
  // A mean of exactly the loss holds: L(0, 2)^2 = 16 = 4 * 4.
  EXPECT_TRUE(check_input_discriminative(losses, exp_budgets({4, 4, 4}, IdCombine::kMean)).holds);
}

// Budgets as eps = (1, 2): the pair's min is eps = 1, and a ratio 1e-19 above e fails while one
// 1e-19 below holds (no double could tell them apart).
TEST(InputDiscriminative, BudgetsAsEpsFailByARoundingMargin) {
  for (const auto& [ratio, holds] : {std::pair<const char*, bool>{"2.7182818284590452354", false},
                                     {"2.7182818284590452353", true}}) {
    const Rational r = q(ratio);
    const Rational a = r / (r + 1);
    const PairLossMatrix losses =
        pair_losses(matrix(2, 2, {a, Rational(1 - a), Rational(1 - a), a}), std::nullopt);
    InputBudgets b;
    b.per_input = {PrivacyBudget::from_epsilon(Rational(1)),
                   PrivacyBudget::from_epsilon(Rational(2))};
    const PairBoundVerdict v = check_input_discriminative(losses, b);
    EXPECT_EQ(v.holds, holds) << ratio;
    EXPECT_EQ(v.tightest->bound, "e^1");
  }
}

TEST(InputDiscriminative, BudgetsMustBeOnePerInputAndOfOneKind) {
  const PairLossMatrix losses = pair_losses(kThree, std::nullopt);
  EXPECT_THROW(check_input_discriminative(losses, exp_budgets({4, 2}, IdCombine::kMin)),
               InvalidArgument);
  InputBudgets mixed = exp_budgets({4, 2}, IdCombine::kMin);
  mixed.per_input.push_back(PrivacyBudget::from_epsilon(Rational(1)));
  EXPECT_THROW(check_input_discriminative(losses, mixed), InvalidArgument);
  EXPECT_EQ(parse_id_combine("mean", "--id-combine"), IdCombine::kMean);
  EXPECT_THROW(parse_id_combine("median", "--id-combine"), InvalidArgument);
}

}  // namespace
}  // namespace uldp
