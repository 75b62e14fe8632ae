// Drawing the reports of `uldp simulate` and Python's uldp.simulate, and writing them.
#include "uldp/estimate/simulated_reports.h"

#include <ostream>

#include "uldp/estimate/report_file.h"
#include "uldp/estimate/sampler.h"

namespace uldp::estimate {
namespace {

SimulatedReports aggregated(Xoshiro256& rng, const EstimationModel& model,
                            const std::vector<std::uint64_t>& input_counts) {
  const auto per_user_bits = [&](const auto& m) -> SimulatedReports {
    return {bit_counts(sample_reports(rng, m, inputs_from_counts(rng, input_counts))), {}};
  };
  return std::visit(
      Overloaded{[&](const UrrParams& m) -> SimulatedReports {
                   return {SymbolCounts{sample_report_counts(rng, m, input_counts)}, {}};
                 },
                 [&](const UnaryParams& m) -> SimulatedReports {
                   return {sample_report_counts(rng, m, input_counts), {}};
                 },
                 [&](const DenseParams& m) -> SimulatedReports {
                   return {SymbolCounts{sample_report_counts(rng, m, input_counts)}, {}};
                 },
                 // The class families have no aggregated sampler: counted from per-user draws.
                 [&](const UbdParams& m) { return per_user_bits(m); },
                 [&](const UbdOptParams& m) { return per_user_bits(m); },
                 [&](const UhrParams& m) -> SimulatedReports {
                   std::vector<std::uint64_t> histogram(m.outputs(), 0);
                   for (std::uint32_t y :
                        sample_reports(rng, m, inputs_from_counts(rng, input_counts)))
                     ++histogram[y];
                   return {SymbolCounts{std::move(histogram)}, {}};
                 },
                 [&](const UssParams& m) { return per_user_bits(m); }},
      model);
}

SimulatedReports per_user(Xoshiro256& rng, const EstimationModel& model,
                          const std::vector<std::uint64_t>& input_counts) {
  const std::vector<std::uint32_t> inputs = inputs_from_counts(rng, input_counts);
  const auto bits = [&](const auto& m) -> SimulatedReports {
    return {sample_reports(rng, m, inputs), {}};
  };
  return std::visit(
      Overloaded{[&](const UrrParams& m) -> SimulatedReports {
                   return {SymbolReports{sample_reports(rng, m, inputs)}, {}};
                 },
                 [&](const UnaryParams& m) { return bits(m); },
                 [&](const DenseParams& m) -> SimulatedReports {
                   return {SymbolReports{sample_reports(rng, m, inputs)}, {}};
                 },
                 [&](const UbdParams& m) { return bits(m); },
                 [&](const UbdOptParams& m) { return bits(m); },
                 [&](const UhrParams& m) -> SimulatedReports {
                   return {SymbolReports{sample_reports(rng, m, inputs)}, report_labels(model)};
                 },
                 [&](const UssParams& m) { return bits(m); }},
      model);
}

}  // namespace

SimulatedReports simulate_reports(Xoshiro256& rng, const EstimationModel& model,
                                  const std::vector<std::uint64_t>& input_counts, bool counts) {
  return counts ? aggregated(rng, model, input_counts) : per_user(rng, model, input_counts);
}

void write_reports(std::ostream& out, const SimulatedReports& reports) {
  std::visit(Overloaded{[&](const SymbolReports& r) {
                          write_symbol_reports(out, r.columns, reports.labels);
                        },
                        [&](const BitReports& r) { write_bit_reports(out, r); },
                        [&](const SymbolCounts& c) { write_symbol_counts(out, c.counts); },
                        [&](const BitCounts& c) { write_bit_counts(out, c); }},
             reports.data);
}

}  // namespace uldp::estimate
