// Mangat's mechanism in doubles (a dense 2 x 2 matrix), and its exact estimate
// (mechanisms/derivations.h).
#include "uldp/estimate/exact_estimate.h"
#include "uldp/estimate/params.h"
#include "uldp/mechanisms/mangat/mangat.h"

namespace uldp {

estimate::DenseParams estimation_params(const MechanismSpec&, const MangatSpec& p) {
  return estimate::dense_params(mangat(p.p));
}

std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const MangatSpec&,
                                               const estimate::ReportData& data) {
  return estimate::natural_form_estimate(spec, data);
}

}  // namespace uldp
