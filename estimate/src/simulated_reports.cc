// Drawing the reports of `uldp simulate` and Python's uldp.simulate, and writing them.
#include "uldp/estimate/simulated_reports.h"

#include <algorithm>
#include <optional>
#include <ostream>
#include <stdexcept>

#include "uldp/error.h"
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
                 [&](const UssParams& m) { return per_user_bits(m); },
                 [&](const UnlistedParams& m) -> SimulatedReports {
                   throw InvalidArgument(
                       std::string("counts: this mechanism's ") + m.outputs +
                       " outputs are too many to list as counts; its reports are drawn one per "
                       "user (drop --counts)");
                 }},
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
                   return {SymbolReports{sample_reports(rng, m, inputs)}, m.output_labels};
                 },
                 [&](const UbdParams& m) { return bits(m); },
                 [&](const UbdOptParams& m) { return bits(m); },
                 [&](const UhrParams& m) -> SimulatedReports {
                   return {SymbolReports{sample_reports(rng, m, inputs)}, report_labels(model)};
                 },
                 [&](const UssParams& m) { return bits(m); },
                 [&](const UnlistedParams& m) -> SimulatedReports {
                   return {UnlistedDraws{sample_reports(rng, m, inputs), m.write}, {}};
                 }},
      model);
}

// The models whose counts are drawn by an aggregated sampler, without a draw per user.
bool has_aggregated_sampler(const EstimationModel& model) {
  return model_traits(model).aggregated_sampler;
}

// Adds `more` to `sum` (counts of the same mechanism).
void add_counts(SimulatedReports& sum, const SimulatedReports& more) {
  std::visit(Overloaded{[&](SymbolCounts& s) {
                          const auto& m = std::get<SymbolCounts>(more.data).counts;
                          for (std::size_t y = 0; y < s.counts.size(); ++y) s.counts[y] += m[y];
                        },
                        [&](BitCounts& s) {
                          const BitCounts& m = std::get<BitCounts>(more.data);
                          s.n += m.n;
                          for (std::size_t j = 0; j < s.ones.size(); ++j) s.ones[j] += m.ones[j];
                        },
                        [](auto&) { throw std::logic_error("add_counts: per-user reports"); }},
             sum.data);
}

}  // namespace

SimulatedReports simulate_reports(Xoshiro256& rng, const EstimationModel& model,
                                  const std::vector<std::uint64_t>& input_counts, bool counts) {
  return counts ? aggregated(rng, model, input_counts) : per_user(rng, model, input_counts);
}

std::uint64_t simulation_block_users(const EstimationModel& model) {
  static constexpr std::uint64_t kSymbolBlock = std::uint64_t{1} << 24;
  static constexpr std::uint64_t kBitBlockBytes = std::uint64_t{1} << 27;
  const auto bits = [&](const auto& m) -> std::uint64_t {
    const std::uint64_t row_bytes = 8 * ((m.k + 63) / 64);
    return std::clamp<std::uint64_t>(kBitBlockBytes / row_bytes, 1, kSymbolBlock);
  };
  return std::visit(Overloaded{[&](const UnaryParams& m) { return bits(m); },
                               [&](const UbdParams& m) { return bits(m); },
                               [&](const UbdOptParams& m) { return bits(m); },
                               [&](const UssParams& m) { return bits(m); },
                               [](const UnlistedParams& m) {
                                 return std::clamp<std::uint64_t>(kBitBlockBytes / (8 * m.width), 1,
                                                                  kSymbolBlock);
                               },
                               [](const auto&) { return kSymbolBlock; }},
                    model);
}

void simulate_report_blocks(Xoshiro256& rng, const EstimationModel& model,
                            std::span<const double> p, std::uint64_t n, bool counts,
                            const std::function<void(const SimulatedReports&)>& block) {
  const std::uint64_t block_users = simulation_block_users(model);
  if (counts && has_aggregated_sampler(model)) {
    block(aggregated(rng, model, sample_input_counts(rng, n, p)));
    return;
  }
  std::optional<SimulatedReports> sum;
  for (std::uint64_t drawn = 0; drawn < n;) {
    const std::uint64_t users = std::min(block_users, n - drawn);
    const std::vector<std::uint64_t> input_counts = sample_input_counts(rng, users, p);
    SimulatedReports reports = simulate_reports(rng, model, input_counts, counts);
    drawn += users;
    if (!counts) {
      block(reports);
    } else if (sum) {
      add_counts(*sum, reports);
    } else {
      sum = std::move(reports);
    }
  }
  if (sum) block(*sum);
}

void append_reports(SimulatedReports& reports, SimulatedReports&& more) {
  std::visit(Overloaded{[&](SymbolReports& r) {
                          const auto& m = std::get<SymbolReports>(more.data).columns;
                          r.columns.insert(r.columns.end(), m.begin(), m.end());
                        },
                        [&](BitReports& r) {
                          const BitReports& m = std::get<BitReports>(more.data);
                          std::vector<std::uint32_t> scratch;
                          for (std::size_t i = 0; i < m.size(); ++i)
                            r.add(m.report(i).as_span(scratch));
                        },
                        [&](UnlistedDraws& r) {
                          r.reports.append(std::get<UnlistedDraws>(more.data).reports);
                        },
                        [&](auto&) { add_counts(reports, more); }},
             reports.data);
}

void write_reports(std::ostream& out, const SimulatedReports& reports) {
  std::visit(
      Overloaded{
          [&](const SymbolReports& r) { write_symbol_reports(out, r.columns, reports.labels); },
          [&](const BitReports& r) { write_bit_reports(out, r); },
          [&](const SymbolCounts& c) { write_symbol_counts(out, c.counts); },
          [&](const BitCounts& c) { write_bit_counts(out, c); },
          [&](const UnlistedDraws& r) { write_unlisted_reports(out, r.reports, r.write); }},
      reports.data);
}

}  // namespace uldp::estimate
