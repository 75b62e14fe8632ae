// Drawing the reports users would send, as a workflow: n users of a registry mechanism (or the
// users of a PUM users file, through their pre-processors) with inputs from a distribution,
// in memory, in the form of the report files `estimate` reads (estimate/report_file.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "uldp/api/conform_reference.h"
#include "uldp/api/input_distribution.h"
#include "uldp/estimate/simulated_reports.h"

namespace uldp::api {

struct SimulateRequest {
  SimulateRequest(ReferenceRequest of, std::uint64_t generator_seed)
      : mechanism(std::move(of)), seed(generator_seed) {}

  /// A registry mechanism, or the PUM with its users (their pre-processors draw the inputs).
  ReferenceRequest mechanism;
  std::uint64_t seed;              ///< of the xoshiro256** generator
  std::optional<std::uint64_t> n;  ///< users, 1 to 10^9; none for the PUM (its users file)
  std::string p = "uniform";       ///< the input distribution, as --p (input_distribution.h)
  bool counts = false;  ///< report counts drawn by the aggregated sampler, not one per user
};

/// Validates the request and draws the reports (estimate::write_reports writes them as a report
/// file). Throws InvalidArgument naming the parameter.
estimate::SimulatedReports simulate(const SimulateRequest& request);

}  // namespace uldp::api
