// Drawing the reports users would send, as a workflow: n users of a registry mechanism (or the
// users of a PUM users file, through their pre-processors) with inputs from a distribution,
// in memory, in the form of the report files `estimate` reads (estimate/report_file.h).
#pragma once

#include <cstdint>
#include <functional>
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

/// Validates the request, then draws the reports block by block (estimate::simulate_report_blocks:
/// at most about 128 MB of users at a time, whatever n is) and hands each block to `block` in the
/// users' order; `block` is first called only once the request is valid (estimate::write_reports
/// writes each as the next part of a report file). Throws InvalidArgument naming the parameter.
void simulate(const SimulateRequest& request,
              const std::function<void(const estimate::SimulatedReports&)>& block);

/// The same draws, all in memory (for callers that hand them over as arrays).
estimate::SimulatedReports simulate(const SimulateRequest& request);

}  // namespace uldp::api
