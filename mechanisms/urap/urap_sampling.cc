// uRAP in doubles, and its exact estimate (mechanisms/derivations.h).
#include "uldp/estimate/exact_estimate.h"
#include "uldp/estimate/params.h"
#include "uldp/mechanisms/urap/urap.h"

namespace uldp {

estimate::UnaryParams estimation_params(const MechanismSpec& spec, const UrapSpec& p) {
  return estimate::urap_params(spec.sensitive, p.theta, p.budget);
}

std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const UrapSpec&,
                                               const estimate::ReportData& data) {
  return estimate::natural_form_estimate(spec, data);
}

}  // namespace uldp
