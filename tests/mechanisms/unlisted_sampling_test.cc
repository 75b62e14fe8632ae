// The deployed encodings report by report (estimate/unlisted.h) against their listed dense models
// at sizes where both exist: every listed output reads, writes, weighs and estimates as the dense
// column and estimator row; draws match the dense probabilities; emp and EM agree on the same
// reports. Then at the deployed sizes, where only the report-by-report model exists, the estimates
// recover the input distribution within the standard error.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "uldp/error.h"
#include "uldp/estimate/em.h"
#include "uldp/estimate/estimation_model.h"
#include "uldp/estimate/exact_estimate.h"
#include "uldp/estimate/sampler.h"
#include "uldp/estimate/unlisted.h"
#include "uldp/mechanisms/cms/cms.h"
#include "uldp/mechanisms/cms/cms_sampling.h"
#include "uldp/mechanisms/hcms/hcms.h"
#include "uldp/mechanisms/hcms/hcms_sampling.h"
#include "uldp/mechanisms/olh/olh.h"
#include "uldp/mechanisms/olh/olh_sampling.h"
#include "uldp/mechanisms/rappor_bloom/rappor_bloom.h"
#include "uldp/mechanisms/rappor_bloom/rappor_bloom_sampling.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/mechanisms/ulh/ulh.h"

