// The reports users would send, drawn in memory in the form a report file holds them, so that a
// caller can write them (`uldp simulate`) or hand them over as arrays (Python's uldp.simulate)
// from one draw.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <span>
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

/// One report per user of an unlisted mechanism, with its folder's writer (unlisted.h).
struct UnlistedDraws {
  UnlistedReports reports;
  std::function<void(std::span<const std::uint64_t>, std::string&)> write;
};

/// Drawn reports: per user (symbols, bit vectors or an unlisted mechanism's) or aggregated (a
/// histogram or per-bit counts).
struct SimulatedReports {
  std::variant<SymbolReports, BitReports, SymbolCounts, BitCounts, UnlistedDraws> data;
  /// The outputs' labels in column order where they are not the indices (uHR); else empty.
  std::vector<std::string> labels;
};

/// Draws the reports of the users with the given inputs: one per user, or (`counts`) the
/// aggregated counts drawn by the exact aggregated sampler (counted from per-user draws where
/// the model has none). An unlisted model has no counts: InvalidArgument naming counts.
SimulatedReports simulate_reports(Xoshiro256& rng, const EstimationModel& model,
                                  const std::vector<std::uint64_t>& input_counts, bool counts);

/// Users drawn in one block by simulate_report_blocks: 2^24 for symbol reports, and for bit
/// vectors as many as fit 2^27 bytes of packed rows (at least 1), so that a block's inputs and
/// reports stay within about 128 MB whatever n is.
std::uint64_t simulation_block_users(const EstimationModel& model);

/// Draws n users with inputs i.i.d. from p and their reports, block by block of at most
/// simulation_block_users(model) users: each block's input counts (a multinomial draw), its
/// inputs in a random order, then its reports, handed to `block` in the users' order (per user),
/// or summed over the blocks and handed over once (`counts`; the aggregated samplers draw all n
/// at once). With n within one block this is exactly simulate_reports(rng, model,
/// sample_input_counts(rng, n, p), counts): the draws of a seed do not change with the blocking.
void simulate_report_blocks(Xoshiro256& rng, const EstimationModel& model,
                            std::span<const double> p, std::uint64_t n, bool counts,
                            const std::function<void(const SimulatedReports&)>& block);

/// Appends `more` (the next block of the same draw) to `reports`.
void append_reports(SimulatedReports& reports, SimulatedReports&& more);

/// Writes them in the report-file format (report_file.h); a block of per-user reports is
/// written the same way, its lines following the previous block's.
void write_reports(std::ostream& out, const SimulatedReports& reports);

}  // namespace uldp::estimate
