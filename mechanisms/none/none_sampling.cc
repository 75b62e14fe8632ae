// The non-private mechanism in doubles, and its exact estimate (mechanisms/derivations.h).
#include "uldp/estimate/exact_estimate.h"
#include "uldp/estimate/params.h"
#include "uldp/mechanisms/none/none.h"

namespace uldp {

estimate::UrrParams estimation_params(const MechanismSpec& spec, const NoneSpec&) {
  // Q = I as a uRR with X_S empty: every report is the input itself (c3 = 1).
  estimate::UrrParams params;
  params.k = spec.k;
  params.sensitive = IndexSet::from_indices({}, spec.k, "sensitive");
  params.t = 1;
  params.c1 = 1;
  params.c2 = 0;
  params.c3 = 1;
  return params;
}

std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const NoneSpec&,
                                               const estimate::ReportData& data) {
  return estimate::natural_form_estimate(spec, data);
}

}  // namespace uldp
