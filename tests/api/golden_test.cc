// uldp::api's golden vectors: the one writer and the one reader agree (a round trip gives the same
// file, for symbol, bit-count, per-report and PUM vectors); a corrupted file is refused naming the
// member; the comparison lists every differing estimate and blames their file or the vectors as
// it should; errors name the parameter as the request names it.
#include "uldp/api/golden.h"

#include <gtest/gtest.h>

#include <sstream>

#include "uldp/api/estimates_comparison.h"
#include "uldp/constructions/pum_population.h"
#include "uldp/error.h"
#include "uldp/estimate/estimation_model.h"
#include "uldp/mechanisms/olh/olh.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/testing/budgets.h"

namespace uldp::api {
namespace {

using nlohmann::json;
using uldp::testing::budget;

RegistryReference registry(const std::string& name, std::size_t k,
                           std::vector<std::size_t> sensitive = {}, long exp_eps = 3) {
  MechanismArguments a;
  a.k = k;
  if (!sensitive.empty()) a.sensitive = IndexSet::from_indices(sensitive, k, "sensitive");
  a.budget = budget(exp_eps);
  return RegistryReference{name, a};
}

GoldenVectors drawn(const RegistryReference& mechanism, std::uint64_t cases = 4,
                    std::uint64_t n = 500) {
  return golden_vectors(GoldenRequest(mechanism, DrawnCases{cases, 7, n}));
}

void expect_round_trip(const GoldenVectors& v) {
  const json written = to_json(v);
  const GoldenVectors read = golden_vectors_from_json(written, "v.json");
  EXPECT_EQ(to_json(read), written);
  ASSERT_EQ(read.cases.size(), v.cases.size());
  for (std::size_t i = 0; i < v.cases.size(); ++i) {
    EXPECT_EQ(read.cases[i].reports.n, v.cases[i].reports.n);
    EXPECT_EQ(read.cases[i].emp_exact, v.cases[i].emp_exact);
    EXPECT_EQ(read.cases[i].reports.bit_counts.ones, v.cases[i].reports.bit_counts.ones);
  }
}

TEST(GoldenVectorsApi, RoundTripsThroughItsOneWriterAndReader) {
  expect_round_trip(drawn(registry("urr", 5, {0, 1})));                // a histogram, with EM
  expect_round_trip(drawn(registry("oue", 6)));                        // per-bit counts, no EM
  expect_round_trip(drawn(registry("ubd-opt", 6, {0, 1, 2}), 2, 60));  // one report per user
  expect_round_trip(drawn(registry("uhr", 6, {0, 1, 2}), 2, 200));     // labelled histogram
}

// An EM gap target that is no terminating decimal is written as its fraction: read back exactly.
// Beyond the listing (the libraries' 2^32 seeds) a case is its reports, as the clients write
// them: its exact estimate is what the same lines give read back as a report file (to rounding),
// EM is omitted (no dense form to certify it against), and the vectors round-trip.
TEST(GoldenVectorsApi, DeployedEncodingsBeyondTheirListingListTheirReports) {
  RegistryReference olh = registry("olh", 8, {}, 3);
  olh.arguments.values.set(kHashSeedsParameter,
                           std::optional<std::uint64_t>(std::uint64_t{1} << 32));
  const GoldenVectors v = drawn(olh, 2, 300);
  EXPECT_NE(v.reports_form.find("seed,value"), std::string::npos) << v.reports_form;
  EXPECT_TRUE(std::holds_alternative<std::string>(v.em));
  const estimate::EstimationModel model =
      estimate::estimation_model(make_mechanism(find_mechanism("olh"), olh.arguments));
  for (const GoldenCase& g : v.cases) {
    ASSERT_EQ(g.report_list.size(), 300u);
    std::string text;
    for (const std::string& line : g.report_list) text += line + "\n";
    std::istringstream in(text);
    const std::vector<double> emp =
        estimate::empirical_estimate(model, estimate::read_report_data(in, "r.txt", model));
    ASSERT_EQ(emp.size(), g.emp.size());
    for (std::size_t x = 0; x < emp.size(); ++x) EXPECT_NEAR(emp[x], g.emp[x], 1e-12) << x;
  }
  expect_round_trip(v);
  EXPECT_THROW(golden_vectors(GoldenRequest(olh, GivenCounts{"1\n", "c.txt"})), InvalidArgument);
}

TEST(GoldenVectorsApi, AnEmGapOfOneThirdRoundTripsExactly) {
  GoldenRequest request(registry("rr", 3), DrawnCases{1, 1, 50});
  request.em_gap = Rational(1, 30);
  const GoldenVectors v = golden_vectors(request);
  EXPECT_EQ(to_json(v)["em"]["gap_target_per_report"], "1/30");
  const GoldenVectors read = golden_vectors_from_json(to_json(v), "v.json");
  EXPECT_EQ(std::get<GoldenEmSettings>(read.em).gap_target_per_report, Rational(1, 30));
  EXPECT_EQ(to_json(drawn(registry("rr", 3), 1, 50))["em"]["gap_target_per_report"], "0.000001");
}

TEST(GoldenVectorsApi, APumRoundTripsWithItsTagsAndIntermediateEstimate) {
  MechanismArguments over_x;
  over_x.k = 4;
  over_x.sensitive = IndexSet::from_indices({0}, 4, "sensitive");
  over_x.budget = budget(3);
  const MechanismSpec common =
      pum_common_mechanism(find_mechanism("urr", "common"), over_x, /*num_tags=*/1);
  const GoldenVectors v = golden_vectors(GoldenRequest(PumReference{common, {"home"}, std::nullopt},
                                                       GivenCounts{"[[10, 5, 5, 5, 20]]", "c"}));
  ASSERT_TRUE(v.pum.has_value());
  EXPECT_EQ(v.pum->tags, std::vector<std::string>{"home"});
  EXPECT_EQ(v.k, 4u);
  ASSERT_TRUE(v.cases[0].intermediate_emp_exact.has_value());
  EXPECT_EQ(v.cases[0].intermediate_emp_exact->size(), 5u);  // over Z = X + one bot
  EXPECT_EQ(v.cases[0].emp.size(), 4u);
  expect_round_trip(v);
}

TEST(GoldenVectorsApi, CorruptionsAreRefusedNamingTheMember) {
  const json good = to_json(drawn(registry("urr", 5, {0, 1})));
  const auto refused = [&](json bad, const std::string& where) {
    try {
      golden_vectors_from_json(bad, "v.json");
      ADD_FAILURE() << "accepted: " << where;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("v.json: " + where), std::string::npos) << e.what();
    }
  };
  json v = good;
  v["cases"][1]["emp"].erase(0);
  refused(v, "cases[1] (\"case-1\").emp: 4 values, expected 5");
  v = good;
  v["cases"][0]["counts"][0] = v["cases"][0]["counts"][0].get<std::uint64_t>() + 1;
  refused(v, "cases[0] (\"case-0\").counts: the counts sum to more than n");
  v = good;
  v["cases"][2]["id"] = "case-0";
  refused(v, "cases[2]: case id \"case-0\" appears twice");
  v = good;
  v["cases"][0]["emp_exact"][3] = "1/0";
  refused(v, "cases[0] (\"case-0\").emp_exact[3]");
  v = good;
  v["format"] = "uldp golden vectors 2";
  refused(v, "format");
  v = good;
  v["sensitive"] = {7};
  refused(v, "sensitive: 7 is not below k");
  v = good;
  v["cases"][0]["n"] = 0;
  refused(v, "cases[0] (\"case-0\").n: must be positive");
}

TEST(GoldenVectorsApi, TheComparisonListsEveryDifferingEstimate) {
  const GoldenVectors v = drawn(registry("urr", 5, {0, 1}));
  TheirEstimates theirs;
  for (const GoldenCase& c : v.cases) {
    std::vector<double> emp = c.emp;
    if (c.id != "case-2") emp[4] += 1e-6;  // three of the four cases differ, at item 4
    theirs[c.id] = EstimatesCase{{{"emp", emp}, {"em", c.em->p}}, "theirs: " + c.id};
  }
  const EstimatesComparison r = compare_estimates(v, theirs);
  EXPECT_EQ(r.verdict, EstimatesVerdict::kMismatch);
  EXPECT_EQ(r.compared, 8u);
  ASSERT_EQ(r.mismatches.size(), 3u);
  EXPECT_EQ(r.mismatches[0].case_id, "case-0");
  EXPECT_EQ(r.mismatches[2].case_id, "case-3");
  EXPECT_EQ(r.mismatches[2].item, 4u);
  EXPECT_EQ(to_json(r)["mismatches"].size(), 3u);
  EXPECT_NE(to_text(r).find("2 more of the 8 estimates differ: case case-1 emp item 4, case "
                            "case-3 emp item 4"),
            std::string::npos)
      << to_text(r);
  // Within the tolerance they match.
  EstimatesComparisonRequest loose;
  loose.tolerance = 1e-5;
  EXPECT_TRUE(compare_estimates(v, theirs, loose).matches());
}

TEST(GoldenVectorsApi, TheirMissingCasesMakeItIncompleteAndTheirErrorsNameThem) {
  const GoldenVectors v = drawn(registry("rr", 4));
  TheirEstimates theirs;
  theirs["case-1"] = EstimatesCase{{{"emp", v.cases[1].emp}}, "theirs.json: cases[0]"};
  const EstimatesComparison r = compare_estimates(v, theirs);
  EXPECT_EQ(r.verdict, EstimatesVerdict::kIncomplete);
  EXPECT_EQ(r.missing, (std::vector<std::string>{"case-0", "case-2", "case-3"}));
  theirs["case-1"].values["emp"].pop_back();
  EXPECT_THROW(
      {
        try {
          compare_estimates(v, theirs);
        } catch (const InputError& e) {
          EXPECT_STREQ(e.what(), "theirs.json: cases[0]: emp: 3 values, k = 4");
          throw;
        }
      },
      InputError);
  theirs.clear();
  theirs["case-9"] = EstimatesCase{{{"emp", v.cases[1].emp}}, "theirs.json: cases[0]"};
  EXPECT_THROW(compare_estimates(v, theirs), InputError);
}

// Comparing nothing must not pass: an estimator the comparison does not know, or a case with
// none, is refused (a server returning {} or {"EMP": ...} matched, compared == 0).
TEST(GoldenVectorsApi, TheirUnknownOrMissingEstimatorsAreRefused) {
  const GoldenVectors v = drawn(registry("rr", 4), 1);
  TheirEstimates theirs;
  theirs["case-0"] = EstimatesCase{{{"EMP", v.cases[0].emp}}, "theirs: case-0"};
  EXPECT_THROW(compare_estimates(v, theirs), InputError);
  theirs["case-0"] = EstimatesCase{{}, "theirs: case-0"};
  EXPECT_THROW(compare_estimates(v, theirs), InputError);
}

TEST(GoldenVectorsApi, ErrorsNameTheParameter) {
  const auto message = [](const GoldenRequest& r) {
    try {
      golden_vectors(r);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(message(GoldenRequest(registry("rr", 4), DrawnCases{0, 1, std::nullopt})),
            "cases: must be in [1, 1000]");
  EXPECT_EQ(message(GoldenRequest(registry("rr", 200), DrawnCases{1, 1, std::nullopt})),
            "k: 200 exceeds the limit 128");
  GoldenRequest significance(registry("rr", 4), DrawnCases{1, 1, std::nullopt});
  significance.significance = 1;
  EXPECT_EQ(message(significance), "significance: 1 is not a significance level in (0, 1)");
  EXPECT_EQ(message(GoldenRequest(registry("ubd-opt", 6, {0, 1, 2}), GivenCounts{"1\n", "c"}))
                .substr(0, 12),
            "from_counts:");
  EXPECT_EQ(
      message(GoldenRequest(registry("rr", 3), GivenCounts{"1\n2\n-3\n", "c.txt"})).substr(0, 8),
      "c.txt:3:");
}

}  // namespace
}  // namespace uldp::api
