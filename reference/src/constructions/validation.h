// Private argument checks shared by the constructions; every failure throws InvalidArgument
// naming the argument.
#pragma once

#include <cstddef>
#include <string>

#include "uldp/arithmetic/index_set.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp::internal {

/// Throws unless every entry is in [0,1] and every row sums to exactly 1.
void require_stochastic(const DenseMechanism& q, const std::string& what);
/// Throws unless `set` is over a universe of `universe` elements.
void require_universe(const IndexSet& set, std::size_t universe, const std::string& what,
                      const std::string& of_what);
/// Throws when a product of sizes would overflow or exceed `limit` entries.
std::size_t checked_product(std::size_t a, std::size_t b, std::size_t limit,
                            const std::string& what);

/// Largest number of entries a construction will materialise: 2^23, as many as a matrix file may
/// hold (so that `check` reads back what `construct` prints). A 2 x 2 M made ULDP at k = 2896
/// (8,386,816 entries) peaks at about 1.1 GB with its check and its JSON text; 2^26 entries took
/// more than 4 GB and ended in a GMP abort.
inline constexpr std::size_t kMaxConstructedEntries = std::size_t{1} << 23;

}  // namespace uldp::internal
