// Proposition 1 (adaptive sequential composition: budgets add, the composite is
// ULDP for (Y0 x Y1)_P) and Proposition 12 (the pair ratio over Y_P x Y_B is at
// most t_A t_B), on random exact ULDP / LDP mechanisms.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators.h"
#include "support.h"
#include "uldp/constructions/output_ratios.h"
#include "uldp/constructions/parallel_composition.h"
#include "uldp/constructions/sequential_composition.h"
#include "uldp/forms/dense_privacy_check.h"

namespace uldp::properties {
namespace {

// The tight ULDP ratio of a generated instance (finite by construction).
Rational tight_of(const UldpInstance& u) {
  const Verdict v =
      check_uldp(u.q, u.sensitive, u.protected_outputs, std::nullopt, UldpReading::kLiteral);
  RC_ASSERT(v.holds);
  RC_ASSERT(!v.tight_exp_eps.is_infinite());
  return v.tight_exp_eps.value();
}

// Q0 and one Q1(y0) per output of Q0, all sharing X_S and Y1P (Q1 adapts through weights).
struct AdaptivePair {
  UldpInstance first;
  std::vector<UldpInstance> second;
  IndexSet second_protected;
};

AdaptivePair gen_adaptive_pair() {
  AdaptivePair pair{*gen_uldp_instance(), {}, IndexSet()};
  const UldpShape shape = *gen_uldp_shape(pair.first.sensitive);
  for (std::size_t y0 = 0; y0 < pair.first.q.num_outputs(); ++y0) {
    pair.second.push_back(*gen_uldp_on(shape));
  }
  pair.second_protected = pair.second.front().protected_outputs;
  return pair;
}

RC_GTEST_PROP(Composition, BudgetsMultiplyAndTheCompositeIsUldp, ()) {
  const AdaptivePair pair = gen_adaptive_pair();
  const Rational t0 = tight_of(pair.first);
  Rational t1 = 1;
  std::vector<DenseMechanism> second;
  for (const UldpInstance& u : pair.second) {
    t1 = std::max(t1, tight_of(u));
    second.push_back(u.q);
  }
  const DenseMechanism q = sequential_composition(pair.first.q, second);
  const IndexSet y_p =
      composed_protected_outputs(pair.first.protected_outputs, pair.second_protected);
  const Verdict v =
      check_uldp(q, pair.first.sensitive, y_p, exp_eps(t0 * t1), UldpReading::kReachable);
  RC_ASSERT(v.holds);
  RC_ASSERT(v.tight_exp_eps <= ExtendedRational(t0 * t1));
  // The direct ratio over (Y0 x Y1)_P agrees with the checker's tight ratio.
  RC_ASSERT(max_ratio_on_outputs(q, y_p) == v.tight_exp_eps);
}

// The only way the literal reading of Definition 2 can fail for a composite of ULDP parts is
// an invertible pair that no input produces (the erratum of docs/constructions.md).
RC_GTEST_PROP(Composition, LiteralReadingFailsOnlyOnUnreachablePairs, ()) {
  const AdaptivePair pair = gen_adaptive_pair();
  std::vector<DenseMechanism> second;
  for (const UldpInstance& u : pair.second) second.push_back(u.q);
  const DenseMechanism q = sequential_composition(pair.first.q, second);
  const IndexSet y_p =
      composed_protected_outputs(pair.first.protected_outputs, pair.second_protected);
  const Verdict literal =
      check_uldp(q, pair.first.sensitive, y_p, std::nullopt, UldpReading::kLiteral);
  RC_CLASSIFY(literal.holds, "literal reading holds");
  if (literal.holds) return;
  RC_ASSERT(literal.violated == std::optional<Condition>(Condition::kInvertibility));
  RC_ASSERT(literal.witness.has_value());
  RC_ASSERT(!y_p.contains(literal.witness->y.value()));
  RC_ASSERT(unreachable(q, literal.witness->y.value()));
}

RC_GTEST_PROP(Composition, NonAdaptiveCompositionOfTheSameMechanismSquaresTheBudget, ()) {
  const UldpInstance u = *gen_uldp_instance();
  const Rational t = tight_of(u);
  const DenseMechanism q = sequential_composition(u.q, u.q);
  const IndexSet y_p = composed_protected_outputs(u.protected_outputs, u.protected_outputs);
  const Verdict v = check_uldp(q, u.sensitive, y_p, std::nullopt, UldpReading::kReachable);
  // Repeating the same mechanism attains the product exactly: the worst column twice.
  RC_ASSERT(v.tight_exp_eps == ExtendedRational(t * t));
}

RC_GTEST_PROP(DataIntegration, PairRatioOnProtectedTimesAllIsAtMostTheProduct, ()) {
  const UldpInstance a = *gen_uldp_instance();
  const std::size_t outputs_b = *uniform<std::size_t>(1, 4);
  const DenseMechanism q_b = *gen_stochastic(a.q.num_inputs(), outputs_b, false);  // LDP
  const Rational t_a = tight_of(a);
  const Verdict ldp_b = check_ldp(q_b, std::nullopt);
  RC_ASSERT(ldp_b.holds);
  const ExtendedRational bound(t_a * ldp_b.tight_exp_eps.value());
  const ExtendedRational ratio = data_integration_ratio(a.q, a.protected_outputs, q_b);
  RC_ASSERT(ratio <= bound);
  // The pair is even (X_S, Y_P x Y_B, ε_A + ε_B)-ULDP (Q_B is ULDP with Y_P = Y_B).
  const DenseMechanism q = parallel_composition(a.q, q_b);
  const Verdict v =
      check_uldp(q, a.sensitive, integrated_protected_outputs(a.protected_outputs, outputs_b),
                 std::nullopt, UldpReading::kLiteral);
  RC_ASSERT(v.holds);
  RC_ASSERT(v.tight_exp_eps == ratio);
}

}  // namespace
}  // namespace uldp::properties
