// The paper's closed forms, transcribed as printed, so that tests can hold them against the exact
// general computation (l2_loss.h, l1_loss.h) and the direct trace computation (direct_loss.h).
// k_s = |X_S|, k_n = |X_N|, t = e^ε, s = e^{ε/2} (uRAP with θ = s/(s+1)). l1 forms omit the
// common factor sqrt(2/(n pi)).
#pragma once

#include <cstdint>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/losses/interval.h"

namespace uldp::paper {

/// Proposition 15, eq. (45); p_s = p(X_S), sum_p2 = sum_x p(x)^2.
Rational l2_urr(std::size_t k_s, const Rational& t, const Rational& p_s, const Rational& sum_p2,
                std::uint64_t n);
/// Proposition 16: the value at p_UN (claimed maximal for t < k_n + 1).
Rational l2_urr_worst_small(std::size_t k_s, std::size_t k_n, const Rational& t, std::uint64_t n);
/// Proposition 17: the value at p* (claimed maximal for t >= k_n + 1).
Rational l2_urr_worst_large(std::size_t k_s, std::size_t k_n, const Rational& t, std::uint64_t n);
/// eq. (13): p*(x) for x in X_S (first) and x in X_N (second).
std::pair<Rational, Rational> urr_p_star(std::size_t k_s, std::size_t k_n, const Rational& t);

/// Proposition 18, eq. (47).
Rational l2_urap(std::size_t k_s, const Rational& s, const Rational& p_s, const Rational& sum_p2,
                 std::uint64_t n);
/// Proposition 19: the value at p_UN (claimed maximal for s < k_n/2 + 1).
Rational l2_urap_worst(std::size_t k_s, std::size_t k_n, const Rational& s, std::uint64_t n);

/// eq. (11) (no factor): p over X with sensitive set `sensitive`.
Interval l1_urr(const IndexSet& sensitive, const Rational& t, const std::vector<Rational>& p,
                unsigned bits);
/// eq. (12) (no factor).
Interval l1_urr_worst_small(std::size_t k_s, std::size_t k_n, const Rational& t, unsigned bits);
/// eq. (14) (no factor).
Interval l1_urr_worst_large(std::size_t k_s, std::size_t k_n, const Rational& t, unsigned bits);
/// eq. (16) (no factor).
Interval l1_urap(const IndexSet& sensitive, const Rational& s, const std::vector<Rational>& p,
                 unsigned bits);
/// eq. (17) (no factor).
Interval l1_urap_worst(std::size_t k_s, std::size_t k_n, const Rational& s, unsigned bits);

}  // namespace uldp::paper
