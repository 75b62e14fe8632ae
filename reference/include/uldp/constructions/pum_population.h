// The users of a PUM (Section 5.1): κ named semantic tags and, per group of users with the same
// pre-processor f_pre^(i), the tag of each user-sensitive symbol and how many users share it.
// Also the common mechanism Q_cmn over Z = X ∪ {⊥_1..⊥_κ} built from any registry entry that
// the construction accepts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/constructions/personalized_mechanism.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {

/// Users sharing one pre-processor: tag_of[x] = k when x is in X_{S,k}^(i).
struct PumUserGroup {
  std::vector<std::optional<std::size_t>> tag_of;
  std::uint64_t users = 1;
  std::string source;  ///< where it was read ("users.txt:3"), for reports
};

/// κ tags over X with the common X_S, and the users' groups (validated by `make`).
class PumPopulation {
 public:
  /// Throws InvalidArgument naming the argument: no tag, an empty or repeated tag name, a group
  /// of the wrong length, a tag index >= κ, a tagged symbol in the common X_S, zero users.
  static PumPopulation make(std::vector<std::string> tags, IndexSet common_sensitive,
                            std::vector<PumUserGroup> groups);

  std::size_t k() const { return common_sensitive_.universe(); }
  std::size_t num_tags() const { return tags_.size(); }
  const std::vector<std::string>& tags() const { return tags_; }
  const IndexSet& common_sensitive() const { return common_sensitive_; }
  const std::vector<PumUserGroup>& groups() const { return groups_; }
  /// The total number of users.
  std::uint64_t num_users() const;
  /// f_pre of group g.
  PumPreprocessor preprocessor(std::size_t g) const;

 private:
  std::vector<std::string> tags_;
  IndexSet common_sensitive_;
  std::vector<PumUserGroup> groups_;
};

/// Whether a registry entry can be the common mechanism: a privacy claim (LDP or ULDP), a free k
/// and a sensitive set or none (rr, urr, rappor, oue, sue, urap, uoue, ubd; not none, not mangat).
bool accepts_as_pum_common(const MechanismEntry& entry);
/// The names accepted_as_pum_common, "rr, urr, ...".
std::string pum_common_names();

/// Q_cmn: `entry` built over Z (k + κ symbols) with sensitive set Z_S = X_S ∪ bots, where
/// `over_x` holds k = |X|, X_S over X and the other parameters. Throws InvalidArgument naming
/// --common when the entry is not accepted, and the registry's messages otherwise.
MechanismSpec pum_common_mechanism(const MechanismEntry& entry, MechanismArguments over_x,
                                   std::size_t num_tags);

}  // namespace uldp
