// EXPECT_ESTIMATES_MATCH: a C++ server's estimates for every golden case compared by the api's
// estimates comparison, the failure message its report.
#include "uldp/api/conform_reference.h"
#include "uldp/api/estimates_comparison.h"
#include "uldp/api/golden.h"
#include "uldp/api/headline.h"
#include "uldp/api/render.h"
#include "uldp/error.h"
#include "uldp/testing/gtest.h"

namespace uldp::testing {

GoldenReference::GoldenReference(api::GoldenVectors vectors, std::string description)
    : vectors_(std::make_shared<const api::GoldenVectors>(std::move(vectors))),
      description_(std::move(description)) {
  auto request = std::make_shared<api::EstimatesComparisonRequest>();
  request->golden_source = description_;
  request->counts_scale_name = ".counts()";
  request->frequencies_scale_name = "frequencies: no .counts()";
  request_ = std::move(request);
}

const api::GoldenVectors& GoldenReference::vectors() const { return *vectors_; }

const api::EstimatesComparisonRequest& GoldenReference::request() const { return *request_; }

api::EstimatesComparisonRequest& GoldenReference::own_request() {
  auto copy = std::make_shared<api::EstimatesComparisonRequest>(*request_);
  api::EstimatesComparisonRequest& own = *copy;
  request_ = std::move(copy);
  return own;
}

GoldenReference GoldenReference::tolerance(double value) const {
  GoldenReference r = *this;
  r.own_request().tolerance = value;
  return r;
}

GoldenReference GoldenReference::em_tolerance(double value) const {
  GoldenReference r = *this;
  r.own_request().em_tolerance = value;
  return r;
}

GoldenReference GoldenReference::counts() const {
  GoldenReference r = *this;
  r.own_request().scale = api::EstimatesScale::kCounts;
  return r;
}

GoldenReference golden(const ConformanceReference& mechanism, std::uint64_t cases,
                       std::uint64_t n) {
  const api::GoldenRequest request(mechanism.mechanism(), api::DrawnCases{.cases = cases, .n = n});
  std::optional<api::GoldenVectors> vectors;
  try {
    vectors = api::golden_vectors(request);
  } catch (const Error& e) {
    throw InvalidArgument("golden(" + mechanism.describe() + ", " + std::to_string(cases) + ", " +
                          std::to_string(n) + "): " + e.what());
  }
  return GoldenReference(std::move(*vectors), "golden vectors of " + mechanism.describe() + ", " +
                                                  std::to_string(cases) + " cases of " +
                                                  std::to_string(n) + " reports");
}

GoldenReference golden_file(const std::string& path) {
  try {
    return GoldenReference(api::read_golden_vectors(path), path);
  } catch (const Error& e) {  // it names the file, and the line where it can
    throw InvalidArgument("golden_file(): " + std::string(e.what()));
  }
}

::testing::AssertionResult ServerMatches(const char* server_text, const char*,
                                         const ServerFunction& server,
                                         const GoldenReference& golden) {
  std::optional<api::EstimatesComparison> result;
  api::TheirEstimates theirs;
  for (const api::GoldenCase& c : golden.vectors().cases) {
    std::optional<ServerEstimates> estimates;
    std::string thrown;
    try {
      estimates = server(c);
    } catch (const std::exception& e) {
      thrown = e.what();
    } catch (...) {
      thrown = "an exception that is no std::exception";
    }
    if (!estimates) {
      return ::testing::AssertionFailure()
             << server_text << " threw on golden case " << c.id << " (" << c.reports.n
             << " reports) of " << golden.describe() << ": " << thrown;
    }
    theirs[c.id] =
        EstimatesCase{std::move(*estimates), std::string(server_text) + ": case " + c.id};
  }
  try {
    result = api::compare_estimates(golden.vectors(), theirs, golden.request());
  } catch (const Error& e) {  // a wrong number of values, an estimator the vectors lack
    return ::testing::AssertionFailure()
           << server_text << " cannot be compared with " << golden.describe() << ": " << e.what();
  }
  if (result->matches()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << api::estimates_headline(*result, server_text) << "\n"
                                       << api::to_text(*result);
}

}  // namespace uldp::testing
