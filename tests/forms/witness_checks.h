// Test helper: does a witness really show what the verdict says it shows, on the dense matrix?
#pragma once

#include <gtest/gtest.h>

#include "uldp/forms/dense_privacy_check.h"

namespace uldp::testing {

/// For a ratio violation: Q(y|x) > t Q(y|x') (x' with Q = 0 and Q(y|x) > 0 counts).
inline ::testing::AssertionResult violates_ratio(const DenseMechanism& q, const Witness& w,
                                                 const ExtendedRational& bound) {
  if (!w.y) return ::testing::AssertionFailure() << "no dense output index";
  const Rational& a = q(w.x, *w.y);
  const Rational& b = q(w.x_prime, *w.y);
  if (w.q_x && (*w.q_x != a || *w.q_x_prime != b))
    return ::testing::AssertionFailure() << "wrong entries";
  if (a == 0) return ::testing::AssertionFailure() << "Q(y|x) = 0";
  if (bound.is_infinite()) return ::testing::AssertionFailure() << "no finite bound";
  if (b == 0 || a > bound.value() * b) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << to_string(a) << " <= " << bound.to_string() << " * " << to_string(b);
}

/// For an invertibility violation of condition 1 at y in Y_I.
inline ::testing::AssertionResult violates_invertibility(const DenseMechanism& q, const Witness& w,
                                                         const IndexSet& sensitive,
                                                         const IndexSet& protected_outputs) {
  if (!w.y) return ::testing::AssertionFailure() << "no dense output index";
  const std::size_t y = *w.y;
  if (protected_outputs.contains(y)) return ::testing::AssertionFailure() << "y is protected";
  std::size_t nonzero = 0;
  std::size_t last = 0;
  for (std::size_t x = 0; x < q.num_inputs(); ++x) {
    if (q(x, y) != 0) {
      ++nonzero;
      last = x;
    }
  }
  if (nonzero >= 2 && q(w.x, y) != 0 && q(w.x_prime, y) != 0 && w.x != w.x_prime) {
    return ::testing::AssertionSuccess();
  }
  (void)last;
  if (sensitive.contains(w.x) && q(w.x, y) != 0)
    return ::testing::AssertionSuccess();                  // leaks x in X_S
  if (nonzero == 0) return ::testing::AssertionSuccess();  // literal reading: unreachable y in Y_I
  return ::testing::AssertionFailure() << "column " << y << " satisfies condition 1";
}

}  // namespace uldp::testing
