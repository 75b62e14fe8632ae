// Exact expected (squared) l2 loss E[l2^2(p̂, p)] of the empirical estimator at finite n
// (Propositions 15 and 18; RR, RAPPOR and the non-private mechanism as in
// Kairouz et al.) and its exact worst case over the simplex with the maximiser
// (Propositions 16, 17 and 19).
#pragma once

#include <cstdint>
#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/losses/coordinate_model.h"

namespace uldp {

/// n E[l2^2] = constant + sum_x linear[x] p(x) - sum_x p(x)^2 (a concave quadratic in p):
/// constant = sum_x offset(1-offset)/gain^2, linear[x] = (1 - 2 offset_x)/gain_x.
struct L2Quadratic {
  Rational constant;
  std::vector<Rational> linear;
};
L2Quadratic l2_quadratic(const CoordinateModel& model);
/// The quadratic of any registered mechanism's empirical estimator: from its coordinate model,
/// or its own (uBD, uHR: linear estimators that are not coordinate-wise).
L2Quadratic l2_quadratic(const MechanismSpec& spec);

/// E[l2^2(p̂, p)] = (1/n) sum_x m(x)(1 - m(x)) / gain_x^2, exact for every n >= 1 (the counts
/// are binomial and p̂ is unbiased). Throws InvalidArgument naming "p" or "n".
Rational expected_l2_loss(const CoordinateModel& model, const std::vector<Rational>& p,
                          std::uint64_t n);

/// E[l2^2] = (constant + sum_x linear[x] p(x) - sum_x p(x)^2) / n, for any unbiased estimator
/// that averages n independent single-report estimates.
Rational expected_l2_loss(const L2Quadratic& quadratic, const std::vector<Rational>& p,
                          std::uint64_t n);

/// The worst case over all distributions p and its unique maximiser.
struct WorstCaseL2 {
  Rational value;
  std::vector<Rational> argmax;
};
/// The maximiser is the Euclidean projection of linear/2 onto the simplex (strict concavity),
/// computed exactly.
WorstCaseL2 worst_case_l2_loss(const CoordinateModel& model, std::uint64_t n);
/// The same for any quadratic.
WorstCaseL2 worst_case_l2_loss(const L2Quadratic& quadratic, std::uint64_t n);

/// The exact Euclidean projection of `point` onto the probability simplex.
std::vector<Rational> project_onto_simplex(const std::vector<Rational>& point);

}  // namespace uldp
