// One engine for every notion that bounds the per-pair loss pair by pair: L(x, x') <= B(x, x')
// for every x != x' (ID-LDP, metric LDP, ...). The notion supplies B as an exact test; the engine
// finds the first pair that fails and the pair closest to its bound.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "uldp/forms/pair_loss.h"

namespace uldp {

/// A pair's bound as a notion states it: whether it admits the pair's loss (decided exactly), how
/// it reads ("3", "e^1", "sqrt(4 * 5)") and its value in doubles (display only).
struct PairBound {
  bool admits = false;
  std::string text;
  double value = 0;
  /// The bound exactly, where the notion knows it in one of two forms: a rational, or e^r for a
  /// rational r; what lets pairs' shares L / bound be compared without refining (ties are common:
  /// a tight mechanism meets every bound). Neither: compared through `admits` alone.
  std::optional<Rational> exactly;
  std::optional<Rational> exp_of;
};

/// The bound of pair (x, x') for its loss.
using PairBoundRule =
    std::function<PairBound(std::size_t x, std::size_t x_prime, const ExtendedRational& loss)>;

/// A pair against its bound.
struct PairAgainstBudget {
  std::size_t x = 0, x_prime = 0;
  PairLoss loss;
  std::string bound;      ///< the pair's bound as the notion reads it
  double loss_share = 0;  ///< L / bound, in doubles (display only; the verdict is exact), kept
                          ///< above 1 when L exceeds the bound and at most 1 when it does not
  bool exceeds = false;   ///< L > bound, decided exactly
  /// For the pairs a verdict names (violation, tightest, beyond_tolerance) with a finite loss
  /// and bound: certified bounds on L / bound - 1 (the margin, or the excess), from the notion's
  /// exact rule alone; both 0 otherwise.
  Rational excess_lower = 0, excess_upper = 0;
  /// The bound exactly (PairBound::exactly, exp_of), for comparing shares.
  std::optional<Rational> bound_exactly, bound_exp_of;
};

struct PairBoundVerdict {
  bool holds = true;
  /// The first pair (row by row) whose loss exceeds its bound, decided exactly.
  std::optional<PairAgainstBudget> violation;
  /// The pair with the largest L / bound (the margin: how close the mechanism comes), compared
  /// exactly (the notions' rules part shares the doubles cannot; a tie names the first pair).
  std::optional<PairAgainstBudget> tightest;
  /// With a tolerance T (the rounding a floating-point matrix may carry, as for the ULDP ratios):
  /// how many pairs exceed their bound B exactly but not B (1 + T), and the first pair beyond
  /// B (1 + T), each decided exactly by the notion's own rule (on L / (1 + T)).
  std::optional<Rational> tolerance;
  std::size_t within_tolerance = 0;
  std::optional<PairAgainstBudget> beyond_tolerance;
  /// Holds exactly, or every pair is within B (1 + T).
  bool accepted() const { return holds || (tolerance && !beyond_tolerance); }
};

/// Every pair x != x' where x gives some output of the set, against `bound`; with a tolerance T
/// (>= 0), a pair that fails is also tried against B (1 + T).
PairBoundVerdict check_pair_bounds(const PairLossMatrix& losses, const PairBoundRule& bound,
                                   const std::optional<Rational>& tolerance = std::nullopt);

/// Context-aware LDP (Acharya, Bonawitz, Kairouz, Ramage and Sun, ICML 2020): an e^ε bound per
/// ordered pair, B[x][x'] (none: no bound), k x k; the diagonal is ignored.
using PairBudgetMatrix = std::vector<std::vector<std::optional<Rational>>>;

/// L(x, x') <= B[x][x'] exactly for every pair (and within B (1 + T) with a tolerance T); throws
/// InvalidArgument when B is not k x k.
PairBoundVerdict check_context_aware(const PairLossMatrix& losses, const PairBudgetMatrix& budgets,
                                     const std::optional<Rational>& tolerance = std::nullopt);

}  // namespace uldp
