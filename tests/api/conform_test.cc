// uldp::api's conformance workflows on test doubles: samples tested at once and a client driven
// look by look give the same verdicts; the sequential test tallies each sample once (its tallies
// equal those of the whole file); a finding comes with the diagnosis; errors name the parameter
// as the request names it. Fixed seeds make every run identical.
#include "uldp/api/conform.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>

#include "uldp/error.h"
#include "uldp/estimate/random.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/testing/budgets.h"
#include "uldp/testing/client_doubles.h"

namespace uldp::api {
namespace {

using estimate::Conformance;
using estimate::uniform01;
using estimate::Xoshiro256;
using uldp::testing::budget;

RegistryReference urr_reference(std::uint64_t exp_eps = 3) {
  MechanismArguments a;
  a.k = 5;
  a.sensitive = IndexSet::from_indices({0, 1}, 5, "sensitive");
  a.budget = budget(static_cast<long>(exp_eps));
  return {"urr", a};
}

ClientFunction urr_function(std::uint64_t seed, double leak) {
  auto rng = std::make_shared<Xoshiro256>(seed);
  return [rng, leak](std::span<const std::uint32_t> inputs) {
    std::vector<std::string> outputs;
    for (std::uint32_t x : inputs) outputs.push_back(uldp::testing::urr_double(x, *rng, leak));
    return outputs;
  };
}

TEST(ApiConform, ACorrectClientConformsAndItsSamplesSayTheSame) {
  const ConformClientRequest request(urr_reference(), "urr double");
  SequentialConformance test(request);
  const ClientFunction client = urr_function(20261128, 0);
  while (!test.decided()) test.add_outputs(client(test.next_inputs()));
  const ConformResult sequential = test.result();
  ASSERT_TRUE(sequential.sequential);
  EXPECT_EQ(sequential.report.verdict, Conformance::kConforms) << to_text(sequential);
  EXPECT_GE(sequential.sequential->looks.size(), 2u);  // 64 per input cannot reach 0.05

  // The tallies added look by look equal those of all samples read at once.
  const std::string samples = test.samples();
  ConformSamplesRequest whole(
      urr_reference(), [samples] { return std::make_unique<std::istringstream>(samples); }, "all");
  whole.false_alarm = sequential.sequential->look_alpha;
  whole.demand = request.demand;
  const ConformResult at_once = conform_samples(whole);
  EXPECT_EQ(at_once.tallies.n, sequential.tallies.n);
  EXPECT_EQ(at_once.tallies.per_input, sequential.tallies.per_input);
  EXPECT_EQ(at_once.tallies.symbol_counts, sequential.tallies.symbol_counts);
  EXPECT_EQ(at_once.report.min_p_value, sequential.report.min_p_value);
  EXPECT_EQ(at_once.report.verdict, sequential.report.verdict);
  EXPECT_FALSE(at_once.diagnosis);
  EXPECT_NE(to_text(sequential).find("verdict: conforms at that resolution"), std::string::npos);
  EXPECT_EQ(to_json(sequential)["sequential"]["looks"].size(), sequential.sequential->looks.size());
}

// The planned spending: a correct client conforms at the planned look, the fewest samples per
// input whose resolution at 3/4 alpha meets the demand, within 5 % of the fixed-size plan at
// alpha; the halving spending doubles past it. The looks' levels never sum above alpha.
TEST(ApiConform, APlannedLookCostsACorrectClientAboutTheFixedPlan) {
  for (const double alpha : {0.05, 1e-6}) {
    ConformClientRequest request(urr_reference(), "urr double");
    request.false_alarm = alpha;
    request.excess = 0;  // the looks alone, at the whole alpha (targeted_conform_test: the split)
    const ConformResult planned = conform_client(request, urr_function(20261129, 0));
    ASSERT_EQ(planned.report.verdict, Conformance::kConforms) << to_text(planned);
    ASSERT_TRUE(planned.sequential && planned.sequential->planned_look);
    const std::uint64_t planned_look = *planned.sequential->planned_look;
    const ConformReference reference = build_reference(urr_reference());
    EXPECT_EQ(planned_look,
              estimate::per_input_for_demand(reference.model, 0.75 * alpha, request.demand));
    EXPECT_EQ(planned.sequential->looks.back(), planned_look);
    for (std::size_t i = 0; i + 1 < planned.sequential->looks.size(); ++i)
      EXPECT_EQ(planned.sequential->looks[i], std::uint64_t{64} << i);
    EXPECT_EQ(planned.sequential->look_alphas.back(), 0.75 * alpha);
    double spent = 0;
    for (const double level : planned.sequential->look_alphas) spent += level;
    EXPECT_LE(spent, alpha);

    ConformPlanRequest fixed(urr_reference());
    fixed.false_alarm = alpha;
    fixed.power = request.demand.power;
    fixed.resolution = request.demand.resolution;
    const std::uint64_t plan = plan_conformance_run(fixed).plan.per_input_for_delta;
    EXPECT_LE(static_cast<double>(planned_look), 1.05 * static_cast<double>(plan));
    EXPECT_NE(to_text(planned).find("planned: the look at " + std::to_string(planned_look)),
              std::string::npos)
        << to_text(planned);
    EXPECT_EQ(to_json(planned)["sequential"]["spending"], "planned");

    request.spending = AlphaSpending::kHalving;
    const ConformResult halving = conform_client(request, urr_function(20261129, 0));
    ASSERT_EQ(halving.report.verdict, Conformance::kConforms) << to_text(halving);
    EXPECT_FALSE(halving.sequential->planned_look);
    for (std::size_t j = 0; j < halving.sequential->looks.size(); ++j) {
      EXPECT_EQ(halving.sequential->looks[j], std::uint64_t{64} << j);
      EXPECT_EQ(halving.sequential->look_alphas[j], alpha / std::exp2(j + 1));
    }
    // What the planned look saves: halving costs 2.45 times the plan at 0.05, 1.9 at 1e-6.
    EXPECT_GT(static_cast<double>(halving.sequential->looks.back()),
              1.5 * static_cast<double>(plan));
  }
}

TEST(ApiConform, AnAlphaSpendingIsNamedOrRefused) {
  EXPECT_EQ(parse_alpha_spending("planned", "--spending"), AlphaSpending::kPlanned);
  EXPECT_EQ(parse_alpha_spending("halving", "--spending"), AlphaSpending::kHalving);
  EXPECT_STREQ(alpha_spending_name(AlphaSpending::kHalving), "halving");
  try {
    parse_alpha_spending("pocock", "--spending");
    FAIL() << "an unknown spending was accepted";
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(), "--spending: 'pocock' is not an alpha spending: planned or halving");
  }
}

// The early looks keep stopping a faulty client early under the planned spending.
TEST(ApiConform, AnEarlyLookStillStopsALeak) {
  const ConformResult r =
      conform_client(ConformClientRequest(urr_reference(), "leaky double"), urr_function(7, 0.05));
  ASSERT_TRUE(r.sequential);
  EXPECT_EQ(r.sequential->looks, std::vector<std::uint64_t>{64}) << to_text(r);
  // The looks' half of alpha beside the targeted stage, of which the first look spends 1/8.
  EXPECT_EQ(r.sequential->look_alphas, std::vector<double>{0.05 / 2 / 8});
}

TEST(ApiConform, ALeakIsAViolationWithTheLineOfTheFirstImpossibleOutput) {
  const ConformResult r =
      conform_client(ConformClientRequest(urr_reference(), "leaky double"), urr_function(7, 0.05));
  EXPECT_EQ(r.report.verdict, Conformance::kViolates) << to_text(r);
  ASSERT_TRUE(r.tallies.first_impossible_line);
  EXPECT_GT(r.tallies.impossible, 0u);
  // Line numbers run on across looks: the line names the sample in test.samples().
  EXPECT_NE(r.tallies.first_impossible.find("y = 4"), std::string::npos);
  EXPECT_TRUE(r.diagnosis);
}

TEST(ApiConform, TheDiagnosisFindsAnotherBudget) {
  // A client run at t = 6, declared at t = 3.
  const ConformResult r = conform_client(ConformClientRequest(urr_reference(3), "t=6 double"), [] {
    auto rng = std::make_shared<Xoshiro256>(11);
    return [rng](std::span<const std::uint32_t> inputs) {
      std::vector<std::string> out;
      for (std::uint32_t x : inputs) {
        const double u = uniform01(*rng);  // t = 6: c1 = 6/7, c2 = 1/7, c3 = 5/7
        if (x <= 1) {
          out.push_back(u < 6.0 / 7 ? std::to_string(x) : std::to_string(1 - x));
        } else {
          out.push_back(u < 1.0 / 7 ? "0" : u < 2.0 / 7 ? "1" : std::to_string(x));
        }
      }
      return out;
    };
  }());
  EXPECT_NE(r.report.verdict, Conformance::kConforms) << to_text(r);
  ASSERT_TRUE(r.diagnosis);
  ASSERT_TRUE(r.diagnosis->fitted_exp_eps) << to_text(r);
  EXPECT_LE(r.diagnosis->fitted_exp_eps->first, 6.0);
  EXPECT_GE(r.diagnosis->fitted_exp_eps->second, 6.0);
}

// A uRR client run at eps = 2 and declared at eps = 1: e^2 fell between the points of the old
// grid of ratio 2^(1/8), and the diagnosis said no reading fits. Fitted, the budget is found and
// the range the fit test accepts holds e^2 but not the claim.
TEST(ApiConform, TheDiagnosisFitsABudgetBetweenGridPoints) {
  const double t = std::exp(2.0);  // c1 = t/(t+1), c2 = 1/(t+1), c3 = (t-1)/(t+1) for |X_S| = 2
  MechanismArguments a;
  a.k = 5;
  a.sensitive = IndexSet::from_indices({0, 1}, 5, "sensitive");
  a.budget = PrivacyBudget::from_epsilon(Rational(1));
  auto rng = std::make_shared<Xoshiro256>(2026);
  std::string samples;
  for (int i = 0; i < 40000; ++i) {
    const std::uint32_t x = static_cast<std::uint32_t>(i % 5);
    const double u = uniform01(*rng);
    std::string y;
    if (x <= 1) {
      y = u < t / (t + 1) ? std::to_string(x) : std::to_string(1 - x);
    } else {
      y = u < 1 / (t + 1) ? "0" : u < 2 / (t + 1) ? "1" : std::to_string(x);
    }
    samples += std::to_string(x) + "," + y + "\n";
  }
  ConformSamplesRequest request(
      RegistryReference{"urr", a},
      [samples] { return std::make_unique<std::istringstream>(samples); }, "eps2 double");
  const ConformResult r = conform_samples(request);
  EXPECT_NE(r.report.verdict, Conformance::kConforms) << to_text(r);
  ASSERT_TRUE(r.diagnosis);
  ASSERT_TRUE(r.diagnosis->fitted_exp_eps && r.diagnosis->best_exp_eps) << to_text(r);
  EXPECT_LE(r.diagnosis->fitted_exp_eps->first, t) << to_text(r);
  EXPECT_GE(r.diagnosis->fitted_exp_eps->second, t) << to_text(r);
  EXPECT_GT(r.diagnosis->fitted_exp_eps->first, std::exp(1.0)) << to_text(r);
  // The estimate is near e^2: 8000 samples per input pin it within about 10 % (the accepted
  // range's width at this size).
  EXPECT_NEAR(*r.diagnosis->best_exp_eps, t, 0.1 * t) << to_text(r);
  EXPECT_NE(to_text(r).find("best at e^eps"), std::string::npos);
}

// uRAP at the l2-optimal θ: θ* depends on the budget, so the diagnosis's other budgets are
// tried with the θ* of each (the θ of the declared budget would be another mechanism).
TEST(ApiConform, TheDiagnosisResolvesAnOptimalThetaAtEveryBudget) {
  const MechanismEntry& urap = find_mechanism("urap", "mech");
  auto arguments_at = [&](long t) {
    MechanismArguments a;
    a.k = 4;
    a.sensitive = IndexSet::from_indices({0, 1}, 4, "sensitive");
    a.budget = budget(t);
    a.values.set(kThetaParameter, std::optional<Probability>(resolve_theta("optimal", urap, a)));
    return a;
  };
  // The client: uRAP at t = 8 with its own θ*, drawn from its exact rows over the 16 outputs.
  const DenseForm run_at =
      std::get<DenseForm>(exact_form(make_mechanism(urap, arguments_at(8)), FormChoice::kDense));
  auto rng = std::make_shared<Xoshiro256>(5);
  const ClientFunction client = [&run_at, rng](std::span<const std::uint32_t> inputs) {
    std::vector<std::string> out;
    for (const std::uint32_t x : inputs) {
      double u = uniform01(*rng);
      std::size_t y = 0;
      while (y + 1 < run_at.q.num_outputs() && (u -= to_double(run_at.q(x, y))) >= 0) ++y;
      out.push_back(run_at.q.output_labels()[y]);
    }
    return out;
  };
  ConformClientRequest request(RegistryReference{"urap", arguments_at(2), "optimal"}, "c");
  request.max_samples = 400'000;
  const ConformResult r = conform_client(request, client);
  ASSERT_NE(r.report.verdict, Conformance::kConforms) << to_text(r);
  ASSERT_TRUE(r.diagnosis);
  ASSERT_TRUE(r.diagnosis->fitted_exp_eps) << to_text(r);
  EXPECT_LE(r.diagnosis->fitted_exp_eps->first, 8.0) << to_text(r);
  EXPECT_GE(r.diagnosis->fitted_exp_eps->second, 8.0) << to_text(r);
}

// OUE claimed at e^eps = 8/3 whose client draws the other bits with 1/(t'+1) for t' = 5.37
// instead of 1/(t+1): its tight ratio (1 - q')/q' is 5.37, twice the claim (the bug a Python
// library shipped: a unary client that pre-noises with the wrong budget). The fit is rejected
// first; the run looks on and names the break.
ClientFunction prenoising_oue_client(std::uint64_t seed, std::size_t k, double true_exp_eps,
                                     const DenseForm& labels_of) {
  auto rng = std::make_shared<Xoshiro256>(seed);
  const double other = 1 / (true_exp_eps + 1);
  return [rng, k, other, &labels_of](std::span<const std::uint32_t> inputs) {
    std::vector<std::string> out;
    for (const std::uint32_t x : inputs) {
      std::size_t y = 0;
      for (std::size_t j = 0; j < k; ++j) {
        const double one = j == x ? 0.5 : other;
        if (uniform01(*rng) < one) y |= std::size_t{1} << j;
      }
      out.push_back(labels_of.q.output_labels()[y]);
    }
    return out;
  };
}

// A unary client whose θ is neither OUE's 1/2 nor SUE's (here 4/5, the rest of the channel that
// of rappor at the claimed budget): the diagnosis fits θ, and the range it accepts holds 4/5 and
// not the reference's 1/2.
TEST(ApiConform, TheDiagnosisFitsTheta) {
  MechanismArguments a;
  a.k = 4;
  a.budget = budget(4);
  MechanismArguments client_arguments = a;
  client_arguments.values.set(kThetaParameter,
                              std::optional<Probability>(Probability::parse("4/5", "theta")));
  const DenseForm client = std::get<DenseForm>(
      exact_form(make_mechanism(find_mechanism("rappor"), client_arguments), FormChoice::kDense));
  auto rng = std::make_shared<Xoshiro256>(41);
  const ClientFunction sampler = [rng, &client](std::span<const std::uint32_t> inputs) {
    std::vector<std::string> out;
    for (const std::uint32_t x : inputs) {
      double u = uniform01(*rng);
      std::size_t y = 0;
      while (y + 1 < client.q.num_outputs() && u >= to_double(client.q(x, y))) {
        u -= to_double(client.q(x, y));
        ++y;
      }
      out.push_back(client.q.output_labels()[y]);
    }
    return out;
  };
  ConformClientRequest request(RegistryReference{"oue", a}, "theta 4/5 double");
  request.false_alarm = 1e-6;
  const ConformResult r = conform_client(request, sampler);
  ASSERT_NE(r.report.verdict, Conformance::kConforms) << to_text(r);
  ASSERT_TRUE(r.diagnosis && r.diagnosis->fitted_theta && r.diagnosis->claimed_theta) << to_text(r);
  EXPECT_LE(r.diagnosis->fitted_theta->first, 0.8) << to_text(r);
  EXPECT_GE(r.diagnosis->fitted_theta->second, 0.8) << to_text(r);
  EXPECT_EQ(*r.diagnosis->claimed_theta, 0.5);
  EXPECT_GT(r.diagnosis->fitted_theta->first, 0.5) << to_text(r);
  EXPECT_NE(to_text(r).find("not at the reference's 0.5"), std::string::npos) << to_text(r);
}

TEST(ApiConform, ABreakBehindADeviationIsNamedAViolation) {
  MechanismArguments a;
  a.k = 4;
  a.budget = PrivacyBudget::from_exp_eps(Rational(8, 3), "exp_eps");
  const DenseForm oue =
      std::get<DenseForm>(exact_form(make_mechanism(find_mechanism("oue"), a), FormChoice::kDense));
  for (const std::uint64_t seed : {1, 2, 3}) {
    ConformClientRequest request(RegistryReference{"oue", a}, "pre-noising oue");
    request.false_alarm = 1e-6;  // the testing default
    // The targeted stage names this client before any look deviates (below); the looks alone
    // show what the break search adds.
    const ConformResult targeted =
        conform_client(request, prenoising_oue_client(seed, 4, 5.37, oue));
    EXPECT_EQ(targeted.report.verdict, Conformance::kViolates) << to_text(targeted);
    ASSERT_TRUE(targeted.targeted);
    EXPECT_EQ(targeted.targeted->outcome, estimate::TargetedOutcome::kViolates);
    EXPECT_LT(targeted.samples_drawn(), 4000u) << to_text(targeted);
    request.excess = 0;
    const ConformResult r = conform_client(request, prenoising_oue_client(seed, 4, 5.37, oue));
    EXPECT_EQ(r.report.verdict, Conformance::kViolates) << to_text(r);
    ASSERT_TRUE(r.sequential);
    EXPECT_LE(r.sequential->looks.back(), 5000u) << to_text(r);
    EXPECT_TRUE(r.sequential->deviation_look) << to_text(r);
    EXPECT_GT(r.report.exp_eps_lower_bound, 8.0 / 3) << to_text(r);
    EXPECT_NE(to_text(r).find("break search"), std::string::npos);
    // Without the search the run stops at its first finding, a mere deviation.
    request.violation_search = 0;
    const ConformResult first = conform_client(request, prenoising_oue_client(seed, 4, 5.37, oue));
    EXPECT_EQ(first.report.verdict, Conformance::kDeviates) << to_text(first);
  }
}

// A correct client is not made to sample more: no deviation, no search.
TEST(ApiConform, ACorrectClientNeverSearches) {
  const ConformResult r = conform_client(ConformClientRequest(urr_reference(), "urr double"),
                                         urr_function(20261128, 0));
  ASSERT_TRUE(r.sequential);
  EXPECT_FALSE(r.sequential->deviation_look);
  EXPECT_EQ(to_text(r).find("break search"), std::string::npos);
}

// Issue 53: a deviation whose break search finds nothing more: the result counts every sample the
// client was asked for, the break search's too (the verdict's tallies may be an earlier look's).
TEST(ApiConform, TheResultCountsEverySampleDrawnIncludingTheBreakSearch) {
  MechanismArguments a;
  a.k = 5;
  a.budget = PrivacyBudget::from_exp_eps(Rational(3), "exp_eps");
  std::mt19937_64 rng(53);
  std::uint64_t asked = 0;
  // GRR at t = 3 favouring x + 1 among the other values (2.5/7 on x, 1.5/7 on x + 1, 1/7 on each
  // other): a deviation, every ratio at most 2.5 (within the claim), so the break search finds
  // nothing.
  const ClientFunction skewed = [&](std::span<const std::uint32_t> inputs) {
    std::vector<std::string> out;
    for (const std::uint32_t x : inputs) {
      ++asked;
      const double u = std::uniform_real_distribution<double>(0, 7)(rng);
      const std::uint32_t step = u < 2.5 ? 0 : u < 4 ? 1 : 2 + static_cast<std::uint32_t>(u - 4);
      out.push_back(std::to_string((x + step) % 5));
    }
    return out;
  };
  ConformClientRequest request(RegistryReference{"rr", a}, "skewed");
  request.false_alarm = 1e-6;
  const ConformResult r = conform_client(request, skewed);
  ASSERT_EQ(r.report.verdict, Conformance::kDeviates) << to_text(r);
  ASSERT_TRUE(r.sequential && r.sequential->deviation_look) << to_text(r);
  EXPECT_EQ(r.samples_drawn(), asked);
  // The looks' 8192 per input and the targeted stage's pairs (which rule the excess out).
  ASSERT_TRUE(r.targeted);
  EXPECT_EQ(r.targeted->outcome, estimate::TargetedOutcome::kRuledOut) << to_text(r);
  EXPECT_EQ(asked, 5u * 8192 + 2 * r.targeted->pairs_drawn);
  EXPECT_EQ(r.sequential->looks_drawn, 5 * r.sequential->looks.back());
  // The report, its JSON and (through them) Python and GoogleTest state the samples drawn.
  EXPECT_NE(to_text(r).find("  " + std::to_string(asked) + " samples drawn"), std::string::npos)
      << to_text(r);
  EXPECT_EQ(to_json(r)["samples_drawn"], asked);
  // Samples tested at once: drawn is what was tallied.
  ConformSamplesRequest at_once(
      RegistryReference{"rr", a}, [] { return std::make_unique<std::istringstream>("0,0\n1,1\n"); },
      "two");
  EXPECT_EQ(conform_samples(at_once).samples_drawn(), 2u);
}

TEST(ApiConform, ErrorsNameTheParameterAsTheRequestNamesIt) {
  ConformClientRequest request(urr_reference(), "c");
  request.max_samples = 3;
  request.max_samples_name = "--max-samples";
  try {
    SequentialConformance test(request);
    FAIL() << "3 samples for 5 inputs were accepted";
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(), "--max-samples: 3 cannot give each of the 5 inputs a sample");
  }
  request.max_samples = 1000;
  request.false_alarm = 1;
  EXPECT_THROW(SequentialConformance{request}, InvalidArgument);
  // A client that answers with fewer outputs than inputs.
  request.false_alarm = 0.05;
  SequentialConformance test(request);
  const std::vector<std::string> short_answer = {"0"};
  EXPECT_THROW(test.add_outputs(short_answer), InvalidArgument);
}

