// The geometric mechanism in doubles (its dense matrix), and its exact estimate
// (mechanisms/derivations.h).
#include "uldp/estimate/exact_estimate.h"
#include "uldp/estimate/params.h"
#include "uldp/mechanisms/geometric/geometric.h"

namespace uldp {

estimate::DenseParams estimation_params(const MechanismSpec&, const GeometricSpec& p) {
  return estimate::dense_params(geometric_grid(p.width, p.height, p.per_unit.exp_eps()));
}

std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const GeometricSpec&,
                                               const estimate::ReportData& data) {
  return estimate::natural_form_estimate(spec, data);
}

}  // namespace uldp
