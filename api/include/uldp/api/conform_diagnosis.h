// When a client deviates or violates, the readings people get wrong, tried one by one on the same
// samples: bit order reversed, inputs 1-based, another θ (OUE's 1/2 or SUE's s/(s+1)), X_S taken
// as the first |X_S| symbols, and another budget (the range of e^ε the samples fit). A reading
// "fits" when, under it, no output is impossible, the fit is not rejected and the ε bound stays
// within the claim: the report names it as the likely bug, never as a pass.
#pragma once

#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "uldp/api/conform_reference.h"
#include "uldp/estimate/conformance.h"

namespace uldp::api {

/// Opens the samples ("x,y" lines) from their start; each reading tried streams them again.
using SampleSource = std::function<std::unique_ptr<std::istream>()>;

struct Diagnosis {
  std::string reading;  ///< "bit order reversed (character 0 = the last bit)"
  double min_p_value = 1;
  double exp_eps_lower_bound = 1;
};

struct DiagnosisReport {
  std::vector<std::string> tried;  ///< every reading tried, in order
  std::vector<Diagnosis> fits;     ///< those that fit
  /// The e^ε, from t/8 to 8t, under which the same mechanism fits the samples best (the largest
  /// smallest fit p-value), when the budget could be varied and the fit test accepts it.
  std::optional<double> best_exp_eps;
  /// Every e^ε around it the fit test accepts, [low, high] (a confidence set by inverting the
  /// test at the run's level); it may contain the claim, and then a wrong budget is no cause.
  std::optional<std::pair<double, double>> fitted_exp_eps;
  /// The unary family: the θ (the input's own bit's probability, 0.01 to 0.99) under which the
  /// samples fit best at the claimed budget, and every θ the fit test accepts around it.
  std::optional<double> best_theta;
  std::optional<std::pair<double, double>> fitted_theta;
  std::optional<double> claimed_theta;  ///< the reference's, where θ was fitted
};

/// Tries the readings that apply to this reference on the samples `open` streams: the bit order
/// and 1-based inputs for every reference, the mechanism's family (θ, X_S, the budget) for a
/// registry mechanism. `lines`: whether each line is one sample or counts ("x,y,count").
DiagnosisReport diagnose(const ReferenceRequest& request, const ConformReference& reference,
                         const SampleSource& open, const std::string& source, bool output_index,
                         double alpha,
                         estimate::SampleLine lines = estimate::SampleLine::kOneSample);

}  // namespace uldp::api
