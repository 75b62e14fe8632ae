// One case of golden vectors: the reports a server is given and the estimates it must return.
// Apart from golden.h so that a test of a server (uldp/testing/gtest.h) reads a case without the
// exact arithmetic and JSON the vectors are made and written with.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "uldp/estimate/report_file.h"

namespace uldp::api {

/// A case's EM vector with its certificates.
struct GoldenEm {
  std::vector<double> p;
  double log_likelihood = 0;  ///< -infinity when a report has probability 0 under p
  std::uint64_t iterations = 0;
  /// An upper bound on max L - L(em), as a decimal of 6 significant digits; none: infinite.
  std::optional<std::string> likelihood_gap;
  /// An upper bound on the l2 distance to the MLE; none: not certified (or a PUM's, over Z).
  std::optional<double> distance;
  bool certified = false;
};

struct GoldenCase {
  std::string id;
  std::string input;  ///< the distribution drawn from, or "from SOURCE"
  /// Drawn cases: the users' inputs (a PUM's: the intermediate counts over Z); empty when given.
  std::vector<std::uint64_t> input_counts;
  estimate::ReportData reports;  ///< in the form the mechanism's server takes them
  /// With GoldenRequest::with_reports: each report as a line of a report file (a label, or a
  /// bit vector's 0/1 string), histograms in column order; else empty.
  std::vector<std::string> report_list;
  std::vector<double> emp;  ///< after the post-processing, if any
  /// The exact empirical estimate before any post-processing, each value as its canonical exact
  /// text ("3/10", "-1/6"; uldp::to_string), as the file holds it.
  std::vector<std::string> emp_exact;
  std::optional<std::vector<std::string>> intermediate_emp_exact;  ///< a PUM's r over Z, the same
  std::vector<double> thr;
  std::vector<std::uint8_t> thr_significant;
  std::optional<GoldenEm> em;  ///< none when the vectors have no EM
};

}  // namespace uldp::api
