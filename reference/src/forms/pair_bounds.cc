#include "uldp/forms/pair_bounds.h"

#include <algorithm>
#include <cmath>
#include <compare>
#include <limits>

#include "uldp/arithmetic/certified_exp.h"
#include "uldp/cancellation.h"
#include "uldp/error.h"

namespace uldp {
namespace {

// 2^e exactly.
Rational power_of_two(long e) {
  Rational p = 1;
  const Rational step = e < 0 ? Rational(1, 2) : Rational(2);
  for (long i = 0; i < (e < 0 ? -e : e); ++i) p *= step;
  return p;
}

// Certified bounds on e = L / B - 1 from the exact rule alone: L / s <= B exactly when L / B <= s,
// so each call of the rule at L / s tells on which side of s the share lies. The magnitude of e is
// found as a power of two (binary search on the exponent), then halved 24 times (7 digits).
void bracket_excess(PairAgainstBudget& pair, const PairBoundRule& bound) {
  constexpr long kSmallest = -1100;  // below any double's distance from 1
  constexpr long kLargest = 1100;
  constexpr int kHalvings = 24;
  if (pair.loss.ratio.is_infinite() || pair.loss.ratio.value() <= 0) return;
  const Rational& loss = pair.loss.ratio.value();
  const auto share_at_most = [&](const Rational& s) {
    return bound(pair.x, pair.x_prime, ExtendedRational(Rational(loss / s))).admits;
  };
  if (std::isinf(bound(pair.x, pair.x_prime, pair.loss.ratio).value)) return;  // no bound
  // |e| <= t, up to the boundary (which a bracket need not tell).
  const auto within = [&](const Rational& t) {
    return pair.exceeds ? share_at_most(1 + t) : t >= 1 || !share_at_most(1 - t);
  };
  const auto store = [&](const Rational& low, const Rational& high) {
    pair.excess_lower = pair.exceeds ? low : Rational(-high);
    pair.excess_upper = pair.exceeds ? high : Rational(-low);
  };
  if (within(power_of_two(kSmallest))) return store(0, power_of_two(kSmallest));
  long high = 0;  // |e| <= 2^high
  while (!within(power_of_two(high))) {
    if (high >= kLargest) return store(power_of_two(kLargest), power_of_two(kLargest) + 1);
    high = high <= 0 ? 1 : 2 * high;
  }
  long low = kSmallest;  // |e| > 2^low
  while (high - low > 1) {
    const long middle = low + (high - low) / 2;
    (within(power_of_two(middle)) ? high : low) = middle;
  }
  Rational lower = power_of_two(low), upper = power_of_two(high);
  for (int i = 0; i < kHalvings; ++i) {
    const Rational middle = (lower + upper) / 2;
    (within(middle) ? upper : lower) = middle;
  }
  store(lower, upper);
}

// Whether pair a's share L/B exceeds pair b's, exactly. Doubles decide where they are farther
// apart than their rounding (L and B each within an ulp or two); nearer, both shares are located
// by the notions' exact rules at the same rationals (share <= c exactly when the rule admits
// L / c) until one rational parts them. Shares equal to 2^-kTieBits are a tie: the first pair
// met stays named.
bool share_exceeds(const PairAgainstBudget& a, const PairAgainstBudget& b,
                   const PairBoundRule& bound) {
  constexpr double kRounding = 1e-13;  // relative: far above the doubles' few ulps
  constexpr int kTieBits = 160;
  const double da = a.loss_share, db = b.loss_share;
  const bool finite = da > 0 && db > 0 && !std::isinf(da) && !std::isinf(db);
  // Two rational bounds: La / Ba > Lb / Bb exactly, as cheap as the doubles.
  if (finite && a.bound_exactly && b.bound_exactly && *a.bound_exactly > 0 &&
      *b.bound_exactly > 0) {
    return a.loss.ratio.value() * *b.bound_exactly > b.loss.ratio.value() * *a.bound_exactly;
  }
  // e^x in doubles is off by about |x| ulps: the gate widens with the exponents.
  double tolerance = kRounding;
  for (const auto& x : {a.bound_exp_of, b.bound_exp_of}) {
    if (x) tolerance += 1e-15 * std::abs(to_double(*x));
  }
  if (!finite || std::abs(da - db) > tolerance * std::max(da, db)) return da > db;
  const Rational& la = a.loss.ratio.value();
  const Rational& lb = b.loss.ratio.value();
  // Bounds known exactly (a rational B, or e^x): one exact comparison of a rational with e^x
  // (compare_with_exp, certified and exact).
  if (a.bound_exp_of && b.bound_exp_of) {
    return compare_with_exp(Rational(la / lb), Rational(*a.bound_exp_of - *b.bound_exp_of)) ==
           std::strong_ordering::greater;
  }
  if (a.bound_exactly && b.bound_exp_of) {  // La / (Ba Lb) > e^(-xb)
    return compare_with_exp(Rational(la / (*a.bound_exactly * lb)), Rational(-*b.bound_exp_of)) ==
           std::strong_ordering::greater;
  }
  if (a.bound_exp_of && b.bound_exactly) {  // e^(-xa) > Lb / (Bb La)
    return compare_with_exp(Rational(lb / (*b.bound_exactly * la)), Rational(-*a.bound_exp_of)) ==
           std::strong_ordering::less;
  }
  const auto at_most = [&](const PairAgainstBudget& p, const Rational& c) {
    return bound(p.x, p.x_prime, ExtendedRational(Rational(p.loss.ratio.value() / c))).admits;
  };
  Rational low = from_double(std::min(da, db) * (1 - 4 * tolerance));
  Rational high = from_double(std::max(da, db) * (1 + 4 * tolerance));
  // Both shares must lie in (low, high]; where a double was off by more, doubles decide.
  if (at_most(a, low) || at_most(b, low) || !at_most(a, high) || !at_most(b, high)) return da > db;
  for (int i = 0; i < kTieBits; ++i) {
    const Rational middle = (low + high) / 2;
    const bool a_below = at_most(a, middle), b_below = at_most(b, middle);
    if (a_below != b_below) return b_below;  // a above the middle, b at or below it
    (a_below ? high : low) = middle;
  }
  return false;
}

}  // namespace

PairBoundVerdict check_pair_bounds(const PairLossMatrix& losses, const PairBoundRule& bound,
                                   const std::optional<Rational>& tolerance) {
  PairBoundVerdict verdict;
  verdict.tolerance = tolerance;
  // L <= B (1 + T) exactly when L / (1 + T) <= B: the notion's own exact rule decides it.
  const std::optional<Rational> relaxation =
      tolerance ? std::optional<Rational>(1 + *tolerance) : std::nullopt;
  const std::size_t k = losses.inputs();
  for (std::size_t x = 0; x < k; ++x) {
    check_cancelled();
    for (std::size_t x_prime = 0; x_prime < k; ++x_prime) {
      if (x == x_prime) continue;
      const PairLoss& loss = losses.at(x, x_prime);
      if (!loss.output) continue;  // x gives no output of the set: nothing to bound
      const PairBound b = bound(x, x_prime, loss.ratio);
      // An unbounded pair (inf) constrains nothing: share 0, whatever its loss.
      // L / B correctly rounded where B is a known rational (a power's double drifts with d).
      const double share = std::isinf(b.value)        ? 0
                           : loss.ratio.is_infinite() ? std::numeric_limits<double>::infinity()
                           : b.exactly && *b.exactly > 0
                               ? to_double(Rational(loss.ratio.value() / *b.exactly))
                               : to_double(loss.ratio.value()) / b.value;
      PairAgainstBudget pair{x, x_prime, loss, b.text, share, !b.admits, 0, 0, b.exactly, b.exp_of};
      // Doubles must not contradict the exact verdict: an L / B within 1e-16 of 1 reads 1.
      if (pair.exceeds && !(share > 1)) pair.loss_share = std::nextafter(1.0, 2.0);
      if (!pair.exceeds && share > 1) pair.loss_share = 1;
      if (!b.admits && !verdict.violation) {
        verdict.holds = false;
        verdict.violation = pair;
      }
      if (!b.admits && relaxation) {
        const ExtendedRational relaxed =
            loss.ratio.is_infinite() ? loss.ratio
                                     : ExtendedRational(Rational(loss.ratio.value() / *relaxation));
        if (bound(x, x_prime, relaxed).admits) {
          ++verdict.within_tolerance;
        } else if (!verdict.beyond_tolerance) {
          verdict.beyond_tolerance = pair;
        }
      }
      if (!verdict.tightest || share_exceeds(pair, *verdict.tightest, bound)) {
        verdict.tightest = pair;
      }
    }
  }
  for (auto* named : {&verdict.violation, &verdict.tightest, &verdict.beyond_tolerance}) {
    if (*named) bracket_excess(**named, bound);
  }
  return verdict;
}

PairBoundVerdict check_context_aware(const PairLossMatrix& losses, const PairBudgetMatrix& budgets,
                                     const std::optional<Rational>& tolerance) {
  const std::size_t k = losses.inputs();
  bool square = budgets.size() == k;
  for (const auto& row : budgets) square = square && row.size() == k;
  if (!square) {
    throw InvalidArgument("pair budgets: a " + std::to_string(budgets.size()) + " x " +
                          std::to_string(budgets.empty() ? 0 : budgets.front().size()) +
                          " matrix for " + std::to_string(k) + " inputs (it must be k x k)");
  }
  return check_pair_bounds(
      losses,
      [&](std::size_t x, std::size_t x_prime, const ExtendedRational& loss) {
        const std::optional<Rational>& b = budgets[x][x_prime];
        PairBound bound;
        if (!b) {
          bound.admits = true;
          bound.text = "inf";
          bound.value = std::numeric_limits<double>::infinity();
        } else {
          bound.admits = !loss.is_infinite() && loss.value() <= *b;
          bound.text = to_string(*b);
          bound.value = to_double(*b);
          bound.exactly = *b;
        }
        return bound;
      },
      tolerance);
}

}  // namespace uldp
