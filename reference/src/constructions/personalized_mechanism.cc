#include "uldp/constructions/personalized_mechanism.h"

#include <string>
#include <utility>

#include "uldp/constructions/matrix_composition.h"
#include "uldp/error.h"
#include "uldp/mechanisms/urr/urr.h"
#include "validation.h"

namespace uldp {

PumPreprocessor PumPreprocessor::from_tags(std::vector<std::optional<std::size_t>> tag_of,
                                           std::size_t num_tags, const IndexSet& common_sensitive) {
  if (num_tags == 0) throw InvalidArgument("num_tags: must be at least 1, got 0");
  internal::require_universe(common_sensitive, tag_of.size(), "common_sensitive", "tag_of");
  for (std::size_t x = 0; x < tag_of.size(); ++x) {
    if (!tag_of[x]) continue;
    if (*tag_of[x] >= num_tags) {
      throw InvalidArgument("tag_of: input " + std::to_string(x) + " has tag " +
                            std::to_string(*tag_of[x]) + ", but num_tags is " +
                            std::to_string(num_tags));
    }
    if (common_sensitive.contains(x)) {
      throw InvalidArgument("tag_of: input " + std::to_string(x) +
                            " is in the common X_S; user-specific sensitive data must be in X_N");
    }
  }
  PumPreprocessor f;
  f.tag_of_ = std::move(tag_of);
  f.num_tags_ = num_tags;
  f.common_sensitive_ = common_sensitive;
  return f;
}

IndexSet PumPreprocessor::user_sensitive() const {
  std::vector<std::size_t> tagged;
  for (std::size_t x = 0; x < tag_of_.size(); ++x) {
    if (tag_of_[x]) tagged.push_back(x);
  }
  return IndexSet::from_indices(std::move(tagged), tag_of_.size(), "user_sensitive");
}

IndexSet PumPreprocessor::personal_sensitive() const {
  std::vector<std::size_t> all = common_sensitive_.indices();
  const IndexSet user = user_sensitive();  // a named copy: indices() refers into it
  for (std::size_t x : user.indices()) all.push_back(x);
  return IndexSet::from_indices(std::move(all), tag_of_.size(), "personal_sensitive");
}

std::size_t PumPreprocessor::intermediate(std::size_t x) const {
  if (x >= tag_of_.size()) {
    throw InvalidArgument("x: " + std::to_string(x) + " is not an input (there are " +
                          std::to_string(tag_of_.size()) + ")");
  }
  return tag_of_[x] ? tag_of_.size() + *tag_of_[x] : x;
}

DenseMechanism PumPreprocessor::as_mechanism() const {
  std::vector<std::size_t> image(tag_of_.size());
  std::vector<std::string> labels = DenseMechanism::index_labels(tag_of_.size());
  for (std::size_t k = 0; k < num_tags_; ++k) labels.push_back("bot" + std::to_string(k + 1));
  for (std::size_t x = 0; x < tag_of_.size(); ++x) image[x] = intermediate(x);
  return deterministic_mechanism(image, std::move(labels), "f_pre");
}

IndexSet pum_intermediate_sensitive(const IndexSet& common_sensitive, std::size_t num_tags) {
  const std::size_t k = common_sensitive.universe();
  std::vector<std::size_t> indices = common_sensitive.indices();
  for (std::size_t t = 0; t < num_tags; ++t) indices.push_back(k + t);
  return IndexSet::from_indices(std::move(indices), k + num_tags, "intermediate sensitive");
}

PersonalizedMechanism personalized_mechanism(const DenseMechanism& q_cmn,
                                             const IndexSet& common_protected,
                                             const PumPreprocessor& f_pre) {
  const std::size_t intermediates = f_pre.num_inputs() + f_pre.num_tags();
  if (q_cmn.num_inputs() != intermediates) {
    throw InvalidArgument("q_cmn: has " + std::to_string(q_cmn.num_inputs()) +
                          " inputs, but Z = X ∪ {bots} has " + std::to_string(intermediates));
  }
  internal::require_universe(common_protected, q_cmn.num_outputs(), "common_protected",
                             "q_cmn's output set");
  return PersonalizedMechanism{compose(f_pre.as_mechanism(), q_cmn, "f_pre", "q_cmn"),
                               f_pre.personal_sensitive(), common_protected};
}

PersonalizedMechanism personalized_urr(const PumPreprocessor& f_pre, const PrivacyBudget& budget) {
  const IndexSet z_s = pum_intermediate_sensitive(f_pre.common_sensitive(), f_pre.num_tags());
  return personalized_mechanism(utility_optimized_rr(z_s, budget), z_s, f_pre);
}

}  // namespace uldp
