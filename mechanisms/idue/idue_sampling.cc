// IDUE in doubles, and its exact estimate (mechanisms/derivations.h).
#include "uldp/estimate/exact_estimate.h"
#include "uldp/estimate/params.h"
#include "uldp/mechanisms/idue/idue.h"

namespace uldp {

estimate::UnaryParams estimation_params(const MechanismSpec&, const IdueSpec& p) {
  return estimate::unary_params(idue_mechanism(p));
}

std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const IdueSpec&,
                                               const estimate::ReportData& data) {
  return estimate::natural_form_estimate(spec, data);
}

}  // namespace uldp
