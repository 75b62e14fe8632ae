// golden --with-reports: every case's reports listed one by one, which read as a report file
// give back exactly the case's counts, for every form of report.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "uldp/api/golden.h"
#include "uldp/error.h"
#include "uldp/estimate/estimation_model.h"
#include "uldp/estimate/report_file.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/testing/budgets.h"

namespace uldp::api {
namespace {

RegistryReference registry(const std::string& name, std::size_t k,
                           std::vector<std::size_t> sensitive = {}) {
  MechanismArguments a;
  a.k = k;
  if (!sensitive.empty()) a.sensitive = IndexSet::from_indices(sensitive, k, "sensitive");
  a.budget = uldp::testing::budget(3);
  if (name == "ubd") a.values.set(kBlockParameter, std::optional<std::uint64_t>(2));
  return RegistryReference{name, a};
}

GoldenVectors with_reports(const RegistryReference& mechanism, std::uint64_t n = 300) {
  GoldenRequest request(mechanism, DrawnCases{4, 9, n});
  request.with_reports = true;
  return golden_vectors(request);
}

// The listed reports read back as a report file of the mechanism.
estimate::ReportData read_back(const RegistryReference& mechanism, const GoldenCase& g) {
  const MechanismSpec spec = find_mechanism(mechanism.name).make(mechanism.arguments);
  const estimate::EstimationModel model = estimate::estimation_model(spec);
  std::ostringstream lines;
  for (const std::string& line : g.report_list) lines << line << "\n";
  std::istringstream in(lines.str());
  return estimate::read_reports(in, g.id, estimate::report_size(model),
                                estimate::reports_are_bit_vectors(model),
                                estimate::report_labels(model));
}

TEST(GoldenReports, TheListedReportsAreExactlyTheCasesCounts) {
  for (const RegistryReference& m :
       {registry("rr", 4), registry("urr", 5, {0, 1}), registry("uhr", 6, {0, 1, 2}),
        registry("oue", 5), registry("urap", 5, {0, 1}), registry("ubd", 6, {0, 1, 2, 3}),
        registry("uss", 6, {0, 1, 2}), registry("ubd-opt", 6, {0, 1, 2})}) {
    SCOPED_TRACE(m.name);
    const GoldenVectors v = with_reports(m);
    for (const GoldenCase& g : v.cases) {
      ASSERT_EQ(g.report_list.size(), g.reports.n);
      const estimate::ReportData read = read_back(m, g);
      EXPECT_EQ(read.n, g.reports.n);
      if (g.reports.bit_vectors) {
        EXPECT_EQ(read.bit_counts.ones, g.reports.bit_counts.ones);
      } else {
        EXPECT_EQ(read.symbol_counts, g.reports.symbol_counts);
      }
    }
  }
}

TEST(GoldenReports, OnlyUnaryEncodingsAreDrawnDifferentlyWhenListed) {
  const auto counts_of = [](const GoldenVectors& v) {
    std::vector<std::vector<std::uint64_t>> out;
    for (const GoldenCase& g : v.cases)
      out.push_back(g.reports.bit_vectors ? g.reports.bit_counts.ones : g.reports.symbol_counts);
    return out;
  };
  const auto plain = [](const RegistryReference& m) {
    return golden_vectors(GoldenRequest(m, DrawnCases{4, 9, 300}));
  };
  for (const RegistryReference& m : {registry("urr", 5, {0, 1}), registry("uhr", 6, {0, 1, 2}),
                                     registry("ubd", 6, {0, 1, 2, 3})}) {
    EXPECT_EQ(counts_of(with_reports(m)), counts_of(plain(m))) << m.name;
  }
  EXPECT_NE(counts_of(with_reports(registry("oue", 5))), counts_of(plain(registry("oue", 5))));
  EXPECT_TRUE(plain(registry("urr", 5, {0, 1})).cases[0].report_list.empty());
}

// Listed bit vectors have their likelihood: EM on them is certified (likelihood gap and distance
// to the MLE) against the dense form, so an IBU/EM server of unary encoding can be tested; and
// an EM run of the estimation layer on the listed reports lands within that distance.
TEST(GoldenReports, ListedBitVectorsHaveCertifiedEm) {
  for (const RegistryReference& m :
       {registry("rappor", 4), registry("oue", 5), registry("sue", 4), registry("urap", 5, {0, 1}),
        registry("uoue", 5, {0, 1}), registry("ubd", 6, {0, 1, 2, 3}),
        registry("uss", 6, {0, 1, 2})}) {
    SCOPED_TRACE(m.name);
    const GoldenVectors v = with_reports(m, 2000);
    ASSERT_TRUE(std::holds_alternative<GoldenEmSettings>(v.em)) << std::get<std::string>(v.em);
    const MechanismSpec spec = find_mechanism(m.name).make(m.arguments);
    const estimate::EstimationModel model = estimate::estimation_model(spec);
    for (const GoldenCase& g : v.cases) {
      ASSERT_TRUE(g.em);
      EXPECT_TRUE(g.em->certified) << g.id;
      ASSERT_TRUE(g.em->distance);
      estimate::EmOptions tight;
      tight.stop = 1e-12;
      const estimate::EmResult ours = estimate::em_estimate(model, read_back(m, g), tight);
      double squared = 0;
      for (std::size_t x = 0; x < ours.p.size(); ++x)
        squared += (ours.p[x] - g.em->p[x]) * (ours.p[x] - g.em->p[x]);
      // Both near the MLE: the golden vector within its certified distance, ours by its stop.
      EXPECT_LE(std::sqrt(squared), *g.em->distance + 1e-3) << g.id;
    }
  }
  // Without the listed reports, per-bit counts do not determine the likelihood.
  const GoldenVectors counts =
      golden_vectors(GoldenRequest(registry("oue", 5), DrawnCases{1, 9, 300}));
  ASSERT_TRUE(std::holds_alternative<std::string>(counts.em));
  EXPECT_NE(std::get<std::string>(counts.em).find("with_reports"), std::string::npos);
}

TEST(GoldenReports, TheListRoundTripsAndAShortListIsRefused) {
  const GoldenVectors v = with_reports(registry("urr", 5, {0, 1}), 40);
  nlohmann::json j = to_json(v);
  EXPECT_EQ(golden_vectors_from_json(j, "v.json").cases[1].report_list, v.cases[1].report_list);
  j["cases"][1]["report_list"].erase(0);
  EXPECT_THROW(
      {
        try {
          golden_vectors_from_json(j, "v.json");
        } catch (const InputError& e) {
          EXPECT_NE(std::string(e.what()).find("case-1\").report_list: expected n = 40"),
                    std::string::npos)
              << e.what();
          throw;
        }
      },
      InputError);
}

TEST(GoldenReports, GivenBitCountsAndHugeListsAreRefused) {
  GoldenRequest given(registry("oue", 3), GivenCounts{"n=10\n1\n2\n3\n", "c.txt"});
  given.with_reports = true;
  EXPECT_THROW(golden_vectors(given), InvalidArgument);
  GoldenRequest symbols(registry("rr", 3), GivenCounts{"1\n2\n3\n", "c.txt"});
  symbols.with_reports = true;
  EXPECT_EQ(golden_vectors(symbols).cases[0].report_list,
            (std::vector<std::string>{"0", "1", "1", "2", "2", "2"}));
  GoldenRequest huge(registry("oue", 4096), DrawnCases{1, 1, 10'000});
  huge.with_reports = true;
  EXPECT_THROW(golden_vectors(huge), InvalidArgument);  // 4.1e7 characters
}

}  // namespace
}  // namespace uldp::api
