// The per-pair loss of the class-structured families read class by class (pair_losses of a
// ClassStructuredMechanism) equals the loss of their dense expansion for every ordered pair: the
// test of each family's claim that its columns are symmetric within input classes. uHR, which
// does not claim it, is refused.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "small_spec.h"
#include "uldp/error.h"
#include "uldp/forms/pair_loss.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec spec(const std::string& name, const char* sensitive, std::size_t k,
                   std::optional<std::size_t> block, long exp_eps = 3) {
  return testing_support::small_spec(name, sensitive, k, block, exp_eps);
}

TEST(ClassPairLoss, EqualsTheDenseExpansionForEverySymmetricFamily) {
  const std::vector<MechanismSpec> specs = {
      spec("urr", "1,3,4", 7, {}),      spec("urr", "0-4", 5, {}),
      spec("urr", "2", 4, {}, 1),       spec("rr", "0-3", 4, {}),
      spec("ubd", "0,2,3,5", 7, 2),     spec("ubd", "1-5", 7, 3),
      spec("ubd", "0,2,3,5", 6, 1),     spec("uss", "0,2,3,5", 7, 2),
      spec("uss", "0,2,3,5", 7, 2, 1),  spec("uss", "0-3", 6, 1),
      spec("ubd-opt", "0,2,3,5", 8, {})};
  for (const MechanismSpec& s : specs) {
    const ExactForm structured = exact_form(s, FormChoice::kStructured);
    const auto* classes = std::get_if<ClassForm>(&structured);
    ASSERT_NE(classes, nullptr) << entry_of(s).name;
    const PairLossMatrix by_class = pair_losses(classes->q, false);
    const auto dense = std::get<DenseForm>(exact_form(s, FormChoice::kDense));
    const PairLossMatrix by_column = pair_losses(dense.q, std::nullopt);
    for (std::size_t x = 0; x < s.k; ++x) {
      for (std::size_t x_prime = 0; x_prime < s.k; ++x_prime) {
        EXPECT_EQ(by_class.at(x, x_prime).ratio, by_column.at(x, x_prime).ratio)
            << entry_of(s).name << " k = " << s.k << " (" << x << ", " << x_prime << ")";
        EXPECT_EQ(by_class.at(x, x_prime).output.has_value(),
                  by_column.at(x, x_prime).output.has_value());
      }
    }
    // Over the protected output classes only: the dense loss over the declared Y_P.
    const PairLossMatrix protected_by_class = pair_losses(classes->q, true);
    const PairLossMatrix protected_by_column = pair_losses(dense.q, dense.protected_outputs);
    for (std::size_t x = 0; x < s.k; ++x) {
      for (std::size_t x_prime = 0; x_prime < s.k; ++x_prime) {
        EXPECT_EQ(protected_by_class.at(x, x_prime).ratio, protected_by_column.at(x, x_prime).ratio)
            << entry_of(s).name << " over Y_P (" << x << ", " << x_prime << ")";
      }
    }
  }
}

TEST(ClassPairLoss, UhrDoesNotClaimTheSymmetryAndIsRefused) {
  const ExactForm uhr = exact_form(spec("uhr", "0,2,3", 6, {}), FormChoice::kStructured);
  EXPECT_THROW(pair_losses(std::get<ClassForm>(uhr).q, false), InvalidArgument);
}

}  // namespace
}  // namespace uldp
