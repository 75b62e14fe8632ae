// Clients over their claim by a stated factor: the registry mechanism run at e^eps = factor × the
// claimed e^eps, its outputs labelled as the claimed mechanism's. A factor of 11/10 is a client 10
// % over its claim (GRR k = 6 at e^eps 3.3 claimed 3, issue 52); a factor of 1 is a correct client.
// Header-only over uldp::api (build_reference); shared by the conformance tests and
// bench/targeted_conformance.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "uldp/api/conform_reference.h"
#include "uldp/estimate/random.h"
#include "uldp/estimate/sampler.h"
#include "uldp/mechanisms/parameter_table.h"

namespace uldp::testing {

/// The registry mechanism `name` over k symbols with X_S = `sensitive` (none when empty), e^eps =
/// exp_eps and uBD's block size K (none when 0).
inline api::RegistryReference registry_reference(const std::string& name, std::size_t k,
                                                 std::vector<std::size_t> sensitive, long exp_eps,
                                                 std::uint64_t block = 0) {
  MechanismArguments a;
  a.k = k;
  if (!sensitive.empty())
    a.sensitive = IndexSet::from_indices(std::move(sensitive), k, "sensitive");
  a.budget = PrivacyBudget::from_exp_eps(Rational(exp_eps));
  if (block > 0) a.values.set(kBlockParameter, std::optional<std::uint64_t>(block));
  return {name, a};
}

class ScaledDouble {
 public:
  /// `claimed` with a budget; the double runs it at its e^eps times `factor` (exact).
  ScaledDouble(const api::RegistryReference& claimed, const Rational& factor) {
    api::RegistryReference run = claimed;
    run.arguments.budget =
        PrivacyBudget::from_exp_eps(claimed.arguments.budget->exp_eps() * factor);
    reference_ = api::build_reference(run);
  }

  /// One output for input x, labelled as uldp mechanism --format csv lists it.
  std::string operator()(std::size_t x, estimate::Xoshiro256& rng) const {
    const estimate::EstimationModel& model = reference_.model;
    if (const auto* unary = std::get_if<estimate::UnaryParams>(&model)) {
      std::string y(unary->k, '0');
      for (std::size_t j = 0; j < unary->k; ++j) {
        if (estimate::uniform01(rng) < (j == x ? unary->on[j] : unary->off[j])) y[j] = '1';
      }
      return y;
    }
    if (const auto* urr = std::get_if<estimate::UrrParams>(&model)) {
      const std::uint32_t input = static_cast<std::uint32_t>(x);
      return label(
          estimate::sample_reports(rng, *urr, std::span<const std::uint32_t>(&input, 1))[0]);
    }
    const auto& dense = std::get<estimate::DenseParams>(model);
    double u = estimate::uniform01(rng);
    std::size_t y = 0;
    for (; y + 1 < dense.outputs; ++y) {
      u -= dense(x, y);
      if (u < 0) break;
    }
    return label(y);
  }

 private:
  std::string label(std::size_t y) const {
    const std::vector<std::string>& labels = reference_.syntax.labels;
    return labels.empty() ? std::to_string(y) : labels[y];
  }

  api::ConformReference reference_;
};

}  // namespace uldp::testing
