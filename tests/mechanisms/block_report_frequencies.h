// The sampler test the block mechanisms (uBD, uSS) share: per input, 40000 reports drawn with the
// structured sampler against the row of the exact dense Q, output by output, within 5 binomial
// standard errors (fixed seeds: a failure is a real difference, not chance).
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/estimate/random.h"
#include "uldp/estimate/reports.h"
#include "uldp/forms/class_structured_mechanism.h"

namespace uldp::testing {

/// A report's dense output label: "2" for a non-sensitive symbol alone, else the sorted members
/// in braces, "{0,3}" or "{0,2,5}".
inline std::string block_report_label(std::span<const std::uint32_t> bits,
                                      const IndexSet& sensitive) {
  if (bits.size() == 1 && !sensitive.contains(bits[0])) return std::to_string(bits[0]);
  std::string s;
  for (const std::uint32_t b : bits) {
    s += s.empty() ? '{' : ',';  // the reports list their bits in increasing order
    s += std::to_string(b);
  }
  return s + '}';
}

/// `sample(rng, inputs)` draws the reports of `inputs`; the frequencies of each input's reports
/// must match the dense expansion `d` of the exact mechanism (`what` names the case).
template <class Sample>
void expect_report_frequencies(const DenseExpansion& d, const IndexSet& sensitive,
                               std::uint64_t seed, const std::string& what, Sample sample) {
  estimate::Xoshiro256 rng(seed);
  constexpr std::size_t kDraws = 40000;
  for (std::uint32_t x = 0; x < sensitive.universe(); ++x) {
    const std::vector<std::uint32_t> inputs(kDraws, x);
    const estimate::BitReports reports = sample(rng, inputs);
    std::map<std::string, double> seen;
    for (std::size_t i = 0; i < reports.size(); ++i) {
      seen[block_report_label(reports.report(i).to_vector(), sensitive)] += 1;
    }
    double total = 0;
    for (std::size_t y = 0; y < d.matrix.num_outputs(); ++y) {
      const double q = to_double(d.matrix(x, y));
      const double f = seen[d.matrix.output_labels()[y]] / kDraws;
      total += f;
      EXPECT_NEAR(f, q, 5 * std::sqrt(q * (1 - q) / kDraws) + 1e-12)
          << what << " x=" << x << " y=" << d.matrix.output_labels()[y];
    }
    EXPECT_NEAR(total, 1.0, 1e-12) << what << ": a report outside the dense outputs";
  }
}

}  // namespace uldp::testing
