// Proposition 13 (ULDP => OSLDP at the same ε) and the remark after it (ε-LDP =>
// (X_S, Y, ε)-ULDP): on random ULDP instances, and on arbitrary random stochastic matrices with
// arbitrary X_S and Y_P whenever the ULDP checker says "holds".
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators.h"
#include "support.h"
#include "uldp/forms/dense_privacy_check.h"

namespace uldp::properties {
namespace {

RC_GTEST_PROP(Osldp, UldpImpliesOsldpAtTheSameBudget, (const UldpInstance& u)) {
  const Verdict uldp =
      check_uldp(u.q, u.sensitive, u.protected_outputs, std::nullopt, UldpReading::kLiteral);
  RC_ASSERT(uldp.holds);
  const Verdict osldp = check_osldp(u.q, u.sensitive, exp_eps(uldp.tight_exp_eps.value()));
  RC_ASSERT(osldp.holds);
  RC_ASSERT(osldp.tight_exp_eps <= uldp.tight_exp_eps);
}

RC_GTEST_PROP(Osldp, ImplicationOnArbitraryMatrices, (const ExpEps& t)) {
  const std::size_t k = *uniform<std::size_t>(1, 5);
  const std::size_t m = *uniform<std::size_t>(1, 5);
  const DenseMechanism q = *gen_stochastic(k, m, true);
  const IndexSet x_s = *gen_subset(k);
  const IndexSet y_p = *gen_subset(m);
  for (UldpReading reading : {UldpReading::kLiteral, UldpReading::kReachable}) {
    const Verdict uldp = check_uldp(q, x_s, y_p, t.budget(), reading);
    RC_CLASSIFY(uldp.holds, "ULDP holds");
    if (uldp.holds) RC_ASSERT(check_osldp(q, x_s, t.budget()).holds);
  }
  // ε-LDP => (X_S, Y, ε)-ULDP for every X_S (Y_I is empty).
  if (check_ldp(q, t.budget()).holds) {
    RC_ASSERT(check_uldp(q, x_s, IndexSet::all(m), t.budget(), UldpReading::kLiteral).holds);
  }
}

}  // namespace
}  // namespace uldp::properties
