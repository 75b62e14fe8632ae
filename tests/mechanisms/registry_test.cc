// The registry: one entry per mechanism kind, names unique, arguments checked against what each
// entry takes, and every layer's derivation available for every entry.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "uldp/error.h"
#include "uldp/forms/form_checks.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/losses/l2_loss.h"
#include "uldp/mechanisms/cms/cms.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/rappor_bloom/rappor_bloom.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

// Small arguments every entry accepts: k = 4 (or its fixed k; a 2 x 2 grid), X_S = {0} where
// taken ({0,1} with K = 1 for uBD), t = 3 (per input for IDUE; eps = 1 per unit for the geometric
// mechanisms).
MechanismArguments small_arguments(const MechanismEntry& e) {
  MechanismArguments a;
  a.k = e.fixed_k ? *e.fixed_k : 4;
  if (e.takes(kSensitiveParameter.declaration) == Takes::kRequired)
    a.sensitive = IndexSet::from_indices({0}, a.k, "sensitive");
  if (e.takes(kBudgetParameter.declaration) != Takes::kNo)
    a.budget = PrivacyBudget::from_exp_eps(Rational(3));
  // uBD: K = 1 < |X_S| = 2, so its estimator is defined; ubd-opt: the limit needs |X_S| >= 2.
  if (e.takes(kBlockParameter.declaration) != Takes::kNo || e.name == "ubd-opt") {
    a.sensitive = IndexSet::from_indices({0, 1}, a.k, "sensitive");
    if (e.takes(kBlockParameter.declaration) != Takes::kNo)
      a.values.set(kBlockParameter, std::optional<std::uint64_t>(1));
  }
  if (e.takes(kHashSeedsParameter.declaration) != Takes::kNo)  // 3 seeds x g = 4: 12 outputs
    a.values.set(kHashSeedsParameter, std::optional<std::uint64_t>(3));
  if (e.takes(kBloomBitsParameter.declaration) != Takes::kNo) {  // 2 cohorts x 2^4: 32 outputs
    a.values.set(kBloomBitsParameter, std::optional<std::uint64_t>(4));
    a.values.set(kCohortsParameter, std::optional<std::uint64_t>(2));
    a.values.set(kPrrFParameter, Probability::parse("1/2", "f"));
    a.values.set(kIrrPParameter, Probability::parse("1/2", "p"));
    a.values.set(kIrrQParameter, Probability::parse("3/4", "q"));
  }
  if (e.takes(kSketchHashesParameter.declaration) !=
      Takes::kNo) {  // cms: 2 x 2^4 outputs; hcms: 2 x 4 x 2
    a.values.set(kSketchHashesParameter, std::optional<std::uint64_t>(2));
    a.values.set(kSketchWidthParameter, std::optional<std::uint64_t>(4));
  }
  if (e.takes(kGridParameter.declaration) != Takes::kNo)
    a.values.set(kGridParameter,
                 std::optional<GridShape>(std::pair<std::size_t, std::size_t>{2, 2}));  // k = 4 too
  if (e.takes(kBudgetPerUnitParameter.declaration) != Takes::kNo)
    a.values.set(kBudgetPerUnitParameter,
                 std::optional<PrivacyBudget>(PrivacyBudget::from_epsilon(Rational(1))));
  if (e.takes(kInputBudgetsParameter.declaration) !=
      Takes::kNo) {  // IDUE: OUE at t = 3 on four inputs (k = 4 too)
    a.values.set(kInputBudgetsParameter,
                 std::optional<std::vector<PrivacyBudget>>(
                     std::vector<PrivacyBudget>(4, PrivacyBudget::from_exp_eps(Rational(3)))));
    a.values.set(kOneIfOffParameter,
                 std::optional<std::vector<Rational>>(std::vector<Rational>(4, Rational(1, 4))));
  }
  return a;
}

TEST(Registry, NamesAreUniqueAndEveryKindHasItsEntry) {
  std::set<std::string> names;
  for (const MechanismEntry& e : mechanism_registry()) {
    EXPECT_TRUE(names.insert(std::string(e.name)).second) << e.name;
    const MechanismSpec spec = make_mechanism(e, small_arguments(e));
    EXPECT_EQ(entry_of(spec).name, e.name);
    EXPECT_EQ(&find_mechanism(e.name), &e);
  }
  EXPECT_EQ(names.size(), std::variant_size_v<MechanismKind>);
}

TEST(Registry, EveryEntryHasEveryDerivation) {
  for (const MechanismEntry& e : mechanism_registry()) {
    const MechanismSpec spec = make_mechanism(e, small_arguments(e));
    const ExactForm natural = exact_form(spec);
    const ExactForm dense = exact_form(spec, FormChoice::kDense);
    EXPECT_TRUE(std::holds_alternative<DenseForm>(dense)) << e.name;
    EXPECT_EQ(num_inputs(natural), spec.k);
    EXPECT_TRUE(is_stochastic(natural)) << e.name;
    const PropertyVerdicts a = check_all_properties(natural, spec.sensitive, budget_of(spec));
    const PropertyVerdicts b = check_all_properties(dense, spec.sensitive, budget_of(spec));
    for (Property p : {Property::kLdp, Property::kUldp, Property::kUldpStrict, Property::kOsldp}) {
      EXPECT_EQ(a[p].holds, b[p].holds) << e.name << " " << property_name(p);
      EXPECT_EQ(a[p].tight_exp_eps, b[p].tight_exp_eps) << e.name << " " << property_name(p);
    }
    if (e.claim == Claim::kLdp || e.claim == Claim::kUldp) {
      EXPECT_TRUE(a[e.claim == Claim::kLdp ? Property::kLdp : Property::kUldp].holds) << e.name;
    }
    if (e.unbiased_estimator) {
      EXPECT_EQ(l2_quadratic(spec).linear.size(), spec.k);
    } else {
      EXPECT_THROW(l2_quadratic(spec), InvalidArgument) << e.name;
    }
    if (has_coordinate_model(spec)) {
      EXPECT_EQ(coordinate_model(spec).k(), spec.k);
    }
  }
}

