// The estimate workflow: the reports read against the mechanism's model, one of the three
// estimators, eq. (21) for the PUM, and the report.
#include "uldp/api/estimate.h"

#include <sstream>

#include "uldp/api/false_alarm.h"
#include "uldp/api/render.h"
#include "uldp/error.h"
#include "uldp/estimate/empirical.h"
#include "uldp/estimate/estimation_model.h"
#include "uldp/estimate/report_file.h"
#include "uldp/estimate/threshold.h"

namespace uldp::api {
using namespace uldp::estimate;  // the double-precision layer
namespace {

std::vector<std::optional<std::vector<double>>> background_knowledge(
    const std::vector<TagBackground>& background, const PumReference& pum,
    std::vector<std::string>& sources) {
  std::vector<std::optional<std::vector<double>>> pi(pum.tags.size());
  sources.assign(pum.tags.size(), "none");
  std::vector<bool> named(pum.tags.size(), false);
  for (const TagBackground& b : background) {
    std::size_t tag = 0;
    while (tag < pum.tags.size() && pum.tags[tag] != b.tag) ++tag;
    if (tag == pum.tags.size()) {
      std::string tags;
      for (const std::string& t : pum.tags) tags += (tags.empty() ? "" : ", ") + t;
      throw InvalidArgument("background: '" + message_excerpt(b.tag) +
                            "' is not a tag of the PUM (" + tags + ")");
    }
    if (named[tag]) throw InvalidArgument("background: tag " + pum.tags[tag] + " is given twice");
    named[tag] = true;
    if (b.pi && b.pi->size() != pum.common.k - pum.bots()) {
      throw InvalidArgument("background: tag " + b.tag + " has " + std::to_string(b.pi->size()) +
                            " weights, k = " + std::to_string(pum.common.k - pum.bots()));
    }
    pi[tag] = b.pi;
    if (b.pi) sources[tag] = b.source;
  }
  return pi;
}

}  // namespace

// The enumerations' values are the positions of their words in the options' choices.
static_assert(choice_is(kMethodOption, EstimateMethod::kEmpirical, "emp") &&
              choice_is(kMethodOption, EstimateMethod::kThreshold, "thr") &&
              choice_is(kMethodOption, EstimateMethod::kEm, "em"));
static_assert(choice_is(kAcceleratorOption, EmAccelerator::kAuto, "auto") &&
              choice_is(kAcceleratorOption, EmAccelerator::kNewton, "newton") &&
              choice_is(kAcceleratorOption, EmAccelerator::kSquarem, "squarem") &&
              choice_is(kAcceleratorOption, EmAccelerator::kNone, "none"));

const char* estimate_method_name(EstimateMethod method) {
  return choice_word(kMethodOption, method);
}

const char* accelerator_name(EmAccelerator accelerator) {
  return choice_word(kAcceleratorOption, accelerator);
}

EstimateResult estimate_distribution(const EstimateRequest& request) {
  check_option(kSignificanceOption, request.significance);
  check_option(kMaxIterationsOption, static_cast<double>(request.max_iterations));
  check_option(kEmStopOption, request.em_stop);
  const SpecOrPum mechanism = registry_or_pum(request.mechanism, "estimate");
  if (mechanism.pum && mechanism.pum->users) {
    throw InvalidArgument(mechanism.pum->users_name +
                          ": the estimate does not know the users' tags; drop it");
  }
  if (!mechanism.pum && !request.background.empty()) {
    throw InvalidArgument("background: only with the PUM");
  }
  const MechanismSpec& spec = mechanism.spec;
  std::vector<std::string> sources;
  const std::vector<std::optional<std::vector<double>>> pi_hat =
      mechanism.pum ? background_knowledge(request.background, *mechanism.pum, sources)
                    : std::vector<std::optional<std::vector<double>>>{};
  const std::string name(entry_of(spec).name);
  const EstimationModel model = estimation_model(spec);
  const bool em = request.method == EstimateMethod::kEm;
  if (em && request.accelerator == EmAccelerator::kNewton && !reports_are_bit_vectors(model)) {
    throw InvalidArgument("accelerator: newton only for bit-vector reports (rappor, urap); " +
                          name + " takes auto, squarem or none");
  }
  const std::unique_ptr<std::istream> in = request.reports();
  ReportReadOptions read_options;
  read_options.keep_bit_reports = needs_each_report(model, em);
  const ReportData data = read_report_data(*in, request.reports_source, model, read_options);

  EstimateResult r;
  r.mechanism = name;
  r.k = spec.k;
  r.sensitive = spec.sensitive.indices();
  const std::optional<PrivacyBudget> budget = budget_of(spec);
  if (budget) r.exp_eps = budget->exp_eps();
  r.budget = budget_description(spec);
  r.n = data.n;
  r.method = request.method;
  r.significance = request.significance;
  r.em_stop = request.em_stop;
  r.accelerator = resolved_accelerator(request.accelerator, model);
  if (request.method == EstimateMethod::kEmpirical) {
    r.p = empirical_estimate(model, data);
  } else if (request.method == EstimateMethod::kThreshold) {
    ThresholdEstimate t = threshold_estimate(model, data, request.significance);
    r.p = std::move(t.p);
    r.significant = std::move(t.significant);
  } else {
    EmOptions options;
    options.significance = request.significance;
    options.max_iterations = request.max_iterations;
    options.stop = request.em_stop;
    options.accelerator = request.accelerator;
    try {
      r.em = em_estimate(model, data, options);
    } catch (const InvalidArgument& e) {
      throw InvalidArgument("method: em: " + name + ": " + e.what());
    }
    r.p = r.em->p;
  }
  if (mechanism.pum) {
    const PumReference& pum = *mechanism.pum;
    PumEstimateReport report{name, pum.tags, sources, r.p, {}};
    report.estimate =
        pum_estimate_with_bound(report.intermediate, pi_hat, spec, pum.sensitive_over_x(), data.n);
    r.p = report.estimate.p;
    r.k = spec.k - pum.bots();
    r.sensitive = pum.sensitive_over_x().indices();
    if (!r.significant.empty()) r.significant.resize(r.k);
    r.pum = std::move(report);
  }
  return r;
}

nlohmann::json to_json(const EstimateResult& r) {
  nlohmann::json j;
  j["mechanism"] = r.mechanism;
  j["k"] = r.pum ? r.k + r.pum->tags.size() : r.k;
  if (r.exp_eps) j["exp_eps"] = to_string(*r.exp_eps);
  j["n"] = r.n;
  j["method"] = estimate_method_name(r.method);
  j["estimate"] = r.p;
  if (r.method == EstimateMethod::kThreshold) {
    j["significance"] = r.significance;
    j["alpha"] = r.significance;  // the former key, written beside it (docs/cli.md)
    j["significant"] = r.significant;
  }
  if (r.em) {
    j["significance"] = r.significance;
    j["alpha"] = r.significance;  // the former key, written beside it (docs/cli.md)
    j["iterations"] = r.em->iterations;
    j["converged"] = r.em->converged;
    j["em_stop"] = r.em_stop;
    j["accelerator"] = accelerator_name(r.accelerator);
    j["log_likelihood"] = r.em->log_likelihood;
    j["initial_log_likelihood"] = r.em->initial_log_likelihood;
  }
  if (!r.pum) {
    j["sensitive"] = r.sensitive;
    return j;
  }
  const PumEstimateReport& pum = *r.pum;
  j["mechanism"] = "pum";
  j["common"] = pum.common;
  j["k"] = r.k;
  j["sensitive"] = r.sensitive;
  j["intermediate_estimate"] = pum.intermediate;
  nlohmann::json bots = nlohmann::json::array();
  for (std::size_t t = 0; t < pum.tags.size(); ++t) {
    bots.push_back(
        {{"tag", pum.tags[t]},
         {"r_hat", pum.estimate.bot_mass[t]},
         {"background", pum.background_sources[t] == "none" ? std::string("fallback")
                                                            : pum.background_sources[t]}});
  }
  j["bots"] = bots;
  j["l1_bound"] = {{"first_term_expected", pum.estimate.first_term_expected
                                               ? nlohmann::json(*pum.estimate.first_term_expected)
                                               : nlohmann::json(nullptr)},
                   {"second_term_worst", pum.estimate.second_term_worst}};
  return j;
}

std::string to_text(const EstimateResult& r) {
  std::ostringstream out;
  out << "Estimate of p by " << estimate_method_name(r.method) << " from " << r.n << " "
      << (r.pum ? "pum (common " + r.mechanism + ")" : r.mechanism) << " reports, k = " << r.k
      << ", " << r.budget << "\n";
  if (r.em) {
    out << "EM: " << r.em->iterations << " updates, "
        << (r.em->converged ? "converged" : "stopped at --max-iterations") << ", "
        << accelerator_name(r.accelerator) << " steps"
        << " (relative log-likelihood gain <= " << r.em_stop << "), log-likelihood "
        << double_text(r.em->log_likelihood) << "\n";
  }
  for (std::size_t x = 0; x < r.p.size(); ++x) {
    out << x << " " << double_text(r.p[x]);
    if (!r.significant.empty() && !r.significant[x]) out << " (below threshold)";
    out << "\n";
  }
  if (!r.pum) return out.str();
  const PumEstimateReport& pum = *r.pum;
  for (std::size_t t = 0; t < pum.tags.size(); ++t) {
    out << "bot " << pum.tags[t] << ": r_hat = " << double_text(pum.estimate.bot_mass[t])
        << ", pi_hat "
        << (pum.background_sources[t] == "none" ? "fallback (proportional to r_hat on X_N)"
                                                : pum.background_sources[t])
        << "\n";
  }
  out << "l1 bound (Theorem 1 with |r_hat(bot_k)|, erratum U3): l1(p_hat, p) <= l1(r_hat, r)"
         " + sum_k |r_hat(bot_k)| l1(pi_hat_k, pi_k)\n";
  out << "  first term: E l1(r_hat, r) ~ "
      << (pum.estimate.first_term_expected ? double_text(*pum.estimate.first_term_expected)
                                           : std::string("n/a (no coordinate model)"))
      << " (asymptotic, empirical estimator, at r = r_hat clipped)\n";
  out << "  second term <= 2 sum_k |r_hat(bot_k)| = " << double_text(pum.estimate.second_term_worst)
      << "\n";
  return out.str();
}

}  // namespace uldp::api
