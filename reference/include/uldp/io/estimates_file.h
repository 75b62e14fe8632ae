// Another implementation's estimates, as `uldp conform estimates --theirs FILE` reads them:
// JSON {"cases": [{"id": ..., "emp": [...], "thr": [...], "em": [...]}]} with any subset of the
// three estimators, or CSV with one case per line, "id,v0,...,v_{k-1}" (the default estimator) or
// "id,emp|thr|em,v0,..." ('#' comments, blank lines and a first line starting "id," skipped).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace uldp {

/// One case of their estimates.
struct EstimatesCase {
  std::map<std::string, std::vector<double>> values;  ///< estimator ("emp", "thr", "em") -> values
  std::string where;                                  ///< "file:line" (CSV) or "file: cases[i]"
};

/// Their cases by id, from JSON text; `source` names it in errors (InputError).
std::map<std::string, EstimatesCase> parse_estimates_json(std::string_view text,
                                                          const std::string& source);

/// Their cases by id, from CSV text; lines without an estimator field hold `default_estimator`.
std::map<std::string, EstimatesCase> parse_estimates_csv(std::string_view text,
                                                         const std::string& source,
                                                         const std::string& default_estimator);

/// Reads the file `path`: JSON when its name ends in ".json" or its first non-blank character is
/// '{', CSV otherwise.
std::map<std::string, EstimatesCase> read_estimates_file(const std::string& path,
                                                         const std::string& default_estimator);

}  // namespace uldp
