// Every claim of the catalog comes out as expected: the paper's claims are proved for all
// parameter values / all matrices of the stated shape, and every "hypothesis dropped" or erratum
// claim is refuted with a model. Unknown is never proved.
#include <set>

#include <gtest/gtest.h>

#include "internal/symbolic_matrix.h"
#include "internal/z3_query.h"
#include "uldp/error.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/verify/claims.h"

namespace uldp::verify {
namespace {

class EveryClaim : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryClaim, ComesOutAsExpected) {
  const ClaimResult r = run_claim(GetParam());
  ASSERT_FALSE(r.queries.empty());
  EXPECT_EQ(proof_status_name(r.status), std::string(proof_status_name(r.info.expected)))
      << r.info.name << ": " << r.info.statement << "\n"
      << r.counterexample();
  EXPECT_TRUE(r.as_expected());
  for (const auto& q : r.queries) {
    EXPECT_NE(q.status, ProofStatus::kUnknown)
        << r.info.name << "/" << q.name << ": " << q.reason_unknown;
    EXPECT_NE(q.smt2.find("(check-sat)"), std::string::npos);
    if (q.status == ProofStatus::kRefuted) {
      EXPECT_NE(q.model.find(" = "), std::string::npos);
    } else {
      EXPECT_TRUE(q.model.empty());
    }
  }
  if (r.info.expected == ProofStatus::kRefuted) {
    EXPECT_FALSE(r.counterexample().empty());
  }
}

std::vector<std::string> all_names() {
  std::vector<std::string> names;
  for (const auto& c : claim_catalog()) {
    if (!c.step) names.push_back(c.name);  // the proof steps: proof_steps_test.cc
  }
  return names;
}

INSTANTIATE_TEST_SUITE_P(Catalog, EveryClaim, ::testing::ValuesIn(all_names()),
                         [](const auto& info) { return info.param; });

TEST(AllSizes, EveryConstructionIsProvedForEverySize) {
  for (const char* name :
       {"composition", "post_processing", "ldp_compatibility", "uldp_implies_osldp", "pum_uldp",
        "pum_users_indistinguishable", "uldp_from_ldp", "uldp_from_ldp_lowest"}) {
    const ClaimResult r = run_claim(name);
    EXPECT_EQ(r.status, ProofStatus::kProved) << name;
    EXPECT_EQ(r.scope, "all sizes") << name;
    std::size_t all_sizes_queries = 0;
    for (const auto& q : r.queries) {
      if (q.name.rfind("all_sizes.", 0) != 0) continue;
      ++all_sizes_queries;
      EXPECT_NE(q.smt2.find("declare-sort"), std::string::npos) << name;  // no fixed size
    }
    EXPECT_GE(all_sizes_queries, 1u) << name;
  }
}

TEST(AllSizes, DroppedHypothesesAndErrataAreRefutedAtAnySize) {
  for (const char* name : {"composition_literal", "composition_q1_not_invertible",
                           "ldp_compatibility_unprotected_output", "pum_uldp_literal",
                           "pum_users_unprotected_output"}) {
    const ClaimResult r = run_claim(name);
    EXPECT_EQ(r.status, ProofStatus::kRefuted) << name;
    // The fixed shape gives the stochastic counterexample, the all-sizes query one of any size.
    EXPECT_NE(r.scope.find("(stochastic); all sizes (rows unnormalised)"), std::string::npos)
        << name << ": " << r.scope;
    EXPECT_NE(r.counterexample().find("universe"), std::string::npos) << name;
  }
}

TEST(AllSizes, EveryMutantOfAClaimIsRefuted) {
  std::size_t mutants = 0;
  for (const auto& c : claim_catalog()) {
    if (c.name.rfind("mutant_", 0) != 0) continue;
    ++mutants;
    EXPECT_EQ(c.expected, ProofStatus::kRefuted) << c.name;
    EXPECT_EQ(run_claim(c.name).status, ProofStatus::kRefuted) << c.name;
  }
  EXPECT_GE(mutants, 5u);
}

TEST(ClaimCatalog, NamesAreUniqueAndEveryPaperClaimIsCovered) {
  std::set<std::string> names, proved_references, refuted_references;
  for (const auto& c : claim_catalog()) {
    EXPECT_TRUE(names.insert(c.name).second) << c.name;
    (c.expected == ProofStatus::kProved ? proved_references : refuted_references)
        .insert(c.paper_reference);
  }
  for (const char* reference :
       {"Proposition 2", "Proposition 3", "eq. (2)", "Definition 2", "Proposition 1",
        "Proposition 11", "Proposition 12", "Proposition 13", "Proposition 9", "Proposition 10"}) {
    EXPECT_TRUE(proved_references.count(reference)) << reference;
  }
  // Each construction claim has a counterexample with a hypothesis dropped.
  for (const char* reference : {"Proposition 1", "Proposition 11", "Proposition 12",
                                "Proposition 13", "Proposition 9", "Proposition 10"}) {
    EXPECT_TRUE(refuted_references.count(reference)) << reference;
  }
}

TEST(ClaimCatalog, EveryRegistryEntrysFamilyClaimIsAProvedClaim) {
  for (const MechanismEntry& e : mechanism_registry()) {
    if (e.claim == Claim::kNone) continue;
    ASSERT_FALSE(e.family_claim.empty()) << e.name << " claims privacy but names no proof";
    const std::optional<ClaimInfo> claim = find_claim(e.family_claim);
    ASSERT_TRUE(claim.has_value()) << e.name << ": " << e.family_claim << " is not in the catalog";
    EXPECT_EQ(claim->expected, ProofStatus::kProved) << e.name;
  }
}

TEST(ClaimCatalog, UnknownNameIsAnErrorListingValidNames) {
  EXPECT_FALSE(find_claim("no_such_claim").has_value());
  try {
    run_claim("no_such_claim");
    FAIL() << "expected InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("no_such_claim"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("urr_uldp"), std::string::npos);
  }
}

TEST(ClaimCatalog, TightnessNeedsTwoInputsAndTheModelShowsIt) {
  const ClaimResult r = run_claim("urr_tight_single_input");
  ASSERT_EQ(r.status, ProofStatus::kRefuted);
  // The only way to miss ratio t is |X| = 1 with t > 1.
  EXPECT_NE(r.counterexample().find("n_N = 0\n"), std::string::npos) << r.counterexample();
  EXPECT_NE(r.counterexample().find("n_S = 1\n"), std::string::npos) << r.counterexample();
}

TEST(ClaimCatalog, UrrLiteralFailsExactlyAtEpsilonZero) {
  const ClaimResult r = run_claim("urr_literal_at_eps0");
  ASSERT_EQ(r.status, ProofStatus::kRefuted);
  EXPECT_NE(r.counterexample().find("\nt = 1.0\n"), std::string::npos) << r.counterexample();
}

// A query Z3 cannot finish in 1 ms is reported unknown, never proved: the full (non-split)
// post-processing claim over |X| = |Y| = 3, |Z| = 2, which takes Z3 seconds.
TEST(QueryStatus, TimeoutIsUnknownNotProved) {
  z3::context ctx;
  using namespace internal;
  const z3::expr t = ctx.real_const("t");
  const auto xs = make_subset(ctx, "xs", 3);
  const auto yp = make_subset(ctx, "yp", 3);
  const auto zp = make_subset(ctx, "zp", 3);
  const SymbolicMatrix q0 = make_matrix(ctx, "Q0", 3, 3);
  const SymbolicMatrix q1 = make_matrix(ctx, "Q1", 3, 3);
  z3::expr hyp = t >= 1 && stochastic(q0) && stochastic(q1) &&
                 uldp(q0, xs, yp, t, Reading::kLiteral) &&
                 invertibility(q1, yp, zp, Reading::kLiteral);
  for (std::size_t z = 0; z < 3; ++z) {
    for (std::size_t y = 0; y < 3; ++y) hyp = hyp && z3::implies(zp[z] && !yp[y], q1.q[y][z] == 0);
  }
  // A true statement (Proposition 11), too hard for a resource limit of 1. (A 1 ms clock timeout
  // once hung in z3's timer thread under load; the resource counter is deterministic.)
  const QueryResult r = prove_implication(ctx, "hard", "hard", hyp,
                                          ratio_on(multiply(q0, q1), zp, t), 60'000, "QF_NRA", 1);
  EXPECT_EQ(r.status, ProofStatus::kUnknown);
  EXPECT_FALSE(r.reason_unknown.empty());
  EXPECT_TRUE(r.model.empty());
}

TEST(QueryStatus, ProvedOnlyWhenEverySolverSaysUnsat) {
  const auto answer = [](const char* solver, ProofStatus status, const char* detail) {
    SolverAnswer a;
    a.solver = solver;
    a.status = status;
    a.detail = detail;
    return a;
  };
  const SolverAnswer proved = answer("z3", ProofStatus::kProved, "");
  const SolverAnswer refuted = answer("cvc5", ProofStatus::kRefuted, "model");
  const SolverAnswer unknown = answer("cvc5", ProofStatus::kUnknown, "timeout");
  EXPECT_EQ(combine_answers({proved, proved}), ProofStatus::kProved);
  EXPECT_EQ(combine_answers({proved, unknown}), ProofStatus::kUnknown);
  EXPECT_EQ(combine_answers({proved, refuted}), ProofStatus::kDisagreement);
  EXPECT_EQ(combine_answers({refuted, unknown}), ProofStatus::kRefuted);
  EXPECT_EQ(combine_answers({}), ProofStatus::kUnknown);
  EXPECT_STREQ(proof_status_name(ProofStatus::kDisagreement), "disagreement");
}

}  // namespace
}  // namespace uldp::verify
