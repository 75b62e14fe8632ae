// Proposition 14, constructively: for random (X_S, ε)-OSLDP mechanisms Q_O the
// construction gives Q_U ((X_S, Z_P, ε)-ULDP per the reference checker, at Q_O's tight OSLDP
// ratio) and Q_R with Q_R ∘ Q_U = Q_O exactly, plus the intermediate identities.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators.h"
#include "support.h"
#include "uldp/constructions/matrix_composition.h"
#include "uldp/constructions/osldp_decomposition.h"
#include "uldp/forms/dense_privacy_check.h"

namespace uldp::properties {
namespace {

RC_GTEST_PROP(Decomposition, ReproducesQoWithAUldpFirstStage, (const OsldpInstance& o)) {
  const OsldpDecomposition d = decompose_osldp(o.q, o.sensitive);
  const DecompositionCheck c = verify_decomposition(o.q, o.sensitive, d);
  RC_ASSERT(c.stochastic);
  RC_ASSERT(c.reproduces);
  RC_ASSERT(c.intermediate_steps);
  RC_ASSERT(c.q_u_uldp.holds);
  RC_ASSERT(c.q_u_uldp.tight_exp_eps <= c.osldp_exp_eps);
  // Recomputed here too, not only inside verify_decomposition.
  RC_ASSERT(equal_entries(compose(d.q_u, d.q_r), o.q));
  RC_CLASSIFY(d.kept_nonsensitive.size() < o.sensitive.complement().size(), "some α(x) = 0");
  RC_CLASSIFY(
      check_uldp(o.q, o.sensitive, d.image_of_sensitive, std::nullopt, UldpReading::kLiteral).holds,
      "Q_O already ULDP");
}

}  // namespace
}  // namespace uldp::properties
