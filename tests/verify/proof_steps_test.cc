// The steps of the utility proofs: each comes out as expected with Z3, every refutation carries
// an exact evaluation that confirms it with integral set sizes, a wrong step is refuted (the
// encodings can fail), and the exact evaluator decides what it is given, independently of Z3.
#include <set>

#include <gtest/gtest.h>

#include "internal/exact_step_check.h"
#include "internal/proof_step_claims.h"
#include "internal/proof_steps.h"
#include "uldp/verify/claims.h"

namespace uldp::verify {
namespace {

using internal::check_counterexample;
using internal::proof_steps;
using internal::rational_model_values;
using internal::StepTerms;

std::vector<std::string> step_names() {
  std::vector<std::string> names;
  for (const auto& s : proof_steps()) names.push_back(s.name);
  return names;
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = info.param;
  for (char& c : name) {
    if (c == '.') c = '_';
  }
  return name;
}

class EveryStep : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryStep, ComesOutAsExpectedWithZ3) {
  const ClaimResult r = run_claim(GetParam());
  ASSERT_TRUE(r.info.step.has_value());
  EXPECT_TRUE(r.as_expected()) << r.info.name << ": " << r.info.statement;
  if (!r.info.step->not_encoded.empty()) {
    EXPECT_TRUE(r.queries.empty());
    EXPECT_EQ(r.status, ProofStatus::kUnknown);
    return;
  }
  ASSERT_EQ(r.queries.size(), 2u);
  EXPECT_EQ(r.queries[0].name, "at_step");
  EXPECT_EQ(r.queries[1].name, "at_top");
  for (const auto& q : r.queries) {
    if (q.status != ProofStatus::kRefuted) continue;
    // A refutation stands only on an exact evaluation at integral sizes.
    EXPECT_NE(q.exact_check.find("every hypothesis holds and the step fails"), std::string::npos)
        << r.info.name << "/" << q.name << ": " << q.exact_check;
    EXPECT_EQ(q.exact_check.find("not integral"), std::string::npos) << q.exact_check;
    EXPECT_FALSE(r.info.step->erratum.empty()) << r.info.name;
  }
}

INSTANTIATE_TEST_SUITE_P(Steps, EveryStep, ::testing::ValuesIn(step_names()), test_name);

TEST(ProofSteps, CoverEveryUtilityProofOfThePaper) {
  std::set<std::string> names, proofs;
  for (const auto& s : proof_steps()) {
    EXPECT_TRUE(names.insert(s.name).second) << s.name;
    proofs.insert(s.name.substr(0, s.name.find('.')));
    EXPECT_FALSE(s.statement.empty()) << s.name;
    EXPECT_FALSE(s.paper_reference.empty()) << s.name;
    if (s.not_encoded.empty()) {
      EXPECT_FALSE(s.conclusion.empty()) << s.name;
    }
  }
  for (const char* proof :
       {"prop4",  "lemma1", "prop5",  "prop6",  "prop7",  "lemma2", "prop8", "prop15",
        "lemma3", "prop16", "prop17", "prop18", "lemma4", "prop19", "d12",   "d13",
        "d22",    "d23",    "e12",    "e13",    "e22",    "e23",    "thm1",  "pum"}) {
    EXPECT_TRUE(proofs.count(proof)) << proof;
  }
}

TEST(ProofSteps, RunAllStepsGivesEveryStepInCatalogOrder) {
  std::size_t in_catalog = 0;
  for (const auto& c : claim_catalog()) in_catalog += c.step ? 1 : 0;
  EXPECT_EQ(in_catalog, proof_steps().size());
  const std::vector<ClaimResult> steps = run_all_steps();
  EXPECT_EQ(steps.size(), proof_steps().size());
  for (std::size_t i = 0; i < steps.size(); ++i) {
    EXPECT_EQ(steps[i].info.name, proof_steps()[i].name);  // catalog order on two threads
    EXPECT_TRUE(steps[i].as_expected()) << steps[i].info.name;
  }
}

TEST(ProofSteps, AWrongStepIsRefutedAndAWrongExpectationIsReported) {
  // lemma1.regroup with one sign flipped: the encoding must find the difference.
  internal::StepSpec spec;
  for (const auto& s : proof_steps()) {
    if (s.name == "lemma1.regroup") spec = s;
  }
  ASSERT_FALSE(spec.name.empty());
  spec.conclusion =
      "(= (+ dA dB) (+ (+ (* (- 4.0) w) (* ks (- v (/ 2.0 up)))) (* kn (- v (/ 2.0 kn)))))";
  const std::vector<QueryResult> queries = internal::step_queries(spec, 20000);
  ASSERT_EQ(queries.size(), 2u);
  EXPECT_EQ(queries[0].status, ProofStatus::kRefuted);
  EXPECT_NE(queries[0].exact_check.find("the step fails"), std::string::npos);
  ClaimResult r;
  r.info = internal::step_claim_info(spec);
  r.queries = queries;
  EXPECT_FALSE(r.as_expected());  // expected proved, came out refuted
}

// ---- the exact evaluator ----

StepTerms lemma1_cw_bound_terms() {
  for (const auto& s : proof_steps()) {
    if (s.name == "lemma1.cw_bound") return {s.definitions, s.roots, s.at_top, s.conclusion};
  }
  return {};
}

TEST(ExactStepCheck, ConfirmsTheErrataCounterexampleToTheCwBound) {
  // docs/errata.md U4: |X_S| = 2, |X_N| = 4, t = 2, w = 0 (A = 8, B = 11).
  const StepTerms terms = lemma1_cw_bound_terms();
  ASSERT_FALSE(terms.conclusion.empty());
  const auto check = check_counterexample(
      terms, {{"t", Rational(2)}, {"ks", Rational(2)}, {"kn", Rational(4)}, {"w", Rational(0)}});
  EXPECT_TRUE(check.confirmed) << check.detail;
}

TEST(ExactStepCheck, RejectsAPointWhereTheStepHolds) {
  // |X_S| = 2, |X_N| = 4, t = 2, w = 1/2: A' = 1 > 0 > B' = -11 and B = 23/4 < A = 35/4, so
  // C_w = 2 sqrt B and the bound holds strictly there.
  const StepTerms terms = lemma1_cw_bound_terms();
  const auto check = check_counterexample(
      terms, {{"t", Rational(2)}, {"ks", Rational(2)}, {"kn", Rational(4)}, {"w", Rational(1, 2)}});
  EXPECT_FALSE(check.confirmed) << check.detail;
  EXPECT_NE(check.detail.find("the step holds there"), std::string::npos) << check.detail;
}

TEST(ExactStepCheck, RejectsAPointOutsideTheHypotheses) {
  const StepTerms terms = lemma1_cw_bound_terms();  // at_top has t < |X_N| + 1
  const auto check = check_counterexample(
      terms, {{"t", Rational(9)}, {"ks", Rational(2)}, {"kn", Rational(4)}, {"w", Rational(0)}});
  EXPECT_FALSE(check.confirmed);
  EXPECT_NE(check.detail.find("hypothesis"), std::string::npos) << check.detail;
}

TEST(ExactStepCheck, DecidesRootsExactlyAndRefusesMissingValuesAndDivisionByZero) {
  // sqrt(9/4) = 3/2 exactly: "r = 3/2" is decided, not left undecided by rounding.
  const StepTerms exact{{}, {{"r", "x"}}, {"(> x 0.0)"}, "(not (= r (/ 3.0 2.0)))"};
  EXPECT_TRUE(check_counterexample(exact, {{"x", Rational(9, 4)}}).confirmed);
  // sqrt(2) != 3/2 is decided by the root bounds.
  EXPECT_FALSE(check_counterexample(exact, {{"x", Rational(2)}}).confirmed);
  // 2 sqrt(2) < 3 fails at no point: the bounds decide a strict inequality between irrationals.
  const StepTerms strict{{}, {{"r", "x"}}, {"(> x 0.0)"}, "(< (* 2.0 r) 3.0)"};
  EXPECT_FALSE(check_counterexample(strict, {{"x", Rational(2)}}).confirmed);
  EXPECT_TRUE(check_counterexample(strict, {{"x", Rational(3)}}).confirmed);
  const StepTerms missing{{}, {}, {}, "(> y 0.0)"};
  const auto no_value = check_counterexample(missing, {});
  EXPECT_FALSE(no_value.confirmed);
  EXPECT_NE(no_value.detail.find("no value for 'y'"), std::string::npos) << no_value.detail;
  const StepTerms division{{}, {}, {}, "(> (/ 1.0 x) 0.0)"};
  const auto undefined = check_counterexample(division, {{"x", Rational(0)}});
  EXPECT_FALSE(undefined.confirmed);
  EXPECT_NE(undefined.detail.find("division by zero"), std::string::npos) << undefined.detail;
}

TEST(ExactStepCheck, ReadsZ3AndCvc5Models) {
  const auto z3 = rational_model_values(
      "t = (/ 25.0 12.0)\nks = 2.0\nw = (- (/ 1.0 2.0))\n"
      "a = (root-obj (+ (^ x 2) (- 8)) 2)\n");
  EXPECT_EQ(z3.at("t"), Rational(25, 12));
  EXPECT_EQ(z3.at("ks"), Rational(2));
  EXPECT_EQ(z3.at("w"), Rational(-1, 2));
  EXPECT_EQ(z3.count("a"), 0u);  // not rational: recomputed from its radicand
  const auto cvc5 =
      rational_model_values("(\n(define-fun t () Real (/ 3 2))\n(define-fun kn () Real 4.0)\n)\n");
  EXPECT_EQ(cvc5.at("t"), Rational(3, 2));
  EXPECT_EQ(cvc5.at("kn"), Rational(4));
}

}  // namespace
}  // namespace uldp::verify
