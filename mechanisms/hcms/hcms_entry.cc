// The Hadamard count-mean sketch's registry entry and derivations (mechanisms/derivations.h).
#include <string>

#include "uldp/error.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/losses/l2_loss.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/hcms/hcms.h"
#include "uldp/mechanisms/mechanism_parameters.h"
#include "uldp/mechanisms/olh/olh.h"
#include "uldp/mechanisms/pooled_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec make_hcms(const MechanismArguments& a) {
  const std::uint64_t width = *a.values.get(kSketchWidthParameter);
  auto [hashes, table] = sketch_family_of(a, width);
  validate_sketch(hashes, width, true);
  return {a.k, IndexSet::all(a.k),
          HcmsSpec{*a.budget, static_cast<std::uint32_t>(hashes), static_cast<std::uint32_t>(width),
                   std::move(table)}};
}

// The most outputs whose Y_P is also given as an index set (a bit per output).
constexpr std::size_t kMaxListedOutputs = std::size_t{1} << 20;

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<HcmsSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {
      {&kBudgetParameter.declaration, kRequired},
      {&kSketchHashesParameter.declaration, kRequired, &kHashFamilyParameter.declaration},
      {&kSketchWidthParameter.declaration, kRequired}};
  static constexpr MechanismEntry entry{
      .name = "hcms",
      .title =
          "Hadamard count-mean sketch (HCMS): one Hadamard coefficient of the bucket, "
          "flipped",
      .reference =
          "Apple, Learning with Privacy at Scale, 2017 (pure-LDP's CMSClient, "
          "is_hadamard)",
      .claim = Claim::kLdp,
      .protected_outputs = "Y_P = Y (every (j, l, w))",
      .parameters = kTakes,
      .max_k = std::size_t{1} << 20,
      .family_claim = "hadamard_count_mean_sketch_ldp",
      .example = "--k 4 --exp-eps 3 --sketch-hashes 2 --sketch-width 4",
      .unbiased_estimator = false,
      .make = &make_hcms};
  return entry;
}

ExactForm exact_form(const MechanismSpec& spec, const HcmsSpec& p, FormChoice choice) {
  ClassStructuredMechanism q = hcms_classes(spec.k, p);
  if (choice == FormChoice::kDense || q.num_outputs() > kMaxListedOutputs)
    return class_family_form(std::move(q), choice);
  // Y_P as output indices too, so reports print "Y_P = {0-15}" rather than every class.
  const auto outputs = static_cast<std::size_t>(q.num_outputs());
  return ClassForm{std::move(q), IndexSet::all(outputs)};
}

std::optional<PooledForm> pooled_form(const MechanismSpec&, const HcmsSpec&, std::size_t) {
  return std::nullopt;  // not a block family
}

std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec&, const HcmsSpec& p) {
  const Rational& t = p.budget.exp_eps();
  return {
      {"J", Rational(Integer(p.hashes))}, {"m", Rational(Integer(p.width))}, {"flip", 1 / (1 + t)}};
}

CoordinateModel coordinate_model(const MechanismSpec&, const HcmsSpec&) {
  throw InvalidArgument(
      "hcms: its estimator is not coordinate-wise (a report's coefficient is shared by every "
      "value hashed to its bucket)");
}

L2Quadratic l2_quadratic(const MechanismSpec&, const HcmsSpec&) {
  throw InvalidArgument(
      "hcms: its sketch estimator is biased over a finite hash family (by the family's "
      "collisions, hcms_estimator.h), so its l2 loss is not the unbiased estimators' quadratic "
      "and uldp gives none");
}

}  // namespace uldp
