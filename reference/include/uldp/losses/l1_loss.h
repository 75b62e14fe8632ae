// The asymptotic expected l1 loss of the empirical estimator (Proposition 4, eq. (11);
// Proposition 7, eq. (16); and RR, RAPPOR,
// non-private alike): E[l1] ~ sqrt(2/(n pi)) sum_x sqrt(m(x)(1-m(x))) / |gain_x|, and its worst
// case over the simplex (Propositions 5, 6 and 8), evaluated as certified intervals.
#pragma once

#include <cstdint>
#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/losses/interval.h"

namespace uldp {

/// Default precision (bits) of the certified l1 values.
inline constexpr unsigned kL1Bits = 96;

/// sum_x sqrt(m(x)(1-m(x))) / |gain_x|: the l1 loss without the factor sqrt(2/(n pi)).
Interval l1_root_sum(const CoordinateModel& model, const std::vector<Rational>& p,
                     unsigned bits = kL1Bits);

/// The asymptotic E[l1(p̂, p)] (lim ratio = 1 as n -> infinity), certified.
Interval asymptotic_l1_loss(const CoordinateModel& model, const std::vector<Rational>& p,
                            std::uint64_t n, unsigned bits = kL1Bits);

/// E|X - n q| for X ~ Binomial(n, q), exactly (de Moivre: 2 v C(n,v) q^v (1-q)^(n-v+1) with
/// v = floor(n q) + 1); 0 when q is 0 or 1. Throws InvalidArgument for q outside [0,1].
Rational binomial_mean_absolute_deviation(std::uint64_t n, const Rational& q);

/// The exact E[l1(p̂, p)] at finite n: sum_x E|count_x - n m(x)| / (n |gain_x|), each count
/// binomial. Cost grows with n (big rationals); throws InvalidArgument for n > kMaxExactL1N.
Rational exact_l1_loss(const CoordinateModel& model, const std::vector<Rational>& p,
                       std::uint64_t n);
inline constexpr std::uint64_t kMaxExactL1N = 1000000;
/// Certified bounds on the same value (width <= k 2^-(bits+8)) without normalising the huge
/// rationals: one integer division per coordinate, fast for large n.
Interval exact_l1_loss_bounds(const CoordinateModel& model, const std::vector<Rational>& p,
                              std::uint64_t n, unsigned bits = kL1Bits);

/// The maximiser of the asymptotic l1 loss over the simplex and the maximum.
struct WorstCaseL1 {
  Interval root_sum;             ///< max of l1_root_sum (no sqrt(2/(n pi)) factor)
  Interval value;                ///< max of asymptotic_l1_loss
  bool argmax_exact = false;     ///< whether argmax[x].lower == argmax[x].upper for every x
  std::vector<Interval> argmax;  ///< the maximiser, coordinate by coordinate
};

/// The worst case for models with at most two symmetry classes (all five mechanisms): the loss is
/// concave and symmetric within a class, so a maximiser is uniform on each class and the mass w
/// of the first class maximises a concave F(w); the sign of F' is decided exactly, w* is exact
/// at a boundary or where both classes' report probabilities are equal, otherwise bracketed by
/// bisection to 2^-bits. Throws InvalidArgument for more than two classes.
WorstCaseL1 worst_case_l1_loss(const CoordinateModel& model, std::uint64_t n,
                               unsigned bits = kL1Bits);

}  // namespace uldp
