// Soundness under mutation: take a mechanism that is ULDP with a tight budget t (random ULDP
// instances, uRR, uRAP). Every entry that sits on a constraint — the maximum or minimum of a
// protected column attaining the ratio t, or a zero of a revealing column — is moved by a tiny
// δ (2^-64 of the entry that funds the move, far below double resolution) in the violating
// direction, the row is kept stochastic by the opposite move on the row's largest other entry,
// and the exact checker must reject the result at budget t.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <ostream>

#include "generators.h"
#include "support.h"
#include "uldp/forms/bit_product_privacy_check.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/mechanisms/urap/urap.h"
#include "uldp/mechanisms/urr/urr.h"

namespace uldp::properties {
namespace {

const Rational kTiny = Rational(1) / Rational(Integer(1) << 64);

/// One entry and the direction that violates ULDP at the tight budget.
struct Move {
  std::size_t x = 0, y = 0;
  bool increase = true;
};
std::ostream& operator<<(std::ostream& os, const Move& m) {
  return os << (m.increase ? "raise" : "lower") << " Q(y=" << m.y << "|x=" << m.x << ")";
}

// All entries with a violating infinitesimal direction.
std::vector<Move> violating_moves(const DenseMechanism& q, const IndexSet& y_p, const Rational& t) {
  std::vector<Move> moves;
  const std::size_t k = q.num_inputs(), m = q.num_outputs();
  if (k < 2 || m < 2) return moves;  // one input: every ratio is 1; one output: nothing moves
  for (std::size_t y = 0; y < m; ++y) {
    Rational hi = q(0, y), lo = q(0, y);
    for (std::size_t x = 1; x < k; ++x) {
      hi = std::max(hi, q(x, y));
      lo = std::min(lo, q(x, y));
    }
    if (y_p.contains(y)) {
      if (lo == 0 || hi != t * lo) continue;  // not on the ratio constraint
      for (std::size_t x = 0; x < k; ++x) {
        if (q(x, y) == hi && hi < 1) moves.push_back({x, y, true});
        if (q(x, y) == lo) moves.push_back({x, y, false});
      }
    } else if (hi > 0) {
      for (std::size_t x = 0; x < k; ++x) {
        if (q(x, y) == 0) moves.push_back({x, y, true});
      }
    }
  }
  return moves;
}

// Applies the move: δ = 2^-64 of the funding entry, compensated on the row's largest other
// entry (positive unless the row is a point mass on move.y; `compensated_zero` says so).
DenseMechanism apply(const DenseMechanism& q, const Move& move, bool& compensated_zero) {
  const std::size_t m = q.num_outputs();
  std::size_t other = move.y == 0 ? 1 : 0;
  for (std::size_t y = 0; y < m; ++y) {
    if (y != move.y && q(move.x, y) > q(move.x, other)) other = y;
  }
  compensated_zero = q(move.x, other) == 0;
  std::vector<Rational> e = q.entries();
  const Rational delta = (move.increase ? q(move.x, other) : q(move.x, move.y)) * kTiny;
  const Rational sign = move.increase ? 1 : -1;
  e[move.x * m + move.y] += sign * delta;
  e[move.x * m + other] -= sign * delta;
  return DenseMechanism(q.num_inputs(), q.output_labels(), std::move(e));
}

void require_detected(const DenseMechanism& q, const IndexSet& x_s, const IndexSet& y_p,
                      const Rational& t, UldpReading reading) {
  RC_ASSERT(check_uldp(q, x_s, y_p, exp_eps(t), reading).holds);
  const std::vector<Move> moves = violating_moves(q, y_p, t);
  RC_ASSERT(!moves.empty());  // every generated mechanism below has |X| >= 2 and |Y| >= 2
  const Move move = *rc::gen::elementOf(moves);
  bool compensated_zero = false;
  const DenseMechanism mutated = apply(q, move, compensated_zero);
  RC_ASSERT(rows_sum_to_one(mutated));
  const Verdict v = check_uldp(mutated, x_s, y_p, exp_eps(t), reading);
  RC_ASSERT(!v.holds);
  // The failing condition is the one the move targets, unless the compensation had to make a
  // zero entry positive (a point-mass row), which may break condition 1 as well.
  if (!compensated_zero) {
    RC_ASSERT(v.violated == std::optional<Condition>(y_p.contains(move.y)
                                                         ? Condition::kRatio
                                                         : Condition::kInvertibility));
  }
}

RC_GTEST_PROP(Mutation, RandomTightUldpMechanisms, ()) {
  const UldpInstance u = *rc::gen::suchThat(
      gen_uldp_instance(2), [](const UldpInstance& u) { return u.q.num_outputs() >= 2; });
  const Verdict v =
      check_uldp(u.q, u.sensitive, u.protected_outputs, std::nullopt, UldpReading::kLiteral);
  require_detected(u.q, u.sensitive, u.protected_outputs, v.tight_exp_eps.value(),
                   UldpReading::kLiteral);
}

RC_GTEST_PROP(Mutation, UtilityOptimizedRr, (const ExpEps& t)) {
  const std::size_t k = *uniform<std::size_t>(2, 7);
  const IndexSet x_s = *gen_subset(k);
  // At t = 1 uRR never produces X_N (c3 = 0): only the reachable reading holds there.
  require_detected(utility_optimized_rr(x_s, t.budget()), x_s, x_s, t.t,
                   t.t > 1 ? UldpReading::kLiteral : UldpReading::kReachable);
}

RC_GTEST_PROP(Mutation, DenseUtilityOptimizedRappor, (const ExpEps& t, const Theta& theta)) {
  const std::size_t k = *uniform<std::size_t>(2, 5);
  const IndexSet x_s =
      *rc::gen::suchThat(gen_subset(k), [](const IndexSet& s) { return !s.empty(); });
  const DenseMechanism q = utility_optimized_rappor(x_s, theta.theta, t.budget()).to_dense();
  require_detected(q, x_s, dense_zero_mask_outputs(x_s.complement()), t.t, UldpReading::kReachable);
}

// The structured checker under the same kind of mutation of one bit's channel: raise θ or
// lower d1 of a sensitive bit, raise 1 - d2 or the (zero) off-probability of a non-sensitive bit.
RC_GTEST_PROP(Mutation, StructuredUtilityOptimizedRappor, (const ExpEps& t, const Theta& theta)) {
  RC_PRE(t.t > 1);  // at t = 1 uRAP sends nothing through non-sensitive bits
  const std::size_t k = *uniform<std::size_t>(2, 9);
  const IndexSet x_s =
      *rc::gen::suchThat(gen_subset(k), [](const IndexSet& s) { return !s.empty(); });
  const BitProductMechanism q = utility_optimized_rappor(x_s, theta.theta, t.budget());
  const std::size_t j = *uniform<std::size_t>(0, k);
  const bool move_on = *coin();
  std::vector<BitChannel> bits = q.bits();
  BitChannel& b = bits[j];
  if (x_s.contains(j)) {
    if (move_on)
      b.one_if_on += (1 - b.one_if_on) * kTiny;  // θ up
    else
      b.one_if_off -= b.one_if_off * kTiny;  // d1 down
  } else {
    if (move_on)
      b.one_if_on += (1 - b.one_if_on) * kTiny;  // 1 - d2 up
    else
      b.one_if_off = kTiny;  // 0 -> tiny: X_S reaches Y_I
  }
  const BitProductMechanism mutated(bits, "mutated uRAP");
  const ZeroMaskOutputs y_p{x_s.complement()};
  RC_ASSERT(check_uldp(q, x_s, y_p, t.budget(), UldpReading::kReachable).holds);
  const Verdict v = check_uldp(mutated, x_s, y_p, t.budget(), UldpReading::kReachable);
  RC_ASSERT(!v.holds);
  if (k <= 5) {
    RC_ASSERT(!check_uldp(mutated.to_dense(), x_s, dense_zero_mask_outputs(x_s.complement()),
                          t.budget(), UldpReading::kReachable)
                   .holds);
  }
}

}  // namespace
}  // namespace uldp::properties
