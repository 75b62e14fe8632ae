// Double parameters from the exact constants of the reference core.
#include "uldp/estimate/params.h"

#include <cmath>
#include <string>

#include "uldp/arithmetic/probability.h"
#include "uldp/error.h"
#include "uldp/mechanisms/rappor/rappor.h"
#include "uldp/mechanisms/urap/urap.h"
#include "uldp/mechanisms/urr/urr.h"

namespace uldp::estimate {
namespace {

void require_k(std::size_t k, const char* what) {
  if (k == 0) throw InvalidArgument(std::string(what) + ": k must be >= 1");
}

bool is_probability(double v) { return v >= 0.0 && v <= 1.0; }

}  // namespace

RrParams rr_params(std::size_t k, const PrivacyBudget& budget) {
  require_k(k, "rr_params");
  const Rational& t = budget.exp_eps();
  const Rational denominator = Rational(static_cast<long>(k)) + t - 1;
  RrParams params;
  params.k = k;
  params.t = to_double(t);
  params.keep = to_double(t / denominator);
  params.other = to_double(Rational(1) / denominator);
  return params;
}

UrrParams urr_params(const IndexSet& sensitive, const PrivacyBudget& budget) {
  require_k(sensitive.universe(), "urr_params");
  UrrParams params;
  params.k = sensitive.universe();
  params.sensitive = sensitive;
  params.t = to_double(budget.exp_eps());
  if (sensitive.empty()) {  // the identity: every symbol reports itself
    params.c1 = 1;
    params.c2 = 0;
    params.c3 = 1;
    return params;
  }
  const UrrConstants c = urr_constants(sensitive.size(), budget.exp_eps());
  params.c1 = to_double(c.c1);
  params.c2 = to_double(c.c2);
  params.c3 = to_double(c.c3);
  return params;
}

UrrParams urr_params(const RrParams& rr) {
  UrrParams params;
  params.k = rr.k;
  params.sensitive = IndexSet::all(rr.k);
  params.t = rr.t;
  params.c1 = rr.keep;
  params.c2 = rr.other;
  params.c3 = rr.keep - rr.other;
  return params;
}

UrrParams urr_params_from_t(const IndexSet& sensitive, double t) {
  if (!(t >= 1.0) || !std::isfinite(t)) {
    throw InvalidArgument("urr_params_from_t: t = " + std::to_string(t) + " must be >= 1");
  }
  UrrParams params;
  params.k = sensitive.universe();
  params.sensitive = sensitive;
  params.t = t;
  const double denominator = static_cast<double>(sensitive.size()) + t - 1.0;
  if (sensitive.empty()) {
    params.c1 = 1, params.c2 = 0, params.c3 = 1;
  } else {
    params.c1 = t / denominator;
    params.c2 = 1.0 / denominator;
    params.c3 = (t - 1.0) / denominator;
  }
  return params;
}

UnaryParams generalized_rappor_params(std::size_t k, const Rational& theta,
                                      const PrivacyBudget& budget) {
  return unary_params(generalized_rappor(k, theta, budget));
}

UnaryParams rappor_params(std::size_t k, const PrivacyBudget& budget) {
  require_k(k, "rappor_params");
  // Built bit-free: every bit has the same channel, so convert it once.
  const Rational theta = default_rappor_theta(budget);
  const double on = to_double(theta);
  const double off = to_double(rappor_psi(theta, budget.exp_eps()));
  UnaryParams params;
  params.k = k;
  params.on.assign(k, on);
  params.off.assign(k, off);
  return params;
}

UnaryParams urap_params(const IndexSet& sensitive, const Rational& theta,
                        const PrivacyBudget& budget) {
  require_k(sensitive.universe(), "urap_params");
  Probability::from_rational(theta, "urap_params: theta");
  const UrapConstants c = urap_constants(theta, budget.exp_eps());
  const double on_s = to_double(theta), off_s = to_double(c.d1);
  const double on_n = to_double(1 - c.d2);
  UnaryParams params;
  params.k = sensitive.universe();
  params.on.assign(params.k, on_n);
  params.off.assign(params.k, 0.0);
  for (std::size_t j : sensitive.indices()) {
    params.on[j] = on_s;
    params.off[j] = off_s;
  }
  return params;
}

UnaryParams urap_params(const IndexSet& sensitive, const PrivacyBudget& budget) {
  return urap_params(sensitive, default_rappor_theta(budget), budget);
}

UnaryParams unary_params(const BitProductMechanism& mechanism) {
  UnaryParams params;
  params.k = mechanism.k();
  params.on.reserve(params.k);
  params.off.reserve(params.k);
  for (const BitChannel& bit : mechanism.bits()) {
    params.on.push_back(to_double(bit.one_if_on));
    params.off.push_back(to_double(bit.one_if_off));
  }
  return params;
}

DenseParams dense_params(const DenseMechanism& mechanism) {
  DenseParams params;
  params.inputs = mechanism.num_inputs();
  params.outputs = mechanism.num_outputs();
  params.q.reserve(mechanism.entries().size());
  for (const Rational& entry : mechanism.entries()) params.q.push_back(to_double(entry));
  return params;
}

DenseParams dense_params(const UrrParams& urr) {
  DenseParams params;
  params.inputs = params.outputs = urr.k;
  params.q.assign(urr.k * urr.k, 0.0);
  for (std::size_t x = 0; x < urr.k; ++x) {
    for (std::size_t y : urr.sensitive.indices()) params.q[x * urr.k + y] = urr.c2;
    params.q[x * urr.k + x] = urr.sensitive.contains(x) ? urr.c1 : urr.c3;
  }
  return params;
}

void validate(const UrrParams& params, const char* what) {
  const std::string name(what);
  if (params.k == 0) throw InvalidArgument(name + ": k must be >= 1");
  if (params.sensitive.universe() != params.k) {
    throw InvalidArgument(name + ": X_S is a set over " +
                          std::to_string(params.sensitive.universe()) +
                          " symbols, k = " + std::to_string(params.k));
  }
  if (!is_probability(params.c1) || !is_probability(params.c2) || !is_probability(params.c3)) {
    throw InvalidArgument(name + ": c1, c2, c3 must be in [0,1]");
  }
}

void validate(const UnaryParams& params, const char* what) {
  const std::string name(what);
  if (params.k == 0) throw InvalidArgument(name + ": k must be >= 1");
  if (params.on.size() != params.k || params.off.size() != params.k) {
    throw InvalidArgument(name + ": on/off must have k = " + std::to_string(params.k) + " entries");
  }
  for (std::size_t j = 0; j < params.k; ++j) {
    if (!is_probability(params.on[j]) || !is_probability(params.off[j])) {
      throw InvalidArgument(name + ": bit " + std::to_string(j) +
                            " has a probability outside [0,1]");
    }
  }
}

void validate(const DenseParams& params, const char* what) {
  const std::string name(what);
  if (params.inputs == 0 || params.outputs == 0) {
    throw InvalidArgument(name + ": the matrix must not be empty");
  }
  if (params.q.size() != params.inputs * params.outputs) {
    throw InvalidArgument(name + ": " + std::to_string(params.q.size()) + " entries, expected " +
                          std::to_string(params.inputs * params.outputs));
  }
  if (!params.estimator.empty() && params.estimator.size() != params.q.size()) {
    throw InvalidArgument(name + ": the estimator has " + std::to_string(params.estimator.size()) +
                          " entries, expected " + std::to_string(params.q.size()));
  }
  for (std::size_t x = 0; x < params.inputs; ++x) {
    double sum = 0;
    for (std::size_t y = 0; y < params.outputs; ++y) {
      const double v = params(x, y);
      if (!is_probability(v)) {
        throw InvalidArgument(name + ": Q(" + std::to_string(y) + "|" + std::to_string(x) +
                              ") is not in [0,1]");
      }
      sum += v;
    }
    if (std::fabs(sum - 1.0) > 1e-12 * static_cast<double>(params.outputs)) {
      throw InvalidArgument(name + ": row " + std::to_string(x) + " sums to " +
                            std::to_string(sum) + ", not 1");
    }
  }
}

}  // namespace uldp::estimate
