// Metric LDP, or geo-indistinguishability (Andrés, Bordenabe, Chatzikokolakis and Palamidessi,
// CCS 2013; Chatzikokolakis et al., PETS 2013): Q(y|x) <= e^{ε d(x, x')} Q(y|x') for every output,
// with ε per unit of distance and d either the Manhattan or Euclidean distance between the cells
// of a W x H grid numbered row by row (x = row W + column), or a given distance matrix.
// Decided exactly on the per-pair losses: Manhattan distances are whole, so the bound is e^{ε d}
// (or t^d); a Euclidean distance sqrt(s) is irrational unless s is a square, and the bound is
// then bracketed by rationals, never rounded (e^{ε sqrt(s)} is transcendental, so the bracket
// always decides), and with t per unit t^{sqrt(s)} = e^{sqrt(s) ln t} is bracketed through
// certified bounds on sqrt(s) and ln t (transcendental too, by Gelfond-Schneider); a given
// distance p/q is rational, and t^{p/q} is compared as L^q <= t^p.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/forms/input_discriminative.h"

namespace uldp {

enum class GridMetric { kManhattan, kEuclidean };
const char* grid_metric_name(GridMetric metric);
/// "manhattan" or "euclidean"; throws InvalidArgument "<name>: ..." otherwise.
GridMetric parse_grid_metric(const std::string& text, const std::string& name);

/// The inputs as the cells of a width x height grid, row by row, at a grid metric.
struct GridDistance {
  std::size_t width = 0, height = 0;
  GridMetric metric = GridMetric::kManhattan;
};

/// d(x, x') for every ordered pair of inputs, k x k (none: infinitely far, no bound), zero on the
/// diagonal and symmetric (uldp/io/distance_matrix_reader.h reads one from a file).
using DistanceMatrix = std::vector<std::vector<std::optional<Rational>>>;

struct MetricBudget {
  std::variant<GridDistance, DistanceMatrix> distance;
  /// ε per unit of distance: an exact ε (e^{ε d}, certified) or t = e^ε (t^d exactly; t^{sqrt(s)}
  /// certified through ln t).
  PrivacyBudget per_unit = PrivacyBudget::from_exp_eps(Rational(1));
};

/// Throws InvalidArgument when the grid or the distance matrix does not have one cell or row per
/// input, for a negative distance, and with t for a distance p/q with q > 1000 or t^p beyond 2^20
/// bits (t^{p/q} is compared as L^q <= t^p).
/// With a tolerance T, each failing pair is also tried against its bound times 1 + T.
PairBoundVerdict check_metric_privacy(const PairLossMatrix& losses, const MetricBudget& budget,
                                      const std::optional<Rational>& tolerance = std::nullopt);

/// "manhattan on 2x2, eps = 0.7 per unit", "the distances in d.csv, t = 2 per unit" (a distance
/// matrix is named by `distances`).
std::string describe(const MetricBudget& budget,
                     const std::string& distances = "the given distances");

}  // namespace uldp
