// ε-RR in doubles (as a uRR with X_S = X), and its exact estimate (mechanisms/derivations.h).
#include "uldp/estimate/exact_estimate.h"
#include "uldp/estimate/params.h"
#include "uldp/mechanisms/rr/rr.h"

namespace uldp {

estimate::UrrParams estimation_params(const MechanismSpec& spec, const RrSpec& p) {
  return estimate::urr_params(estimate::rr_params(spec.k, p.budget));
}

std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const RrSpec&,
                                               const estimate::ReportData& data) {
  return estimate::natural_form_estimate(spec, data);
}

}  // namespace uldp
