#include "uldp/estimate/exact_estimate.h"

#include "uldp/losses/exact_empirical.h"
#include "uldp/mechanisms/exact_form.h"

namespace uldp::estimate {

std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const ReportData& data) {
  return std::visit(
      [&](const auto& params) { return exact_empirical_estimate(spec, params, data); }, spec.kind);
}

std::vector<Rational> natural_form_estimate(const MechanismSpec& spec, const ReportData& data) {
  const ExactForm natural = exact_form(spec);
  if (const auto* bits = std::get_if<BitProductForm>(&natural)) {
    return exact_empirical_estimate(bits->q, data.bit_counts.ones, data.bit_counts.n);
  }
  if (const auto* dense = std::get_if<DenseForm>(&natural)) {
    return exact_empirical_estimate(dense->q, data.symbol_counts);
  }
  const ExactForm expanded = exact_form(spec, FormChoice::kDense);
  return exact_empirical_estimate(std::get<DenseForm>(expanded).q, data.symbol_counts);
}

}  // namespace uldp::estimate
