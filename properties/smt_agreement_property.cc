// Z3 and the hand-written checkers agree: for random small exact matrices (arbitrary
// stochastic matrices with zeros, random ULDP instances, uRR), random X_S and Y_P, with and
// without a budget, uldp::smt_recheck (verify/) must reach the same verdict, failing condition
// and tight e^ε as checks/dense_privacy_check.h for ε-LDP, ULDP (both readings) and OSLDP, and
// must never answer "unknown" on these sizes.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators.h"
#include "support.h"
#include "uldp/constructions/osldp_decomposition.h"
#include "uldp/constructions/post_processing.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/mechanisms/urr/urr.h"
#include "uldp/verify/smt_recheck.h"

namespace uldp::properties {
using namespace uldp::verify;  // the Z3 layer
namespace {

struct Case {
  DenseMechanism q;
  IndexSet sensitive;
  IndexSet protected_outputs;
};
std::ostream& operator<<(std::ostream& os, const Case& c) {
  return os << "Q = " << format_matrix(c.q) << ", X_S = " << format_set(c.sensitive)
            << ", Y_P = " << format_set(c.protected_outputs);
}

Case gen_case() {
  switch (*uniform(0, 5)) {
    case 0: {
      const std::size_t k = *uniform<std::size_t>(1, 4);
      const std::size_t m = *uniform<std::size_t>(1, 4);
      return Case{*gen_stochastic(k, m, true), *gen_subset(k), *gen_subset(m)};
    }
    case 1: {
      const UldpInstance u = *gen_uldp_instance();
      return Case{u.q, u.sensitive, u.protected_outputs};
    }
    case 2: {  // the ULDP first stage of a random OSLDP decomposition
      const OsldpInstance o = *rc::gen::arbitrary<OsldpInstance>();
      const OsldpDecomposition d = decompose_osldp(o.q, o.sensitive);
      return Case{d.q_u, o.sensitive, d.protected_intermediate};
    }
    case 3: {  // a random ULDP mechanism after a type-preserving post-processor
      const UldpInstance u = *gen_uldp_instance();
      const PostProcessor post = *gen_type_preserving(u.protected_outputs);
      return Case{post_process(u.q, post.q1), u.sensitive, post.protected_outputs};
    }
    default: {
      const std::size_t k = *uniform<std::size_t>(1, 5);
      const IndexSet x_s = *gen_subset(k);
      return Case{utility_optimized_rr(x_s, (*rc::gen::arbitrary<ExpEps>()).budget()), x_s, x_s};
    }
  }
}

void require_agree(const SmtPropertyCheck& smt, const Verdict& hand) {
  RC_ASSERT(smt.status != ProofStatus::kUnknown);
  RC_ASSERT(smt.holds() == std::optional<bool>(hand.holds));
  if (!hand.holds) RC_ASSERT(smt.violated == hand.violated);
  if (smt.tight_exp_eps) RC_ASSERT(*smt.tight_exp_eps == hand.tight_exp_eps);
}

RC_GTEST_PROP(SmtAgreement, Z3AndTheHandWrittenCheckersAgree, (const ExpEps& t)) {
  const Case c = gen_case();
  RC_LOG() << c << "\n";  // shown with a failure: the whole case, not only its parts' picks
  RC_TAG(c.q.num_inputs(), c.q.num_outputs());
  SmtRecheckOptions options;
  options.timeout_ms = 20000;
  for (const std::optional<PrivacyBudget>& budget :
       {std::optional<PrivacyBudget>(), std::optional<PrivacyBudget>(t.budget())}) {
    const SmtCertificate z3 = smt_recheck(c.q, c.sensitive, c.protected_outputs, budget, options);
    RC_ASSERT(z3.stochastic == ProofStatus::kProved);
    require_agree(z3.ldp, check_ldp(c.q, budget));
    require_agree(z3.uldp_literal,
                  check_uldp(c.q, c.sensitive, c.protected_outputs, budget, UldpReading::kLiteral));
    require_agree(z3.uldp_reachable, check_uldp(c.q, c.sensitive, c.protected_outputs, budget,
                                                UldpReading::kReachable));
    require_agree(z3.osldp, check_osldp(c.q, c.sensitive, budget));
    RC_CLASSIFY(budget.has_value() && z3.uldp_literal.holds() == std::optional<bool>(true),
                "ULDP holds at t");
  }
}

}  // namespace
}  // namespace uldp::properties
