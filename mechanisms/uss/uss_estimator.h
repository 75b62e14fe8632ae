// uSS's estimator: the reference decoder's per-bit model (p* and q* on a sensitive bit, z* and 0
// on a non-sensitive one), solved exactly from per-bit counts. The double form is
// uss_sampling.h's `bits`; this is its yardstick (golden vectors, tests).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/rational.h"

namespace uldp {

/// p̂(x) = (f(x) - q*) / (p* - q*) on X_S, f(x) / z* on X_N, with f(x) = ones[x] / n (a report
/// sets the bits of its members). Throws InvalidArgument on a wrong number of counts, n = 0, a
/// count above n, or p* = q* (K = |X_S| or t = 1: the decoder is undefined).
std::vector<Rational> exact_empirical_estimate_uss(const IndexSet& sensitive, std::size_t block,
                                                   const Rational& t,
                                                   const std::vector<std::uint64_t>& ones,
                                                   std::uint64_t n);

}  // namespace uldp
