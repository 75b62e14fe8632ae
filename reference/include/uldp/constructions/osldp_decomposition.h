// The constructive proof of Proposition 14: every (X_S, ε)-OSLDP mechanism Q_O
// is Q_R ∘ Q_U with Q_U a (X_S, Z_P, ε)-ULDP mechanism from X to Z = Y_P ∪ X_N' and Q_R a
// randomized algorithm from Z to Y (eqs. (26), (27), (30) and (32)).
//
// Y_P is the image of X_S under Q_O. Index layout: Z lists Y_P (ascending output index) then
// X_N' (ascending input index), Z_P = the first |Y_P|; W lists Y_P then X_N.
// Erratum handled here: eq. (30) divides by Σ_{y in Y_I} Q_O(y|w), which is 0 when a
// non-sensitive w sends all its mass into Y_P (or when Y_I is empty). Such a w is produced by no
// input of Q_O^†, so its row of Q_R1 may be any distribution; we use a point mass on the first
// output of Y_I (the first output of Y when Y_I is empty).
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/forms/dense_mechanism.h"
#include "uldp/forms/verdict.h"

namespace uldp {

/// All the pieces of the construction.
struct OsldpDecomposition {
  IndexSet image_of_sensitive;                 ///< Y_P ⊆ Y
  std::vector<std::size_t> kept_nonsensitive;  ///< X_N' = {x in X_N : α(x) > 0}
  DenseMechanism q_o_dagger;                   ///< Q_O^† from X to W = Y_P ∪ X_N
  DenseMechanism q_u;                          ///< Q_U from X to Z = Y_P ∪ X_N'
  IndexSet protected_intermediate;             ///< Z_P = Y_P inside Z
  DenseMechanism q_r1;                         ///< Q_R1 from W to Y
  DenseMechanism q_r2;                         ///< Q_R2 from Z to W
  DenseMechanism q_r;                          ///< Q_R = Q_R1 ∘ Q_R2 from Z to Y
};

/// Builds the decomposition. Throws InvalidArgument naming `q_o` when it is not stochastic or
/// not (X_S, ε)-OSLDP for any finite ε, and naming `sensitive` on a universe mismatch.
OsldpDecomposition decompose_osldp(const DenseMechanism& q_o, const IndexSet& sensitive);

/// What verify_decomposition found.
struct DecompositionCheck {
  bool reproduces = false;          ///< Q_R ∘ Q_U == Q_O exactly
  bool intermediate_steps = false;  ///< Q_O = Q_R1 ∘ Q_O^† and Q_O^† = Q_R2 ∘ Q_U exactly
  bool stochastic = false;          ///< Q_U, Q_R, Q_R1, Q_R2 stochastic
  ExtendedRational osldp_exp_eps;   ///< tight OSLDP ratio of Q_O
  Verdict q_u_uldp;                 ///< check_uldp(Q_U, X_S, Z_P, e^ε = osldp_exp_eps, literal)
  bool ok() const { return reproduces && intermediate_steps && stochastic && q_u_uldp.holds; }
};

/// Re-checks every claim of the proposition on `d` with exact arithmetic and the reference
/// checkers.
DecompositionCheck verify_decomposition(const DenseMechanism& q_o, const IndexSet& sensitive,
                                        const OsldpDecomposition& d);

}  // namespace uldp
