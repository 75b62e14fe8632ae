// mechanism_parameters(spec): every named parameter is the entry of the exact mechanism it names.
#include "uldp/mechanisms/mechanism_parameters.h"

#include <gtest/gtest.h>

#include <map>

#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

std::map<std::string, Rational> parameters_of(std::string_view name, std::size_t k,
                                              std::vector<std::size_t> sensitive,
                                              const Rational& t) {
  const MechanismEntry& entry = find_mechanism(name);
  MechanismArguments arguments;
  arguments.k = k;
  if (entry.takes(kSensitiveParameter.declaration) == Takes::kRequired)
    arguments.sensitive = IndexSet::from_indices(sensitive, k, "sensitive");
  if (entry.takes(kBudgetParameter.declaration) != Takes::kNo)
    arguments.budget = PrivacyBudget::from_exp_eps(t);
  std::map<std::string, Rational> out;
  for (const auto& p : mechanism_parameters(make_mechanism(entry, arguments)))
    out[p.name] = p.value;
  return out;
}

DenseMechanism dense_of(std::string_view name, std::size_t k, std::vector<std::size_t> sensitive,
                        const Rational& t) {
  const MechanismEntry& entry = find_mechanism(name);
  MechanismArguments arguments;
  arguments.k = k;
  if (entry.takes(kSensitiveParameter.declaration) == Takes::kRequired)
    arguments.sensitive = IndexSet::from_indices(sensitive, k, "sensitive");
  if (entry.takes(kBudgetParameter.declaration) != Takes::kNo)
    arguments.budget = PrivacyBudget::from_exp_eps(t);
  return std::get<DenseForm>(exact_form(make_mechanism(entry, arguments), FormChoice::kDense)).q;
}

TEST(MechanismParameters, UrrConstantsAreItsEntries) {
  const auto p = parameters_of("urr", 5, {1, 3}, Rational(3));
  const DenseMechanism q = dense_of("urr", 5, {1, 3}, Rational(3));
  EXPECT_EQ(p.size(), 3u);
  EXPECT_EQ(p.at("c1"), q(1, 1));
  EXPECT_EQ(p.at("c2"), q(1, 3));
  EXPECT_EQ(p.at("c3"), q(0, 0));
}

TEST(MechanismParameters, RrKeepAndOtherAreItsEntries) {
  const auto p = parameters_of("rr", 5, {}, Rational(3));
  const DenseMechanism q = dense_of("rr", 5, {}, Rational(3));
  EXPECT_EQ(p.at("keep"), q(2, 2));
  EXPECT_EQ(p.at("other"), q(2, 4));
}

TEST(MechanismParameters, RapporFamilyBitProbabilities) {
  const auto rappor = parameters_of("rappor", 3, {}, Rational(4));
  EXPECT_EQ(rappor.at("theta"), Rational(2, 3));  // s = 2
  EXPECT_EQ(rappor.at("psi"), Rational(1, 3));    // θ/((1-θ)t+θ) = (2/3)/(4/3+2/3)
  const auto urap = parameters_of("urap", 3, {0}, Rational(4));
  EXPECT_EQ(urap.at("theta"), Rational(2, 3));
  EXPECT_EQ(urap.at("d1"), Rational(1, 3));
  EXPECT_EQ(urap.at("d2"), Rational(1, 2));  // ((1-θ)t+θ)/t
  // Non-sensitive input 1 alone: Q(bits "010" | 1) = (1 - d1)(1 - d2)(1) with bit 2 off.
  const DenseMechanism q = dense_of("urap", 3, {0}, Rational(4));
  EXPECT_EQ(q(1, 0b010), (1 - urap.at("d1")) * (1 - urap.at("d2")));
}

TEST(MechanismParameters, MangatAndNone) {
  EXPECT_EQ(parameters_of("mangat", 2, {}, Rational(4)).at("p"), Rational(1, 4));
  EXPECT_TRUE(parameters_of("none", 4, {}, Rational(1)).empty());
}

}  // namespace
}  // namespace uldp
