// uSS with one block size K in double precision: its per-user sampler, the reference decoder
// (coordinate-wise on the report bits, so the unary empirical and thresholded estimates serve it)
// and EM exploiting the structure. Reports are |X|-bit vectors, as in the reference code: a
// block sets the bits of its K members, {x} its own bit, S ∪ {x} both.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/estimate/em.h"
#include "uldp/estimate/params.h"
#include "uldp/estimate/random.h"
#include "uldp/estimate/reports.h"

namespace uldp::estimate {

/// uSS's constants, each the double closest to its exact value.
struct UssParams {
  std::size_t k = 0;
  IndexSet sensitive;  ///< X_S, v = sensitive.size() >= 1
  std::size_t block = 1;
  double keep_in_block = 1;  ///< a sensitive x reports a block containing it: t/D
  double to_block = 1;       ///< a non-sensitive x reports a block alone: (v/K)/D
  double to_alone = 0;       ///< ... {x} alone
  /// Per-entry probabilities (EM): a block column from a sensitive input in / not in it, from a
  /// non-sensitive input; S ∪ {x} from x.
  double in_block = 0, off_block = 0, from_open = 0, with_block = 0;
  /// The reference decoder's bit model: on = p* / z*, off = q* / 0 (sensitive / not).
  UnaryParams bits;
  /// Why the decoder is undefined (K = v or t = 1: p* = q*), if it is.
  std::optional<std::string> not_estimable;
};

/// From the exact budget; throws InvalidArgument unless X_S is non-empty and 1 <= K <= |X_S|.
UssParams uss_params(const IndexSet& sensitive, std::size_t block, const PrivacyBudget& budget);

/// Per user: the report of each input (Floyd's uniform subset sampling, O(K) per user).
BitReports sample_reports(Xoshiro256& rng, const UssParams& params,
                          std::span<const std::uint32_t> inputs);

/// EM on the reports: a block B has likelihood in p(B) + off p(X_S \ B) + from_open p(X_N); {x}
/// and S ∪ {x} point at x. O(set bits) per update, SQUAREM steps.
EmResult em_estimate_uss(const UssParams& params, const BitReports& reports,
                         const EmOptions& options);

}  // namespace uldp::estimate
