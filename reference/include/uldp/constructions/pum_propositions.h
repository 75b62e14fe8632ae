// Propositions 9 and 10 checked exactly on the constructed PUMs of a population: every distinct
// pre-processor's Q^(i) = Q_cmn ∘ f_pre^(i) is built as an exact matrix and checked for
// (X_S ∪ X_S^(i), Y_P, ε)-ULDP (both readings of condition 1; Proposition 9 holds in the
// reachable one, docs/errata.md E5), and the largest Q^(i)(y|x) / Q^(j)(y|x) over users i, j,
// inputs x and y in Y_P is compared with e^ε (Proposition 10).
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "uldp/arithmetic/extended_rational.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/constructions/pum_population.h"
#include "uldp/forms/dense_mechanism.h"
#include "uldp/forms/verdict.h"

namespace uldp {

/// Proposition 9 for the users of one distinct pre-processor (the first group that has it).
struct PumGroupVerdicts {
  std::size_t group = 0;    ///< index into PumPopulation::groups()
  std::uint64_t users = 0;  ///< users of every group with this pre-processor
  IndexSet sensitive;       ///< X_S ∪ X_S^(i)
  Verdict uldp;             ///< reachable reading: what Proposition 9 claims
  Verdict uldp_literal;     ///< Definition 2 read literally (fails when a tagged x has its own
                            ///< output in Y_I, E5)
};

/// Proposition 10: the largest cross-user ratio on Y_P and where it is attained.
struct PumCrossRatio {
  ExtendedRational ratio{Rational(1)};   ///< max Q^(i)(y|x) / Q^(j)(y|x) (0/0 counts as 1)
  bool holds = true;                     ///< ratio <= e^ε
  std::size_t group_i = 0, group_j = 0;  ///< users attaining it (only when ratio > 1)
  std::size_t x = 0, y = 0;
  Rational q_i, q_j;  ///< Q^(i)(y|x), Q^(j)(y|x)
};

/// Everything `uldp check --mech pum` reports.
struct PumPropositions {
  Verdict common_uldp;                    ///< the hypothesis: Q_cmn is (Z_S, Y_P, ε)-ULDP
  std::vector<PumGroupVerdicts> groups;   ///< Proposition 9, one per distinct pre-processor
  PumCrossRatio users_indistinguishable;  ///< Proposition 10
  /// The hypothesis, Proposition 9 (reachable reading) for every user and Proposition 10.
  bool holds() const;
};

/// Checks the propositions for Q_cmn (over Z = X ∪ bots, in the layout of
/// pum_intermediate_sensitive) with protected outputs Y_P, at `budget`. Throws InvalidArgument
/// when Q_cmn's size does not match the population.
PumPropositions check_pum_propositions(const DenseMechanism& q_cmn,
                                       const IndexSet& protected_outputs,
                                       const PumPopulation& users, const PrivacyBudget& budget);

}  // namespace uldp
