// Any registered mechanism in the double-precision form its samplers and estimators use, and
// the estimators and samplers over that form, so that commands never branch on the mechanism.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <variant>
#include <vector>

#include "uldp/estimate/em.h"
#include "uldp/estimate/params.h"
#include "uldp/estimate/random.h"
#include "uldp/estimate/report_file.h"
#include "uldp/estimate/threshold.h"
#include "uldp/estimate/unlisted.h"
#include "uldp/mechanisms/mechanism_spec.h"
#include "uldp/mechanisms/ubd/ubd_sampling.h"
#include "uldp/mechanisms/ubd_opt/ubd_opt_sampling.h"
#include "uldp/mechanisms/uhr/uhr_sampling.h"
#include "uldp/mechanisms/uss/uss_sampling.h"

namespace uldp::estimate {

/// Histogram mechanisms with uRR's structure (none, RR, uRR), product-of-bits mechanisms
/// (RAPPOR family), uBD, its mixture and uSS (subset reports as bit vectors), uHR (column or X_N
/// indices), any other as a dense matrix (Mangat), or report by report where its outputs are too
/// many to list (local hashing, Bloom-filter RAPPOR and the sketches at their deployed sizes).
using EstimationModel = std::variant<UrrParams, UnaryParams, DenseParams, UbdParams, UbdOptParams,
                                     UhrParams, UssParams, UnlistedParams>;

/// The model of a registered mechanism, each double the closest to its exact value.
EstimationModel estimation_model(const MechanismSpec& spec);

/// What the workflows ask of a model's form, decided in one exhaustive visit (a new form must
/// answer every question), so that no workflow lists the forms itself.
struct ModelTraits {
  bool bit_vectors = false;  ///< reports are k-bit vectors (RAPPOR family, uBD, its mixture, uSS)
  /// Report counts are drawn without a draw per user (uRR, the unary family, a dense matrix).
  bool aggregated_sampler = false;
  /// A block family (uBD, its mixture, uSS): outputs are sets, tallied by their memberships too.
  bool block_family = false;
  /// A block family or uHR: conformance reads its dense expansion or its pooled form.
  bool class_family = false;
  /// emp and thr read each report, not the per-bit counts (ubd-opt: a report's block size).
  bool estimates_read_each_report = false;
  bool unlisted = false;   ///< outputs too many to list: reports one by one (unlisted.h)
  bool newton_em = false;  ///< EM's default accelerator is Newton (bit-vector products)
};
ModelTraits model_traits(const EstimationModel& model);

/// Whether reports are k-bit vectors (model_traits(model).bit_vectors).
bool reports_are_bit_vectors(const EstimationModel& model);
/// The number of input symbols k.
std::size_t num_symbols(const EstimationModel& model);
/// The size of a report: the number of distinct symbol reports (k; uHR: V + |X_N|; a dense
/// matrix: its outputs), or k bits for bit vectors; 0 for an unlisted model.
std::size_t report_size(const EstimationModel& model);
/// The labels of a symbol model's reports where they are not the indices 0..report_size-1 (uHR:
/// "h0".."h(V-1)", then X_N ascending, as `uldp mechanism uhr --format csv` lists them); empty
/// otherwise. Report files name outputs by these (report_file.h).
std::vector<std::string> report_labels(const EstimationModel& model);

/// Whether an estimator reads each bit-vector report rather than the per-bit counts: EM
/// (`em` true) on every bit-vector model, and emp / thr on ubd-opt (a report's block size is its
/// bit count). Readers may keep only the counts otherwise (ReportReadOptions::keep_bit_reports).
bool needs_each_report(const EstimationModel& model, bool em);

/// Reads a report file in the model's format (report_file.h; an unlisted model's: one report per
/// line in its folder's form, unlisted.h).
ReportData read_report_data(std::istream& in, const std::string& source,
                            const EstimationModel& model, const ReportReadOptions& options = {});

/// The empirical estimate from report counts (symbol histogram or per-bit counts).
std::vector<double> empirical_estimate(const EstimationModel& model, const ReportData& data);
/// The empirical estimate with the significance threshold at level alpha.
ThresholdEstimate threshold_estimate(const EstimationModel& model, const ReportData& data,
                                     double alpha);
/// EM; bit-vector mechanisms need one report per line (throws InvalidArgument otherwise).
EmResult em_estimate(const EstimationModel& model, const ReportData& data,
                     const EmOptions& options);
/// The accelerator kAuto resolves to for this model (kNewton or kSquarem).
EmAccelerator resolved_accelerator(const EmAccelerator requested, const EstimationModel& model);

/// Draws the reports of the users with the given inputs, in memory: counts from the exact
/// aggregated sampler, or one report per user when `per_user` (bit vectors; EM needs them) or
/// when the model has no aggregated sampler (uBD and its mixture).
ReportData sample_report_data(Xoshiro256& rng, const EstimationModel& model,
                              const std::vector<std::uint64_t>& input_counts, bool per_user);

}  // namespace uldp::estimate
