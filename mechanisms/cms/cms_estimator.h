// The count-mean sketch's estimator, exactly: pure-LDP's CMSServer. A report (j, v) adds
// J((c/2) v + 1/2) to row j of the sketch, c = (s+1)/(s-1); x is estimated from the buckets its
// hashes pick, p̂(x) = m/(m-1) (Σ_j M[j][h_j(x)] / (J n) - 1/m). Per report that is
//   m/(m-1) ((c/2) v_{h_j(x)} + 1/2 - 1/m),
// whose mean under input z is m/(m-1) ([h_j(z) = h_j(x)] - 1/m) averaged over j: unbiased when
// two inputs collide under a random j with probability 1/m, as for a pairwise-uniform family,
// and biased by the collisions of a fixed finite family otherwise (as local hashing's support
// count, docs/errata.md L1).
#pragma once

#include <cstdint>
#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/forms/bloom_filter_mechanism.h"

namespace uldp {

/// Why there is no estimator at e^eps = 1 (s = 1: c is infinite).
inline constexpr const char* kSketchNoInformation =
    "cms estimate: at e^eps = 1 no report carries information";

/// The estimate of x from one report (cohort j, bits y) of the sketch `q` (its filters are the
/// buckets h_j(x)) at s = e^{eps/2}. Throws InvalidArgument at s = 1.
Rational sketch_report_estimate(const BloomFilterMechanism& q, const Rational& s, std::size_t j,
                                std::size_t y, std::size_t x);

/// p̂ from the reports' tallies, as reports beyond the listing are read: at_bucket[x] = reports
/// (j, v) with v = +1 at x's bucket h_j(x), n = every report: m/(m-1) (c at_bucket[x] / n - c/2 +
/// 1/2 - 1/m), the mean of sketch_report_estimate. Throws InvalidArgument on n = 0 or s = 1.
std::vector<Rational> sketch_estimate(std::size_t width, const Rational& s,
                                      const std::vector<std::uint64_t>& at_bucket, std::uint64_t n);

/// p̂ from the report counts in the dense order (j, then Σ_i y_i 2^i), exactly. Throws
/// InvalidArgument on a wrong number of counts, n = 0, or s = 1.
std::vector<Rational> sketch_estimate(const BloomFilterMechanism& q, const Rational& s,
                                      const std::vector<std::uint64_t>& counts);

}  // namespace uldp
