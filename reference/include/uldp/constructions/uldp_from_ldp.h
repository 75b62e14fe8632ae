// From LDP to ULDP, generically: an ε-LDP mechanism M on the sensitive inputs X_S (one row per
// sensitive input) becomes an (X_S, Y_P, ε)-ULDP mechanism Q on X = {0, ..., k-1}, with Y_P the
// outputs of M and one invertible output per non-sensitive input:
//
//   Q(y|x) = M(y|x)                       x in X_S, y in Y_P    (the sensitive rows kept)
//   Q(y|x) = r(y)                         x in X_N, y in Y_P
//   Q(own(x)|x) = 1 - Σ_y r(y)            x in X_N              (its own invertible output)
//
// with r(y) = min_{s in X_S} M(y|s) (kMinimum: the smallest probability any sensitive input gives
// y) or r(y) = max_{s in X_S} M(y|s) / t_M (kLowest, t_M the tight e^ε of M: the least r the ratio
// condition admits, so the most mass on the invertible outputs). Any r in [max/t_M, min] keeps
// every ratio over Y_P within t_M, and both ends sum to at most 1 (r(y) <= M(y|s) for every s),
// so Q is (X_S, Y_P, ε)-ULDP exactly when M is ε-LDP, at M's own tight ratio. Applied to
// randomized response on X_S it gives the utility-optimized RR of arXiv 1807.11317 (Section 4.1)
// entry by entry. `uldp prove uldp_from_ldp` proves it for all sizes (docs/privacy-notions.md).
#pragma once

#include <cstddef>

#include "uldp/arithmetic/extended_rational.h"
#include "uldp/arithmetic/index_set.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp {

/// Which admissible non-sensitive row the construction takes.
enum class NonSensitiveRow { kMinimum, kLowest };
const char* non_sensitive_row_name(NonSensitiveRow row);
/// "min" or "lowest"; throws InvalidArgument "<name>: ..." otherwise.
NonSensitiveRow parse_non_sensitive_row(const std::string& text, const std::string& name);

struct UldpFromLdp {
  /// k x (|Y_M| + invertible outputs): M's outputs first (labels kept), then the own output of
  /// each non-sensitive input (labelled by the input's index, or "own(x)" when an index would
  /// repeat one of M's labels, primed "own(x)'" while that is one of M's too: every label
  /// distinct); none when 1 - Σ r(y) = 0 (the row is r itself).
  DenseMechanism q;
  IndexSet sensitive;          ///< X_S over k inputs
  IndexSet protected_outputs;  ///< Y_P: the first |Y_M| outputs
  /// 1 - Σ_y r(y): what each non-sensitive input puts on its own output.
  Rational own_output;
  /// The tight e^ε of M over its outputs: also Q's over Y_P.
  ExtendedRational ldp_ratio;
};

/// `ldp` has one row per input of `sensitive` (row i is its i-th smallest input) and rows that
/// sum to exactly 1. Throws InvalidArgument naming "matrix" or "sensitive" when they do not fit,
/// when X_S is empty or when k exceeds the entries a construction may make; kLowest needs a
/// finite t_M.
UldpFromLdp uldp_from_ldp(const DenseMechanism& ldp, const IndexSet& sensitive,
                          NonSensitiveRow row = NonSensitiveRow::kMinimum);

}  // namespace uldp
