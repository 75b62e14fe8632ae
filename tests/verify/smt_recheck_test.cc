// The SMT re-check agrees with the hand-written checkers (checks/dense_privacy_check.h) on the
// paper's mechanisms and on hand-made violating matrices, and its SMT-LIB2 certificate re-runs
// under the `z3` command with the answers it announces.
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "uldp/error.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/forms/stochasticity.h"
#include "uldp/mechanisms/mangat/mangat.h"
#include "uldp/mechanisms/rappor/rappor.h"
#include "uldp/mechanisms/rr/rr.h"
#include "uldp/mechanisms/urap/urap.h"
#include "uldp/mechanisms/urr/urr.h"
#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"
#include "uldp/verify/smt_recheck.h"

namespace uldp::verify {
namespace {

Rational r(const char* text) { return parse_rational(text); }

DenseMechanism matrix(std::size_t rows, std::vector<const char*> entries) {
  std::vector<Rational> values;
  for (const char* e : entries) values.push_back(r(e));
  const std::size_t cols = values.size() / rows;
  return DenseMechanism(rows, DenseMechanism::index_labels(cols), values);
}

/// The witness Z3 named really violates the property.
void expect_real_witness(const DenseMechanism& q, const SmtPropertyCheck& smt,
                         const IndexSet& protected_outputs,
                         const std::optional<PrivacyBudget>& budget) {
  ASSERT_TRUE(smt.witness.has_value());
  const Witness& w = *smt.witness;
  ASSERT_TRUE(w.y.has_value());
  if (*smt.violated == Condition::kInvertibility) {
    EXPECT_FALSE(protected_outputs.contains(*w.y));
    return;
  }
  const Rational& a = q(w.x, *w.y);
  const Rational& b = q(w.x_prime, *w.y);
  if (b == 0) {
    EXPECT_GT(a, 0);
  } else {
    ASSERT_TRUE(budget.has_value());
    EXPECT_FALSE(budget->admits(ExtendedRational(a / b)));
  }
}

void expect_agrees(const DenseMechanism& q, const SmtPropertyCheck& smt, const Verdict& hand,
                   const char* what, const IndexSet& protected_outputs,
                   const std::optional<PrivacyBudget>& budget) {
  SCOPED_TRACE(what);
  ASSERT_NE(smt.status, ProofStatus::kUnknown);
  EXPECT_EQ(*smt.holds(), hand.holds);
  ASSERT_TRUE(smt.tight_exp_eps.has_value());
  EXPECT_EQ(*smt.tight_exp_eps, hand.tight_exp_eps)
      << smt.tight_exp_eps->to_string() << " vs " << hand.tight_exp_eps.to_string();
  EXPECT_EQ(smt.violated, hand.violated);
  if (!hand.holds) expect_real_witness(q, smt, protected_outputs, budget);
}

/// Runs `z3 FILE` and returns the check-sat answers, checking each against the announced one.
std::vector<std::string> run_z3(const std::string& script) {
  const std::string path = testing::temp_file("certificate.smt2", script);
  const std::string output =
      testing::run_command(ULDP_Z3_BINARY, path, testing::Capture::kMerged).out;
  std::vector<std::string> answers;
  std::istringstream lines(output);
  std::string announced;
  for (std::string line; std::getline(lines, line);) {
    EXPECT_EQ(line.find("error"), std::string::npos) << line;
    if (line.rfind("[", 0) == 0) {
      announced = line.substr(line.rfind("expect ") + 7);
    } else if (line == "sat" || line == "unsat" || line == "unknown") {
      EXPECT_EQ(line, announced);
      answers.push_back(line);
    }
  }
  return answers;
}

void expect_full_agreement(const DenseMechanism& q, const IndexSet& xs, const IndexSet& yp,
                           const std::optional<PrivacyBudget>& budget,
                           bool run_certificate = true) {
  const SmtCertificate cert = smt_recheck(q, xs, yp, budget);
  const StochasticityReport stochastic = check_stochastic(q);
  EXPECT_EQ(cert.stochastic == ProofStatus::kProved, stochastic.stochastic);
  EXPECT_EQ(cert.stochastic_problem.has_value(), !stochastic.stochastic);
  expect_agrees(q, cert.ldp, check_ldp(q, budget), "ldp", yp, budget);
  expect_agrees(q, cert.uldp_literal, check_uldp(q, xs, yp, budget, UldpReading::kLiteral),
                "uldp literal", yp, budget);
  expect_agrees(q, cert.uldp_reachable, check_uldp(q, xs, yp, budget, UldpReading::kReachable),
                "uldp reachable", yp, budget);
  expect_agrees(q, cert.osldp, check_osldp(q, xs, budget), "osldp", yp, budget);
  if (run_certificate) {
    EXPECT_EQ(run_z3(cert.script), cert.expected_answers);
  }
}

std::optional<PrivacyBudget> exp_eps(const char* t) { return PrivacyBudget::from_exp_eps(r(t)); }

TEST(SmtRecheck, UtilityOptimizedRrAgreesAtSeveralBudgets) {
  const IndexSet xs = IndexSet::from_indices({1, 3}, 5, "xs");
  const DenseMechanism q = utility_optimized_rr(xs, *exp_eps("3"));
  for (const char* t : {"1", "2", "3", "7/2"}) {
    SCOPED_TRACE(t);
    expect_full_agreement(q, xs, xs, exp_eps(t));
  }
  expect_full_agreement(q, xs, xs, std::nullopt);
  const SmtCertificate cert = smt_recheck(q, xs, xs, exp_eps("3"));
  EXPECT_EQ(cert.uldp_literal.tight_exp_eps,
            std::optional<ExtendedRational>(Rational(3)));  // tight ratio exactly t
}

TEST(SmtRecheck, UtilityOptimizedRrAtEpsilonZeroFailsOnlyTheLiteralReading) {
  const IndexSet xs = IndexSet::from_indices({0}, 3, "xs");
  const DenseMechanism q = utility_optimized_rr(xs, *exp_eps("1"));
  const SmtCertificate cert = smt_recheck(q, xs, xs, exp_eps("1"));
  EXPECT_EQ(cert.uldp_literal.status, ProofStatus::kRefuted);
  EXPECT_EQ(cert.uldp_literal.violated, Condition::kInvertibility);
  EXPECT_EQ(cert.uldp_reachable.status, ProofStatus::kProved);
  expect_full_agreement(q, xs, xs, exp_eps("1"));
}

TEST(SmtRecheck, UtilityOptimizedRapporDenseAgrees) {
  const IndexSet xs = IndexSet::from_indices({0, 2}, 4, "xs");
  const DenseMechanism q = utility_optimized_rappor(xs, r("2/3"), *exp_eps("4")).to_dense();
  const IndexSet yp =
      IndexSet::from_indices(urap_protected_dense_outputs(xs), q.num_outputs(), "yp");
  for (const char* t : {"3", "4"}) expect_full_agreement(q, xs, yp, exp_eps(t));
  const SmtCertificate cert = smt_recheck(q, xs, yp, std::nullopt);
  EXPECT_EQ(cert.uldp_reachable.tight_exp_eps, ExtendedRational(Rational(4)));
  // Two non-sensitive bits set: unreachable, so only the literal reading fails (paper erratum).
  EXPECT_EQ(cert.uldp_literal.violated, Condition::kInvertibility);
}

TEST(SmtRecheck, RandomizedResponseAndRapporAgree) {
  const DenseMechanism rr = randomized_response(4, *exp_eps("5/2"));
  const IndexSet all4 = IndexSet::all(4);
  expect_full_agreement(rr, all4, all4, exp_eps("5/2"));
  expect_full_agreement(rr, IndexSet::from_indices({0}, 4, "xs"),
                        IndexSet::from_indices({0, 1}, 4, "yp"), exp_eps("2"));
  const DenseMechanism rappor = generalized_rappor(3, r("1/2"), *exp_eps("3")).to_dense();
  expect_full_agreement(rappor, IndexSet::all(3), IndexSet::all(8), exp_eps("3"));
  expect_full_agreement(rappor, IndexSet::all(3), IndexSet::all(8), exp_eps("29/10"));
}

TEST(SmtRecheck, MangatIsUldpButNotLdp) {
  const DenseMechanism q = mangat(r("1/3"));
  const IndexSet xs = IndexSet::from_indices({1}, 2, "xs");
  expect_full_agreement(q, xs, xs, exp_eps("3"));
  const SmtCertificate cert = smt_recheck(q, xs, xs, exp_eps("3"));
  EXPECT_EQ(cert.uldp_literal.status, ProofStatus::kProved);
  EXPECT_EQ(cert.ldp.status, ProofStatus::kRefuted);
  ASSERT_TRUE(cert.ldp.tight_exp_eps.has_value());
  EXPECT_TRUE(cert.ldp.tight_exp_eps->is_infinite());
}

TEST(SmtRecheck, HandMadeViolationsAgree) {
  const IndexSet all2 = IndexSet::all(2);
  // Ratio 5 > 2 in column 0.
  expect_full_agreement(matrix(2, {"1/2", "1/2", "1/10", "9/10"}), all2, all2, exp_eps("2"));
  // Y_I column produced by two inputs, one of them sensitive.
  expect_full_agreement(matrix(3, {"1/2", "1/2", "0", "1/4", "1/2", "1/4", "0", "1/2", "1/2"}),
                        IndexSet::from_indices({0}, 3, "xs"),
                        IndexSet::from_indices({0, 1}, 3, "yp"), exp_eps("4"));
  // A sensitive input reaches an invertible output alone.
  expect_full_agreement(matrix(2, {"1/2", "1/2", "0", "1"}), IndexSet::from_indices({0}, 2, "xs"),
                        IndexSet::from_indices({1}, 2, "yp"), exp_eps("2"));
  // Unreachable invertible column: literal fails, reachable holds.
  expect_full_agreement(matrix(2, {"1", "0", "1", "0"}), IndexSet::from_indices({0}, 2, "xs"),
                        IndexSet::from_indices({0}, 2, "yp"), exp_eps("1"));
  // Not stochastic (row 1 sums to 9/10), with an infinite ratio.
  const DenseMechanism bad = matrix(2, {"1/2", "1/2", "0", "9/10"});
  expect_full_agreement(bad, all2, all2, std::nullopt);
  const SmtCertificate cert = smt_recheck(bad, all2, all2, std::nullopt);
  EXPECT_EQ(cert.stochastic, ProofStatus::kRefuted);
  ASSERT_TRUE(cert.stochastic_problem.has_value());
  EXPECT_NE(cert.stochastic_problem->find("row 1"), std::string::npos);
}

// Budgets given as ε compare with the real e^ε: a ratio between the rounded t and e^ε holds.
TEST(SmtRecheck, EpsilonBudgetUsesCertifiedBoundsOfTheRealExp) {
  const std::optional<PrivacyBudget> budget = PrivacyBudget::from_epsilon(Rational(1), 8);
  ASSERT_LT(budget->exp_eps(), r("2.718"));  // t rounded down well below e
  const IndexSet all2 = IndexSet::all(2);
  // Column 0 ratio 2.718 < e: holds although it exceeds t.
  const DenseMechanism below_e = matrix(2, {"0.6795", "0.3205", "0.25", "0.75"});
  expect_full_agreement(below_e, all2, all2, budget);
  EXPECT_EQ(smt_recheck(below_e, all2, all2, budget).ldp.status, ProofStatus::kProved);
  // Ratio 2.7183 > e: fails.
  const DenseMechanism above_e = matrix(2, {"0.679575", "0.320425", "0.25", "0.75"});
  expect_full_agreement(above_e, all2, all2, budget);
  EXPECT_EQ(smt_recheck(above_e, all2, all2, budget).ldp.status, ProofStatus::kRefuted);
}

TEST(SmtRecheck, LargerMatrixAgreesWithoutAllPairs) {
  // 60 x 60 uRR (3600 entries): the per-column selector encoding keeps the queries linear in size.
  const IndexSet xs = IndexSet::first(20, 60);
  const DenseMechanism q = utility_optimized_rr(xs, *exp_eps("5"));
  expect_full_agreement(q, xs, xs, exp_eps("5"), /*run_certificate=*/false);
}

TEST(SmtRecheck, MismatchedSetsAndHugeMatricesAreRejected) {
  const DenseMechanism q = matrix(2, {"1/2", "1/2", "1/2", "1/2"});
  EXPECT_THROW(smt_recheck(q, IndexSet::all(3), IndexSet::all(2), std::nullopt), InvalidArgument);
  EXPECT_THROW(smt_recheck(q, IndexSet::all(2), IndexSet::all(3), std::nullopt), InvalidArgument);
  SmtRecheckOptions tiny;
  tiny.max_entries = 3;
  EXPECT_THROW(smt_recheck(q, IndexSet::all(2), IndexSet::all(2), std::nullopt, tiny),
               InvalidArgument);
}

TEST(SmtRecheck, CertificateIsCommentedAndSelfDescribing) {
  std::ostringstream out;
  const IndexSet xs = IndexSet::from_indices({1}, 2, "xs");
  write_smt_certificate(mangat(r("1/4")), xs, xs, exp_eps("4"), out);
  const std::string script = out.str();
  EXPECT_NE(script.find("unsat = no violation exists"), std::string::npos);
  EXPECT_NE(script.find("(define-fun q_0_1 () Real (/ 1.0 4.0))"), std::string::npos);
  EXPECT_NE(script.find("(echo \"[1] stochasticity"), std::string::npos);
}

}  // namespace
}  // namespace uldp::verify
