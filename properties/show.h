// Readable text for counterexamples: RapidCheck prints every generated value with these.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/forms/bit_product_mechanism.h"
#include "uldp/forms/dense_mechanism.h"
#include "uldp/forms/verdict.h"

namespace uldp::properties {

/// "[[1/2, 1/2], [0, 1]] outputs (0, 1)".
std::string format_matrix(const DenseMechanism& q);
/// "{0,2} of 4".
std::string format_set(const IndexSet& set);
/// "bits [(on 1/2, off 1/3), ...]".
std::string format_bits(const BitProductMechanism& q);
/// "holds, tight 3/2" or "fails (ratio) at x=0 x'=1 y=2, tight inf".
std::string format_verdict(const Verdict& v);

}  // namespace uldp::properties
