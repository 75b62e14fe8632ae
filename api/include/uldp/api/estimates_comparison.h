// Another implementation's estimates against golden vectors: every estimate that differs beyond
// its tolerance (the first differing item of each, with the likely cause where one simple cause
// explains every item), or the golden cases left unanswered. What `uldp conform estimates`,
// Python's uldp.conform_estimates and EXPECT_ESTIMATES_MATCH call.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "uldp/api/golden.h"
#include "uldp/api/workflow_options.h"
#include "uldp/io/estimates_file.h"

namespace uldp::api {

/// Their values: estimates of the frequencies p, or counts n·p (the choices of kScaleOption, in
/// its order).
enum class EstimatesScale { kFrequencies, kCounts };
const char* scale_name(EstimatesScale scale);  ///< "frequencies", "counts"

/// Their estimates by case id (io/estimates_file.h reads them from files).
using TheirEstimates = std::map<std::string, EstimatesCase>;

struct EstimatesComparisonRequest {
  EstimatesScale scale = choice_of_default<EstimatesScale>(kScaleOption, "conform_estimates");
  /// Largest accepted |difference| of emp and thr frequencies.
  double tolerance = default_in(kToleranceOption, "conform_estimates");
  /// Largest accepted |difference| of EM frequencies; none: per case, 1e-4 plus the golden
  /// vector's certified distance to the maximum-likelihood estimate.
  std::optional<double> em_tolerance;
  std::string golden_source = "golden vectors";    ///< how messages name the vectors
  std::string em_tolerance_name = "em_tolerance";  ///< how messages name em_tolerance
  /// How messages name each choice of scale (Python's keyword by default).
  std::string counts_scale_name = "scale=\"counts\"";
  std::string frequencies_scale_name = "scale=\"frequencies\"";
};

/// One estimate of theirs that differs: its first differing item.
struct EstimateMismatch {
  std::string case_id;
  std::string estimator;  ///< "emp", "thr" or "em"
  std::size_t item = 0;
  double expected = 0;  ///< on their scale
  double actual = 0;
  double tolerance = 0;
  std::string likely_cause;  ///< empty: not recognised
};

enum class EstimatesVerdict { kMatches, kMismatch, kIncomplete };

struct EstimatesComparison {
  EstimatesVerdict verdict = EstimatesVerdict::kMatches;
  EstimatesComparisonRequest request;
  std::size_t golden_cases = 0;
  std::size_t their_cases = 0;
  std::size_t compared = 0;  ///< estimates compared (a case's emp, thr, em count separately)
  /// Every differing estimate, by case id then estimator (emp, thr, em); the first is the
  /// verdict's.
  std::vector<EstimateMismatch> mismatches;
  std::vector<std::string> missing;  ///< golden cases they gave no estimate for
  double largest_em_tolerance = 0;
  bool matches() const { return verdict == EstimatesVerdict::kMatches; }
};

/// Compares. Throws InputError naming where their estimates are (a case the vectors lack, a
/// wrong number of values, an estimator the vectors have none of) or the vectors (an EM case with
/// no certified distance when em_tolerance is not given); InvalidArgument for a tolerance outside
/// [0, 1/10].
EstimatesComparison compare_estimates(const GoldenVectors& golden, const TheirEstimates& theirs,
                                      const EstimatesComparisonRequest& request = {});

/// The `--json` report (without the version stamp) and the text for people.
nlohmann::json to_json(const EstimatesComparison& comparison);
std::string to_text(const EstimatesComparison& comparison);

}  // namespace uldp::api
