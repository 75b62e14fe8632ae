// The simulate workflow: inputs drawn from the distribution (or through the PUM's users), then
// each user's report (or the aggregated counts).
#include "uldp/api/simulate.h"

#include <optional>

#include "uldp/error.h"
#include "uldp/estimate/estimation_model.h"
#include "uldp/estimate/pum_users.h"
#include "uldp/estimate/sampler.h"

namespace uldp::api {
namespace {

constexpr std::uint64_t kMaxUsers = 1'000'000'000;

}  // namespace

void simulate(const SimulateRequest& request,
              const std::function<void(const estimate::SimulatedReports&)>& block) {
  const SpecOrPum mechanism = registry_or_pum(request.mechanism, "simulate");
  const std::optional<PumReference>& pum = mechanism.pum;
  if (pum && request.n) throw InvalidArgument("n: the PUM's users file gives the users");
  if (pum && !pum->users) {
    throw InvalidArgument(pum->users_name +
                          ": the PUM's reports are drawn through its users' pre-processors");
  }
  if (!pum && (!request.n || *request.n == 0)) {
    throw InvalidArgument("n: must be given and at least 1");
  }
  if (request.n && *request.n > kMaxUsers) {
    throw InvalidArgument("n: " + std::to_string(*request.n) + " exceeds the limit " +
                          std::to_string(kMaxUsers));
  }
  const MechanismSpec& spec = mechanism.spec;
  const std::size_t k = pum ? spec.k - pum->bots() : spec.k;
  const estimate::EstimationModel model = estimate::estimation_model(spec);
  const std::vector<double> p =
      sampling_distribution(parse_input_distribution(request.p, k), "simulate");
  estimate::Xoshiro256 rng(request.seed);
  if (!pum) {
    estimate::simulate_report_blocks(rng, model, p, *request.n, request.counts, block);
    return;
  }
  // The PUM's users are those of its users file, held in memory already: one block.
  block(estimate::simulate_reports(
      rng, model, estimate::sample_intermediate_counts(rng, *pum->users, p), request.counts));
}

estimate::SimulatedReports simulate(const SimulateRequest& request) {
  std::optional<estimate::SimulatedReports> all;
  simulate(request, [&](const estimate::SimulatedReports& block) {
    if (!all) {
      all = block;
    } else {
      estimate::SimulatedReports copy = block;
      estimate::append_reports(*all, std::move(copy));
    }
  });
  return std::move(*all);
}

}  // namespace uldp::api
