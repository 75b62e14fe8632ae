// The count-mean sketch's registry entry and derivations (mechanisms/derivations.h).
#include <string>

#include "uldp/error.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/losses/l2_loss.h"
#include "uldp/mechanisms/cms/cms.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/mechanism_parameters.h"
#include "uldp/mechanisms/olh/olh.h"
#include "uldp/mechanisms/pooled_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec make_cms(const MechanismArguments& a) {
  SketchArguments s = sketch_arguments(a, false);
  return {a.k, IndexSet::all(a.k),
          CmsSpec{*a.budget, s.hashes, s.width, std::move(s.given_hashes)}};
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<CmsSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {
      {&kBudgetParameter.declaration, kRequired},
      {&kSketchHashesParameter.declaration, kRequired, &kHashFamilyParameter.declaration},
      {&kSketchWidthParameter.declaration, kRequired}};
  static constexpr MechanismEntry entry{
      .name = "cms",
      .title = "count-mean sketch (CMS): J hashes xxh64 mod m, a +-1 vector flipped per coordinate",
      .reference = "Apple, Learning with Privacy at Scale, 2017 (pure-LDP's CMSClient)",
      .claim = Claim::kLdp,
      .protected_outputs = "Y_P = Y (every (j, v))",
      .parameters = kTakes,
      .max_k = std::size_t{1} << 20,
      .family_claim = "count_mean_sketch_ldp",
      .example = "--k 4 --exp-eps 4 --sketch-hashes 2 --sketch-width 4",
      .unbiased_estimator = false,
      .make = &make_cms};
  return entry;
}

ExactForm exact_form(const MechanismSpec& spec, const CmsSpec& p, FormChoice choice) {
  return bloom_filter_form(count_mean_sketch(spec.k, p), choice);
}

std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const CmsSpec& p, std::size_t) {
  const BloomFilterMechanism q = count_mean_sketch(spec.k, p);
  if (q.listable()) return std::nullopt;  // tested on its listed outputs
  return pool_bloom_filter(q, "hash index");
}

std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec&, const CmsSpec& p) {
  const Rational s = sketch_half_budget(p.budget);
  return {{"J", Rational(Integer(p.hashes))},
          {"m", Rational(Integer(p.width))},
          {"s", s},
          {"flip", 1 / (1 + s)}};
}

CoordinateModel coordinate_model(const MechanismSpec&, const CmsSpec&) {
  refuse_coordinate_model("cms", "bucket is shared by every value hashed to it");
}

L2Quadratic l2_quadratic(const MechanismSpec&, const CmsSpec&) { refuse_l2_quadratic("cms"); }

}  // namespace uldp
