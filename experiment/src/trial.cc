// One realization of one mechanism: exact samplers, the estimators of uldp::estimate, losses.
#include "uldp/experiment/trial.h"

#include <chrono>
#include <cmath>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/error.h"
#include "uldp/estimate/estimation_model.h"
#include "uldp/estimate/sampler.h"
#include "uldp/mechanisms/registry.h"

namespace uldp::experiment {
namespace {

using estimate::EstimationModel;
using estimate::ReportData;

template <typename F>
auto timed(double& seconds, F&& f) {
  const auto start = std::chrono::steady_clock::now();
  auto result = f();
  seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace

std::vector<std::uint64_t> draw_users(const std::vector<double>& p, std::uint64_t n,
                                      std::uint64_t seed) {
  estimate::Xoshiro256 rng(seed);
  return estimate::sample_input_counts(rng, n, p);
}

MechanismSpec build_mechanism(const std::string& name, const IndexSet& sensitive, double eps) {
  if (!(eps > 0) || !std::isfinite(eps)) {
    throw InvalidArgument("--eps: " + std::to_string(eps) + " is not a positive number");
  }
  return make_mechanism(name, sensitive, PrivacyBudget::from_epsilon(Rational(eps)));
}

TrialEstimates run_trial(const MechanismSpec& spec, const std::vector<std::uint64_t>& inputs,
                         std::uint64_t seed, const EstimatorChoice& choice) {
  const EstimationModel model = estimate::estimation_model(spec);
  estimate::Xoshiro256 rng(seed);
  const ReportData data = estimate::sample_report_data(rng, model, inputs, choice.em);
  TrialEstimates out;
  if (choice.emp) {
    out.emp = timed(out.emp_seconds, [&] { return estimate::empirical_estimate(model, data); });
  }
  if (choice.thr) {
    out.thr =
        timed(out.thr_seconds, [&] { return estimate::threshold_estimate(model, data, 0.05).p; });
  }
  if (choice.em) {
    out.em = timed(out.em_seconds, [&] { return estimate::em_estimate(model, data, {}).p; });
  }
  return out;
}

double total_variation(const std::vector<double>& a, const std::vector<double>& b) {
  double sum = 0;
  for (std::size_t i = 0; i < a.size(); ++i) sum += std::abs(a[i] - b[i]);
  return sum / 2;
}

double squared_l2(const std::vector<double>& a, const std::vector<double>& b) {
  double sum = 0;
  for (std::size_t i = 0; i < a.size(); ++i) sum += (a[i] - b[i]) * (a[i] - b[i]);
  return sum;
}

std::string display_name(const std::string& mechanism) {
  if (mechanism == "none") return "no privacy";
  if (mechanism == "rr") return "RR";
  if (mechanism == "rappor") return "RAPPOR";
  if (mechanism == "urr") return "uRR";
  if (mechanism == "urap") return "uRAP";
  return mechanism;
}

}  // namespace uldp::experiment
