// Apple's Hadamard count-mean sketch (HCMS; "Learning with Privacy at Scale", Apple, 2017), as
// pure-LDP's CMSClient(is_hadamard=True) runs it: a user draws j uniformly from 0..J-1 and l from
// 0..m-1, takes w = H[l][h_j(x)] of the m x m Sylvester Hadamard matrix (H[l][b] =
// (-1)^popcount(l & b)), h_j the count-mean sketch's hash (cms.h), and reports (j, l, w) with w
// negated with probability 1/(1 + e^eps). Reports are written "j,l,1" or "j,l,-1".
// Class-structured: a column (j, l, w) holds t/((1+t) J m) for the n inputs with H[l][h_j(x)] = w
// and 1/((1+t) J m) for the others, so columns are grouped by n.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/forms/class_structured_mechanism.h"
#include "uldp/mechanisms/cms/cms.h"
#include "uldp/mechanisms/derivations.h"

namespace uldp {

/// H[l][b] = +1 of the Sylvester Hadamard matrix (scipy.linalg.hadamard): popcount(l & b) even.
bool hadamard_plus(std::uint32_t l, std::uint32_t b);

/// "j,l,1" or "j,l,-1": output (j, l, w) as clients write it.
std::string hcms_label(std::uint64_t j, std::uint64_t l, bool plus);

/// The most hashes-times-rows J m |X| the class form enumerates.
inline constexpr std::uint64_t kMaxHadamardCells = std::uint64_t{1} << 26;

/// The Hadamard count-mean sketch as a registered mechanism (`hcms`). X_S is every input.
struct HcmsSpec {
  static constexpr std::string_view kName = "hcms";
  /// Its estimator reads (j, l, w) reports, not one output per input.
  static constexpr bool kCoordinateWise = false;
  PrivacyBudget budget;
  std::uint32_t hashes = 1;
  std::uint32_t width = 2;
  /// The hash functions a --hash-family file gives (hashes is then its lines); none: xxh64.
  std::shared_ptr<const SketchTable> given_hashes;

  SketchFamily family() const { return {width, given_hashes}; }
};

/// HCMS over k inputs in class-structured form; dense order (j, l, w), w = -1 before +1. Throws
/// InvalidArgument naming sketch_hashes when J m k exceeds kMaxHadamardCells.
ClassStructuredMechanism hcms_classes(std::size_t k, const HcmsSpec& spec);

// What every layer derives from it (mechanisms/derivations.h).
const MechanismEntry& registry_entry(std::type_identity<HcmsSpec>);
ExactForm exact_form(const MechanismSpec& spec, const HcmsSpec& params, FormChoice choice);
std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const HcmsSpec& params,
                                      std::size_t max_entries);
std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec,
                                                     const HcmsSpec& params);
CoordinateModel coordinate_model(const MechanismSpec& spec, const HcmsSpec& params);
L2Quadratic l2_quadratic(const MechanismSpec& spec, const HcmsSpec& params);
estimate::DenseOrUnlisted estimation_params(const MechanismSpec& spec, const HcmsSpec& params);
std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const HcmsSpec& params,
                                               const estimate::ReportData& data);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<HcmsSpec>);

}  // namespace uldp
