// Generalized RAPPOR in doubles, and its exact estimate (mechanisms/derivations.h).
#include "uldp/estimate/exact_estimate.h"
#include "uldp/estimate/params.h"
#include "uldp/mechanisms/rappor/rappor.h"

namespace uldp {

estimate::UnaryParams estimation_params(const MechanismSpec& spec, const RapporSpec& p) {
  return estimate::generalized_rappor_params(spec.k, p.theta, p.budget);
}

std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const RapporSpec&,
                                               const estimate::ReportData& data) {
  return estimate::natural_form_estimate(spec, data);
}

}  // namespace uldp
