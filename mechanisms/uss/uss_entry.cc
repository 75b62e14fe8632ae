// uSS's registry entry and derivations (mechanisms/derivations.h).
#include "uldp/error.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/mechanism_parameters.h"
#include "uldp/mechanisms/pooled_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec make_uss(const MechanismArguments& a) {
  const std::size_t v = a.sensitive->size();
  if (v == 0) throw InvalidArgument("sensitive: uSS needs a non-empty X_S");
  const std::size_t block = a.values.has(kBlockParameter.declaration)
                                ? *a.values.get(kBlockParameter)
                                : uss_default_block(v, a.budget->exp_eps());
  uss_constants(v, block, a.budget->exp_eps());  // validates K
  return {a.k, *a.sensitive, UssSpec{*a.budget, block}};
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<UssSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {{&kSensitiveParameter.declaration, kRequired},
                                            {&kBudgetParameter.declaration, kRequired},
                                            {&kBlockParameter.declaration, kOptional}};
  static constexpr MechanismEntry entry{
      .name = "uss",
      .title = "utility-optimized subset selection, block size K (uSS)",
      .reference = "arXiv 2509.24173 (uSS; K defaults to the reference code's find_opt_k)",
      .claim = Claim::kUldp,
      .protected_outputs = "Y_P = the K-subsets of X_S",
      .parameters = kTakes,
      .max_k = std::size_t{1} << 20,
      .family_claim = "uss_uldp",
      .example = "--k 6 --sensitive 0,1,3,4 --block 2 --exp-eps 3",
      .make = &make_uss};
  return entry;
}

ExactForm exact_form(const MechanismSpec& spec, const UssSpec& p, FormChoice choice) {
  return class_family_form(uss_classes(spec.sensitive, p.block, p.budget), choice);
}

std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const UssSpec& p,
                                      std::size_t max_entries) {
  const UssConstants c = uss_constants(spec.sensitive.size(), p.block, p.budget.exp_eps());
  PooledOpenReports open{c.alone, std::nullopt, c.with_block};
  // S ∪ {o} are outputs whenever K >= 2 (of probability 0 at t = 1).
  if (p.block >= 2) open.with_block_size = p.block;
  return pool_block_family(spec.sensitive, {{p.block, Rational(1), c.blocks}}, open, max_entries);
}

std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec, const UssSpec& p) {
  const UssConstants c = uss_constants(spec.sensitive.size(), p.block, p.budget.exp_eps());
  return {{"K", Rational(static_cast<long>(p.block))},
          {"blocks", Rational(c.blocks.blocks)},
          {"in_block", c.blocks.in_block},
          {"off_block", c.blocks.off_block},
          {"from_open", c.blocks.from_open},
          {"alone", c.alone},
          {"with_block", c.with_block},
          {"p_star", c.own_sensitive_bit},
          {"q_star", c.other_sensitive_bit},
          {"z_star", c.own_open_bit}};
}

CoordinateModel coordinate_model(const MechanismSpec& spec, const UssSpec& p) {
  // The reference decoder (decode_uSS.m): bit x is 1 w.p. q* + (p* - q*) p(x) on X_S (q* for
  // every other input, by design), z* p(x) on X_N.
  const UssConstants c = uss_constants(spec.sensitive.size(), p.block, p.budget.exp_eps());
  std::vector<Rational> offset(spec.k), gain(spec.k);
  for (std::size_t x = 0; x < spec.k; ++x) {
    const bool s = spec.sensitive.contains(x);
    offset[x] = s ? c.other_sensitive_bit : Rational(0);
    gain[x] = s ? Rational(c.own_sensitive_bit - c.other_sensitive_bit) : c.own_open_bit;
  }
  return CoordinateModel(std::move(offset), std::move(gain), "uSS");
}

}  // namespace uldp