// A claim of a per-pair notion is decided with the parameters the entry's pair_claim trait reads
// from the spec: an entry claims metric LDP or MinID-LDP exactly when it has the trait, and the
// trait gives that notion's parameters (a forgotten trait would leave the claim unchecked).
TEST(Registry, APerPairClaimComesWithItsParameters) {
  for (const MechanismEntry& e : mechanism_registry()) {
    const bool per_pair = e.claim == Claim::kMetricLdp || e.claim == Claim::kMinIdLdp;
    ASSERT_EQ(per_pair, e.pair_claim != nullptr) << e.name;
    if (!per_pair) continue;
    const MechanismSpec spec = make_mechanism(e, small_arguments(e));
    const PairClaim claim = e.pair_claim(spec);
    EXPECT_EQ(std::holds_alternative<MetricPairClaim>(claim), e.claim == Claim::kMetricLdp)
        << e.name;
    if (const auto* metric = std::get_if<MetricPairClaim>(&claim)) {
      EXPECT_EQ(metric->width * metric->height, spec.k) << e.name;  // the grid's cells are X
    } else {
      EXPECT_EQ(std::get<MinIdPairClaim>(claim).per_input.size(), spec.k) << e.name;
    }
  }
}

TEST(Registry, ArgumentsAreCheckedAgainstTheEntry) {
  const MechanismEntry& urr = find_mechanism("urr");
  MechanismArguments a = small_arguments(urr);
  a.values.set(kThetaParameter,
               std::optional<Probability>(Probability::from_rational(Rational(1, 2), "theta")));
  EXPECT_THROW(make_mechanism(urr, a), InvalidArgument);  // urr takes no theta
  a = small_arguments(urr);
  a.sensitive.reset();
  EXPECT_THROW(make_mechanism(urr, a), InvalidArgument);  // urr needs X_S
  a = small_arguments(urr);
  a.k = urr.max_k + 1;
  a.sensitive = IndexSet::from_indices({0}, a.k, "sensitive");
  EXPECT_THROW(make_mechanism(urr, a), InvalidArgument);  // beyond the registry's limit
  a = small_arguments(urr);
  a.k = 5;  // X_S over 4 symbols, k = 5
  EXPECT_THROW(make_mechanism(urr, a), InvalidArgument);
  const MechanismEntry& mangat = find_mechanism("mangat");
  a = small_arguments(mangat);
  a.values.set(kMangatPParameter,
               std::optional<Probability>(Probability::from_rational(Rational(1, 2), "p")));
  EXPECT_THROW(make_mechanism(mangat, a), InvalidArgument);  // p and a budget
  a = small_arguments(urr);
  a.values.set(kGridParameter, std::optional<GridShape>(std::pair<std::size_t, std::size_t>{2, 2}));
  EXPECT_THROW(make_mechanism(urr, a), InvalidArgument);  // urr takes no grid
  const MechanismEntry& geometric = find_mechanism("geometric");
  a = small_arguments(geometric);
  a.k = 5;  // the 2 x 2 grid has 4 cells
  EXPECT_THROW(make_mechanism(geometric, a), InvalidArgument);
  a = small_arguments(geometric);
  a.values.set(kBudgetPerUnitParameter, std::nullopt);
  EXPECT_THROW(make_mechanism(geometric, a), InvalidArgument);  // it needs its budget per unit
  EXPECT_THROW(find_mechanism("foo"), InvalidArgument);
  EXPECT_THROW(parse_property("secure", "--require"), InvalidArgument);
}

// RAPPOR treats every bit alike whatever X_S it is given (its entry's theta_over_every_symbol):
// its optimal θ is uRAP's with X_S = X, not with the X_S given.
TEST(Registry, RapporsOptimalThetaIsURapsWithEverySymbolSensitive) {
  MechanismArguments a;
  a.k = 6;
  a.budget = PrivacyBudget::from_exp_eps(Rational(4));
  a.sensitive = IndexSet::from_indices({0}, 6, "sensitive");
  const std::optional<Probability> rappor =
      resolve_theta("optimal", find_mechanism("rappor"), a, "theta");
  const std::optional<Probability> urap_one = resolve_theta("optimal", find_mechanism("urap"), a);
  a.sensitive = IndexSet::all(6);
  const std::optional<Probability> urap_all = resolve_theta("optimal", find_mechanism("urap"), a);
  ASSERT_TRUE(rappor && urap_one && urap_all);
  EXPECT_EQ(rappor->value(), urap_all->value());
  EXPECT_NE(rappor->value(), urap_one->value());
}

TEST(Probability, OneMessageForEveryCaller) {
  try {
    Probability::parse("3/2", "--theta");
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(), "--theta: 3/2 is not a probability in [0,1]");
  }
  EXPECT_EQ(Probability::parse("0.25", "p").value(), Rational(1, 4));
  EXPECT_THROW(Probability::parse("-1/3", "p"), InvalidArgument);
  EXPECT_NO_THROW(Probability::parse("1", "p"));
  EXPECT_NO_THROW(Probability::parse("0", "p"));
}

}  // namespace
}  // namespace uldp
