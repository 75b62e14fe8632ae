// ID-LDP, context-aware, metric and personalized LDP decided on the losses, with the tolerance.
#include "pair_notion_verdicts.h"

#include "uldp/error.h"

namespace uldp::api {
namespace {

// Every notion bounds every output: losses over Y_P alone would understate them.
void require_every_output(const PairLossRequest& request, const char* refusal) {
  if (request.outputs) throw InvalidArgument(refusal);
}

void decide_input_discriminative(const PairLossRequest& request, PairLossResult& result) {
  const InputBudgets& budgets = *request.notions.input_budgets;
  require_every_output(request,
                       "id budgets: ID-LDP bounds every output; not with protected outputs");
  const std::size_t k = result.losses.inputs();
  if (budgets.per_input.size() != k) {
    throw InvalidArgument(request.notions.input_budgets_name + ": " +
                          std::to_string(budgets.per_input.size()) + " budgets for " +
                          std::to_string(k) + " inputs");
  }
  result.input_discriminative =
      check_input_discriminative(result.losses, budgets, result.tolerance);
  result.combine = budgets.combine;
}

void decide_context_aware(const PairLossRequest& request, PairLossResult& result) {
  require_every_output(request,
                       "pair budgets: context-aware LDP bounds every output; not with "
                       "protected outputs");
  const PairBudgetMatrix& b = *request.notions.pair_budgets;
  const std::size_t k = result.losses.inputs();
  bool square = b.size() == k;
  for (const auto& row : b) square = square && row.size() == k;
  if (!square) {
    throw InvalidArgument(request.notions.pair_budgets_name + ": a " + std::to_string(b.size()) +
                          " x " + std::to_string(b.empty() ? 0 : b.front().size()) +
                          " matrix for " + std::to_string(k) + " inputs (it must be k x k)");
  }
  result.context_verdict = check_context_aware(result.losses, b, result.tolerance);
}

void decide_metric(const PairLossRequest& request, PairLossResult& result) {
  require_every_output(request,
                       "metric: metric LDP bounds every output; not with protected outputs");
  const MetricBudget& metric = *request.notions.metric;
  result.metric_verdict = check_metric_privacy(result.losses, metric, result.tolerance);
  result.metric = describe(metric, request.notions.metric_name);
}

void decide_personalized(const PairLossRequest& request, PairLossResult& result) {
  require_every_output(
      request, "safe regions: personalized LDP bounds every output; not with protected outputs");
  const std::vector<SafeRegion>& regions = *request.notions.safe_regions;
  result.personalized_verdict = check_personalized(result.losses, regions, result.tolerance);
  result.safe_regions = regions.size();
}

}  // namespace

void decide_notions(const PairLossRequest& request, PairLossResult& result) {
  if (request.notions.input_budgets) decide_input_discriminative(request, result);
  if (request.notions.pair_budgets) decide_context_aware(request, result);
  if (request.notions.metric) decide_metric(request, result);
  if (request.notions.safe_regions) decide_personalized(request, result);
}

}  // namespace uldp::api
