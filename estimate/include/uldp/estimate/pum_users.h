// The PUM end to end in double precision: the intermediate counts a population's reports come
// from (each user's input drawn from p and passed through her f_pre^(i)), and eq. (21) with the
// computable part of Theorem 1's l1 bound beside the estimate.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "uldp/constructions/pum_population.h"
#include "uldp/estimate/random.h"
#include "uldp/mechanisms/mechanism_spec.h"

namespace uldp::estimate {

/// Counts over Z = X ∪ bots (k + κ entries): per group of users a multinomial draw of their
/// inputs from p (k weights >= 0, not all 0), each tagged input moved to its bot.
std::vector<std::uint64_t> sample_intermediate_counts(Xoshiro256& rng, const PumPopulation& users,
                                                      std::span<const double> p);

/// eq. (21) and what the data collector can say about its l1 loss (Theorem 1 with |r̂(⊥_k)|,
/// docs/errata.md U3): l1(p̂, p) <= l1(r̂, r) + Σ_k |r̂(⊥_k)| l1(π̂_k, π_k).
struct PumEstimate {
  std::vector<double> p;         ///< p̂ over X
  std::vector<double> bot_mass;  ///< r̂(⊥_k), k = 0..κ-1
  /// 2 Σ_k |r̂(⊥_k)|: the second term whatever π_k is (l1 of two distributions is <= 2).
  double second_term_worst = 0;
  /// The asymptotic E[l1(r̂, r)] of the empirical estimator of Q_cmn at r = r̂ (clipped at 0 and
  /// renormalised) and n reports (Propositions 4 and 7); nullopt when Q_cmn's empirical
  /// estimator has no coordinate model (ubd).
  std::optional<double> first_term_expected;
};

/// p̂ from r̂ over Z (k + κ entries), the κ background distributions (nullopt: the paper's
/// fallback π̂_k ∝ r̂ over X_N), the common mechanism over Z and the number of reports n.
PumEstimate pum_estimate_with_bound(std::span<const double> r_hat,
                                    const std::vector<std::optional<std::vector<double>>>& pi_hat,
                                    const MechanismSpec& common, const IndexSet& common_sensitive,
                                    std::uint64_t n);

}  // namespace uldp::estimate
