// The PUM of Section 5: Propositions 9 and 10 for random pre-processors with
// κ semantic tags, with Q_cmn = (Z_S, ε)-uRR and with random (Z_S, Y_P, ε)-ULDP mechanisms.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators.h"
#include "support.h"
#include "uldp/constructions/matrix_composition.h"
#include "uldp/constructions/output_ratios.h"
#include "uldp/constructions/personalized_mechanism.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/mechanisms/urr/urr.h"

namespace uldp::properties {
namespace {

// A random common mechanism: uRR on Z_S, or a random (Z_S, Y_P, ε)-ULDP matrix; its tight t.
struct CommonMechanism {
  DenseMechanism q;
  IndexSet protected_outputs;
  Rational t;
};

CommonMechanism gen_common(const PumPreprocessor& f_pre, const ExpEps& t) {
  const IndexSet z_s = pum_intermediate_sensitive(f_pre.common_sensitive(), f_pre.num_tags());
  if (*coin()) {
    return CommonMechanism{utility_optimized_rr(z_s, t.budget()), z_s, t.t};
  }
  const UldpInstance u = *gen_uldp_on(*gen_uldp_shape(z_s));
  const Verdict v = check_uldp(u.q, z_s, u.protected_outputs, std::nullopt, UldpReading::kLiteral);
  RC_ASSERT(v.holds);
  return CommonMechanism{u.q, u.protected_outputs, v.tight_exp_eps.value()};
}

RC_GTEST_PROP(Pum, IsUldpForTheUnionOfSensitiveSets,
              (const PumPreprocessor& f_pre, const ExpEps& t)) {
  const CommonMechanism cmn = gen_common(f_pre, t);
  const PersonalizedMechanism q = personalized_mechanism(cmn.q, cmn.protected_outputs, f_pre);
  RC_ASSERT(equal_entries(q.q, compose(f_pre.as_mechanism(), cmn.q)));
  RC_ASSERT(q.sensitive == f_pre.personal_sensitive());
  const Verdict reachable =
      check_uldp(q.q, q.sensitive, q.protected_outputs, exp_eps(cmn.t), UldpReading::kReachable);
  RC_ASSERT(reachable.holds);
  // The literal reading fails only on outputs Q_cmn reserved for a now-tagged input.
  const Verdict literal =
      check_uldp(q.q, q.sensitive, q.protected_outputs, exp_eps(cmn.t), UldpReading::kLiteral);
  RC_CLASSIFY(literal.holds, "literal reading holds");
  if (!literal.holds) {
    RC_ASSERT(literal.witness.has_value());
    RC_ASSERT(unreachable(q.q, literal.witness->y.value()));
    // Either the user tagged an input, or Q_cmn itself has unreachable invertible outputs
    // (uRR at t = 1).
    const IndexSet z_s = pum_intermediate_sensitive(f_pre.common_sensitive(), f_pre.num_tags());
    RC_ASSERT(
        !f_pre.user_sensitive().empty() ||
        !check_uldp(cmn.q, z_s, cmn.protected_outputs, std::nullopt, UldpReading::kLiteral).holds);
  }
}

RC_GTEST_PROP(Pum, ProtectedOutputsHideWhichUser, (const PumPreprocessor& f_i, const ExpEps& t)) {
  const PumPreprocessor f_j = *gen_pum_preprocessor_like(f_i);
  const CommonMechanism cmn = gen_common(f_i, t);
  const PersonalizedMechanism q_i = personalized_mechanism(cmn.q, cmn.protected_outputs, f_i);
  const PersonalizedMechanism q_j = personalized_mechanism(cmn.q, cmn.protected_outputs, f_j);
  RC_ASSERT(max_cross_ratio(q_i.q, q_j.q, cmn.protected_outputs) <= ExtendedRational(cmn.t));
  RC_ASSERT(max_cross_ratio(q_j.q, q_i.q, cmn.protected_outputs) <= ExtendedRational(cmn.t));
}

}  // namespace
}  // namespace uldp::properties