// An output that is no label is named by its sample among all the samples (not within its look),
// its input and the text received, with the forms the reference's outputs take.
TEST(ApiConform, ABadOutputIsNamedByItsSampleOverAllLooks) {
  ConformClientRequest request(urr_reference(), "c");
  request.first_look = 1;
  request.excess = 0;  // the looks alone: 5 samples a round
  SequentialConformance test(request);
  const std::vector<std::string> first = {"0", "1", "2", "3", "4"};  // lines 1-5
  test.add_outputs(first);
  ASSERT_FALSE(test.decided());
  ASSERT_EQ(test.next_inputs().size(), 5u);  // the second look: one more sample per input
  const std::vector<std::string> second = {"0", "1", "zzz", "3", "4"};  // "zzz" is line 8
  try {
    test.add_outputs(second);
    FAIL() << "an output that is no label was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "c: sample 8 (input x = 2) returned 'zzz', which is no output of urr: urr's outputs "
              "are 0..4");
  }
  SequentialConformance smuggler(request);
  const std::vector<std::string> with_line_end = {"0", "1\n0,0", "2", "3", "4"};
  try {
    smuggler.add_outputs(with_line_end);
    FAIL() << "an output with a line end was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("c: sample 2 (input x = 1) returned '1", 0), 0u)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("', which holds a line end; an output is one line"),
              std::string::npos)
        << e.what();
  }
  request.first_look = 0;
  EXPECT_THROW(SequentialConformance{request}, InvalidArgument);
}

