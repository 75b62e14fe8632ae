// Drawing the reports users would send, as a workflow: n users of a registry mechanism (or the
// users of a PUM users file, through their pre-processors) with inputs from a distribution,
// written in the report-file format `estimate` reads (estimate/report_file.h).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>

#include "uldp/api/conform_reference.h"
#include "uldp/api/input_distribution.h"

namespace uldp::api {

struct SimulateRequest {
  SimulateRequest(ReferenceRequest of, std::uint64_t generator_seed)
      : mechanism(std::move(of)), seed(generator_seed) {}

  /// A registry mechanism, or the PUM with its users (their pre-processors draw the inputs).
  ReferenceRequest mechanism;
  std::uint64_t seed;                  ///< of the xoshiro256** generator
  std::optional<std::uint64_t> n;      ///< users, 1 to 10^9; none for the PUM (its users file)
  std::optional<InputDistribution> p;  ///< none: uniform
  bool counts = false;  ///< report counts drawn by the aggregated sampler, not one per user
};

/// Validates the request, then writes the reports to the stream `output()` gives (called only
/// once everything is valid, so a file it opens is not emptied by a refused request). Throws
/// InvalidArgument naming the parameter.
void simulate(const SimulateRequest& request, const std::function<std::ostream&()>& output);

}  // namespace uldp::api
