// One double-precision model per mechanism kind (a kind missing here does not compile), and the
// estimators and samplers dispatched on the model's form.
#include "uldp/estimate/estimation_model.h"

#include <ostream>
#include <string>

#include "uldp/error.h"
#include "uldp/estimate/empirical.h"
#include "uldp/estimate/sampler.h"

namespace uldp::estimate {
namespace {

// Q = I as a uRR with X_S empty: every report is the input itself (c3 = 1).
UrrParams non_private_params(std::size_t k) {
  UrrParams params;
  params.k = k;
  params.sensitive = IndexSet::from_indices({}, k, "sensitive");
  params.t = 1;
  params.c1 = 1;
  params.c2 = 0;
  params.c3 = 1;
  return params;
}

// The mixture's estimates read each report's block size: per-bit counts are not enough.
const BitReports& mixture_reports(const ReportData& data) {
  if (!data.per_report) {
    throw InvalidArgument(
        "ubd-opt estimates need one report per line (a report's block size is its bit count, "
        "which per-bit counts lose)");
  }
  return data.bit_reports;
}

}  // namespace

EstimationModel estimation_model(const MechanismSpec& spec) {
  return std::visit(
      Overloaded{
          [&](const NonPrivateParams&) -> EstimationModel { return non_private_params(spec.k); },
          [&](const RandomizedResponseParams& p) -> EstimationModel {
            return urr_params(rr_params(spec.k, p.budget));
          },
          [&](const UtilityOptimizedRRParams& p) -> EstimationModel {
            return urr_params(spec.sensitive, p.budget);
          },
          [&](const GeneralizedRapporParams& p) -> EstimationModel {
            return generalized_rappor_params(spec.k, p.theta, p.budget);
          },
          [&](const UtilityOptimizedRapporParams& p) -> EstimationModel {
            return urap_params(spec.sensitive, p.theta, p.budget);
          },
          [&](const MangatParams& p) -> EstimationModel { return dense_params(mangat(p.p)); },
          [&](const UtilityOptimizedBlockDesignParams& p) -> EstimationModel {
            return block_design_params(spec.sensitive, p.block, p.budget);
          },
          [&](const UbdMixtureParams& p) -> EstimationModel {
            return block_mixture_params(spec.sensitive, p.weights, p.alpha, p.budget);
          },
          [&](const UtilityOptimizedHadamardParams& p) -> EstimationModel {
            return hadamard_params(spec.sensitive, p.budget);
          },
          [&](const UtilityOptimizedSubsetSelectionParams& p) -> EstimationModel {
            return subset_selection_params(spec.sensitive, p.block, p.budget);
          },
      },
      spec.kind);
}

bool reports_are_bit_vectors(const EstimationModel& model) {
  return std::holds_alternative<UnaryParams>(model) ||
         std::holds_alternative<BlockDesignParams>(model) ||
         std::holds_alternative<BlockMixtureParams>(model) ||
         std::holds_alternative<SubsetSelectionParams>(model);
}

std::size_t num_symbols(const EstimationModel& model) {
  return std::visit(
      Overloaded{[](const UrrParams& m) { return m.k; }, [](const UnaryParams& m) { return m.k; },
                 [](const DenseParams& m) { return m.inputs; },
                 [](const BlockDesignParams& m) { return m.k; },
                 [](const BlockMixtureParams& m) { return m.k; },
                 [](const HadamardParams& m) { return m.k; },
                 [](const SubsetSelectionParams& m) { return m.k; }},
      model);
}

std::size_t report_size(const EstimationModel& model) {
  return std::visit(Overloaded{[](const DenseParams& m) { return m.outputs; },
                               [](const HadamardParams& m) { return m.outputs(); },
                               [&](const auto&) { return num_symbols(model); }},
                    model);
}

std::vector<double> empirical_estimate(const EstimationModel& model, const ReportData& data) {
  return std::visit(
      Overloaded{
          [&](const UrrParams& m) { return empirical_estimate_urr(m, data.symbol_counts); },
          [&](const UnaryParams& m) { return empirical_estimate_unary(m, data.bit_counts); },
          [&](const DenseParams& m) { return empirical_estimate_dense(m, data.symbol_counts); },
          [&](const BlockDesignParams& m) {
            return empirical_estimate_block_design(m, data.bit_counts);
          },
          [&](const BlockMixtureParams& m) {
            return empirical_estimate_block_mixture(m, mixture_reports(data));
          },
          [&](const HadamardParams& m) {
            return empirical_estimate_hadamard(m, data.symbol_counts);
          },
          [&](const SubsetSelectionParams& m) {
            if (m.not_estimable) throw InvalidArgument(*m.not_estimable);
            return empirical_estimate_unary(m.bits, data.bit_counts);
          }},
      model);
}

ThresholdEstimate threshold_estimate(const EstimationModel& model, const ReportData& data,
                                     double alpha) {
  return std::visit(
      Overloaded{
          [&](const UrrParams& m) { return threshold_estimate_urr(m, data.symbol_counts, alpha); },
          [&](const UnaryParams& m) { return threshold_estimate_unary(m, data.bit_counts, alpha); },
          [&](const DenseParams& m) {
            return threshold_estimate_dense(m, data.symbol_counts, alpha);
          },
          [&](const BlockDesignParams& m) {
            return threshold_estimate_block_design(m, data.bit_counts, alpha);
          },
          [&](const BlockMixtureParams& m) {
            return threshold_estimate_block_mixture(m, mixture_reports(data), alpha);
          },
          [&](const HadamardParams& m) {
            return threshold_estimate_hadamard(m, data.symbol_counts, alpha);
          },
          [&](const SubsetSelectionParams& m) {
            if (m.not_estimable) throw InvalidArgument(*m.not_estimable);
            return threshold_estimate_unary(m.bits, data.bit_counts, alpha);
          }},
      model);
}

EmResult em_estimate(const EstimationModel& model, const ReportData& data,
                     const EmOptions& options) {
  return std::visit(
      Overloaded{
          [&](const UrrParams& m) { return em_estimate_urr(m, data.symbol_counts, options); },
          [&](const UnaryParams& m) {
            if (!data.per_report) {
              throw InvalidArgument(
                  "EM on bit vectors needs one report per line (per-bit counts do not determine "
                  "the "
                  "likelihood); use the empirical or thresholded estimate with counts");
            }
            return em_estimate_unary(m, data.bit_reports, options);
          },
          [&](const DenseParams& m) { return em_estimate_dense(m, data.symbol_counts, options); },
          [&](const BlockDesignParams& m) {
            if (!data.per_report) {
              throw InvalidArgument(
                  "EM on uBD reports needs one report per line (per-bit counts do not determine "
                  "the likelihood); use the empirical or thresholded estimate with counts");
            }
            return em_estimate_block_design(m, data.bit_reports, options);
          },
          [&](const BlockMixtureParams& m) {
            return em_estimate_block_mixture(m, mixture_reports(data), options);
          },
          [&](const HadamardParams& m) {
            return em_estimate_hadamard(m, data.symbol_counts, options);
          },
          [&](const SubsetSelectionParams& m) {
            if (!data.per_report) {
              throw InvalidArgument(
                  "EM on uSS reports needs one report per line (per-bit counts do not determine "
                  "the likelihood); use the empirical or thresholded estimate with counts");
            }
            return em_estimate_subset_selection(m, data.bit_reports, options);
          }},
      model);
}

EmAccelerator resolved_accelerator(const EmAccelerator requested, const EstimationModel& model) {
  if (requested != EmAccelerator::kAuto) return requested;
  return std::holds_alternative<UnaryParams>(model) ? EmAccelerator::kNewton
                                                    : EmAccelerator::kSquarem;
}

ReportData sample_report_data(Xoshiro256& rng, const EstimationModel& model,
                              const std::vector<std::uint64_t>& input_counts, bool per_user) {
  ReportData data;
  data.bit_vectors = reports_are_bit_vectors(model);
  auto per_report = [&](const auto& m) {
    data.per_report = true;
    data.bit_reports = sample_reports(rng, m, inputs_from_counts(rng, input_counts));
    data.bit_counts = bit_counts(data.bit_reports);
  };
  std::visit(Overloaded{[&](const UrrParams& m) {
                          data.symbol_counts = sample_report_counts(rng, m, input_counts);
                        },
                        [&](const DenseParams& m) {
                          data.symbol_counts = sample_report_counts(rng, m, input_counts);
                        },
                        [&](const UnaryParams& m) {
                          if (per_user) {
                            per_report(m);
                          } else {
                            data.bit_counts = sample_report_counts(rng, m, input_counts);
                          }
                        },
                        [&](const BlockDesignParams& m) { per_report(m); },
                        [&](const BlockMixtureParams& m) { per_report(m); },
                        [&](const HadamardParams& m) {
                          data.symbol_counts.assign(m.outputs(), 0);
                          for (const std::uint32_t y :
                               sample_reports(rng, m, inputs_from_counts(rng, input_counts)))
                            ++data.symbol_counts[y];
                        },
                        [&](const SubsetSelectionParams& m) { per_report(m); }},
             model);
  for (const std::uint64_t c : input_counts) data.n += c;
  return data;
}

void simulate_reports(std::ostream& out, Xoshiro256& rng, const EstimationModel& model,
                      const std::vector<std::uint64_t>& input_counts, bool counts) {
  if (counts) {
    std::visit(
        Overloaded{
            [&](const UrrParams& m) {
              write_symbol_counts(out, sample_report_counts(rng, m, input_counts));
            },
            [&](const UnaryParams& m) {
              write_bit_counts(out, sample_report_counts(rng, m, input_counts));
            },
            [&](const DenseParams& m) {
              write_symbol_counts(out, sample_report_counts(rng, m, input_counts));
            },
            [&](const BlockDesignParams& m) {  // counted from per-user draws
              write_bit_counts(
                  out, bit_counts(sample_reports(rng, m, inputs_from_counts(rng, input_counts))));
            },
            [&](const BlockMixtureParams& m) {  // counted from per-user draws
              write_bit_counts(
                  out, bit_counts(sample_reports(rng, m, inputs_from_counts(rng, input_counts))));
            },
            [&](const HadamardParams& m) {  // counted from per-user draws
              std::vector<std::uint64_t> histogram(m.outputs(), 0);
              for (std::uint32_t y : sample_reports(rng, m, inputs_from_counts(rng, input_counts)))
                ++histogram[y];
              write_symbol_counts(out, histogram);
            },
            [&](const SubsetSelectionParams& m) {  // counted from per-user draws
              write_bit_counts(
                  out, bit_counts(sample_reports(rng, m, inputs_from_counts(rng, input_counts))));
            }},
        model);
    return;
  }
  const std::vector<std::uint32_t> inputs = inputs_from_counts(rng, input_counts);
  std::visit(
      Overloaded{
          [&](const UrrParams& m) { write_symbol_reports(out, sample_reports(rng, m, inputs)); },
          [&](const UnaryParams& m) { write_bit_reports(out, sample_reports(rng, m, inputs)); },
          [&](const DenseParams& m) { write_symbol_reports(out, sample_reports(rng, m, inputs)); },
          [&](const BlockDesignParams& m) {
            write_bit_reports(out, sample_reports(rng, m, inputs));
          },
          [&](const BlockMixtureParams& m) {
            write_bit_reports(out, sample_reports(rng, m, inputs));
          },
          [&](const HadamardParams& m) {
            write_symbol_reports(out, sample_reports(rng, m, inputs));
          },
          [&](const SubsetSelectionParams& m) {
            write_bit_reports(out, sample_reports(rng, m, inputs));
          }},
      model);
}

}  // namespace uldp::estimate
