// Their estimates against golden vectors, and the report's JSON writer and text renderer.
#include "uldp/api/estimates_comparison.h"

#include <algorithm>
#include <sstream>

#include "uldp/api/render.h"
#include "uldp/error.h"
#include "uldp/estimate/estimate_comparison.h"
#include "uldp/estimate/params.h"
#include "uldp/forms/tolerance.h"
#include "uldp/mechanisms/mechanism_parameters.h"
#include "uldp/mechanisms/mechanism_spec.h"
#include "uldp/mechanisms/registry.h"

namespace uldp::api {
namespace {

using estimate::ComparisonContext;
using estimate::NamedConstant;

const char* const kEstimators[] = {"emp", "thr", "em"};
// How far from the maximum-likelihood estimate an EM answer may be by default; the golden vector's
// own certified distance to it is added, so an answer this close to the MLE never mismatches.
constexpr double kEmAllowance = 1e-4;
// Mismatches the text lists after the first.
constexpr std::size_t kListedMismatches = 5;

// The constants the golden vectors' mechanism divides by (its entry's estimator_divisors), to
// name a wrong factor; none for a mechanism without them, or vectors that do not rebuild it.
std::vector<NamedConstant> estimator_constants(const GoldenVectors& golden) {
  const auto registry = mechanism_registry();
  const auto entry = std::find_if(registry.begin(), registry.end(), [&](const MechanismEntry& e) {
    return e.name == golden.mechanism;
  });
  if (entry == registry.end() || !entry->estimator_divisors || !golden.exp_eps) return {};
  MechanismArguments arguments;
  arguments.k = golden.k;
  arguments.budget = PrivacyBudget::from_exp_eps(*golden.exp_eps);
  std::vector<MechanismParameter> divisors;
  try {
    arguments.sensitive = IndexSet::from_indices(golden.sensitive, golden.k, "sensitive");
    divisors = entry->estimator_divisors(entry->make(arguments));
  } catch (const InvalidArgument&) {
    return {};
  }
  std::vector<NamedConstant> constants;
  for (const MechanismParameter& d : divisors) constants.push_back({d.name, to_double(d.value)});
  return constants;
}

const std::vector<double>* golden_values(const GoldenCase& g, const std::string& estimator) {
  if (estimator == "emp") return g.emp.empty() ? nullptr : &g.emp;
  if (estimator == "thr") return g.thr.empty() ? nullptr : &g.thr;
  return g.em ? &g.em->p : nullptr;
}

std::string em_description(const GoldenVectors& golden) {
  const auto* why = std::get_if<std::string>(&golden.em);
  return why ? *why : std::string("they have EM vectors, but not for this case");
}

// request.em_tolerance, or kEmAllowance plus the case's certified distance to the MLE.
double em_tolerance(const EstimatesComparisonRequest& request, const GoldenCase& g) {
  if (request.em_tolerance) return *request.em_tolerance;
  if (!g.em || !g.em->distance) {
    throw InputError(request.golden_source,
                     "em: case \"" + message_excerpt(g.id) +
                         "\" carries no certified distance to the maximum-likelihood estimate "
                         "(golden vectors of an older uldp, or an uncertified EM): pass " +
                         request.em_tolerance_name);
  }
  return kEmAllowance + *g.em->distance;
}

void check_tolerance(double value, const char* name) {
  if (!(value >= 0 && value <= to_double(max_tolerance()))) {
    throw InvalidArgument(std::string(name) + ": " + double_text(value) +
                          " is not an absolute difference in [0, 1/10]");
  }
}

std::string number_text(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

}  // namespace

static_assert(choice_is(kScaleOption, EstimatesScale::kFrequencies, "frequencies") &&
              choice_is(kScaleOption, EstimatesScale::kCounts, "counts"));

const char* scale_name(EstimatesScale scale) { return choice_word(kScaleOption, scale); }

EstimatesComparison compare_estimates(const GoldenVectors& golden, const TheirEstimates& theirs,
                                      const EstimatesComparisonRequest& request) {
  check_option(kToleranceOption, request.tolerance);
  if (request.em_tolerance) check_tolerance(*request.em_tolerance, "em_tolerance");
  EstimatesComparison result;
  result.request = request;
  result.golden_cases = golden.cases.size();
  result.their_cases = theirs.size();

  ComparisonContext context;
  context.sensitive.assign(golden.k, 0);
  for (const std::size_t x : golden.sensitive) {
    if (x < golden.k) context.sensitive[x] = 1;
  }
  context.constants = estimator_constants(golden);
  context.counts_scale_name = request.counts_scale_name;
  context.frequencies_scale_name = request.frequencies_scale_name;
  const bool counts = request.scale == EstimatesScale::kCounts;

  for (const auto& [id, their] : theirs) {
    // Comparing nothing must not pass as a match: every case names known estimators only.
    for (const auto& [estimator, values] : their.values) {
      if (std::find(std::begin(kEstimators), std::end(kEstimators), estimator) ==
          std::end(kEstimators)) {
        throw InputError(their.where, "unknown estimator \"" + message_excerpt(estimator) +
                                          "\" (a case has any of emp, thr, em)");
      }
    }
    if (their.values.empty()) throw InputError(their.where, "none of emp, thr, em");
    if (!golden.find(id)) {
      throw InputError(their.where,
                       "case \"" + message_excerpt(id) + "\" is not in " + request.golden_source);
    }
  }
  // In the vectors' order, so that "case-2" comes before "case-10".
  for (const GoldenCase& golden_case : golden.cases) {
    const auto found = theirs.find(golden_case.id);
    if (found == theirs.end()) continue;
    const std::string& id = golden_case.id;
    const EstimatesCase& their = found->second;
    const GoldenCase* g = &golden_case;
    const double n = static_cast<double>(g->reports.n);
    context.n = n;
    for (const char* estimator : kEstimators) {
      const auto values = their.values.find(estimator);
      if (values == their.values.end()) continue;
      const std::vector<double>* expected = golden_values(*g, estimator);
      if (!expected) {
        throw InputError(their.where, std::string(estimator) + ": the golden vectors have none (" +
                                          em_description(golden) + ")");
      }
      std::vector<double> actual = values->second;
      if (actual.size() != expected->size()) {
        throw InputError(their.where, std::string(estimator) + ": " +
                                          std::to_string(actual.size()) +
                                          " values, k = " + std::to_string(expected->size()));
      }
      if (counts) {
        for (double& v : actual) v /= n;
      }
      const bool em = std::string(estimator) == "em";
      const double tolerance = em ? em_tolerance(request, *g) : request.tolerance;
      ++result.compared;
      if (em) result.largest_em_tolerance = std::max(result.largest_em_tolerance, tolerance);
      const std::optional<std::size_t> item =
          estimate::first_mismatch(*expected, actual, tolerance);
      if (!item) continue;
      const double scale = counts ? n : 1.0;
      result.mismatches.push_back({id, estimator, *item, (*expected)[*item] * scale,
                                   actual[*item] * scale, tolerance,
                                   estimate::likely_cause(*expected, actual, tolerance, context)});
    }
  }
  // A run that skips golden cases shows nothing about them: it does not match, it is incomplete.
  for (const GoldenCase& g : golden.cases) {
    if (!theirs.contains(g.id)) result.missing.push_back(g.id);
  }
  std::sort(result.missing.begin(), result.missing.end());  // in the order the ids sort
  if (!result.mismatches.empty()) {
    result.verdict = EstimatesVerdict::kMismatch;
  } else if (!result.missing.empty()) {
    result.verdict = EstimatesVerdict::kIncomplete;
  }
  return result;
}

nlohmann::json to_json(const EstimatesComparison& c) {
  const char* scale = scale_name(c.request.scale);
  switch (c.verdict) {
    case EstimatesVerdict::kMismatch: {
      const auto item = [](const EstimateMismatch& m) {
        return nlohmann::json{
            {"case", m.case_id},
            {"estimator", m.estimator},
            {"item", m.item},
            {"expected", m.expected},
            {"actual", m.actual},
            {"tolerance", m.tolerance},
            {"likely_cause",
             m.likely_cause.empty() ? nlohmann::json(nullptr) : nlohmann::json(m.likely_cause)}};
      };
      // The first mismatch at the top level, as the verdict; every one under "mismatches".
      nlohmann::json j = item(c.mismatches.front());
      j["verdict"] = "mismatch";
      j["scale"] = scale;
      j["compared"] = c.compared;
      j["mismatches"] = nlohmann::json::array();
      for (const EstimateMismatch& m : c.mismatches) j["mismatches"].push_back(item(m));
      return j;
    }
    case EstimatesVerdict::kIncomplete:
      return {{"verdict", "incomplete"},
              {"scale", scale},
              {"compared", c.compared},
              {"missing", c.missing},
              {"cases", c.golden_cases}};
    case EstimatesVerdict::kMatches:
      break;
  }
  return {
      {"verdict", "matches"},
      {"scale", scale},
      {"compared", c.compared},
      {"em_tolerance", c.request.em_tolerance ? nlohmann::json(*c.request.em_tolerance)
                                              : nlohmann::json("1e-4 + the case's em_distance")}};
}

std::string to_text(const EstimatesComparison& c) {
  const char* scale = scale_name(c.request.scale);
  std::ostringstream out;
  switch (c.verdict) {
    case EstimatesVerdict::kMismatch: {
      const EstimateMismatch& m = c.mismatches.front();
      out << "conform estimates: MISMATCH in case " << m.case_id << ", " << m.estimator << ", item "
          << m.item << ": expected " << double_text(m.expected) << ", got " << double_text(m.actual)
          << " (tolerance " << number_text(m.tolerance) << ", " << scale << ")\n";
      out << "  likely cause: " << (m.likely_cause.empty() ? "not recognised" : m.likely_cause)
          << "\n";
      if (c.mismatches.size() > 1) {
        out << "  " << c.mismatches.size() - 1 << " more of the " << c.compared
            << " estimates differ:";
        for (std::size_t i = 1; i < c.mismatches.size() && i <= kListedMismatches; ++i) {
          const EstimateMismatch& more = c.mismatches[i];
          out << (i > 1 ? "," : "") << " case " << more.case_id << " " << more.estimator << " item "
              << more.item;
        }
        if (c.mismatches.size() > kListedMismatches + 1) out << ", ...";
        out << "\n";
      }
      return out.str();
    }
    case EstimatesVerdict::kIncomplete: {
      std::string listed;
      for (std::size_t i = 0; i < c.missing.size() && i < 5; ++i) {
        listed += (i ? ", " : "") + message_excerpt(c.missing[i]);
      }
      if (c.missing.size() > 5) listed += ", ...";
      out << "conform estimates: INCOMPLETE: no estimates for " << c.missing.size() << " of the "
          << c.golden_cases << " golden cases (" << listed << "); the " << c.compared
          << " estimate(s) given match\n";
      return out.str();
    }
    case EstimatesVerdict::kMatches:
      break;
  }
  out << "conform estimates: " << c.compared << " estimate(s) in " << c.their_cases
      << " case(s) match " << c.request.golden_source << " (tolerance "
      << number_text(c.request.tolerance) << ", em "
      << (c.request.em_tolerance ? double_text(*c.request.em_tolerance)
                                 : "1e-4 + the golden vector's certified distance to the MLE")
      << (c.largest_em_tolerance > 0 ? ", at most " + double_text(c.largest_em_tolerance) : "")
      << ", " << scale << ")\n";
  return out.str();
}

}  // namespace uldp::api
