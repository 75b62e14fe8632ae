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
/// The most tag entries the distinct taggings may hold (distinct taggings x |X|; 2^25, 512 MiB):
/// a file of 10^9 users is fine, 10^5 different taggings over |X| = 3000 are not.
inline constexpr std::size_t kMaxPumTagEntries = std::size_t{1} << 25;

/// Reads the users from `in` (named `source` in errors) over X_S and the κ `tags`. Blank lines
/// and lines starting with '#' are skipped; users with the same tagging are one group (named by
/// its first line, its count the sum). Throws InputError naming source:line:column, also when
/// the distinct taggings hold more than `max_tag_entries` entries.
PumPopulation read_pum_users(std::istream& in, const std::string& source, PumUsersLayout layout,
                             const std::vector<std::string>& tags, const IndexSet& common_sensitive,
                             std::size_t max_tag_entries = kMaxPumTagEntries);

/// The same from a file (InputError "path: cannot open file" when it cannot be read).
PumPopulation read_pum_users_file(const std::string& path, PumUsersLayout layout,
                                  const std::vector<std::string>& tags,
                                  const IndexSet& common_sensitive);

/// A file of k non-negative weights, one per line (blank lines and '#' comments skipped),
/// normalised to sum 1: a background distribution π̂_k. Throws InputError naming the place.
std::vector<double> read_weight_file(const std::string& path, std::size_t k);

}  // namespace uldp
