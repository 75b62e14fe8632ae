// FLH is local hashing over a family fixed in advance: --hash-seeds is required, and with it the
// matrix is olh's at the same g (round(e^eps) + 1 by default) and S.
#include <gtest/gtest.h>

#include "uldp/error.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismArguments arguments(std::optional<std::uint64_t> seeds) {
  MechanismArguments a;
  a.k = 5;
  a.budget = PrivacyBudget::from_exp_eps(Rational(7, 2));  // g = round(3.5) + 1 = 5
  a.values.set(kHashSeedsParameter, seeds);
  return a;
}

TEST(FastLocalHashing, IsLocalHashingOverTheGivenFamily) {
  const MechanismSpec flh = make_mechanism(find_mechanism("flh"), arguments(2));
  const MechanismSpec olh = make_mechanism(find_mechanism("olh"), arguments(2));
  EXPECT_EQ(entry_of(flh).name, "flh");
  const DenseForm a = std::get<DenseForm>(exact_form(flh, FormChoice::kDense));
  const DenseForm b = std::get<DenseForm>(exact_form(olh, FormChoice::kDense));
  ASSERT_EQ(a.q.num_outputs(), 10u);  // 2 seeds x g = 5
  for (std::size_t x = 0; x < 5; ++x) {
    for (std::size_t y = 0; y < 10; ++y) EXPECT_EQ(a.q(x, y), b.q(x, y)) << x << "," << y;
  }
  try {
    make_mechanism(find_mechanism("flh"), arguments(std::nullopt));
    ADD_FAILURE() << "flh built without a family size";
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("hash_seeds: mechanism flh needs", 0), 0u) << e.what();
  }
}

}  // namespace
}  // namespace uldp
