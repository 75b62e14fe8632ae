// IDUE's registry entry and derivations (mechanisms/derivations.h).
#include <string>

#include "uldp/error.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/idue/idue.h"
#include "uldp/mechanisms/mechanism_parameters.h"
#include "uldp/mechanisms/pooled_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

// The most inputs any command builds: check decides its claim on the pair losses, which stop at
// k = 1024 for a per-bit product (api/src/pair_loss.cc).
constexpr std::size_t kMaxInputs = 1024;

MechanismSpec make_idue(const MechanismArguments& a) {
  const std::vector<PrivacyBudget>& budgets = *a.values.get(kInputBudgetsParameter);
  const std::size_t k = budgets.size();
  const std::vector<Rational>& off = *a.values.get(kOneIfOffParameter);
  const std::vector<Rational>* given_on = a.values.get(kOneIfOnParameter);
  if (off.size() != k) {
    throw InvalidArgument("one_if_off: " + std::to_string(off.size()) + " probabilities for the " +
                          std::to_string(k) + " inputs the budgets give (one per input)");
  }
  if (given_on && given_on->size() != k) {
    throw InvalidArgument("one_if_on: " + std::to_string(given_on->size()) +
                          " probabilities for the " + std::to_string(k) +
                          " inputs the budgets give (one per input)");
  }
  IdueSpec spec{budgets, {}};
  for (std::size_t x = 0; x < k; ++x) {
    // Without one_if_on every bit is on with 1/2: the paper's OUE structure (IDUE-opt2).
    const Rational on = given_on ? (*given_on)[x] : Rational(1, 2);
    if (!(on > off[x])) {
      throw InvalidArgument("one_if_off[" + std::to_string(x) + "]: " + to_string(off[x]) +
                            " is not below one_if_on[" + std::to_string(x) +
                            "] = " + to_string(on) + " (IDUE needs a_x > b_x to estimate x)");
    }
    spec.bits.push_back({on, off[x]});
  }
  return {k, IndexSet::all(k), std::move(spec)};
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<IdueSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {{&kInputBudgetsParameter.declaration, kRequired},
                                            {&kOneIfOffParameter.declaration, kRequired},
                                            {&kOneIfOnParameter.declaration, kOptional}};
  static constexpr MechanismEntry entry{
      .name = "idue",
      .title = "input-discriminative unary encoding (IDUE) with given bit probabilities",
      .reference = "Gu, Li, Cao and Xiong, ICDE 2020 (MinID-LDP)",
      .claim = Claim::kMinIdLdp,
      .protected_outputs = "every output; e^min(eps_x, eps_x') per pair x != x'",
      .parameters = kTakes,
      .max_k = kMaxInputs,
      .family_claim = "idue_minid_ldp",
      .example = "--id-exp-eps 2,3,3 --one-if-off 2/5,3/10,3/10",
      .make = &make_idue,
      .pair_claim = [](const MechanismSpec& spec) -> PairClaim {
        return MinIdPairClaim{std::get<IdueSpec>(spec.kind).input_budgets};
      },
      .budget_description =
          [](const MechanismSpec& spec) {
            return input_budgets_description(std::get<IdueSpec>(spec.kind));
          }};
  return entry;
}

ExactForm exact_form(const MechanismSpec& spec, const IdueSpec& p, FormChoice choice) {
  return bit_product_form(idue_mechanism(p), IndexSet::from_indices({}, spec.k, "zero bits"),
                          choice);
}

std::optional<PooledForm> pooled_form(const MechanismSpec&, const IdueSpec&, std::size_t) {
  return std::nullopt;  // not a block family
}

std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec&, const IdueSpec& p) {
  std::vector<MechanismParameter> out;
  for (std::size_t x = 0; x < p.bits.size(); ++x) {
    std::string i = "[";
    i += std::to_string(x);
    i += "]";
    out.push_back({"one_if_on" + i, p.bits[x].one_if_on});
    out.push_back({"one_if_off" + i, p.bits[x].one_if_off});
  }
  return out;
}

CoordinateModel coordinate_model(const MechanismSpec&, const IdueSpec& p) {
  return coordinate_model(idue_mechanism(p), "IDUE");
}

}  // namespace uldp
