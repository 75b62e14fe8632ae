// The exact parameters a practitioner deploys, derived from any registered mechanism:
// c1, c2, c3 (uRR, Definition 3), θ, d1, d2 (uRAP, Definition 4), keep/other (RR, eq. (2)),
// θ, ψ (generalized RAPPOR), p (Mangat), nothing for the non-private mechanism.
#pragma once

#include <string>
#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/mechanisms/mechanism_spec.h"

namespace uldp {

/// One named exact parameter ("c1" = 3/4).
struct MechanismParameter {
  std::string name;
  Rational value;
};

/// The parameters of `spec` in a fixed order per kind (empty for `none`).
std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec);

}  // namespace uldp
