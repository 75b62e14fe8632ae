#include "uldp/losses/likelihood_gap.h"

#include <cmath>
#include <string>

#include "uldp/error.h"

namespace uldp {

std::optional<Rational> likelihood_gap_bound(const DenseMechanism& q,
                                             std::span<const std::uint64_t> counts,
                                             std::span<const double> p) {
  const std::size_t k = q.num_inputs(), outputs = q.num_outputs();
  if (p.size() != k || counts.size() != outputs) {
    throw InvalidArgument("likelihood_gap_bound: " + std::to_string(p.size()) + " estimates and " +
                          std::to_string(counts.size()) + " counts for a " + std::to_string(k) +
                          " x " + std::to_string(outputs) + " mechanism");
  }
  std::vector<Rational> exact(k);
  Rational total = 0;
  for (std::size_t x = 0; x < k; ++x) {
    if (!std::isfinite(p[x]) || p[x] < 0) {
      throw InvalidArgument("likelihood_gap_bound: estimate " + std::to_string(x) +
                            " is not a finite non-negative number");
    }
    exact[x] = from_double(p[x]);  // dyadic: sums stay small
    total += exact[x];
  }
  if (total <= 0) throw InvalidArgument("likelihood_gap_bound: the estimates sum to 0");
  Rational n = 0;
  std::vector<Rational> quotient(outputs);  // ⌈n_y / q_p(y)⌉ on a dyadic grid; 0 when n_y = 0
  for (std::size_t y = 0; y < outputs; ++y) {
    if (counts[y] == 0) continue;
    Rational mass = 0;  // q_p(y) for the unnormalised p
    for (std::size_t x = 0; x < k; ++x) {
      if (exact[x] != 0) mass += exact[x] * q(x, y);
    }
    if (mass == 0) return std::nullopt;
    n += counts[y];
    quotient[y] = round_up_dyadic(Rational(counts[y]) / mass, 96);
  }
  // With p̃ = p / S: q_p̃ = q_p / S, so ∂L/∂p̃(x) = S Σ_y n_y Q(y|x) / q_p(y), and Σ p̃ ∂L = n.
  std::optional<Rational> largest;
  for (std::size_t x = 0; x < k; ++x) {
    Rational gradient = 0;
    for (std::size_t y = 0; y < outputs; ++y) {
      if (quotient[y] != 0 && q(x, y) != 0) gradient += quotient[y] * q(x, y);
    }
    if (!largest || gradient > *largest) largest = gradient;
  }
  return *largest * total - n;  // >= 0: the largest partial is at least the p̃-weighted mean, n
}

}  // namespace uldp
