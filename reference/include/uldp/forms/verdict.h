// What a privacy check returns: holds or not, the tight e^ε, the failing condition, a witness.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "uldp/arithmetic/extended_rational.h"

namespace uldp {

/// The condition of a definition that fails.
enum class Condition {
  kRatio,          ///< Q(y|x) <= e^ε Q(y|x') (eq. (1), (5) or (24))
  kInvertibility,  ///< every y in Y_I has exactly one x in X_N with Q(y|x) > 0 (eq. (4))
};
/// "ratio" or "invertibility": the names the CLI and JSON use.
const char* condition_name(Condition condition);

/// A triple (x, x', y). For the ratio condition Q(y|x) > e^ε Q(y|x') (or attains the tight
/// ratio); for invertibility, y in Y_I is reachable from x in X_S, or from both x and x'
/// (x == x' when y is reachable from no input at all, or from x in X_S alone).
struct Witness {
  std::size_t x = 0;
  std::size_t x_prime = 0;
  /// The output's index in the dense enumeration, when there is one (dense matrices, bit vectors
  /// of k <= 16); structured outputs beyond that are named by y_label only.
  std::optional<std::size_t> y;
  std::string y_label;                ///< the output's label ("3", "0110", ...)
  std::optional<Rational> q_x;        ///< Q(y|x), exact (omitted for structured k > 64)
  std::optional<Rational> q_x_prime;  ///< Q(y|x')
};

/// The result of checking one property.
struct Verdict {
  /// Whether the property holds at the requested budget; with no budget, whether it holds for
  /// some finite ε (tight_exp_eps finite).
  bool holds = true;
  /// The smallest e^ε for which the property holds (infinity when none does).
  ExtendedRational tight_exp_eps{Rational(1)};
  /// The triple attaining the tight ratio, if any ratio constraint is non-trivial.
  std::optional<Witness> tight_attained_by;
  /// Set when !holds.
  std::optional<Condition> violated;
  /// Set when !holds: a triple that really violates the property.
  std::optional<Witness> witness;
};

}  // namespace uldp
