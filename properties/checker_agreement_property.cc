// The structured checkers (checks/unary_privacy_check.h, no 2^k enumeration) and the dense
// checkers (checks/dense_privacy_check.h on to_dense()) agree on every verdict, tight ratio and
// failing condition, for random per-bit channels with k <= 6, random X_S, random zero masks and
// random budgets; every witness either reports is a genuine violation of the dense matrix.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators.h"
#include "support.h"
#include "uldp/forms/bit_product_privacy_check.h"
#include "uldp/forms/dense_privacy_check.h"

namespace uldp::properties {
namespace {

// The dense output index of a structured witness (its label: character j = bit j).
std::size_t dense_index(const Witness& w) {
  std::size_t index = 0;
  for (std::size_t j = 0; j < w.y_label.size(); ++j) {
    if (w.y_label[j] == '1') index |= std::size_t{1} << j;
  }
  return index;
}

// A witness of a failed check must really fail in the dense matrix.
void require_genuine(const DenseMechanism& q, const Verdict& v, const IndexSet& sensitive,
                     const IndexSet& y_p, const std::optional<Rational>& t, std::size_t y) {
  if (v.holds) return;
  RC_ASSERT(v.violated.has_value());
  RC_ASSERT(v.witness.has_value());
  const Witness& w = *v.witness;
  if (*v.violated == Condition::kRatio) {
    // With no budget a check fails only on an infinite ratio.
    RC_ASSERT(q(w.x, y) > (t ? *t : Rational(0)) * q(w.x_prime, y));
    if (!t) RC_ASSERT(q(w.x_prime, y) == 0);
    return;
  }
  // Invertibility: y in Y_I produced by two inputs, by a sensitive input, or by nobody.
  RC_ASSERT(!y_p.contains(y));
  std::size_t producers = 0;
  bool sensitive_producer = false;
  for (std::size_t x = 0; x < q.num_inputs(); ++x) {
    if (q(x, y) == 0) continue;
    ++producers;
    sensitive_producer = sensitive_producer || sensitive.contains(x);
  }
  RC_ASSERT(producers != 1 || sensitive_producer);
}

void require_same(const Verdict& dense, const Verdict& unary) {
  RC_ASSERT(dense.holds == unary.holds);
  RC_ASSERT(dense.tight_exp_eps == unary.tight_exp_eps);
  RC_ASSERT(dense.violated == unary.violated);
}

RC_GTEST_PROP(CheckerAgreement, DenseAndStructuredAgree,
              (const UnaryInstance& b, const ExpEps& t)) {
  const DenseMechanism q = b.q.to_dense();
  const IndexSet y_p = dense_zero_mask_outputs(b.zero_bits);
  const IndexSet all_sensitive = IndexSet::all(b.q.k());
  for (const std::optional<PrivacyBudget>& budget :
       {std::optional<PrivacyBudget>(), std::optional<PrivacyBudget>(t.budget())}) {
    const std::optional<Rational> t_value = budget ? std::optional<Rational>(t.t) : std::nullopt;
    const Verdict ldp_d = check_ldp(q, budget), ldp_u = check_ldp(b.q, budget);
    require_same(ldp_d, ldp_u);
    if (ldp_u.witness) {
      require_genuine(q, ldp_u, all_sensitive, IndexSet::all(q.num_outputs()), t_value,
                      dense_index(*ldp_u.witness));
    }
    for (UldpReading reading : {UldpReading::kLiteral, UldpReading::kReachable}) {
      const Verdict d = check_uldp(q, b.sensitive, y_p, budget, reading);
      const Verdict u = check_uldp(b.q, b.sensitive, ZeroMaskOutputs{b.zero_bits}, budget, reading);
      require_same(d, u);
      RC_CLASSIFY(budget && reading == UldpReading::kLiteral && d.holds,
                  "ULDP (literal) holds at t");
      if (d.witness) require_genuine(q, d, b.sensitive, y_p, t_value, d.witness->y.value());
      if (u.witness) require_genuine(q, u, b.sensitive, y_p, t_value, dense_index(*u.witness));
    }
    const Verdict os_d = check_osldp(q, b.sensitive, budget);
    const Verdict os_u = check_osldp(b.q, b.sensitive, budget);
    require_same(os_d, os_u);
  }
}

}  // namespace
}  // namespace uldp::properties
