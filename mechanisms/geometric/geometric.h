// The truncated geometric mechanism on a W x H grid (Ghosh, Roughgarden and Sundararajan, STOC
// 2009, on each axis; geo-indistinguishability, Andrés et al., CCS 2013): each coordinate of the
// cell is reported through the two-sided geometric channel P(z) ∝ α^|z|, α = 1/t, with the mass
// beyond the grid's edge put on the edge cell. On an axis of n cells:
//   G(y|x) = (1 - α)/(1 + α) · α^|y - x|  for 0 < y < n - 1,
//   G(0|x) = α^x / (1 + α),   G(n - 1|x) = α^(n - 1 - x) / (1 + α),   and G = [1] when n = 1.
// Q((r', c') | (r, c)) = G_H(r'|r) · G_W(c'|c), cells numbered row by row (x = r W + c), as the
// metric checker numbers them. Moving one step along an axis multiplies every entry by α or
// 1/α, so every pair of cells has the tight loss t^d with d their Manhattan distance: metric LDP
// with t per unit of Manhattan distance, exactly and no more.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/forms/dense_mechanism.h"
#include "uldp/forms/pair_loss.h"
#include "uldp/mechanisms/derivations.h"

namespace uldp {

/// G(y|x) on an axis of n >= 1 cells at t >= 1, row-major (x * n + y).
std::vector<Rational> truncated_geometric(std::size_t n, const Rational& t);

/// G^{-1} on an axis of n cells, t > 1: tridiagonal, row-major. Interior rows are
/// (-α, 1 + α², -α) / (1 - α)², the edge rows (1, -α) / (1 - α) (checked against an exact
/// inversion in tests/mechanisms/geometric/geometric_test.cc).
std::vector<Rational> truncated_geometric_inverse(std::size_t n, const Rational& t);

/// Bytes the exact W x H grid mechanism costs a command at t, estimated before anything is built:
/// entry (x, y) holds α^d, d the Manhattan distance, times an edge or interior factor, so its
/// numbers grow with d times the bits of t (the larger of its numerator and denominator), and
/// `check` holds the k x k entries, their pair ratios t^d and their products at once. Fitted on
/// `check`'s peak memory: 400 bytes per entry plus, per byte of t and unit of distance summed
/// over the k^2 pairs, 22 where t's numerator or denominator dominates (measured 19.4: t = 10^100
/// on 15 x 15, 10^300 on 12 x 12, eps 1000 per unit on 13 and 14 x 14) and 15 where they are of
/// like size (measured 11.7 to 13.4: t made from eps 0.1, 1 and 5 on 20 x 20 to 23 x 23), so that
/// a 25 x 25 grid at eps 1 per unit (about 1.4 GB) is made and 15 x 15 at eps 1000 is not.
std::size_t geometric_grid_bytes(std::size_t width, std::size_t height, const Rational& t);

/// Refuses a grid whose geometric_grid_bytes exceed kMaxDenseBytes (one line naming `what`, the
/// budget's keyword, the estimate and the limit), before anything is built: the numbers of
/// α^d grow with the budget, and GMP has no way to fail but to abort.
void require_affordable_grid(std::size_t width, std::size_t height, const Rational& t,
                             std::string_view what);

/// The W x H grid mechanism (k = W H; outputs labelled as the inputs, "0".."k-1").
DenseMechanism geometric_grid(std::size_t width, std::size_t height, const Rational& t);

/// L(x, x') of the grid mechanism over every output, by its axes: Q((r', c')|(r, c)) =
/// G_H(r'|r) G_W(c'|c), so a ratio is the product of the axes' ratios and its largest is the
/// product of theirs, first attained at the output made of each axis's first maximiser — the
/// same matrix and outputs as the dense reading, in O(k^2 + W^3 + H^3) instead of O(k^3)
/// (tested against it).
PairLossMatrix geometric_pair_losses(std::size_t width, std::size_t height, const Rational& t);

/// The geometric mechanism as a registered one (`geometric`): the grid and t = e^ε per unit of
/// Manhattan distance. Its empirical estimator inverts the whole matrix, so its l2 loss has its
/// own l2_quadratic.
struct GeometricSpec {
  static constexpr std::string_view kName = "geometric";
  static constexpr bool kCoordinateWise = false;
  std::size_t width = 0, height = 0;
  PrivacyBudget per_unit;
};

/// geometric_pair_losses of a grid spec (this and geometric-euclidean's entry: `pair_losses`), and
/// how `check` words that reading.
PairLossMatrix grid_pair_losses(const GeometricSpec& grid);
inline constexpr std::string_view kGridPairLossesForm = "dense, read axis by axis (Q = G_H x G_W)";

// What every layer derives from it (mechanisms/derivations.h).
const MechanismEntry& registry_entry(std::type_identity<GeometricSpec>);
ExactForm exact_form(const MechanismSpec& spec, const GeometricSpec& params, FormChoice choice);
std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const GeometricSpec& params,
                                      std::size_t max_entries);
std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec,
                                                     const GeometricSpec& params);
CoordinateModel coordinate_model(const MechanismSpec& spec, const GeometricSpec& params);
L2Quadratic l2_quadratic(const MechanismSpec& spec, const GeometricSpec& params);
estimate::DenseParams estimation_params(const MechanismSpec& spec, const GeometricSpec& params);
std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec,
                                               const GeometricSpec& params,
                                               const estimate::ReportData& data);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<GeometricSpec>);

}  // namespace uldp
