// uldp::api::check: the workflow behind `uldp check`, uldp.check and EXPECT_PRIVATE — verdicts,
// the tolerance decision, row sums, parameter names in errors, and the command printing exactly
// the api's renderer.
#include "uldp/api/check.h"

#include <bit>
#include <cstdint>

#include <gtest/gtest.h>

#include "uldp/api/render.h"
#include "uldp/error.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/testing/budgets.h"
#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"

namespace uldp::api {
namespace {

using uldp::testing::budget;

// Randomized response over 2 symbols at eps = 1 as binary64 code computes it: rows sum to
// 1 + 1.66e-16 and the ratio exceeds e by 3.09e-17 relative.
DenseMechanism binary64_rr() {
  const double p = 0.731058578630005, q = 0.26894142136999516;
  std::vector<std::uint64_t> bits = {
      std::bit_cast<std::uint64_t>(p), std::bit_cast<std::uint64_t>(q),
      std::bit_cast<std::uint64_t>(q), std::bit_cast<std::uint64_t>(p)};
  return DenseMechanism::from_binary64(2, DenseMechanism::index_labels(2), std::move(bits));
}

CheckRequest matrix_request(DenseMechanism q) {
  return CheckRequest(MatrixSubject{MatrixFile{std::move(q), "Q", {}, std::nullopt}, "Q",
                                    std::nullopt, std::nullopt});
}

PrivacyBudget eps_one() { return PrivacyBudget::from_epsilon(Rational(1)); }

TEST(ApiCheck, ARegistryMechanismHoldsAtItsOwnBudgetAndClaim) {
  MechanismArguments a;
  a.k = 5;
  a.sensitive = IndexSet::from_indices({1, 3}, 5, "sensitive");
  a.budget = budget(3);
  CheckRequest q(MechanismSubject{make_mechanism(find_mechanism("urr", "mech"), a)});
  const CheckResult r = check(q);
  EXPECT_TRUE(r.passes());
  ASSERT_EQ(r.required, std::vector<Property>{Property::kUldp});
  EXPECT_TRUE(r[Property::kUldp].verdict.holds);
  EXPECT_EQ(r[Property::kUldp].verdict.tight_exp_eps.to_string(), "3");
  EXPECT_FALSE(r[Property::kLdp].verdict.holds);
  EXPECT_EQ(r.subject, "built-in urr");
  EXPECT_EQ(to_text(r).rfind("subject: built-in urr (5 inputs, 5 outputs", 0), 0u) << to_text(r);
}

TEST(ApiCheck, RoundingFailsExactlyAndHoldsWithinATolerance) {
  CheckRequest exact = matrix_request(binary64_rr());
  exact.budget = eps_one();
  // Rows off 1 by 1.66e-16: bad input without a tolerance, naming the row.
  const CheckResult refused = check(exact);
  ASSERT_TRUE(refused.stochastic_problem);
  EXPECT_EQ(refused.stochastic_problem->rfind("Q: row 0 sums to ", 0), 0u)
      << *refused.stochastic_problem;
  EXPECT_FALSE(refused.passes());

  CheckRequest tolerant = exact;
  tolerant.tolerance = Rational(1, 1'000'000'000'000'000);  // 1e-15
  tolerant.tolerance_text = "1e-15";
  const CheckResult r = check(tolerant);
  EXPECT_FALSE(r.stochastic_problem);
  EXPECT_EQ(r.tolerated_rows.size(), 2u);
  const PropertyResult& ldp = r[Property::kLdp];
  EXPECT_FALSE(ldp.verdict.holds);  // exactly, the ratio exceeds e
  EXPECT_TRUE(ldp.within_tolerance);
  EXPECT_TRUE(ldp.accepted());
  ASSERT_TRUE(ldp.excess);
  EXPECT_EQ(ldp.excess->relative_excess, "3.09e-17");
  EXPECT_TRUE(r.passes());
  const nlohmann::json j = to_json(r);
  EXPECT_EQ(j["ldp"]["holds"], false);
  EXPECT_EQ(j["ldp"]["holds_within_tolerance"], true);
  EXPECT_NE(to_text(r).find("holds within tolerance 1e-15 (exactly: FAILS)"), std::string::npos)
      << to_text(r);

  // A tolerance smaller than the excess accepts the rows but not the ratio.
  CheckRequest tight = tolerant;
  tight.tolerance = Rational(1, 10'000'000'000'000'000);  // 1e-16 < the rows' 1.66e-16
  tight.tolerance_text = "1e-16";
  EXPECT_TRUE(check(tight).stochastic_problem);
}

TEST(ApiCheck, ATooLargeToleranceIsRefusedByName) {
  CheckRequest q = matrix_request(binary64_rr());
  q.tolerance = Rational(1, 2);
  try {
    check(q);
    FAIL() << "a tolerance of 1/2 was accepted";
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("tolerance: 1/2 is above 1/10", 0), 0u) << e.what();
  }
}

TEST(ApiCheck, ErrorsNameTheParameterAsTheRequestNamesIt) {
  CheckRequest q = matrix_request(binary64_rr());
  q.tolerance = Rational(1, 1000);
  auto& subject = std::get<MatrixSubject>(q.subject);
  subject.sensitive = IndexSelection{std::vector<std::size_t>{5}, "--sensitive"};
  EXPECT_THROW(
      {
        try {
          check(q);
        } catch (const InvalidArgument& e) {
          EXPECT_STREQ(e.what(), "--sensitive: index 5 is out of range 0..1");
          throw;
        }
      },
      InvalidArgument);
  subject.sensitive = IndexSelection{std::string("0"), "sensitive"};
  q.protected_outputs = IndexSelection{std::string("0-2"), "protected"};
  EXPECT_THROW(
      {
        try {
          check(q);
        } catch (const InvalidArgument& e) {
          EXPECT_STREQ(e.what(), "protected: index 2 is out of range 0..1");
          throw;
        }
      },
      InvalidArgument);
}

TEST(ApiCheck, AMatrixRequiresUldpWhenXsOrYpIsGivenElseLdp) {
  CheckRequest q = matrix_request(DenseMechanism(
      2, DenseMechanism::index_labels(2), {Rational(1), Rational(0), Rational(0), Rational(1)}));
  EXPECT_EQ(check(q).required, std::vector<Property>{Property::kLdp});
  std::get<MatrixSubject>(q.subject).sensitive =
      IndexSelection{std::vector<std::size_t>{}, "sensitive"};
  const CheckResult r = check(q);
  EXPECT_EQ(r.required, std::vector<Property>{Property::kUldp});
  EXPECT_TRUE(r.passes());  // no sensitive input: the identity is ULDP with Y_P empty
  EXPECT_FALSE(r[Property::kLdp].accepted());
}

// The command prints the api's renderer, line for line (but the time it took).
TEST(ApiCheck, TheCommandPrintsTheApisReport) {
  const std::string path = uldp::testing::example("leaky_uldp.csv");
  const uldp::testing::RunResult run = uldp::testing::run_uldp(
      "check --matrix " + path + " --sensitive 0,1 --protected 0,1 --exp-eps 3");
  EXPECT_EQ(run.exit_code, 1) << run.err;
  CheckRequest q(MatrixSubject{read_mechanism_file(path), path, EntryReading::kExact,
                               IndexSelection{std::string("0,1"), "--sensitive"}});
  q.protected_outputs = IndexSelection{std::string("0,1"), "--protected"};
  q.budget = budget(3);
  const std::string text = to_text(check(q));
  auto without_time = [](const std::string& s) { return s.substr(0, s.find("checked in ")); };
  EXPECT_EQ(without_time(run.out), without_time(text));
  EXPECT_NE(text.find("violated: invertibility; witness x = 1, x' = 2, y = 2"), std::string::npos)
      << text;
}

}  // namespace
}  // namespace uldp::api
