// The non-private mechanism (`none`): every user reports x itself, Q = I. No privacy at all; it
// is the baseline of the paper's utility tables and of its experiments.
#pragma once

#include <string_view>

#include <cstddef>

#include "uldp/forms/dense_mechanism.h"
#include "uldp/mechanisms/derivations.h"

namespace uldp {

/// The k x k identity matrix.
DenseMechanism non_private(std::size_t k);

/// The non-private mechanism as a registered one: it has no parameter beyond k.
struct NoneSpec {
  static constexpr std::string_view kName = "none";
  /// Its empirical estimator reads each output coordinate alone (losses/coordinate_model.h).
  static constexpr bool kCoordinateWise = true;
};

// What every layer derives from it (mechanisms/derivations.h).
const MechanismEntry& registry_entry(std::type_identity<NoneSpec>);
ExactForm exact_form(const MechanismSpec& spec, const NoneSpec& params, FormChoice choice);
std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const NoneSpec& params,
                                      std::size_t max_entries);
std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec,
                                                     const NoneSpec& params);
CoordinateModel coordinate_model(const MechanismSpec& spec, const NoneSpec& params);
estimate::UrrParams estimation_params(const MechanismSpec& spec, const NoneSpec& params);
std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const NoneSpec& params,
                                               const estimate::ReportData& data);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<NoneSpec>);

}  // namespace uldp
