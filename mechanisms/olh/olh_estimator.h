// Local hashing's support-count estimator, exactly: the libraries' server (pure-LDP's LHServer,
// multi-freq-ldpy's LH_Aggregator) extended to uLH's X_N. A report (s, y) supports every x with
// h_s(x) = y; with u(z) the share of reports supporting z,
//   p̂(z) = (u(z) - 1/g + (1/g - q) P̂_N) / (p - 1/g)  on X_S,   p̂(x) = f(x) / c3  on X_N,
// P̂_N = Σ_{X_N} p̂(x) (0 for olh, where it is the libraries' (u(z) - 1/g) / (p - 1/g)).
// It assumes P(h_s(x) = h_s(z)) = 1/g for x != z, true of a pairwise-uniform family: over a
// finite family E[p̂(z)] = p(z) + (p - q)/(p - 1/g) Σ_{x != z} p(x) (c(x, z) - 1/g), c(x, z) the
// share of seeds under which x and z collide. uldp computes that bias exactly
// (support_count_bias) and states it, rather than calling the estimator unbiased.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/mechanisms/olh/olh.h"

namespace uldp {

/// Why there is no estimator at e^eps = 1 (p = 1/g): the exact and the double estimators say it.
inline constexpr const char* kNoInformation =
    "local hashing estimate: at e^eps = 1 no report carries information";

/// p̂ from the report counts in the dense order (S g pairs, then X_N), exactly. Throws
/// InvalidArgument on a wrong number of counts, n = 0 or t = 1 (no report carries information).
std::vector<Rational> support_count_estimate(const IndexSet& sensitive, const HashFamily& family,
                                             const Rational& t,
                                             const std::vector<std::uint64_t>& counts);

/// The same estimate from the reports' tallies, as a family too large to list (2^32 seeds) is
/// read: supports[z] = reports (s, y) with h_s(z) = y for each sensitive z (size k, the others
/// ignored), own[x] = reports naming x in X_N (size k), n = every report. Throws InvalidArgument
/// on n = 0 or t = 1.
std::vector<Rational> support_count_estimate(const IndexSet& sensitive, std::uint64_t range,
                                             const Rational& t,
                                             const std::vector<std::uint64_t>& supports,
                                             const std::vector<std::uint64_t>& own,
                                             std::uint64_t n);

/// The most sensitive inputs support_count_bias takes (it holds |X_S|^2 collision counts).
inline constexpr std::size_t kMaxBiasInputs = 4096;

/// E[p̂] - p for the input distribution `p` (size k), exactly: zero on X_N, the family's
/// collisions on X_S. S |X_S|^2 hash comparisons; throws InvalidArgument naming --sensitive
/// beyond kMaxBiasInputs sensitive inputs, --hash-seeds beyond kMaxEnumeratedHashes hashes.
std::vector<Rational> support_count_bias(const IndexSet& sensitive, const HashFamily& family,
                                         const Rational& t, const std::vector<Rational>& p);

}  // namespace uldp
