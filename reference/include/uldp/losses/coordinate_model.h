// The empirical estimator of the five mechanisms of Section 4.3 (RR, RAPPOR, uRR,
// uRAP, non-private) in one form: every output coordinate x has m(x) = offset_x + gain_x p(x)
// (eqs. (34) and (40)) and the estimate is p̂(x) = (m̂(x) - offset_x)/gain_x
// (eqs. (35) and (41)), with the count n m̂(x) ~ Binomial(n, m(x)).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/forms/bit_product_mechanism.h"
#include "uldp/mechanisms/mechanism_spec.h"

namespace uldp {

/// m(x) = offset[x] + gain[x] p(x) for every coordinate x; gain[x] != 0 (identifiable).
class CoordinateModel {
 public:
  /// Validates equal sizes, k >= 1 and every gain != 0 (a zero gain means the estimator is
  /// undefined, e.g. RR at exp_eps = 1); `what` names the mechanism in errors.
  CoordinateModel(std::vector<Rational> offset, std::vector<Rational> gain, std::string what);

  std::size_t k() const { return offset_.size(); }
  const Rational& offset(std::size_t x) const { return offset_[x]; }
  const Rational& gain(std::size_t x) const { return gain_[x]; }
  const std::string& name() const { return name_; }

  /// m = the distribution of each coordinate's report being "x" (or bit x being 1).
  std::vector<Rational> output_marginals(const std::vector<Rational>& p) const;

  /// Coordinates with equal (offset, gain), in order of first appearance: the symmetry classes
  /// of the loss (X_S and X_N for uRR and uRAP, one class for RR, RAPPOR and non-private).
  std::vector<std::vector<std::size_t>> classes() const;

 private:
  std::vector<Rational> offset_;
  std::vector<Rational> gain_;
  std::string name_;
};

/// Whether the mechanism's empirical estimator is coordinate-wise (all but uBD, whose sensitive
/// estimates also use the count of X_N reports, and uHR, whose sum V/2 column counts).
bool has_coordinate_model(const MechanismSpec& spec);
/// The model of a registered mechanism whose empirical estimator is coordinate-wise (each output
/// coordinate an affine function of one p(x)); throws InvalidArgument for uBD and uHR (see
/// l2_quadratic).
CoordinateModel coordinate_model(const MechanismSpec& spec);

/// The model of any RAPPOR-family mechanism: offset = P(bit=1|off), gain = P(1|on) - P(1|off).
CoordinateModel coordinate_model(const BitProductMechanism& mechanism, std::string what);

/// Validates a distribution over k symbols (size k, entries >= 0, sum exactly 1); `what` names it.
void validate_distribution(const std::vector<Rational>& p, std::size_t k, std::string_view what);

}  // namespace uldp
