// One realization of one mechanism on one population: the users' inputs, their reports (drawn
// by the exact samplers), the three estimates (emp, emp+thr, EM) and their losses.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "uldp/estimate/random.h"
#include "uldp/mechanisms/mechanism_spec.h"

namespace uldp::experiment {

/// Which estimates a trial computes.
struct EstimatorChoice {
  bool emp = true;
  bool thr = true;
  bool em = true;
};

/// The estimates of one trial (empty when not asked for) and the seconds each took.
struct TrialEstimates {
  std::vector<double> emp, thr, em;
  double emp_seconds = 0, thr_seconds = 0, em_seconds = 0;
};

/// Input counts of n users drawn i.i.d. from p (the realization's own stream).
std::vector<std::uint64_t> draw_users(const std::vector<double>& p, std::uint64_t n,
                                      std::uint64_t seed);

/// The mechanism `name` (registry) over X_S with budget ε (ignored by "none"); ε as a double is
/// taken as the exact rational it is, then safely rounded as every budget is.
MechanismSpec build_mechanism(const std::string& name, const IndexSet& sensitive, double eps);

/// Draws the reports of users with these input counts and estimates their distribution. Bit
/// vectors are drawn per user only when EM needs them (else the aggregated counts).
TrialEstimates run_trial(const MechanismSpec& spec, const std::vector<std::uint64_t>& inputs,
                         std::uint64_t seed, const EstimatorChoice& choice);

/// Total variation 0.5 Σ|a - b| and the squared l2 loss Σ (a - b)^2.
double total_variation(const std::vector<double>& a, const std::vector<double>& b);
double squared_l2(const std::vector<double>& a, const std::vector<double>& b);

/// The paper's legend name of a registered mechanism ("uRR", "no privacy", ...).
std::string display_name(const std::string& mechanism);

}  // namespace uldp::experiment
