// Proposition 11 and Definition 5: a type-preserving post-processor keeps
// (X_S, Z_P, ε)-ULDP with no larger ratio; the hypothesis check finds the exact defective
// entry of every post-processor with one defect; relabelling a revealed output as protected
// always breaks ULDP (the hypothesis cannot simply be dropped).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>

#include "generators.h"
#include "support.h"
#include "uldp/constructions/post_processing.h"
#include "uldp/forms/dense_privacy_check.h"

namespace uldp::properties {
namespace {

RC_GTEST_PROP(PostProcessing, TypePreservingKeepsUldp, (const UldpInstance& u)) {
  const Verdict before =
      check_uldp(u.q, u.sensitive, u.protected_outputs, std::nullopt, UldpReading::kLiteral);
  RC_ASSERT(before.holds);
  const PostProcessor post = *gen_type_preserving(u.protected_outputs);
  RC_ASSERT(
      check_preserves_data_types(post.q1, u.protected_outputs, post.protected_outputs).preserves);
  const DenseMechanism q = post_process(u.q, post.q1);
  const Verdict after = check_uldp(q, u.sensitive, post.protected_outputs,
                                   exp_eps(before.tight_exp_eps.value()), UldpReading::kLiteral);
  RC_ASSERT(after.holds);
  RC_ASSERT(after.tight_exp_eps <= before.tight_exp_eps);
}

RC_GTEST_PROP(PostProcessing, TheHypothesisCheckFindsTheDefect, (const UldpInstance& u)) {
  const TypeBreaking broken = *gen_type_breaking(u.protected_outputs);
  const TypePreservation r = check_preserves_data_types(broken.post.q1, u.protected_outputs,
                                                        broken.post.protected_outputs);
  RC_ASSERT(!r.preserves);
  RC_ASSERT(r.violation.has_value());
  RC_ASSERT(r.violation->z == broken.z);
  if (broken.unreached) {
    RC_ASSERT(r.violation->rule == TypeRule::kInvertibleUnreached);
    return;
  }
  const bool y_protected = u.protected_outputs.contains(broken.y);
  const bool z_protected = broken.post.protected_outputs.contains(broken.z);
  if (!y_protected && z_protected) {
    RC_ASSERT(r.violation->rule == TypeRule::kInvertibleToProtected);
    RC_ASSERT(r.violation->y == broken.y);
  } else if (y_protected) {
    RC_ASSERT(r.violation->rule == TypeRule::kInvertibleFromProtected);
    RC_ASSERT(r.violation->y == broken.y);
  } else {
    RC_ASSERT(r.violation->rule == TypeRule::kInvertibleShared);
    // The defect and the original owner of z, in either order.
    RC_ASSERT(r.violation->y == broken.y || r.violation->y_other == broken.y);
  }
  RC_ASSERT(broken.post.q1(r.violation->y, r.violation->z) == r.violation->probability);
  RC_ASSERT(r.violation->probability > 0);
}

// Relabel one revealed output y in Y_I as a new protected output: the composite has a protected
// column that only y's owner produces, so its ratio is infinite as soon as X_S is not empty.
RC_GTEST_PROP(PostProcessing, RelabellingARevealedOutputAsProtectedBreaksUldp, ()) {
  const UldpInstance u = *rc::gen::suchThat(gen_uldp_instance(2), [](const UldpInstance& u) {
    return !u.sensitive.empty() && u.protected_outputs.size() < u.q.num_outputs();
  });
  const std::vector<std::size_t> invertible = u.protected_outputs.complement().indices();
  const std::size_t y = *rc::gen::elementOf(invertible);
  std::vector<std::size_t> z_p = u.protected_outputs.indices();
  z_p.push_back(y);
  const IndexSet relabelled = IndexSet::from_indices(z_p, u.q.num_outputs(), "Z_P");
  std::vector<Rational> identity(u.q.num_outputs() * u.q.num_outputs());
  for (std::size_t i = 0; i < u.q.num_outputs(); ++i) identity[i * u.q.num_outputs() + i] = 1;
  const DenseMechanism q1(u.q.num_outputs(), u.q.output_labels(), identity);
  const TypePreservation r = check_preserves_data_types(q1, u.protected_outputs, relabelled);
  RC_ASSERT(r.violation.has_value());
  RC_ASSERT(r.violation->rule == TypeRule::kInvertibleToProtected);
  RC_ASSERT(r.violation->y == y);
  const Verdict v = check_uldp(post_process(u.q, q1), u.sensitive, relabelled, std::nullopt,
                               UldpReading::kLiteral);
  RC_ASSERT(!v.holds);
  RC_ASSERT(v.tight_exp_eps.is_infinite());
}

}  // namespace
}  // namespace uldp::properties
