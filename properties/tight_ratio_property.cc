// Propositions 2 and 3 with their tight ratio: for every X_S != ∅
// (any indices, not only the first ones), every rational t >= 1 and θ in (0,1), the checkers
// report tight e^ε = t exactly, accept budget t and reject every smaller budget.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators.h"
#include "support.h"
#include "uldp/forms/bit_product_privacy_check.h"
#include "uldp/forms/class_privacy_check.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/mechanisms/ubd/ubd.h"
#include "uldp/mechanisms/uhr/uhr.h"
#include "uldp/mechanisms/urap/urap.h"
#include "uldp/mechanisms/urr/urr.h"
#include "uldp/mechanisms/uss/uss.h"

namespace uldp::properties {
namespace {

// A random X_S with at least one element (any indices).
IndexSet nonempty_sensitive(std::size_t k) {
  return *rc::gen::suchThat(gen_subset(k), [](const IndexSet& s) { return !s.empty(); });
}

// |X| >= 2: with a single input every ratio is 1 whatever t is.
RC_GTEST_PROP(TightRatio, UtilityOptimizedRrIsExactlyT, (const ExpEps& t)) {
  const std::size_t k = *uniform<std::size_t>(2, 8);
  const IndexSet x_s = nonempty_sensitive(k);
  const DenseMechanism q = utility_optimized_rr(x_s, t.budget());
  const Verdict v = check_uldp(q, x_s, x_s, t.budget(), UldpReading::kReachable);
  RC_ASSERT(v.holds);
  RC_ASSERT(v.tight_exp_eps == ExtendedRational(t.t));
  if (t.t > 1) {
    RC_ASSERT(!check_uldp(q, x_s, x_s, exp_eps(just_below(t.t)), UldpReading::kReachable).holds);
  }
}

// uBD with one block size (arXiv 2509.24173), any X_S and K: the class form (whose constructor
// verifies exact rows) and its dense expansion give the same verdict, tight at t exactly when
// some block column mixes two values (K < |X_S| or X_N non-empty), and reject any budget below.
RC_GTEST_PROP(TightRatio, UtilityOptimizedBlockDesignIsExactlyTInBothForms, (const ExpEps& t)) {
  const std::size_t k = *uniform<std::size_t>(1, 8);
  const IndexSet x_s = nonempty_sensitive(k);
  const std::size_t block = *uniform<std::size_t>(1, x_s.size());
  const ClassStructuredMechanism q = ubd_classes(x_s, block, t.budget());
  const DenseExpansion d = q.to_dense();
  const Verdict v = check_uldp(q, x_s, t.budget(), UldpReading::kReachable);
  const Verdict dense =
      check_uldp(d.matrix, x_s, d.protected_outputs, t.budget(), UldpReading::kReachable);
  const bool mixed = block < x_s.size() || x_s.size() < k;
  RC_ASSERT(v.holds);
  RC_ASSERT(dense.holds);
  RC_ASSERT(v.tight_exp_eps == ExtendedRational(mixed ? t.t : Rational(1)));
  RC_ASSERT(dense.tight_exp_eps == v.tight_exp_eps);
  if (t.t > 1 && mixed) {
    RC_ASSERT(!check_uldp(q, x_s, exp_eps(just_below(t.t)), UldpReading::kReachable).holds);
  }
}

// uHR and uSS (arXiv 2509.24173), any X_S (and K): the class form, whose constructor verifies
// exact rows, and its dense expansion agree on the structure (every row recounted) and the
// verdict; tight at t exactly when some protected column mixes two values (uHR: |X| >= 2; uSS as
// uBD), and any budget below is rejected.
RC_GTEST_PROP(TightRatio, UhrAndUssAreExactlyTInBothForms, (const ExpEps& t)) {
  const std::size_t k = *uniform<std::size_t>(1, 8);
  const IndexSet x_s = nonempty_sensitive(k);
  const std::size_t block = *uniform<std::size_t>(1, x_s.size());
  const bool uhr = *rc::gen::arbitrary<bool>();
  const ClassStructuredMechanism q =
      uhr ? uhr_classes(x_s, t.budget()) : uss_classes(x_s, block, t.budget());
  const DenseExpansion d = q.to_dense();
  RC_ASSERT(!structure_mismatch(q, d.matrix, d.protected_outputs).has_value());
  const Verdict v = check_uldp(q, x_s, t.budget(), UldpReading::kReachable);
  const Verdict dense =
      check_uldp(d.matrix, x_s, d.protected_outputs, t.budget(), UldpReading::kReachable);
  const bool mixed = uhr ? k >= 2 : (block < x_s.size() || x_s.size() < k);
  RC_ASSERT(v.holds);
  RC_ASSERT(dense.holds);
  RC_ASSERT(v.tight_exp_eps == ExtendedRational(mixed ? t.t : Rational(1)));
  RC_ASSERT(dense.tight_exp_eps == v.tight_exp_eps);
  if (t.t > 1 && mixed) {
    RC_ASSERT(!check_uldp(q, x_s, exp_eps(just_below(t.t)), UldpReading::kReachable).holds);
  }
}

// Erratum for Proposition 2 at ε = 0: c3 = (t-1)/(|X_S|+t-1) = 0, so the invertible
// outputs X_N are produced by no input and the literal reading of condition 1 fails. uRR is
// literally ULDP exactly when t > 1 or X_N is empty.
RC_GTEST_PROP(TightRatio, UtilityOptimizedRrLiteralReading, (const ExpEps& t)) {
  const std::size_t k = *uniform<std::size_t>(1, 8);
  const IndexSet x_s = nonempty_sensitive(k);
  const DenseMechanism q = utility_optimized_rr(x_s, t.budget());
  const Verdict v = check_uldp(q, x_s, x_s, t.budget(), UldpReading::kLiteral);
  RC_ASSERT(v.holds == (t.t > 1 || x_s.size() == k));
  if (v.holds) RC_ASSERT(v.tight_exp_eps == ExtendedRational(k >= 2 ? t.t : Rational(1)));
}

RC_GTEST_PROP(TightRatio, UtilityOptimizedRapporIsExactlyT, (const ExpEps& t, const Theta& theta)) {
  const std::size_t k = *uniform<std::size_t>(2, 9);
  const IndexSet x_s = nonempty_sensitive(k);
  const BitProductMechanism q = utility_optimized_rappor(x_s, theta.theta, t.budget());
  const ZeroMaskOutputs y_p{x_s.complement()};
  const Verdict v = check_uldp(q, x_s, y_p, t.budget(), UldpReading::kReachable);
  RC_ASSERT(v.holds);
  RC_ASSERT(v.tight_exp_eps == ExtendedRational(t.t));
  if (t.t > 1) {
    RC_ASSERT(!check_uldp(q, x_s, y_p, exp_eps(just_below(t.t)), UldpReading::kReachable).holds);
  }
}

// Erratum for the proof of Proposition 3 ("if y in Y_I then only one of the
// non-sensitive bits is 1"): outputs with two non-sensitive bits set are in Y_I and produced by
// no input, and when t = 1 (d2 = 1) no non-sensitive bit is ever 1. So in the literal reading
// uRAP is ULDP exactly when |X_N| = 0, or |X_N| = 1 and t > 1.
RC_GTEST_PROP(TightRatio, UtilityOptimizedRapporLiteralReading,
              (const ExpEps& t, const Theta& theta)) {
  const std::size_t k = *uniform<std::size_t>(1, 9);
  const IndexSet x_s = nonempty_sensitive(k);
  const BitProductMechanism q = utility_optimized_rappor(x_s, theta.theta, t.budget());
  const std::size_t non_sensitive = k - x_s.size();
  const bool expected = non_sensitive == 0 || (non_sensitive == 1 && t.t > 1);
  const Verdict v =
      check_uldp(q, x_s, ZeroMaskOutputs{x_s.complement()}, t.budget(), UldpReading::kLiteral);
  RC_ASSERT(v.holds == expected);
  if (!expected) RC_ASSERT(v.violated == std::optional<Condition>(Condition::kInvertibility));
}

RC_GTEST_PROP(TightRatio, DenseUtilityOptimizedRapporIsExactlyT,
              (const ExpEps& t, const Theta& theta)) {
  const std::size_t k = *uniform<std::size_t>(2, 6);
  const IndexSet x_s = nonempty_sensitive(k);
  const DenseMechanism q = utility_optimized_rappor(x_s, theta.theta, t.budget()).to_dense();
  const IndexSet y_p = dense_zero_mask_outputs(x_s.complement());
  const Verdict v = check_uldp(q, x_s, y_p, t.budget(), UldpReading::kReachable);
  RC_ASSERT(v.holds);
  RC_ASSERT(v.tight_exp_eps == ExtendedRational(t.t));
}

}  // namespace
}  // namespace uldp::properties
