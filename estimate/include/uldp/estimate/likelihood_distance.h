// How far an estimate can be from the maximum-likelihood estimate p*, given a certified bound G on
// its likelihood gap (uldp/losses/likelihood_gap.h). The Hessian of L(p) = Σ_y n_y log q_p(y) is
// −Σ_y n_y Q_y Q_yᵀ / q_p(y)², and q_p(y) ≤ M_y = max_x Q(y|x) on the whole simplex, so with
// A = Σ_y n_y Q_y Q_yᵀ / M_y², g = ∇L(p) and d = p* − p, for every constant c:
//   ½ dᵀA d + Σ_x (c − g_x) p*_x ≤ G − … and ½ dᵀA d ≤ g·d = Σ_x (g_x − c) d_x.
// Split the inputs into J (where p lives) and I (where g_x is clearly below max g, so p*_x ≤
// G / (max g − g_x) is small): on J, A is positive definite where the reports inform every
// direction, and the two inequalities bound ‖d_J‖ by a quadratic; I adds at most its p and p*.
// The bound shrinks linearly with the gradient's spread on J (not with sqrt(G)), so a converged
// EM vector certifies a small distance. Computed in double (eigenvalues by Jacobi rotations,
// lowered by a margin); it sets a comparison tolerance, never a privacy verdict.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "uldp/estimate/params.h"

namespace uldp::estimate {

/// An upper bound on ‖p̃ − p*‖₂ (so on every coordinate), p̃ = p / Σ p, given `gap` at least the
/// Frank–Wolfe gap max_x ∂L/∂p(x) − Σ_x p̃(x) ∂L/∂p(x) at p̃ (likelihood_gap_bound's value; a bound
/// on L(p*) − L(p̃) alone is not enough, since p*(x) ≤ gap / (max g − g_x) uses the gap itself).
/// nullopt when no split of the inputs has a positive-definite block of A (a direction the reports
/// do not inform). Throws InvalidArgument when sizes do not match the matrix.
std::optional<double> likelihood_distance_bound(const DenseParams& q,
                                                std::span<const std::uint64_t> counts,
                                                std::span<const double> p, double gap);

}  // namespace uldp::estimate