namespace uldp::estimate {
namespace {

struct Case {
  std::string name;
  MechanismSpec spec;
};

MechanismSpec olh_spec(const char* name, std::size_t k, std::uint64_t seeds, const char* sensitive,
                       const Rational& t) {
  MechanismArguments a;
  a.k = k;
  a.budget = PrivacyBudget::from_exp_eps(t);
  a.values.set(kHashSeedsParameter, std::optional<std::uint64_t>(seeds));
  if (sensitive) a.sensitive = IndexSet::parse(sensitive, k, "xs");
  return make_mechanism(find_mechanism(name), a);
}

MechanismSpec rappor_bloom_spec(std::size_t k, std::uint64_t bits, std::uint64_t cohorts) {
  MechanismArguments a;
  a.k = k;
  a.values.set(kBloomBitsParameter, bits);
  a.values.set(kCohortsParameter, cohorts);
  a.values.set(kPrrFParameter, Probability::parse("1/2", "f"));
  a.values.set(kIrrPParameter, Probability::parse("1/2", "p"));
  a.values.set(kIrrQParameter, Probability::parse("3/4", "q"));
  return make_mechanism(find_mechanism("rappor-bloom"), a);
}

MechanismSpec sketch_spec(const char* name, std::size_t k, std::uint64_t hashes,
                          std::uint64_t width, const Rational& t) {
  MechanismArguments a;
  a.k = k;
  a.budget = PrivacyBudget::from_exp_eps(t);
  a.values.set(kSketchHashesParameter, hashes);
  a.values.set(kSketchWidthParameter, width);
  return make_mechanism(find_mechanism(name), a);
}

// The folder's report-by-report model, whatever the size.
UnlistedParams unlisted_of(const MechanismSpec& spec) {
  return std::visit(
      Overloaded{
          [&](const OlhSpec& p) { return unlisted_params(spec, p); },
          [&](const UlhSpec& p) { return unlisted_params(spec, static_cast<const OlhSpec&>(p)); },
          [&](const RapporBloomSpec& p) { return unlisted_params(spec, p); },
          [&](const CmsSpec& p) { return unlisted_params(spec, p); },
          [&](const HcmsSpec& p) { return unlisted_params(spec, p); },
          [](const auto&) -> UnlistedParams { throw std::logic_error("not a deployed encoding"); }},
      spec.kind);
}

// Listable instances: ulh with X_N, Bloom filters of 4 bits in 2 cohorts, sketches of width 4.
std::vector<Case> listed_cases() {
  return {{"olh", olh_spec("olh", 6, 8, nullptr, Rational(3))},
          {"ulh", olh_spec("ulh", 6, 5, "0,2,3", Rational(5, 2))},
          {"rappor-bloom", rappor_bloom_spec(4, 4, 2)},
          {"cms", sketch_spec("cms", 5, 3, 4, Rational(4))},
          {"hcms", sketch_spec("hcms", 5, 2, 4, Rational(3))}};
}

std::vector<std::uint64_t> words(const UnlistedParams& u, const std::string& label) {
  UnlistedReports one(u.width);
  const std::span<std::uint64_t> w = one.append();
  const std::optional<ReportSyntaxError> error = u.parse(label, w);
  if (error) throw std::runtime_error(label + ": " + error->what);
  return {w.begin(), w.end()};
}

// The same reports as counts over the dense model's listed outputs, found by their labels.
ReportData listed_counts(const DenseParams& dense, const UnlistedParams& u,
                         const ReportData& reports) {
  ReportData counts;
  counts.symbol_counts.assign(dense.outputs, 0);
  std::map<std::string, std::size_t> column;
  for (std::size_t y = 0; y < dense.outputs; ++y) column[dense.output_labels[y]] = y;
  for (std::size_t i = 0; i < reports.unlisted_reports.size(); ++i) {
    std::string label;
    u.write(reports.unlisted_reports.report(i), label);
    ++counts.symbol_counts[column.at(label)];
  }
  counts.n = reports.n;
  return counts;
}

TEST(UnlistedModels, EveryListedOutputReadsWritesWeighsAndEstimatesAsTheDenseModel) {
  for (const Case& c : listed_cases()) {
    SCOPED_TRACE(c.name);
    const EstimationModel listed = estimation_model(c.spec);
    const auto& dense = std::get<DenseParams>(listed);
    const UnlistedParams u = unlisted_of(c.spec);
    ASSERT_EQ(u.inputs, dense.inputs);
    ASSERT_EQ(dense.output_labels.size(), dense.outputs);
    std::vector<double> likelihood(u.inputs), row(u.inputs);
    for (std::size_t y = 0; y < dense.outputs; ++y) {
      const std::string& label = dense.output_labels[y];
      const std::vector<std::uint64_t> report = words(u, label);
      std::string written;
      u.write(report, written);
      EXPECT_EQ(written, label);
      const double log_factor = u.likelihood(report, likelihood);
      std::fill(row.begin(), row.end(), 0.0);
      u.add_estimate(report, row);
      for (std::size_t x = 0; x < u.inputs; ++x) {
        // Each side the double nearest (or a few roundings from) the same exact value.
        EXPECT_NEAR(likelihood[x] * std::exp(log_factor), dense(x, y), 1e-12 * dense(x, y))
            << label << " x=" << x;
        const double exact_row = dense.estimator[y * u.inputs + x];
        EXPECT_NEAR(row[x], exact_row, 1e-12 * std::max(1.0, std::fabs(exact_row)))
            << label << " x=" << x;
      }
    }
  }
}

// Beyond k = 128 the per-bit estimator is refused, and the model it falls back to still draws
// and weighs: the full filters, not a model moved from before the estimator threw.
TEST(UnlistedModels, ABloomModelWithoutItsEstimatorStillDrawsAndWeighs) {
  const EstimationModel model = estimation_model(rappor_bloom_spec(200, 128, 4));
  const UnlistedParams& u = std::get<UnlistedParams>(model);
  ASSERT_TRUE(u.not_estimable.has_value());
  EXPECT_NE(u.not_estimable->find("128"), std::string::npos) << *u.not_estimable;
  Xoshiro256 rng(2);
  const ReportData data = sample_report_data(rng, model, std::vector<std::uint64_t>(200, 2), true);
  ASSERT_EQ(data.n, 400u);
  EXPECT_THROW(empirical_estimate(model, data), InvalidArgument);
  std::vector<double> likelihood(200);
  u.likelihood(data.unlisted_reports.report(0), likelihood);
  EXPECT_GT(*std::max_element(likelihood.begin(), likelihood.end()), 0.0);
  EmOptions options;
  options.max_iterations = 20;
  EXPECT_EQ(em_estimate(model, data, options).p.size(), 200u);
}

TEST(UnlistedModels, AnEmptyReportFileNamesTheFile) {
  const EstimationModel model = estimation_model(rappor_bloom_spec(16, 128, 64));
  std::istringstream in("# no report\n\n");
  try {
    read_report_data(in, "e.txt", model);
    ADD_FAILURE() << "read no report";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "e.txt: no reports");
  }
}

TEST(UnlistedModels, MalformedReportsAreNamedByColumn) {
  const UnlistedParams bloom = unlisted_of(rappor_bloom_spec(4, 4, 2));
  std::vector<std::uint64_t> w(bloom.width);
  EXPECT_EQ(bloom.parse("2:0101", w)->column, 1u);  // cohort 2 of 0..1
  EXPECT_EQ(bloom.parse("1:01x1", std::span(w))->column, 5u);
  EXPECT_EQ(bloom.parse("1:010", std::span(w))->column, 3u);      // 3 bits of 4
  EXPECT_TRUE(bloom.parse("01:0101", std::span(w)).has_value());  // a leading zero
  const UnlistedParams ulh = unlisted_of(olh_spec("ulh", 6, 5, "0,2,3", Rational(5, 2)));
  std::vector<std::uint64_t> v(ulh.width);
  EXPECT_EQ(ulh.parse("4,7", std::span(v))->column, 3u);  // value 7 beyond g
  EXPECT_EQ(ulh.parse("5,0", std::span(v))->column, 1u);  // seed 5 of 0..4
  EXPECT_TRUE(ulh.parse("2", std::span(v)).has_value());  // a sensitive symbol names no report
  EXPECT_FALSE(ulh.parse("4", std::span(v)).has_value());
  const UnlistedParams hcms = unlisted_of(sketch_spec("hcms", 5, 2, 4, Rational(3)));
  std::vector<std::uint64_t> h(hcms.width);
  EXPECT_EQ(hcms.parse("1,3,0", std::span(h))->column, 5u);  // w is 1 or -1
}

TEST(UnlistedModels, DrawEachListedOutputAsOftenAsTheDenseModel) {
  constexpr std::size_t kDraws = 20000;
  for (const Case& c : listed_cases()) {
    SCOPED_TRACE(c.name);
    const EstimationModel listed = estimation_model(c.spec);
    const auto& dense = std::get<DenseParams>(listed);
    const UnlistedParams u = unlisted_of(c.spec);
    std::map<std::string, std::size_t> column;
    for (std::size_t y = 0; y < dense.outputs; ++y) column[dense.output_labels[y]] = y;
    Xoshiro256 rng(17);
    for (std::uint32_t x = 0; x < u.inputs; ++x) {
      const UnlistedReports reports = sample_reports(rng, u, std::vector<std::uint32_t>(kDraws, x));
      std::vector<double> count(dense.outputs, 0.0);
      for (std::size_t i = 0; i < reports.size(); ++i) {
        std::string label;
        u.write(reports.report(i), label);
        ASSERT_TRUE(column.count(label)) << label;
        ++count[column[label]];
      }
      for (std::size_t y = 0; y < dense.outputs; ++y) {
        // A binomial share: within 5 standard errors (and exactly 0 where Q is 0).
        const double q = dense(x, y), n = static_cast<double>(kDraws);
        EXPECT_LE(std::fabs(count[y] / n - q), 5 * std::sqrt(q * (1 - q) / n) + 1e-15)
            << "x=" << x << " y=" << dense.output_labels[y];
      }
    }
  }
}

TEST(UnlistedModels, EstimateAsTheDenseModelOnTheSameReports) {
  for (const Case& c : listed_cases()) {
    SCOPED_TRACE(c.name);
    const EstimationModel listed = estimation_model(c.spec);
    const auto& dense = std::get<DenseParams>(listed);
    const EstimationModel unlisted = unlisted_of(c.spec);
    const UnlistedParams& u = std::get<UnlistedParams>(unlisted);
    std::vector<std::uint64_t> inputs(u.inputs);
    for (std::size_t x = 0; x < u.inputs; ++x) inputs[x] = 400 + 300 * x;
    Xoshiro256 rng(5);
    ReportData reports = sample_report_data(rng, unlisted, inputs, true);
    const ReportData counts = listed_counts(dense, u, reports);
    // Golden vectors' exact estimates: from the reports themselves (as beyond the listing),
    // exactly those from the same reports' counts over the listed outputs.
    EXPECT_EQ(exact_empirical_estimate(c.spec, reports), exact_empirical_estimate(c.spec, counts));
    const std::vector<double> a = empirical_estimate(unlisted, reports);
    const std::vector<double> b = empirical_estimate(listed, counts);
    for (std::size_t x = 0; x < u.inputs; ++x) EXPECT_NEAR(a[x], b[x], 1e-10) << "x=" << x;
    EmOptions options;
    options.stop = 1e-14;
    const EmResult ea = em_estimate(unlisted, reports, options);
    const EmResult eb = em_estimate(listed, counts, options);
    // The same likelihood, the log factor kept apart included: L agrees to rounding.
    EXPECT_NEAR(ea.log_likelihood, eb.log_likelihood, 1e-9 * std::fabs(eb.log_likelihood));
    for (std::size_t x = 0; x < u.inputs; ++x) EXPECT_NEAR(ea.p[x], eb.p[x], 1e-4) << "x=" << x;
  }
}

// At the deployed sizes (nothing listed): the libraries' 2^32 seeds, Chrome's RAPPOR, sketches of
// width 1024. emp, thr and EM recover p within 6 estimated standard errors at every input (the
// thresholded estimate's sd: the sample deviation of the reports' estimator rows over sqrt(n);
// EM is at least as efficient as the unbiased estimator).
TEST(UnlistedModels, EstimateTheDistributionAtDeployedSizes) {
  const std::vector<Case> cases{
      {"olh", olh_spec("olh", 40, std::uint64_t{1} << 32, nullptr, Rational(7))},
      {"ulh", olh_spec("ulh", 40, std::uint64_t{1} << 32, "0-19", Rational(7))},
      {"rappor-bloom", rappor_bloom_spec(16, 128, 64)},
      {"cms", sketch_spec("cms", 30, 256, 1024, Rational(20))},
      {"hcms", sketch_spec("hcms", 30, 256, 1024, Rational(20))}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const EstimationModel model = estimation_model(c.spec);
    ASSERT_TRUE(std::holds_alternative<UnlistedParams>(model));
    const std::size_t k = num_symbols(model);
    std::vector<double> p(k);
    double total = 0;
    for (std::size_t x = 0; x < k; ++x) total += p[x] = 1.0 / static_cast<double>(x + 1);
    for (double& v : p) v /= total;
    Xoshiro256 rng(23);
    constexpr std::uint64_t kUsers = 20000;
    const ReportData data =
        sample_report_data(rng, model, sample_input_counts(rng, kUsers, p), true);
    ASSERT_EQ(data.n, kUsers);
    const std::vector<double> emp = empirical_estimate(model, data);
    const ThresholdEstimate thr = threshold_estimate(model, data, 0.05);
    const EmResult em = em_estimate(model, data, EmOptions{});
    EXPECT_TRUE(em.converged);
    const double z = thr.z;
    for (std::size_t x = 0; x < k; ++x) {
      // sd(x) recovered from the threshold rule's inputs: emp is unbiased with that deviation.
      double sd = 0;
      {
        const UnlistedParams& u = std::get<UnlistedParams>(model);
        std::vector<double> row(k);
        double sum = 0, squares = 0;
        for (std::size_t i = 0; i < data.unlisted_reports.size(); ++i) {
          std::fill(row.begin(), row.end(), 0.0);
          u.add_estimate(data.unlisted_reports.report(i), row);
          sum += row[x];
          squares += row[x] * row[x];
        }
        const double n = static_cast<double>(data.n), mean = sum / n;
        sd = std::sqrt((squares / n - mean * mean) / n);
      }
      EXPECT_NEAR(emp[x], p[x], 6 * sd) << "x=" << x;
      EXPECT_NEAR(em.p[x], p[x], 6 * sd) << "x=" << x;
      if (thr.significant[x]) {
        EXPECT_GT(emp[x], z * sd * (1 - 1e-9)) << "x=" << x;
      }
    }
  }
}

TEST(UnlistedModels, ReportFilesRoundTripAndNameTheLine) {
  const MechanismSpec spec = rappor_bloom_spec(16, 128, 64);
  const EstimationModel model = estimation_model(spec);
  const UnlistedParams& u = std::get<UnlistedParams>(model);
  Xoshiro256 rng(3);
  const UnlistedReports drawn = sample_reports(rng, u, std::vector<std::uint32_t>{0, 5, 15, 3});
  std::ostringstream out;
  write_unlisted_reports(out, drawn, u.write);
  std::istringstream in("# a comment\n" + out.str() + "\n");
  EXPECT_EQ(read_unlisted_reports(in, "r.txt", u), drawn);
  std::string text = out.str();
  text[text.find('\n') + 5] = '2';  // line 2, a bit that is not 0 or 1
  std::istringstream bad(text);
  try {
    read_unlisted_reports(bad, "r.txt", u);
    ADD_FAILURE() << "read a corrupted bit";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 2u);
    EXPECT_NE(std::string(e.what()).find("r.txt:2:"), std::string::npos) << e.what();
  }
  std::istringstream counts("# counts\n3\n");
  EXPECT_THROW(read_unlisted_reports(counts, "c.txt", u), InputError);
  // Every report is held: past the words allowed (here 3 reports of 3 words), the line is named.
  std::istringstream many(out.str());
  try {
    read_unlisted_reports(many, "m.txt", u, kReadBlock, 9);
    ADD_FAILURE() << "held more reports than allowed";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 4u) << e.what();
  }
}

}  // namespace
}  // namespace uldp::estimate
