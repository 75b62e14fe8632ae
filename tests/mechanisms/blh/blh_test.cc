// BLH is local hashing at g = 2: the same matrix as olh --hash-range 2, its own name, and a range
// it does not take.
#include <gtest/gtest.h>

#include "uldp/error.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismArguments arguments(std::optional<std::uint64_t> range) {
  MechanismArguments a;
  a.k = 5;
  a.budget = PrivacyBudget::from_exp_eps(Rational(3));
  a.values.set(kHashSeedsParameter, std::optional<std::uint64_t>(3));
  a.values.set(kHashRangeParameter, range);
  return a;
}

TEST(BinaryLocalHashing, IsLocalHashingAtRangeTwo) {
  const MechanismSpec blh = make_mechanism(find_mechanism("blh"), arguments(std::nullopt));
  const MechanismSpec olh = make_mechanism(find_mechanism("olh"), arguments(2));
  EXPECT_EQ(entry_of(blh).name, "blh");
  const DenseForm a = std::get<DenseForm>(exact_form(blh, FormChoice::kDense));
  const DenseForm b = std::get<DenseForm>(exact_form(olh, FormChoice::kDense));
  ASSERT_EQ(a.q.num_outputs(), 6u);  // 3 seeds x 2 values
  for (std::size_t x = 0; x < 5; ++x) {
    for (std::size_t y = 0; y < 6; ++y) EXPECT_EQ(a.q(x, y), b.q(x, y)) << x << "," << y;
  }
  EXPECT_THROW(make_mechanism(find_mechanism("blh"), arguments(4)), InvalidArgument);
}

}  // namespace
}  // namespace uldp
