// Every mechanism the library builds is a mechanism: entries in [0,1], rows summing to exactly
// 1 — the built-in mechanisms for any X_S and budget, and every construction of
// reference/constructions on random inputs.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators.h"
#include "support.h"
#include "uldp/constructions/osldp_decomposition.h"
#include "uldp/constructions/parallel_composition.h"
#include "uldp/constructions/post_processing.h"
#include "uldp/constructions/sequential_composition.h"
#include "uldp/forms/stochasticity.h"
#include "uldp/mechanisms/mangat/mangat.h"
#include "uldp/mechanisms/rappor/rappor.h"
#include "uldp/mechanisms/rr/rr.h"
#include "uldp/mechanisms/urap/urap.h"
#include "uldp/mechanisms/urr/urr.h"

namespace uldp::properties {
namespace {

// Both the direct sum and the library's check_stochastic must accept q.
void require_mechanism(const DenseMechanism& q) {
  RC_ASSERT(rows_sum_to_one(q));
  RC_ASSERT(check_stochastic(q).stochastic);
}

RC_GTEST_PROP(StochasticRows, BuiltInMechanisms, (const ExpEps& t, const Theta& theta)) {
  const std::size_t k = *uniform<std::size_t>(1, 6);
  const IndexSet sensitive = *gen_subset(k);
  require_mechanism(utility_optimized_rr(sensitive, t.budget()));
  require_mechanism(randomized_response(k, t.budget()));
  require_mechanism(utility_optimized_rappor(sensitive, theta.theta, t.budget()).to_dense());
  require_mechanism(generalized_rappor(k, theta.theta, t.budget()).to_dense());
  require_mechanism(mangat(1 / t.t));
}

RC_GTEST_PROP(StochasticRows, RandomGeneratorsAreStochastic,
              (const UldpInstance& u, const OsldpInstance& o, const UnaryInstance& b)) {
  require_mechanism(u.q);
  require_mechanism(o.q);
  require_mechanism(b.q.to_dense());
}

RC_GTEST_PROP(StochasticRows, Compositions, (const UldpInstance& first)) {
  const std::size_t k = first.q.num_inputs();
  const std::size_t outputs1 = *uniform<std::size_t>(1, 4);
  std::vector<DenseMechanism> second;
  for (std::size_t y0 = 0; y0 < first.q.num_outputs(); ++y0) {
    second.push_back(*gen_stochastic(k, outputs1, true));
  }
  require_mechanism(sequential_composition(first.q, second));
  require_mechanism(parallel_composition(first.q, second.front()));
  const PostProcessor post = *gen_type_preserving(first.protected_outputs);
  require_mechanism(post.q1);
  require_mechanism(post_process(first.q, post.q1));
  const TypeBreaking broken = *gen_type_breaking(first.protected_outputs);
  require_mechanism(broken.post.q1);
  require_mechanism(post_process(first.q, broken.post.q1));
}

RC_GTEST_PROP(StochasticRows, PumAndDecomposition,
              (const PumPreprocessor& f_pre, const ExpEps& t, const OsldpInstance& o)) {
  require_mechanism(f_pre.as_mechanism());
  require_mechanism(personalized_urr(f_pre, t.budget()).q);
  const OsldpDecomposition d = decompose_osldp(o.q, o.sensitive);
  for (const DenseMechanism* q : {&d.q_o_dagger, &d.q_u, &d.q_r1, &d.q_r2, &d.q_r}) {
    require_mechanism(*q);
  }
}

}  // namespace
}  // namespace uldp::properties
