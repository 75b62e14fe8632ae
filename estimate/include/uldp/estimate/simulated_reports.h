// The reports users would send, drawn in memory in the form a report file holds them, so that a
// caller can write them (`uldp simulate`) or hand them over as arrays (Python's uldp.simulate)
// from one draw.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <variant>
#include <vector>

#include "uldp/estimate/estimation_model.h"
#include "uldp/estimate/random.h"
#include "uldp/estimate/reports.h"

namespace uldp::estimate {

/// One output column per user, in the users' order (symbol mechanisms).
struct SymbolReports {
  std::vector<std::uint32_t> columns;
};

/// The output histogram (symbol mechanisms, aggregated).
struct SymbolCounts {
  std::vector<std::uint64_t> counts;
};

/// Drawn reports: per user (symbols or bit vectors) or aggregated (a histogram or per-bit counts).
struct SimulatedReports {
  std::variant<SymbolReports, BitReports, SymbolCounts, BitCounts> data;
  /// The outputs' labels in column order where they are not the indices (uHR); else empty.
  std::vector<std::string> labels;
};

/// Draws the reports of the users with the given inputs: one per user, or (`counts`) the
/// aggregated counts drawn by the exact aggregated sampler (counted from per-user draws where
/// the model has none).
SimulatedReports simulate_reports(Xoshiro256& rng, const EstimationModel& model,
                                  const std::vector<std::uint64_t>& input_counts, bool counts);

/// Writes them in the report-file format (report_file.h).
void write_reports(std::ostream& out, const SimulatedReports& reports);

}  // namespace uldp::estimate
