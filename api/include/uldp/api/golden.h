// Golden vectors for another implementation's server: report counts (drawn with the samplers, or
// a library's own test inputs) with the exact empirical estimate, the thresholded estimate and a
// certified EM estimate the reference computes from them. `golden_vectors` makes them; the
// GoldenVectors type is written and read by one JSON writer and one reader (the file `uldp golden`
// prints and `uldp conform estimates --vectors` reads), so the schema exists once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "uldp/api/conform_reference.h"
#include "uldp/api/golden_case.h"
#include "uldp/api/workflow_options.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/estimate/em.h"
#include "uldp/estimate/post_processing.h"
#include "uldp/estimate/report_file.h"

namespace uldp::api {

/// Cases drawn with the samplers, cycling through uniform, Zipf (exponent 1) and point masses on
/// the first sensitive and the first non-sensitive symbol.
struct DrawnCases {
  std::uint64_t cases = 12;  ///< 1 to 1000
  std::uint64_t seed = count_default_in(kSeedOption, "golden");
  /// Reports per case (default 1000, up to 10^9); a PUM's cases have its users' reports instead.
  std::optional<std::uint64_t> n;
};

/// A library's own test inputs: report counts, one per line ("n=N" first for bit vectors) or a
/// JSON array, as io/counts_file.h reads them.
struct GivenCounts {
  std::string text;
  std::string source;  ///< how messages and each case's "input" name them
};

struct GoldenRequest {
  GoldenRequest(ReferenceRequest of, std::variant<DrawnCases, GivenCounts> from)
      : mechanism(std::move(of)), cases(std::move(from)) {}

  /// A registry mechanism or the personalized mechanism (a matrix file has no estimator to match).
  ReferenceRequest mechanism;
  std::variant<DrawnCases, GivenCounts> cases;
  double significance = default_in(kSignificanceOption, "golden");  ///< thr's, EM's start
  double em_stop = default_in(kEmStopOption, "golden");  ///< the first EM run's stopping gain
  /// The certified bound on (max L - L(em)) / n every EM vector meets (at most 1/10).
  Rational em_gap{1, 1'000'000};
  /// The certified bound on the l2 distance from every EM vector to the MLE (at most 1/10).
  double em_distance = 1e-6;
  /// The post-processing the implementation applies to its estimates (emp, thr and em).
  std::optional<estimate::PostProcessing> post;
  /// Also list every case's reports one by one (GoldenCase::report_list), for a server that
  /// takes reports. Drawn unary-encoding cases are then drawn per user (as `simulate` draws
  /// them), so their counts differ from the aggregated draw's; given per-bit counts are refused
  /// (they do not determine the reports).
  bool with_reports = false;
};

/// The personalized mechanism's part of golden vectors: reports are Q_cmn's over Z = X ∪ bots,
/// every vector is over X (eq. (21), the paper's fallback for every tag).
struct GoldenPum {
  std::string common;  ///< the common mechanism's registry name
  std::vector<std::string> tags;
  std::size_t z = 0;  ///< |Z| = |X| + κ
};

/// How the EM vectors were run and certified.
struct GoldenEmSettings {
  double stop = 0;
  Rational gap_target_per_report;
  double distance_target = 0;
};

struct GoldenVectors {
  std::string mechanism;  ///< registry name, or "pum"
  std::size_t k = 0;
  std::vector<std::size_t> sensitive;
  std::optional<GoldenPum> pum;
  std::optional<Rational> exp_eps;
  std::string reports_form;  ///< how a case's reports are given, in one sentence
  std::optional<estimate::PostProcessing> post;
  std::optional<std::uint64_t> seed;  ///< drawn cases only
  double thr_alpha = 0.05;
  /// The standard deviation thr compares with: under p(x) = 0 (listed outputs), or the sample
  /// deviation of the reports' estimator rows (outputs too many to list; estimate/unlisted.h).
  std::string thr_rule = "Bonferroni z_{1-alpha/k} on the null sd";
  /// How EM was run, or why the vectors have no EM.
  std::variant<GoldenEmSettings, std::string> em;
  std::vector<GoldenCase> cases;

  /// The case with this id, or nullptr.
  const GoldenCase* find(const std::string& id) const;
};

/// Computes the vectors. Throws InvalidArgument naming the parameter ("n: ...", "users: ...",
/// "k: ..."), InputError naming the counts' source, line and column.
GoldenVectors golden_vectors(const GoldenRequest& request);

/// The golden vectors file (without the version stamp; the command adds it).
nlohmann::json to_json(const GoldenVectors& vectors);
/// Reads what to_json wrote (and the files of earlier versions, which may lack the EM
/// certificates); `source` names the vectors in errors: InputError "SOURCE: cases[2].emp: ...".
GoldenVectors golden_vectors_from_json(const nlohmann::json& j, const std::string& source);
/// Reads a golden vectors file.
GoldenVectors read_golden_vectors(const std::string& path);

}  // namespace uldp::api
