// uRR in doubles, and its exact estimate (mechanisms/derivations.h).
#include "uldp/estimate/exact_estimate.h"
#include "uldp/estimate/params.h"
#include "uldp/mechanisms/urr/urr.h"

namespace uldp {

estimate::UrrParams estimation_params(const MechanismSpec& spec, const UrrSpec& p) {
  return estimate::urr_params(spec.sensitive, p.budget);
}

std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const UrrSpec&,
                                               const estimate::ReportData& data) {
  return estimate::natural_form_estimate(spec, data);
}

}  // namespace uldp
