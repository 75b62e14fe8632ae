#include "uldp/mechanisms/geometric/geometric.h"

#include <string>

#include "uldp/cancellation.h"
#include "uldp/error.h"

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

}  // namespace uldp
