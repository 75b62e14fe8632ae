// uHR's registry entry and derivations (mechanisms/derivations.h).
#include <algorithm>
#include <string>

#include "uldp/error.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/losses/l2_loss.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/mechanism_parameters.h"
#include "uldp/mechanisms/pooled_form.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/mechanisms/uhr/uhr_estimator.h"

namespace uldp {
namespace {

MechanismSpec make_uhr(const MechanismArguments& a) {
  uhr_constants(a.sensitive->size(), a.budget->exp_eps());  // validates X_S
  return {a.k, *a.sensitive, UhrSpec{*a.budget}};
}

}  // namespace

const MechanismEntry& registry_entry(std::type_identity<UhrSpec>) {
  using enum Takes;
  static constexpr ParameterUse kTakes[] = {{&kSensitiveParameter.declaration, kRequired},
                                            {&kBudgetParameter.declaration, kRequired}};
  static constexpr MechanismEntry entry{
      .name = "uhr",
      .title = "utility-optimized Hadamard response (uHR)",
      .reference = "arXiv 2509.24173 (uHR; V = the smallest power of 2 > |X_S|)",
      .claim = Claim::kUldp,
      .protected_outputs = "Y_P = the V columns of the Hadamard matrix",
      .parameters = kTakes,
      .max_k = std::size_t{1} << 20,
      .family_claim = "uhr_uldp",
      .example = "--k 6 --sensitive 0,2,3 --exp-eps 3",
      .make = &make_uhr};
  return entry;
}

ExactForm exact_form(const MechanismSpec& spec, const UhrSpec& p, FormChoice choice) {
  return class_family_form(uhr_classes(spec.sensitive, p.budget), choice);
}

// The V columns by label, then X_N folded into the reporting input's own symbol and another's.
std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const UhrSpec& p, std::size_t) {
  const std::size_t k = spec.k;
  const UhrConstants c = uhr_constants(spec.sensitive.size(), p.budget.exp_eps());
  const std::size_t cells = c.columns + 2;
  if (cells > kMaxPooledEntries / std::max<std::size_t>(k, 1)) {
    throw InvalidArgument("k: " + std::to_string(k) + " inputs x " + std::to_string(cells) +
                          " cells (V = " + std::to_string(c.columns) +
                          " columns and X_N folded in two) exceed the limit of " +
                          std::to_string(kMaxPooledEntries) + " entries");
  }
  PooledForm f;
  f.k = k;
  for (std::size_t j = 0; j < c.columns; ++j) {
    std::string label = "h";  // appended: GCC 12 warns falsely on "h" + std::string (-Wrestrict)
    label += std::to_string(j);
    f.labels.push_back(std::move(label));
  }
  const std::size_t own = c.columns, another = c.columns + 1;
  // Emplaced: GCC 12 warns falsely (-Warray-bounds) on pushing a temporary string made here.
  f.labels.emplace_back("its own X_N symbol");
  f.labels.emplace_back("another's X_N symbol");
  f.protected_cells = IndexSet::first(c.columns, cells);
  f.q.assign(k * cells, Rational(0));
  std::size_t row = 0;  // the Hadamard row of the next sensitive input: its rank + 1
  for (std::size_t x = 0; x < k; ++x) {
    Rational* q = f.q.data() + x * cells;
    if (spec.sensitive.contains(x)) {
      ++row;
      for (std::size_t j = 0; j < c.columns; ++j) q[j] = hadamard_plus(row, j) ? c.plus : c.minus;
      continue;
    }
    for (std::size_t j = 0; j < c.columns; ++j) q[j] = c.minus;
    q[own] = c.reports_self;
  }
  f.output_cells = CellsByLabel{{spec.sensitive.complement(), own, another}};
  return f;
}

std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec, const UhrSpec& p) {
  const UhrConstants c = uhr_constants(spec.sensitive.size(), p.budget.exp_eps());
  return {{"V", Rational(static_cast<long>(c.columns))},
          {"plus", c.plus},
          {"minus", c.minus},
          {"reports_self", c.reports_self}};
}

CoordinateModel coordinate_model(const MechanismSpec&, const UhrSpec&) {
  throw InvalidArgument(
      "uHR: its empirical estimator is not coordinate-wise (a sensitive estimate sums V/2 column "
      "counts with signs); its l2 loss is exact (l2_quadratic), its l1 loss is not implemented");
}

L2Quadratic l2_quadratic(const MechanismSpec& spec, const UhrSpec& p) {
  return uhr_l2_quadratic(spec.sensitive, p.budget);
}

}  // namespace uldp
