// The PUM with κ semantic tags (Section 5, eq. (19), Propositions 9 and
// 10). User i's pre-processor f_pre maps each x in X_{S,k}^(i) to the bot ⊥_k and
// every other x to itself; the common mechanism Q_cmn is a (Z_S, Y_P, ε)-ULDP mechanism on
// Z = X ∪ {⊥_1..⊥_κ}, Z_S = X_S ∪ {⊥_1..⊥_κ}. The PUM is Q^(i) = Q_cmn ∘ f_pre, on X with
// sensitive set X_S ∪ X_S^(i) and the protected outputs Y_P of Q_cmn.
//
// Indices: intermediate z < |X| is the input x = z; z = |X| + k is ⊥_k (k = 0..κ-1).
// Reading of Definition 2: an output y in Y_I that Q_cmn reveals for an x in X_S^(i) is
// produced by no input of Q^(i), so Proposition 9 holds under the reachable-outputs
// reading only (see docs/constructions.md).
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp {

/// A validated pre-processor f_pre^(i).
class PumPreprocessor {
 public:
  /// tag_of[x] = k when x is in X_{S,k}^(i), nullopt otherwise. Each k < num_tags; a tagged x
  /// must not be in `common_sensitive` (X_S^(i) ⊆ X_N); num_tags >= 1.
  static PumPreprocessor from_tags(std::vector<std::optional<std::size_t>> tag_of,
                                   std::size_t num_tags, const IndexSet& common_sensitive);

  std::size_t num_inputs() const { return tag_of_.size(); }
  std::size_t num_tags() const { return num_tags_; }
  const std::vector<std::optional<std::size_t>>& tag_of() const { return tag_of_; }
  const IndexSet& common_sensitive() const { return common_sensitive_; }
  /// X_S^(i): the tagged inputs.
  IndexSet user_sensitive() const;
  /// X_S ∪ X_S^(i): the sensitive set of the PUM.
  IndexSet personal_sensitive() const;
  /// f_pre(x) as an intermediate index.
  std::size_t intermediate(std::size_t x) const;
  /// f_pre as a deterministic |X| x (|X| + κ) mechanism.
  DenseMechanism as_mechanism() const;

 private:
  std::vector<std::optional<std::size_t>> tag_of_;
  std::size_t num_tags_ = 1;
  IndexSet common_sensitive_;
};

/// Z_S = X_S ∪ {⊥_1..⊥_κ} over the |X| + κ intermediate values.
IndexSet pum_intermediate_sensitive(const IndexSet& common_sensitive, std::size_t num_tags);

/// Q^(i) with its sets.
struct PersonalizedMechanism {
  DenseMechanism q;
  IndexSet sensitive;          ///< X_S ∪ X_S^(i)
  IndexSet protected_outputs;  ///< Y_P of Q_cmn
};

/// Q^(i) = Q_cmn ∘ f_pre for any common mechanism on |X| + κ inputs (stochastic; its privacy
/// is a hypothesis of the propositions, not of the construction).
PersonalizedMechanism personalized_mechanism(const DenseMechanism& q_cmn,
                                             const IndexSet& common_protected,
                                             const PumPreprocessor& f_pre);

/// The paper's main instance: Q_cmn = (Z_S, ε)-uRR, Y_P = Z_S.
PersonalizedMechanism personalized_urr(const PumPreprocessor& f_pre, const PrivacyBudget& budget);

}  // namespace uldp
