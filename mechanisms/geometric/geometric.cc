#include "uldp/mechanisms/geometric/geometric.h"

#include <algorithm>
#include <string>

#include "uldp/cancellation.h"
#include "uldp/error.h"
#include "uldp/mechanisms/forms.h"

namespace uldp {

std::vector<Rational> truncated_geometric(std::size_t n, const Rational& t) {
  if (n == 0) throw InvalidArgument("grid: an axis needs at least one cell");
  if (t < 1) throw InvalidArgument("exp_eps_per_unit: t must be >= 1");
  std::vector<Rational> g(n * n, Rational(0));
  if (n == 1) {
    g[0] = 1;
    return g;
  }
  const Rational alpha = 1 / t;
  const Rational interior = (1 - alpha) / (1 + alpha), edge = 1 / (1 + alpha);
  // powers[d] = α^d for every distance on the axis.
  std::vector<Rational> powers(n, Rational(1));
  for (std::size_t d = 1; d < n; ++d) powers[d] = powers[d - 1] * alpha;
  for (std::size_t x = 0; x < n; ++x) {
    for (std::size_t y = 0; y < n; ++y) {
      const std::size_t d = y > x ? y - x : x - y;
      g[x * n + y] = (y == 0 || y == n - 1 ? edge : interior) * powers[d];
    }
  }
  return g;
}

std::vector<Rational> truncated_geometric_inverse(std::size_t n, const Rational& t) {
  if (n == 0) throw InvalidArgument("grid: an axis needs at least one cell");
  if (t <= 1) {
    throw InvalidArgument("exp_eps_per_unit: at t = 1 the geometric channel is singular");
  }
  std::vector<Rational> inverse(n * n, Rational(0));
  if (n == 1) {
    inverse[0] = 1;
    return inverse;
  }
  const Rational alpha = 1 / t, gap = 1 - alpha;
  const Rational diagonal = (1 + alpha * alpha) / (gap * gap), beside = -alpha / (gap * gap);
  for (std::size_t y = 0; y < n; ++y) {
    if (y == 0 || y == n - 1) {
      const std::size_t inward = y == 0 ? 1 : n - 2;
      inverse[y * n + y] = 1 / gap;
      inverse[y * n + inward] = -alpha / gap;
      continue;
    }
    inverse[y * n + y - 1] = beside;
    inverse[y * n + y] = diagonal;
    inverse[y * n + y + 1] = beside;
  }
  return inverse;
}

namespace {

// The bits of the larger of t's numerator and denominator.
std::size_t grid_budget_bits(const Rational& t) {
  return std::max(msb(numerator(t)), msb(denominator(t))) + 1;
}

}  // namespace

std::size_t geometric_grid_bytes(std::size_t width, std::size_t height, const Rational& t) {
  // Σ over ordered pairs of an axis of n cells of |i - j| = (n^3 - n) / 3; over the grid, each
  // axis's sum counts once per pair of cells of the other axis.
  const auto axis_distances = [](std::size_t n) {
    const long double m = static_cast<long double>(n);
    return (m * m * m - m) / 3;
  };
  const long double w = static_cast<long double>(width), h = static_cast<long double>(height);
  const long double distances = h * h * axis_distances(width) + w * w * axis_distances(height);
  const long double bytes_of_t = static_cast<long double>(grid_budget_bits(t)) / 8;
  // Measured per byte of t and unit of distance (check's peak): 19.4 where one of t's numerator
  // and denominator dominates (t = 10^100, 10^300; eps 1000), 11.7 to 13.4 where they are of like
  // size (t made from eps 0.1 to 5, (10^100 + 1)/10^100).
  const bool balanced = 2 * std::min(msb(numerator(t)), msb(denominator(t))) >=
                        std::max(msb(numerator(t)), msb(denominator(t)));
  const long double per_byte_and_unit = balanced ? 15 : 22;
  const long double k = w * h;
  const long double bytes = 400 * k * k + per_byte_and_unit * bytes_of_t * distances;
  return bytes >= 1e18L ? std::size_t{1'000'000'000'000'000'000} : static_cast<std::size_t>(bytes);
}

void require_affordable_grid(std::size_t width, std::size_t height, const Rational& t,
                             std::string_view what) {
  const std::size_t bytes = geometric_grid_bytes(width, height, t);
  if (bytes <= kMaxDenseBytes) return;
  const auto gigabytes = [](std::size_t b) {
    const std::size_t tenths = (b + 50'000'000) / 100'000'000;
    return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + " GB";
  };
  throw InvalidArgument(
      std::string(what) + ": a " + std::to_string(width) + "x" + std::to_string(height) +
      " grid at t of " + std::to_string(grid_budget_bits(t)) +
      " bits per unit (its numerator or denominator) takes about " + gigabytes(bytes) +
      " (its entries t^-d grow with the distance d, up to " + std::to_string(width + height - 2) +
      "); the limit is " + gigabytes(kMaxDenseBytes) + ": a smaller grid or budget per unit");
}

DenseMechanism geometric_grid(std::size_t width, std::size_t height, const Rational& t) {
  const std::vector<Rational> across = truncated_geometric(width, t);
  const std::vector<Rational> down = truncated_geometric(height, t);
  const std::size_t k = width * height;
  std::vector<Rational> q(k * k);
  std::vector<std::string> labels(k);
  for (std::size_t x = 0; x < k; ++x) {
    labels[x] = std::to_string(x);
    const std::size_t r = x / width, c = x % width;
    for (std::size_t y = 0; y < k; ++y) {
      q[x * k + y] = down[r * height + y / width] * across[c * width + y % width];
    }
  }
  return DenseMechanism(k, std::move(labels), std::move(q));
}

PairLossMatrix geometric_pair_losses(std::size_t width, std::size_t height, const Rational& t) {
  const PairLossMatrix across = pair_losses(geometric_grid(width, 1, t), std::nullopt);
  const PairLossMatrix down = pair_losses(geometric_grid(height, 1, t), std::nullopt);
  const std::size_t k = width * height;
  PairLossMatrix losses(k);
  for (std::size_t x = 0; x < k; ++x) {
    check_cancelled();
    for (std::size_t z = 0; z < k; ++z) {
      const PairLoss& row = down.at(x / width, z / width);
      const PairLoss& column = across.at(x % width, z % width);
      PairLoss& loss = losses.at(x, z);
      if (!row.output || !column.output) continue;  // x gives no output (never: rows sum to 1)
      loss.ratio = row.ratio.is_infinite() || column.ratio.is_infinite()
                       ? ExtendedRational::infinity()
                       : ExtendedRational(row.ratio.value() * column.ratio.value());
      loss.output = std::to_string(std::stoul(*row.output) * width + std::stoul(*column.output));
    }
  }
  return losses;
}

PairLossMatrix grid_pair_losses(const GeometricSpec& grid) {
  return geometric_pair_losses(grid.width, grid.height, grid.per_unit.exp_eps());
}

}  // namespace uldp
