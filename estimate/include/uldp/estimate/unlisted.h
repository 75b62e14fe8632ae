// Mechanisms whose outputs are too many to list in doubles: local hashing over xxh32's 2^32 seeds,
// Bloom-filter RAPPOR at Chrome's m = 128, the count-mean sketches at Apple's sizes. Each report
// is drawn, read, written, weighed and estimated on its own by functions its folder gives, so
// memory grows with the reports and never with the outputs. The same folder's listed model
// (DenseParams) answers the same questions where it fits; tests hold the two to each other.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "uldp/estimate/em.h"
#include "uldp/estimate/line_reader.h"
#include "uldp/estimate/random.h"
#include "uldp/estimate/threshold.h"
#include "uldp/estimate/unlisted_reports.h"

namespace uldp::estimate {

/// Why a report line is not a report: the column (1-based within the report's text) and what.
struct ReportSyntaxError {
  std::size_t column = 1;
  std::string what;
};

/// A mechanism in doubles, report by report. Every function is the folder's; the probabilities
/// it uses are the doubles nearest their exact values.
struct UnlistedParams {
  std::size_t inputs = 0;
  std::size_t width = 1;  ///< words per report
  std::string form;       ///< what a report line is, for errors: "seed,value (seed < 2^32, ...)"
  std::string outputs;    ///< the number of outputs, in words for messages ("2^34")
  /// Draws the report of input x into its words.
  std::function<void(Xoshiro256&, std::size_t, std::span<std::uint64_t>)> draw;
  /// Reads a report's text (trimmed, non-empty) into its words, or says why it is not one.
  std::function<std::optional<ReportSyntaxError>(std::string_view, std::span<std::uint64_t>)> parse;
  /// Appends a report's text as clients write it (what parse reads).
  std::function<void(std::span<const std::uint64_t>, std::string&)> write;
  /// Writes P(y | x) / F(y) for every input x into `likelihood` and returns log F(y): a factor
  /// common to all inputs kept apart, so that a product over thousands of bits does not underflow.
  std::function<double(std::span<const std::uint64_t>, std::span<double>)> likelihood;
  /// Adds the report's row of the mechanism's empirical estimator to `row` (p̂ = the rows' mean).
  std::function<void(std::span<const std::uint64_t>, std::span<double>)> add_estimate;
  /// Why there is no empirical estimator at these parameters; emp and thr refuse with it.
  std::optional<std::string> not_estimable;
};

/// 'text' in quotes, cut as error messages cut it (message_excerpt).
std::string quoted_excerpt(std::string_view text);

/// Reads a decimal field of a report (no sign, no leading zero) below `limit` into `value`, or
/// says why not at `column` ("seed '7x' is not in 0..1023").
std::optional<ReportSyntaxError> read_report_field(std::string_view text, std::uint64_t limit,
                                                   const char* what, std::size_t column,
                                                   std::uint64_t& value);

/// The empirical estimate: the mean of the reports' estimator rows. Throws InvalidArgument when
/// there are no reports or no estimator.
std::vector<double> empirical_estimate_unlisted(const UnlistedParams& params,
                                                const UnlistedReports& reports);
/// The significance threshold of threshold.h, with sd0(x)² the sample variance of the reports'
/// rows at x over n (the estimator's variance under the data, not under p(x) = 0: the rows of an
/// unlisted mechanism have no listed null to average over).
ThresholdEstimate threshold_estimate_unlisted(const UnlistedParams& params,
                                              const UnlistedReports& reports, double alpha);

/// The most (distinct reports) x (inputs) likelihoods EM holds: 2^26, 512 MB.
inline constexpr std::size_t kMaxUnlistedEmEntries = std::size_t{1} << 26;
/// EM over the reports' likelihoods (equal reports merged), SQUAREM-accelerated as on
/// histograms; starts at the thresholded estimate where there is one, else uniform. Throws
/// InvalidArgument on no reports, a report no input can produce, or more than
/// kMaxUnlistedEmEntries likelihoods.
EmResult em_estimate_unlisted(const UnlistedParams& params, const UnlistedReports& reports,
                              const EmOptions& options);

/// The reports of users with the given inputs, in their order.
UnlistedReports sample_reports(Xoshiro256& rng, const UnlistedParams& params,
                               std::span<const std::uint32_t> inputs);

/// The most report words read_unlisted_reports holds: 2^29, 4 GiB (2^28 local-hashing reports,
/// 1.8 * 10^8 of Chrome's RAPPOR).
inline constexpr std::size_t kMaxUnlistedReportWords = std::size_t{1} << 29;

/// Reads one report per line (blank lines and '#' comments skipped); every malformed line is an
/// InputError "SOURCE:LINE:COL: what (reports are FORM)", and so is the report past `max_words`
/// words held.
UnlistedReports read_unlisted_reports(std::istream& in, const std::string& source,
                                      const UnlistedParams& params, std::size_t block = kReadBlock,
                                      std::size_t max_words = kMaxUnlistedReportWords);
/// Writes one report per line, as read_unlisted_reports reads them.
void write_unlisted_reports(
    std::ostream& out, const UnlistedReports& reports,
    const std::function<void(std::span<const std::uint64_t>, std::string&)>& write);

}  // namespace uldp::estimate
