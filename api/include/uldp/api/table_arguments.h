// A table as a front end is given it: lists of texts, turned into the TableRequest here, so the
// command's flags (cli/table_command.cc) and Python's keywords (uldp.table) mean one thing; only
// the names in messages differ ("--k: ..." and "k: ...").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "uldp/api/table_rows.h"

namespace uldp::api {

/// How a front end names each parameter in its messages.
struct TableNames {
  std::string mech, k, sensitive_count, eps, exp_eps, n;
  static TableNames flags();     ///< "--mech", "--sensitive-count", ...
  static TableNames keywords();  ///< "mech", "sensitive_count", ...
};

/// Every value as given, each list item a text (an exact rational where a number).
struct TableArguments {
  std::vector<std::string> mechanisms, ks, sensitive_counts;
  std::vector<std::string> eps, exp_eps;  ///< at most one of the two lists
  std::string theta = "paper";
  std::optional<std::string> n;  ///< users for the losses; none: 10000
  bool vs_limit = false;
};

/// Reads them: each k an integer up to kMaxTableInputs (5 * 10^5, loss.h), each |X_S| up to 10^7,
/// each budget exact. Throws InvalidArgument naming the parameter.
TableRequest table_request(const TableArguments& arguments, const TableNames& names);

}  // namespace uldp::api
