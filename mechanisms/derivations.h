// What a mechanism folder gives every layer, as overloads on its parameters' type (the Spec
// struct of NAME.h). NAME.h declares one of each after its Spec, and the layer's dispatcher calls
// it by overload resolution on the kind (e.g. exact_form(spec) visits spec.kind and calls
// exact_form(spec, params, choice)), so a kind whose folder lacks one does not compile; none has
// a catch-all. A Spec that derives from another (oue, sue from RapporSpec; uoue from UrapSpec) is
// that mechanism at a fixed parameter and shares its overloads, but not its registry entry.
//
// In the folder, by layer (mechanisms/sources.cmake assigns files by suffix):
//   NAME_entry.cc (exact)      registry_entry, exact_form, pooled_form, mechanism_parameters,
//                              coordinate_model or l2_quadratic (by kCoordinateWise)
//   NAME_sampling.cc (doubles) estimation_params, exact_empirical_estimate (golden vectors)
//   NAME_claims.cc (Z3)        family_claims: the `uldp prove` claims of the family, if any
//
// The types are only named here; each layer's file includes their definitions.
#pragma once

#include <cstddef>
#include <optional>
#include <type_traits>
#include <variant>
#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/mechanisms/forms.h"

namespace uldp {

struct MechanismSpec;       // mechanism_spec.h
struct MechanismEntry;      // registry.h
struct MechanismParameter;  // mechanism_parameters.h
struct PooledForm;          // pooled_form.h
class CoordinateModel;      // uldp/losses/coordinate_model.h
struct L2Quadratic;         // uldp/losses/l2_loss.h

namespace estimate {
struct ReportData;  // uldp/estimate/report_file.h
struct UrrParams;   // uldp/estimate/params.h (also UnaryParams, DenseParams)
struct UnaryParams;
struct DenseParams;
struct UbdParams;  // the block families' NAME_sampling.h
struct UbdOptParams;
struct UhrParams;
struct UssParams;
struct UnlistedParams;  // uldp/estimate/unlisted.h
/// A mechanism listed in doubles where its outputs fit, else read report by report.
using DenseOrUnlisted = std::variant<DenseParams, UnlistedParams>;
}  // namespace estimate

namespace verify::internal {
struct ClaimEntry;  // verify/src/internal/claim_entry.h
}  // namespace verify::internal

}  // namespace uldp
