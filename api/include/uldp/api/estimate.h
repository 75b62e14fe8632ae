// Estimating the input distribution from obfuscated reports as a workflow: the empirical
// estimate, the thresholded one (significance level alpha) or EM, for a registry mechanism or
// the personalized mechanism (r over Z, then eq. (21) with background knowledge per tag). What
// `uldp estimate` and Python's uldp.estimate call; one JSON writer and one text renderer.
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "uldp/api/conform_reference.h"
#include "uldp/api/workflow_options.h"
#include "uldp/estimate/em.h"
#include "uldp/estimate/pum_users.h"

namespace uldp::api {

enum class EstimateMethod { kEmpirical, kThreshold, kEm };
const char* estimate_method_name(EstimateMethod method);  ///< "emp", "thr", "em"
/// "auto", "newton", "squarem", "none".
const char* accelerator_name(estimate::EmAccelerator accelerator);

/// A tag's background knowledge π̂ over X (k weights), or none: the paper's fallback.
struct TagBackground {
  std::string tag;
  std::optional<std::vector<double>> pi;
  std::string source;  ///< where π̂ came from ("home.txt"), for the report
};

struct EstimateRequest {
  /// `open` gives the report file's text (estimate/report_file.h), `source` names it.
  EstimateRequest(ReferenceRequest of, std::function<std::unique_ptr<std::istream>()> open,
                  std::string source)
      : mechanism(std::move(of)), reports(std::move(open)), reports_source(std::move(source)) {}

  /// A registry mechanism, or the PUM without users (the collector does not know their tags).
  ReferenceRequest mechanism;
  std::function<std::unique_ptr<std::istream>()> reports;
  std::string reports_source;
  EstimateMethod method = choice_of_default<EstimateMethod>(kMethodOption, "estimate");
  double significance = default_in(kSignificanceOption, "estimate");  ///< thr's, EM's start
  std::size_t max_iterations = count_default_in(kMaxIterationsOption, "estimate");
  double em_stop = default_in(kEmStopOption, "estimate");
  estimate::EmAccelerator accelerator =
      choice_of_default<estimate::EmAccelerator>(kAcceleratorOption, "estimate");
  /// The PUM: background knowledge for some tags (the others fall back).
  std::vector<TagBackground> background;
};

struct PumEstimateReport {
  std::string common;
  std::vector<std::string> tags;
  std::vector<std::string> background_sources;  ///< per tag: a source, or "none"
  std::vector<double> intermediate;             ///< r over Z
  estimate::PumEstimate estimate;
};

struct EstimateResult {
  std::string mechanism;  ///< the registry name (the PUM's common mechanism's)
  std::size_t k = 0;      ///< over X
  std::vector<std::size_t> sensitive;
  std::optional<Rational> exp_eps;
  std::string budget;  ///< the budget described for people, or "no privacy"
  std::uint64_t n = 0;
  EstimateMethod method = EstimateMethod::kEm;
  double significance = 0;
  std::vector<double> p;
  std::vector<std::uint8_t> significant;  ///< thr only
  std::optional<estimate::EmResult> em;
  double em_stop = 0;
  estimate::EmAccelerator accelerator = estimate::EmAccelerator::kAuto;  ///< as resolved
  std::optional<PumEstimateReport> pum;
};

/// Reads the reports and estimates. Throws InvalidArgument naming the parameter, InputError
/// "SOURCE:LINE:COLUMN: ..." for a malformed report.
EstimateResult estimate_distribution(const EstimateRequest& request);

nlohmann::json to_json(const EstimateResult& result);
std::string to_text(const EstimateResult& result);

}  // namespace uldp::api
