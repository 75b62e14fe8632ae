// The constructions' claims (composition, post-processing, LDP compatibility, OSLDP, PUM,
// uldp-from-ldp; their refutations and mutants) as Coq theorems in verify/coq/*.v.
#pragma once

#include <optional>
#include <string_view>

#include "uldp/verify/claims.h"

namespace uldp::verify::internal {

/// The Coq theorem of the construction claim named `claim`; none for any other name.
std::optional<CoqTheorem> construction_coq_theorem(std::string_view claim);

}  // namespace uldp::verify::internal
