#include "uldp/constructions/pum_population.h"

#include <set>
#include <string>

#include "uldp/error.h"

namespace uldp {

PumPopulation PumPopulation::make(std::vector<std::string> tags, IndexSet common_sensitive,
                                  std::vector<PumUserGroup> groups) {
  if (tags.empty()) throw InvalidArgument("tags: at least one semantic tag is needed");
  std::set<std::string> seen;
  for (const std::string& tag : tags) {
    if (tag.empty()) throw InvalidArgument("tags: a tag name is empty");
    if (!seen.insert(tag).second)
      throw InvalidArgument("tags: '" + message_excerpt(tag) + "' is listed twice");
  }
  for (const PumUserGroup& g : groups) {
    if (g.users == 0) throw InvalidArgument("users: group " + g.source + " has no user");
    // from_tags checks the length, the tag indices and X_S^(i) ⊆ X_N.
    (void)PumPreprocessor::from_tags(g.tag_of, tags.size(), common_sensitive);
  }
  PumPopulation p;
  p.tags_ = std::move(tags);
  p.common_sensitive_ = std::move(common_sensitive);
  p.groups_ = std::move(groups);
  return p;
}

std::uint64_t PumPopulation::num_users() const {
  std::uint64_t n = 0;
  for (const PumUserGroup& g : groups_) n += g.users;
  return n;
}

PumPreprocessor PumPopulation::preprocessor(std::size_t g) const {
  return PumPreprocessor::from_tags(groups_.at(g).tag_of, tags_.size(), common_sensitive_);
}

bool accepts_as_pum_common(const MechanismEntry& entry) {
  return (entry.claim == Claim::kLdp || entry.claim == Claim::kUldp) && !entry.fixed_k;
}

std::string pum_common_names() {
  std::string names;
  for (const MechanismEntry& e : mechanism_registry()) {
    if (accepts_as_pum_common(e)) names += (names.empty() ? "" : ", ") + std::string(e.name);
  }
  return names;
}

MechanismSpec pum_common_mechanism(const MechanismEntry& entry, MechanismArguments over_x,
                                   std::size_t num_tags) {
  if (!accepts_as_pum_common(entry)) {
    throw InvalidArgument("common: " + std::string(entry.name) +
                          " cannot be the PUM's common mechanism (expected one of " +
                          pum_common_names() + ")");
  }
  if (num_tags == 0) throw InvalidArgument("tags: at least one semantic tag is needed");
  const std::size_t k = over_x.k;
  const IndexSet x_s = over_x.sensitive ? *over_x.sensitive : IndexSet::from_indices({}, k, "X_S");
  if (x_s.universe() != k) throw InvalidArgument("sensitive: not a set over k symbols");
  MechanismArguments over_z = std::move(over_x);
  over_z.k = k + num_tags;
  // Z_S = X_S ∪ bots; an LDP mechanism without a sensitive set treats every symbol alike.
  if (entry.takes(kSensitiveParameter.declaration) != Takes::kNo)
    over_z.sensitive = pum_intermediate_sensitive(x_s, num_tags);
  else
    over_z.sensitive.reset();
  return make_mechanism(entry, over_z);
}

}  // namespace uldp
