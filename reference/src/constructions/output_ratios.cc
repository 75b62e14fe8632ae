#include "uldp/constructions/output_ratios.h"

#include <string>

#include "uldp/error.h"
#include "validation.h"

namespace uldp {
namespace {

// a / b as an extended rational, with 0/0 = 1 (the constraint a <= t b holds for every t).
ExtendedRational ratio(const Rational& a, const Rational& b) {
  if (b == 0) return a == 0 ? ExtendedRational(Rational(1)) : ExtendedRational::infinity();
  return ExtendedRational(a / b);
}

}  // namespace

ExtendedRational max_ratio_on_outputs(const DenseMechanism& q, const IndexSet& outputs) {
  internal::require_universe(outputs, q.num_outputs(), "outputs", "the mechanism's output set");
  ExtendedRational best(Rational(1));
  if (q.num_inputs() == 0) return best;
  for (std::size_t y : outputs.indices()) {
    // The largest ratio in a column is its maximum over its minimum.
    Rational hi = q(0, y), lo = q(0, y);
    for (std::size_t x = 1; x < q.num_inputs(); ++x) {
      if (q(x, y) > hi) hi = q(x, y);
      if (q(x, y) < lo) lo = q(x, y);
    }
    const ExtendedRational r = ratio(hi, lo);
    if (best < r) best = r;
  }
  return best;
}

ExtendedRational max_cross_ratio(const DenseMechanism& q_i, const DenseMechanism& q_j,
                                 const IndexSet& outputs) {
  if (q_i.num_inputs() != q_j.num_inputs() || q_i.num_outputs() != q_j.num_outputs()) {
    throw InvalidArgument("q_j: has shape " + std::to_string(q_j.num_inputs()) + "x" +
                          std::to_string(q_j.num_outputs()) + ", but q_i has " +
                          std::to_string(q_i.num_inputs()) + "x" +
                          std::to_string(q_i.num_outputs()));
  }
  internal::require_universe(outputs, q_i.num_outputs(), "outputs", "the mechanisms' output set");
  ExtendedRational best(Rational(1));
  for (std::size_t x = 0; x < q_i.num_inputs(); ++x) {
    for (std::size_t y : outputs.indices()) {
      const ExtendedRational r = ratio(q_i(x, y), q_j(x, y));
      if (best < r) best = r;
    }
  }
  return best;
}

}  // namespace uldp
