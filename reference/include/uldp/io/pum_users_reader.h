// Reading the users of a PUM (docs/cli.md, "PUM input files"): one user per line
// ("home=3,4 work=7", "-" for a user without tagged symbols) or groups of users with the same
// tagging and their count ("120 home=3 work=7"). Every error names file:line:column.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

#include "uldp/constructions/pum_population.h"

namespace uldp {

/// The two layouts of a PUM users file.
enum class PumUsersLayout {
  kOneUserPerLine,  ///< --users: TAG=LIST ... or "-"
  kCountedGroups,   ///< --user-groups: COUNT TAG=LIST ... or COUNT -
};

/// The largest number of users a file may describe in total.
inline constexpr std::uint64_t kMaxPumUsers = 1'000'000'000;

/// Reads the users from `in` (named `source` in errors) over X_S and the κ `tags`. Blank lines
/// and lines starting with '#' are skipped. Throws InputError naming source:line:column.
PumPopulation read_pum_users(std::istream& in, const std::string& source, PumUsersLayout layout,
                             const std::vector<std::string>& tags,
                             const IndexSet& common_sensitive);

/// The same from a file (InputError "path: cannot open file" when it cannot be read).
PumPopulation read_pum_users_file(const std::string& path, PumUsersLayout layout,
                                  const std::vector<std::string>& tags,
                                  const IndexSet& common_sensitive);

/// A file of k non-negative weights, one per line (blank lines and '#' comments skipped),
/// normalised to sum 1: a background distribution π̂_k. Throws InputError naming the place.
std::vector<double> read_weight_file(const std::string& path, std::size_t k);

}  // namespace uldp
