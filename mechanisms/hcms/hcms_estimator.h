// The Hadamard count-mean sketch's estimator, exactly: pure-LDP's CMSServer(is_hadamard=True). A
// report (j, l, w) adds J c w to cell (j, l) of the sketch, c = (t+1)/(t-1); the sketch is turned
// by Hᵀ and x read at the buckets its hashes pick, p̂(x) = m/(m-1) (Σ_j T[j][h_j(x)] / (J n) -
// 1/m). Per report that is m/(m-1) (c w H[l][h_j(x)] - 1/m), whose mean under input z is
// m/(m-1) ([h_j(z) = h_j(x)] - 1/m) averaged over j (the rows of H are orthogonal): the count-mean
// sketch's, biased over a fixed family by its collisions (cms_estimator.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/mechanisms/hcms/hcms.h"

namespace uldp {

/// Why there is no estimator at e^eps = 1.
inline constexpr const char* kHadamardNoInformation =
    "hcms estimate: at e^eps = 1 no report carries information";

/// The estimate of x from the report of dense index y ((j m + l) 2 + [w = +1]). Throws
/// InvalidArgument at t = 1.
Rational hadamard_report_estimate(const HcmsSpec& spec, std::size_t y, std::size_t x);

/// p̂ from the reports' tallies, as reports beyond the listing are read: agreeing[x] = reports
/// (j, l, w) with w = H[l][h_j(x)], n = every report: m/(m-1) (c (2 agreeing[x] - n) / n - 1/m),
/// the mean of hadamard_report_estimate. Throws InvalidArgument on n = 0 or t = 1.
std::vector<Rational> hadamard_sketch_estimate(const HcmsSpec& spec,
                                               const std::vector<std::uint64_t>& agreeing,
                                               std::uint64_t n);

/// p̂ over k inputs from the report counts in the dense order, exactly. Throws InvalidArgument on
/// a wrong number of counts, n = 0 or t = 1.
std::vector<Rational> hadamard_sketch_estimate(std::size_t k, const HcmsSpec& spec,
                                               const std::vector<std::uint64_t>& counts);

}  // namespace uldp
