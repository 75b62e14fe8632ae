#include "uldp/losses/l2_loss.h"

#include <algorithm>
#include <functional>

#include "uldp/error.h"

namespace uldp {
namespace {

void validate_n(std::uint64_t n) {
  if (n == 0) throw InvalidArgument("n: must be at least 1");
}

}  // namespace

L2Quadratic l2_quadratic(const CoordinateModel& model) {
  // m(1-m)/g^2 with m = b + g p  equals  b(1-b)/g^2 + (1-2b)/g p - p^2.
  L2Quadratic q{Rational(0), std::vector<Rational>(model.k())};
  for (std::size_t x = 0; x < model.k(); ++x) {
    const Rational& b = model.offset(x);
    const Rational& g = model.gain(x);
    q.constant += b * (1 - b) / (g * g);
    q.linear[x] = (1 - 2 * b) / g;
  }
  return q;
}

Rational expected_l2_loss(const CoordinateModel& model, const std::vector<Rational>& p,
                          std::uint64_t n) {
  validate_n(n);
  const std::vector<Rational> m = model.output_marginals(p);
  Rational sum = 0;
  for (std::size_t x = 0; x < model.k(); ++x) {
    sum += m[x] * (1 - m[x]) / (model.gain(x) * model.gain(x));
  }
  return sum / Rational(Integer(n));
}

std::vector<Rational> project_onto_simplex(const std::vector<Rational>& point) {
  if (point.empty()) throw InvalidArgument("simplex projection: empty point");
  std::vector<Rational> sorted = point;
  std::sort(sorted.begin(), sorted.end(), std::greater<>());
  // tau = (sum of the rho largest - 1) / rho for the largest rho with a positive gap.
  Rational prefix = 0, tau = 0;
  for (std::size_t j = 0; j < sorted.size(); ++j) {
    prefix += sorted[j];
    const Rational candidate = (prefix - 1) / static_cast<long>(j + 1);
    if (sorted[j] - candidate > 0) tau = candidate;
  }
  std::vector<Rational> projected(point.size());
  for (std::size_t x = 0; x < point.size(); ++x) {
    projected[x] = point[x] > tau ? Rational(point[x] - tau) : Rational(0);
  }
  return projected;
}

L2Quadratic l2_quadratic(const MechanismSpec& spec) {
  return std::visit(
      [&]<class Kind>(const Kind& params) {
        // A coordinate-wise estimator's loss follows from its model; the others derive their own.
        if constexpr (Kind::kCoordinateWise) {
          return l2_quadratic(coordinate_model(spec, params));
        } else {
          return l2_quadratic(spec, params);
        }
      },
      spec.kind);
}

Rational expected_l2_loss(const L2Quadratic& quadratic, const std::vector<Rational>& p,
                          std::uint64_t n) {
  validate_n(n);
  validate_distribution(p, quadratic.linear.size(), "p");
  Rational sum = quadratic.constant;
  for (std::size_t x = 0; x < p.size(); ++x) sum += quadratic.linear[x] * p[x] - p[x] * p[x];
  return sum / Rational(Integer(n));
}

WorstCaseL2 worst_case_l2_loss(const L2Quadratic& quadratic, std::uint64_t n) {
  validate_n(n);
  std::vector<Rational> half(quadratic.linear.size());
  for (std::size_t x = 0; x < half.size(); ++x) half[x] = quadratic.linear[x] / 2;
  WorstCaseL2 result;
  result.argmax = project_onto_simplex(half);
  result.value = expected_l2_loss(quadratic, result.argmax, n);
  return result;
}

WorstCaseL2 worst_case_l2_loss(const CoordinateModel& model, std::uint64_t n) {
  validate_n(n);
  // max of sum (a_x p_x - p_x^2) = max of -||p - a/2||^2 + const: the projection of a/2.
  const L2Quadratic q = l2_quadratic(model);
  std::vector<Rational> half(model.k());
  for (std::size_t x = 0; x < model.k(); ++x) half[x] = q.linear[x] / 2;
  WorstCaseL2 result;
  result.argmax = project_onto_simplex(half);
  result.value = expected_l2_loss(model, result.argmax, n);
  return result;
}

}  // namespace uldp
