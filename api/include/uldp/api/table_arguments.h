// A table as a front end is given it: lists of texts, turned into the TableRequest here, so the
// command's flags (cli/table_command.cc) and Python's keywords (uldp.table) mean one thing; only
// the names in messages differ ("--k: ..." and "k: ...").
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "uldp/api/table_rows.h"

namespace uldp::api {

/// How a front end names each parameter in its messages.
struct TableNames {
  std::string mech, k, sensitive_count, eps, exp_eps, n;
  bool flags_style = true;
  /// How messages name a mechanism parameter: "--hash-seeds" or "hash_seeds".
  std::string of(std::string_view keyword) const;
  static TableNames flags();     ///< "--mech", "--sensitive-count", ...
  static TableNames keywords();  ///< "mech", "sensitive_count", ...
};

/// The mechanism parameters a table takes beside its own lists (k, |X_S|, the budget, θ): the
/// command registers one flag per keyword of these.
std::vector<const ParameterDeclaration*> table_mechanism_parameters();

/// Every value as given, each list item a text (an exact rational where a number).
struct TableArguments {
  std::vector<std::string> mechanisms, ks, sensitive_counts;
  std::vector<std::string> eps, exp_eps;  ///< at most one of the two lists
  std::string theta = "paper";
  std::optional<std::string> n;  ///< users for the losses; none: 10000
  bool vs_limit = false;
  /// The listed mechanisms' own parameters, by keyword ("hash_seeds": "64"), one value each.
  std::map<std::string, std::string, std::less<>> parameters;
};

/// Reads them: each k an integer up to kMaxTableInputs (5 * 10^5, loss.h), each |X_S| up to 10^7,
/// each budget exact; each mechanism parameter a declared one (not k, X_S, the budget or θ, which
/// are the table's own) that a listed mechanism takes (its text is read per row by its grammar).
/// Throws InvalidArgument naming the parameter.
TableRequest table_request(const TableArguments& arguments, const TableNames& names);

}  // namespace uldp::api
