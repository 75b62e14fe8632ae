// Local hashing's registry entry and derivations (mechanisms/derivations.h).
#include <memory>
#include <string>

#include "uldp/error.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/losses/l2_loss.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/mechanism_parameters.h"
#include "uldp/mechanisms/olh/olh.h"
#include "uldp/mechanisms/olh/olh_arguments.h"
#include "uldp/mechanisms/olh/olh_family_file.h"
#include "uldp/mechanisms/pooled_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec make_olh(const MechanismArguments& a) {
  return {a.k, IndexSet::all(a.k), local_hashing_spec(a, std::nullopt)};
}

// The most outputs whose Y_P is also given as an index set (a bit per output).
constexpr std::size_t kMaxListedOutputs = std::size_t{1} << 20;

}  // namespace

OlhSpec local_hashing_spec(const MechanismArguments& a, std::optional<std::uint64_t> fixed_range) {
  const std::uint64_t* range = a.values.get(kHashRangeParameter);
  const std::uint64_t* seeds = a.values.get(kHashSeedsParameter);
  OlhSpec spec{*a.budget, 0, 0, nullptr};
  spec.hash_range = fixed_range ? *fixed_range
                    : range     ? *range
                                : optimal_hash_range(a.budget->exp_eps());
  spec.seeds = seeds ? *seeds : kDefaultSeeds;
  if (const FileText* family = a.values.get(kHashFamilyParameter)) {  // never with hash_seeds
    validate_local_hashing_family(spec.hash_range, 1);  // g before its values are read
    spec.given_hashes = std::make_shared<const HashTable>(
        parse_hash_family(family->text, family->source, a.k, spec.hash_range));
    spec.seeds = spec.given_hashes->size();
  }
  validate_local_hashing_family(spec.hash_range, spec.seeds);
  return spec;
}

const MechanismEntry& registry_entry(std::type_identity<OlhSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {
      {&kBudgetParameter.declaration, kRequired},
      {&kHashRangeParameter.declaration, kOptional},
      {&kHashSeedsParameter.declaration, kOptional, &kHashFamilyParameter.declaration}};
  static constexpr MechanismEntry entry{
      .name = "olh",
      .title = "optimized local hashing (OLH) over seeds 0..S-1 of xxh32 mod g",
      .reference = "Wang et al., USENIX Security 2017 (OLH: g = round(e^eps) + 1)",
      .claim = Claim::kLdp,
      .protected_outputs = "Y_P = Y (every (seed, value))",
      .parameters = kTakes,
      .max_k = std::size_t{1} << 20,
      .family_claim = "local_hashing_ldp",
      .example = "--k 6 --exp-eps 3 --hash-seeds 4",
      .unbiased_estimator = false,
      .make = &make_olh};
  return entry;
}

ExactForm exact_form(const MechanismSpec& spec, const OlhSpec& p, FormChoice choice) {
  ClassStructuredMechanism q = local_hashing_classes(spec.sensitive, p.family(), p.budget);
  if (choice == FormChoice::kDense || q.num_outputs() > kMaxListedOutputs)
    return class_family_form(std::move(q), choice);
  // Y_P as output indices too, so reports print "Y_P = {0-4095}" rather than every class.
  const auto outputs = static_cast<std::size_t>(q.num_outputs());
  // Y_P comes first in the output order: the (seed, value) pairs (and a pooled rest), then X_N.
  IndexSet protected_outputs =
      IndexSet::first(static_cast<std::size_t>(q.num_protected_outputs()), outputs);
  return ClassForm{std::move(q), std::move(protected_outputs)};
}

std::optional<PooledForm> pooled_form(const MechanismSpec&, const OlhSpec&, std::size_t) {
  return std::nullopt;  // not a block family
}

std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec, const OlhSpec& p) {
  const LocalHashingConstants c = local_hashing_constants(p.hash_range, p.budget.exp_eps());
  std::vector<MechanismParameter> out{{"g", Rational(Integer(p.hash_range))},
                                      {"S", Rational(Integer(p.seeds))},
                                      {"p", c.keep},
                                      {"q", c.other}};
  if (spec.sensitive.size() < spec.k) out.push_back({"reports_self", c.itself});
  return out;
}

CoordinateModel coordinate_model(const MechanismSpec&, const OlhSpec&) {
  throw InvalidArgument(
      "local hashing: its estimators are not coordinate-wise (a report (s, y) supports every x "
      "with h_s(x) = y)");
}

L2Quadratic l2_quadratic(const MechanismSpec&, const OlhSpec&) {
  throw InvalidArgument(
      "local hashing: its support-count estimator is biased over a finite hash family (by the "
      "family's collisions, olh_estimator.h), so its l2 loss is not the unbiased estimators' "
      "quadratic and uldp gives none");
}

}  // namespace uldp