TEST(ApiConform, APlanNamesTheSamplesPerInput) {
  ConformPlanRequest plan_request(urr_reference());
  plan_request.resolution = 0.05;
  const ConformPlanResult plan = plan_conformance_run(plan_request);
  EXPECT_GT(plan.plan.per_input_for_delta, 0u);
  EXPECT_NE(to_text(plan).find("conform plan for urr"), std::string::npos) << to_text(plan);
  EXPECT_EQ(to_json(plan)["mechanism"], "urr");
}

// The 2025 uBD reference encoder's mixture mode, as its bug acts (issue 52): a sensitive user
// never reports a block of size 2 holding its own value; that mass goes to its other blocks of
// size 2, so every size's total stays right. The memberships see it at 2000 samples per input
// (about 302 own blocks of size 2 expected per input, none drawn), where the issue found the
// output histogram alone to need 400,000 samples. The correct rows, drawn the same way, conform.
TEST(ApiConform, AClientThatNeverReportsItsOwnValueInBlocksOfOneSizeIsCaught) {
  MechanismArguments a;
  a.k = 20;
  a.sensitive = IndexSet::first(6, 20);
  a.budget = PrivacyBudget::from_epsilon(Rational(2));
  const DenseForm correct = std::get<DenseForm>(
      exact_form(make_mechanism(find_mechanism("ubd-opt"), a), FormChoice::kDense));
  const std::vector<std::string> labels = correct.q.output_labels();
  const auto members = [&](std::size_t y) {
    std::vector<std::size_t> m;
    if (labels[y].front() != '{') return m;
    std::istringstream in(labels[y].substr(1));
    for (std::size_t v; in >> v; in.ignore()) m.push_back(v);
    return m;
  };
  // Row x of the buggy encoder, in doubles: own blocks of size 2 emptied onto the others.
  const auto row = [&](std::size_t x, bool faulty) {
    std::vector<double> p(correct.q.num_outputs());
    double own = 0, others = 0;
    for (std::size_t y = 0; y < p.size(); ++y) {
      p[y] = to_double(correct.q(x, y));
      const std::vector<std::size_t> m = members(y);
      if (m.size() != 2) continue;
      (std::find(m.begin(), m.end(), x) != m.end() ? own : others) += p[y];
    }
    if (!faulty || !a.sensitive->contains(x)) return p;
    for (std::size_t y = 0; y < p.size(); ++y) {
      const std::vector<std::size_t> m = members(y);
      if (m.size() != 2) continue;
      p[y] = std::find(m.begin(), m.end(), x) != m.end() ? 0 : p[y] * (own + others) / others;
    }
    return p;
  };
  const auto samples = [&](bool faulty) {
    Xoshiro256 rng(52);
    std::string lines;
    for (std::size_t x = 0; x < a.k; ++x) {
      const std::vector<double> p = row(x, faulty);
      for (int i = 0; i < 2000; ++i) {
        double u = uniform01(rng);
        std::size_t y = 0;
        while (y + 1 < p.size() && (u -= p[y]) >= 0) ++y;
        lines += std::to_string(x) + ",\"" + labels[y] + "\"\n";
      }
    }
    return lines;
  };
  const auto run = [&](bool faulty) {
    ConformSamplesRequest request(
        RegistryReference{"ubd-opt", a},
        [text = samples(faulty)] { return std::make_unique<std::istringstream>(text); }, "mixture");
    return conform_samples(request);
  };
  const ConformResult right = run(false);
  EXPECT_EQ(right.report.verdict, Conformance::kConforms) << to_text(right);
  const ConformResult buggy = run(true);
  EXPECT_NE(buggy.report.verdict, Conformance::kConforms) << to_text(buggy);
  EXPECT_TRUE(buggy.report.fit_rejected) << to_text(buggy);
  EXPECT_NE(buggy.report.worst_test.find("blocks holding x and not, by size"), std::string::npos)
      << to_text(buggy);
}

}  // namespace
}  // namespace uldp::api
