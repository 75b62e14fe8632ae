// The double-precision model of any mechanism (its folder's estimation_params), and the
// estimators and samplers dispatched on the model's form.
#include "uldp/estimate/estimation_model.h"

#include <string>

#include "uldp/error.h"
#include "uldp/estimate/empirical.h"
#include "uldp/estimate/sampler.h"

namespace uldp::estimate {
namespace {

// The mixture's estimates read each report's block size: per-bit counts are not enough.
const BitReports& mixture_reports(const ReportData& data) {
  if (!data.per_report) {
    throw InvalidArgument(
        "ubd-opt estimates need one report per line (a report's block size is its bit count, "
        "which per-bit counts lose)");
  }
  return data.bit_reports;
}

EstimationModel as_model(DenseOrUnlisted&& params) {
  return std::visit([](auto&& p) -> EstimationModel { return std::move(p); }, std::move(params));
}
template <class Params>
EstimationModel as_model(Params&& params) {
  return EstimationModel(std::forward<Params>(params));
}

const UnlistedReports& unlisted_reports(const ReportData& data) {
  if (!data.per_report || data.unlisted_reports.size() != data.n) {
    throw InvalidArgument(
        "this mechanism's outputs are too many to list: its estimates read one report per line");
  }
  return data.unlisted_reports;
}

}  // namespace

EstimationModel estimation_model(const MechanismSpec& spec) {
  return std::visit([&](const auto& params) { return as_model(estimation_params(spec, params)); },
                    spec.kind);
}

ModelTraits model_traits(const EstimationModel& model) {
  ModelTraits block;  // the block families' common answers
  block.bit_vectors = block.block_family = block.class_family = true;
  return std::visit(
      Overloaded{[](const UrrParams&) { return ModelTraits{.aggregated_sampler = true}; },
                 [](const UnaryParams&) {
                   return ModelTraits{
                       .bit_vectors = true, .aggregated_sampler = true, .newton_em = true};
                 },
                 [](const DenseParams&) { return ModelTraits{.aggregated_sampler = true}; },
                 [&](const UbdParams&) { return block; },
                 [&](const UbdOptParams&) {
                   ModelTraits t = block;
                   t.estimates_read_each_report = true;
                   return t;
                 },
                 [](const UhrParams&) { return ModelTraits{.class_family = true}; },
                 [&](const UssParams&) { return block; },
                 [](const UnlistedParams&) { return ModelTraits{.unlisted = true}; }},
      model);
}

bool reports_are_bit_vectors(const EstimationModel& model) {
  return model_traits(model).bit_vectors;
}

bool needs_each_report(const EstimationModel& model, bool em) {
  const ModelTraits t = model_traits(model);
  return t.bit_vectors && (em || t.estimates_read_each_report);
}

std::size_t num_symbols(const EstimationModel& model) {
  return std::visit(
      Overloaded{[](const UrrParams& m) { return m.k; }, [](const UnaryParams& m) { return m.k; },
                 [](const DenseParams& m) { return m.inputs; },
                 [](const UbdParams& m) { return m.k; }, [](const UbdOptParams& m) { return m.k; },
                 [](const UhrParams& m) { return m.k; }, [](const UssParams& m) { return m.k; },
                 [](const UnlistedParams& m) { return m.inputs; }},
      model);
}

std::size_t report_size(const EstimationModel& model) {
  return std::visit(Overloaded{[](const DenseParams& m) { return m.outputs; },
                               [](const UhrParams& m) { return m.outputs(); },
                               [](const UnlistedParams&) { return std::size_t{0}; },
                               [&](const auto&) { return num_symbols(model); }},
                    model);
}

std::vector<std::string> report_labels(const EstimationModel& model) {
  if (const auto* dense = std::get_if<DenseParams>(&model)) return dense->output_labels;
  const auto* uhr = std::get_if<UhrParams>(&model);
  if (!uhr) return {};
  std::vector<std::string> labels;
  for (std::size_t j = 0; j < uhr->columns; ++j) {
    std::string label = "h";  // appended: GCC 12 warns falsely on "h" + std::string
    label += std::to_string(j);
    labels.push_back(std::move(label));
  }
  for (std::size_t x = 0; x < uhr->k; ++x) {
    if (!uhr->sensitive.contains(x)) labels.push_back(std::to_string(x));
  }
  return labels;
}

ReportData read_report_data(std::istream& in, const std::string& source,
                            const EstimationModel& model, const ReportReadOptions& options) {
  if (const auto* unlisted = std::get_if<UnlistedParams>(&model)) {
    ReportData data;
    data.per_report = true;
    data.unlisted_reports = read_unlisted_reports(in, source, *unlisted, options.block);
    data.n = data.unlisted_reports.size();
    if (data.n == 0) throw InputError(source, "no reports");
    return data;
  }
  return read_reports(in, source, report_size(model), reports_are_bit_vectors(model),
                      report_labels(model), options);
}

std::vector<double> empirical_estimate(const EstimationModel& model, const ReportData& data) {
  return std::visit(
      Overloaded{
          [&](const UrrParams& m) { return empirical_estimate_urr(m, data.symbol_counts); },
          [&](const UnaryParams& m) { return empirical_estimate_unary(m, data.bit_counts); },
          [&](const DenseParams& m) { return empirical_estimate_dense(m, data.symbol_counts); },
          [&](const UbdParams& m) { return empirical_estimate_ubd(m, data.bit_counts); },
          [&](const UbdOptParams& m) {
            return empirical_estimate_ubd_opt(m, mixture_reports(data));
          },
          [&](const UhrParams& m) { return empirical_estimate_uhr(m, data.symbol_counts); },
          [&](const UssParams& m) {
            if (m.not_estimable) throw InvalidArgument(*m.not_estimable);
            return empirical_estimate_unary(m.bits, data.bit_counts);
          },
          [&](const UnlistedParams& m) {
            return empirical_estimate_unlisted(m, unlisted_reports(data));
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
          [&](const UbdParams& m) { return threshold_estimate_ubd(m, data.bit_counts, alpha); },
          [&](const UbdOptParams& m) {
            return threshold_estimate_ubd_opt(m, mixture_reports(data), alpha);
          },
          [&](const UhrParams& m) { return threshold_estimate_uhr(m, data.symbol_counts, alpha); },
          [&](const UssParams& m) {
            if (m.not_estimable) throw InvalidArgument(*m.not_estimable);
            return threshold_estimate_unary(m.bits, data.bit_counts, alpha);
          },
          [&](const UnlistedParams& m) {
            return threshold_estimate_unlisted(m, unlisted_reports(data), alpha);
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
          [&](const UbdParams& m) {
            if (!data.per_report) {
              throw InvalidArgument(
                  "EM on uBD reports needs one report per line (per-bit counts do not determine "
                  "the likelihood); use the empirical or thresholded estimate with counts");
            }
            return em_estimate_ubd(m, data.bit_reports, options);
          },
          [&](const UbdOptParams& m) {
            return em_estimate_ubd_opt(m, mixture_reports(data), options);
          },
          [&](const UhrParams& m) { return em_estimate_uhr(m, data.symbol_counts, options); },
          [&](const UssParams& m) {
            if (!data.per_report) {
              throw InvalidArgument(
                  "EM on uSS reports needs one report per line (per-bit counts do not determine "
                  "the likelihood); use the empirical or thresholded estimate with counts");
            }
            return em_estimate_uss(m, data.bit_reports, options);
          },
          [&](const UnlistedParams& m) {
            return em_estimate_unlisted(m, unlisted_reports(data), options);
          }},
      model);
}

EmAccelerator resolved_accelerator(const EmAccelerator requested, const EstimationModel& model) {
  if (requested != EmAccelerator::kAuto) return requested;
  return model_traits(model).newton_em ? EmAccelerator::kNewton : EmAccelerator::kSquarem;
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
                        [&](const UbdParams& m) { per_report(m); },
                        [&](const UbdOptParams& m) { per_report(m); },
                        [&](const UhrParams& m) {
                          data.symbol_counts.assign(m.outputs(), 0);
                          for (const std::uint32_t y :
                               sample_reports(rng, m, inputs_from_counts(rng, input_counts)))
                            ++data.symbol_counts[y];
                        },
                        [&](const UssParams& m) { per_report(m); },
                        [&](const UnlistedParams& m) {
                          data.per_report = true;
                          data.unlisted_reports =
                              sample_reports(rng, m, inputs_from_counts(rng, input_counts));
                        }},
             model);
  for (const std::uint64_t c : input_counts) data.n += c;
  return data;
}

}  // namespace uldp::estimate
