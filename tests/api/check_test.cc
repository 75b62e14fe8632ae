// uldp::api::check: the workflow behind `uldp check`, uldp.check and EXPECT_PRIVATE — verdicts,
// the tolerance decision, row sums, parameter names in errors, and the command printing exactly
// the api's renderer.
#include "uldp/api/check.h"

#include <bit>
#include <cstdint>

#include <gtest/gtest.h>

#include "uldp/api/reference_arguments.h"
#include "uldp/api/render.h"
#include "uldp/error.h"
#include "uldp/mechanisms/exact_form.h"
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

// Rows 1/2 1/4 1/4 | 1/4 1/2 1/4 | 1/8 1/8 3/4: L(0, 2) = (1/2)/(1/8) = 4 at y = 0.
DenseMechanism three_inputs() {
  return DenseMechanism(
      3, DenseMechanism::index_labels(3),
      {Rational(1, 2), Rational(1, 4), Rational(1, 4), Rational(1, 4), Rational(1, 2),
       Rational(1, 4), Rational(1, 8), Rational(1, 8), Rational(3, 4)});
}

InputBudgets min_id_budgets(std::vector<int> t) {
  InputBudgets b;
  for (int value : t) b.per_input.push_back(budget(value));
  return b;
}

// One call: the verdicts, the per-pair losses and each notion asked for, in one result, one JSON
// and one text; a failing notion fails the check.
TEST(ApiCheck, OneCallDecidesThePerPairNotionsAsked) {
  CheckRequest q = matrix_request(three_inputs());
  const CheckResult plain = check(q);
  EXPECT_FALSE(plain.pairs);  // neither asked for nor claimed
  EXPECT_FALSE(to_json(plain).contains("pair_losses"));

  q.notions.input_budgets = min_id_budgets({4, 2, 3});
  const CheckResult fails = check(q);
  ASSERT_TRUE(fails.pairs);
  ASSERT_TRUE(fails.pairs->input_discriminative);
  EXPECT_FALSE(fails.pairs->input_discriminative->holds);
  EXPECT_TRUE(fails[Property::kLdp].accepted());  // the required property holds: the notion fails
  EXPECT_FALSE(fails.passes());
  EXPECT_EQ(to_json(fails)["pair_losses"]["id_ldp"]["violation"]["bound"], "3");
  const std::string text = to_text(fails);
  EXPECT_NE(text.find("ID-LDP, r = min of the pair's budgets: FAILS; first violated by L(0, 2) = 4 "
                      "at y = 0 against 3"),
            std::string::npos)
      << text;
  const std::vector<NotionVerdictLine> lines = notion_verdict_lines(*fails.pairs);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_FALSE(lines[0].accepted);

  q.notions.input_budgets = min_id_budgets({16, 8, 5});
  q.required.emplace();  // no property, the notion alone (EXPECT_PRIVATE's per-pair claims)
  const CheckResult holds = check(q);
  EXPECT_TRUE(holds.required.empty());
  EXPECT_TRUE(holds.passes());
}

// A mechanism's own per-pair claim is decided without being asked for, and refuses losses taken
// over chosen outputs, naming them as the request does.
TEST(ApiCheck, AMechanismsOwnPerPairClaimIsDecidedUnasked) {
  MechanismParameters p;
  p.name = "geometric";
  p.given = {{"grid", "3x2"}, {"exp_eps_per_unit", "2"}};
  CheckRequest q(MechanismSubject{make_mechanism(find_mechanism("geometric", "mech"),
                                                 mechanism_arguments(p, ReferenceNames::flags()))});
  const CheckResult r = check(q);
  ASSERT_TRUE(r.pairs);
  ASSERT_TRUE(r.pairs->metric_verdict);
  EXPECT_TRUE(r.pairs->metric_verdict->holds);
  EXPECT_EQ(r.pairs->metric, "manhattan on 3x2, t = 2 per unit");
  EXPECT_TRUE(r.passes());
  q.pair_outputs = IndexSelection{std::string("0"), "protected"};
  try {
    check(q);
    FAIL() << "the claim was decided over chosen outputs";
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("protected: geometric's claim", 0), 0u) << e.what();
  }
}

// The grids read their pair losses their own way (the entries' pair_losses trait), and that
// reading is the dense one's: the same ratio and first output for every pair.
TEST(ApiCheck, TheGridsReadTheirPairLossesAxisByAxisAsTheDenseReadingDoes) {
  for (const char* name : {"geometric", "geometric-euclidean"}) {
    MechanismParameters p;
    p.name = name;
    p.given = {{"grid", "3x2"}, {"eps_per_unit", "1"}};
    const MechanismSpec spec = make_mechanism(find_mechanism(name, "mech"),
                                              mechanism_arguments(p, ReferenceNames::flags()));
    CheckRequest own(MechanismSubject{spec});
    own.pairs = true;
    const CheckResult by_axes = check(own);
    CheckRequest dense =
        matrix_request(std::get<DenseForm>(exact_form(spec, FormChoice::kDense)).q);
    dense.pairs = true;
    const CheckResult by_matrix = check(dense);
    ASSERT_TRUE(by_axes.pairs && by_matrix.pairs) << name;
    EXPECT_EQ(by_axes.pairs->form, "dense, read axis by axis (Q = G_H x G_W)") << name;
    EXPECT_EQ(by_matrix.pairs->form, "dense") << name;
    const PairLossMatrix& a = by_axes.pairs->losses;
    const PairLossMatrix& b = by_matrix.pairs->losses;
    ASSERT_EQ(a.inputs(), 6u);
    ASSERT_EQ(b.inputs(), 6u);
    for (std::size_t x = 0; x < 6; ++x) {
      for (std::size_t x_prime = 0; x_prime < 6; ++x_prime) {
        EXPECT_EQ(a.at(x, x_prime).ratio, b.at(x, x_prime).ratio) << name << x << x_prime;
        EXPECT_EQ(a.at(x, x_prime).output, b.at(x, x_prime).output) << name << x << x_prime;
      }
    }
  }
}

// The hint of a matrix off 1 names the caller's way to give a tolerance, once for every caller.
TEST(ApiCheck, TheStochasticErrorNamesTheCallersToleranceOption) {
  const CheckResult r = check(matrix_request(binary64_rr()));
  const std::string error = stochastic_error(r, "--tolerance T");
  EXPECT_EQ(error.rfind("Q: row 0 sums to ", 0), 0u) << error;
  const std::string hint =
      " (rows must sum to exactly 1; --tolerance T accepts sums within T of 1)";
  EXPECT_EQ(error.substr(error.size() - hint.size()), hint);
  CheckRequest tolerant = matrix_request(binary64_rr());
  tolerant.tolerance = Rational(1, 10'000'000'000'000'000);  // 1e-16, below the rows' excess
  const CheckResult still = check(tolerant);
  ASSERT_TRUE(still.stochastic_problem);
  EXPECT_EQ(stochastic_error(still, "tolerance=T"), *still.stochastic_problem);
}

}  // namespace
}  // namespace uldp::api
