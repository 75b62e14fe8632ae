// Metric LDP, or geo-indistinguishability (Andrés, Bordenabe, Chatzikokolakis and Palamidessi,
// CCS 2013; Chatzikokolakis et al., PETS 2013), for inputs that are the cells of a W x H grid
// numbered row by row (x = row W + column): Q(y|x) <= e^{ε d(x, x')} Q(y|x') for every output,
// with d the Manhattan or the Euclidean distance between the cells and ε per unit of distance.
// Decided exactly on the per-pair losses: Manhattan distances are whole, so the bound is e^{ε d}
// (or t^d); a Euclidean distance sqrt(s) is irrational unless s is a square, and the bound is
// then bracketed by rationals, never rounded (e^{ε sqrt(s)} is transcendental, so the bracket
// always decides).
#pragma once

#include <cstddef>
#include <string>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/forms/input_discriminative.h"

namespace uldp {

enum class GridMetric { kManhattan, kEuclidean };
const char* grid_metric_name(GridMetric metric);
/// "manhattan" or "euclidean"; throws InvalidArgument "<name>: ..." otherwise.
GridMetric parse_grid_metric(const std::string& text, const std::string& name);

struct GridMetricBudget {
  std::size_t width = 0, height = 0;
  GridMetric metric = GridMetric::kManhattan;
  /// ε per unit of distance: an exact ε (e^{ε d}, certified) or t = e^ε (t^d; Manhattan only,
  /// since t^{sqrt(s)} has no certified comparison here).
  PrivacyBudget per_unit = PrivacyBudget::from_exp_eps(Rational(1));
};

/// Throws InvalidArgument when the grid does not have one cell per input, or for a Euclidean
/// metric with the budget per unit given as t.
PairBoundVerdict check_metric_privacy(const PairLossMatrix& losses, const GridMetricBudget& budget);

}  // namespace uldp
