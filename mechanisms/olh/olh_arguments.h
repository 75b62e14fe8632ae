// The local-hashing family's factories share one reading of g and S (olh, blh, flh, ulh).
#pragma once

#include <cstdint>
#include <optional>

#include "uldp/mechanisms/olh/olh.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {

/// The spec from the arguments: g = `fixed_range`, else hash_range, else OLH's round(t) + 1;
/// S = hash_seeds, else kDefaultSeeds (flh's entry requires it). Throws InvalidArgument naming
/// the parameter when g is outside 2..2^32 or S outside 1..2^32.
OlhSpec local_hashing_spec(const MechanismArguments& arguments,
                           std::optional<std::uint64_t> fixed_range);

}  // namespace uldp
