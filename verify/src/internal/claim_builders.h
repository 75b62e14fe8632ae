// The queries behind each claim of claims.h. Each function builds its formulas in a fresh Z3
// context and returns one QueryResult per query; see docs/verification.md for the encodings.
#pragma once

#include <vector>

#include "internal/symbolic_matrix.h"
#include "uldp/verify/proof_status.h"

namespace uldp::verify::internal {

// ---- closed-form families, every parameter value (mechanisms/NAME/NAME_claims.cc) ----
/// uRR (Definition 3): rows sum to 1, ratio <= t, ratio t attained (|X| >= 2), condition 1.
std::vector<QueryResult> urr_queries(unsigned timeout_ms);
/// Literal condition 1 of uRR for every t >= 1 (fails at t = 1: an erratum claim).
std::vector<QueryResult> urr_literal_at_eps0_queries(unsigned timeout_ms);
/// "Tight ratio is t" without |X| >= 2 (fails for |X| = 1, t > 1).
std::vector<QueryResult> urr_tight_single_input_queries(unsigned timeout_ms);
/// uRAP (Definition 4): bit probabilities in [0,1], ratio <= t, attained, condition 1.
std::vector<QueryResult> urap_queries(unsigned timeout_ms);
/// Literal condition 1 of uRAP (fails for |X_N| >= 2: y with two non-sensitive bits set).
std::vector<QueryResult> urap_literal_queries(unsigned timeout_ms);
/// uRAP's ratio bound over every output, not only Y_P (fails: uRAP is not ε-LDP).
std::vector<QueryResult> urap_all_outputs_queries(unsigned timeout_ms);
/// ε-RR (eq. (2)): rows sum to 1, ratio <= t, attained for |X| >= 2.
std::vector<QueryResult> rr_queries(unsigned timeout_ms);
/// (θ, ε)-generalized RAPPOR: bit probabilities in [0,1], ratio <= t, attained (θ in (0,1)).
std::vector<QueryResult> rappor_queries(unsigned timeout_ms);
/// Apple's count-mean sketch: its channel and its ratio s^2, every m, J and family.
std::vector<QueryResult> count_mean_sketch_queries(unsigned timeout_ms);
/// Apple's Hadamard count-mean sketch: rows, ratio and tightness, every J, m and family.
std::vector<QueryResult> hadamard_count_mean_sketch_queries(unsigned timeout_ms);
/// Bloom-filter RAPPOR: its channel, the per-bit ratio factors and their attainment, every m, h.
std::vector<QueryResult> rappor_bloom_queries(unsigned timeout_ms);
/// Mangat's RR: (X_S, Y_P, ln 1/p)-ULDP (tight) and no ε-LDP, for every p in (0,1).
std::vector<QueryResult> mangat_queries(unsigned timeout_ms);
/// uBD with one block size K (arXiv 2509.24173), every t, sizes and K (entry classes).
std::vector<QueryResult> ubd_queries(unsigned timeout_ms);
/// uBD's tightness without its hypothesis (K = |X_S|, X_N empty, t > 1): expected refuted.
std::vector<QueryResult> ubd_single_block_queries(unsigned timeout_ms);
/// uHR (arXiv 2509.24173), every t and sizes (entry classes and three Hadamard facts).
std::vector<QueryResult> uhr_queries(unsigned timeout_ms);
/// uSS with block size K (arXiv 2509.24173), every t, sizes and K (entry classes).
std::vector<QueryResult> uss_queries(unsigned timeout_ms);
/// Mangat with p = 1 allowed: "no ε-LDP" fails (the constant mechanism).
std::vector<QueryResult> mangat_p_one_queries(unsigned timeout_ms);

// ---- constructions, fully symbolic matrices of fixed shapes (construction_claims.cc) ----
/// Proposition 1; `drop_q1_invertibility` keeps only Q1's ratio condition.
std::vector<QueryResult> composition_queries(unsigned timeout_ms, Reading reading,
                                             bool drop_q1_invertibility);
/// Proposition 11; `drop` 0 = none, 1 = Y_I may reach Z_P, 2 = Z_I not invertible.
std::vector<QueryResult> post_processing_queries(unsigned timeout_ms, int drop);
/// Proposition 12; `any_output` lets y_A range over all of Y_A.
std::vector<QueryResult> data_integration_queries(unsigned timeout_ms, bool any_output);
/// Proposition 13 (ULDP => OSLDP).
std::vector<QueryResult> uldp_osldp_queries(unsigned timeout_ms);
/// The converse: OSLDP => ULDP for some Y_P (false).
std::vector<QueryResult> osldp_uldp_queries(unsigned timeout_ms);
/// Proposition 9 under the given reading of condition 1.
std::vector<QueryResult> pum_uldp_queries(unsigned timeout_ms, Reading reading);
/// Proposition 10; `any_output` lets y range over all of Y.
std::vector<QueryResult> pum_dp_queries(unsigned timeout_ms, bool any_output);

// ---- constructions for every size: uninterpreted sorts, quantified hypotheses
//      (all_sizes_claims.cc) ----
/// Which version of Proposition 1 to encode.
enum class CompositionVariant { kPaper, kQ1NotInvertible, kBudgetsAdded };
/// Which version of Proposition 11: bullet 1 / 2 of Definition 5 dropped, or the mutant that maps
/// one invertible output into Z_P.
enum class PostProcessingVariant {
  kPaper,
  kDropBullet1,
  kDropBullet2,
  kOneInvertibleIntoProtected
};
/// Which version of Proposition 12: y_A anywhere, or the bound max(t_A, t_B) (a mutant).
enum class DataIntegrationVariant { kPaper, kAnyOutput, kLargerBudget };

/// Proposition 1 for every |X|, |Y0|, |Y1|: one query (ratio and condition 1 together).
std::vector<QueryResult> composition_all_sizes(unsigned timeout_ms, Reading reading,
                                               CompositionVariant variant);
/// Proposition 11 for every |X|, |Z| and n = |Y|: induction steps on the partial sums of the
/// composite and the conclusion of condition 1.
std::vector<QueryResult> post_processing_all_sizes(unsigned timeout_ms,
                                                   PostProcessingVariant variant);
/// Proposition 12 for every |X|, |Y_A|, |Y_B|.
std::vector<QueryResult> data_integration_all_sizes(unsigned timeout_ms,
                                                    DataIntegrationVariant variant);
/// Proposition 13 for every |X|, |Y|; `every_input` claims eps-LDP instead (a mutant).
std::vector<QueryResult> uldp_osldp_all_sizes(unsigned timeout_ms, bool every_input);
/// The converse of Proposition 13 for every |X|, |Y| (expected refuted).
std::vector<QueryResult> osldp_uldp_all_sizes(unsigned timeout_ms);
/// Proposition 9 for every |X|, |Y|, kappa and tagging; `leak_tags`: f_pre ignores the tags.
std::vector<QueryResult> pum_uldp_all_sizes(unsigned timeout_ms, Reading reading, bool leak_tags);
/// Proposition 10 for every |X|, |Y|, kappa and two users' taggings.
std::vector<QueryResult> pum_dp_all_sizes(unsigned timeout_ms, bool any_output);

/// Which non-sensitive row uldp-from-ldp takes: the minimum, the lowest the ratio admits, or the
/// largest probability (a mutant whose rows exceed 1).
enum class UldpFromLdpVariant { kMinimum, kLowest, kLargest };
/// uldp-from-ldp for every |X_S|, |X_N| and output set (uldp_from_ldp_claims.cc): the ratio on
/// Y_P, the entries, the row mass (induction step) and condition 1 of the own outputs.
std::vector<QueryResult> uldp_from_ldp_all_sizes(unsigned timeout_ms, UldpFromLdpVariant variant);

}  // namespace uldp::verify::internal
