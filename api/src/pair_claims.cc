// A registry mechanism's own per-pair claim (geometric: metric LDP; IDUE: MinID-LDP).
#include "uldp/api/pair_loss.h"
#include "uldp/error.h"

namespace uldp::api {

std::optional<MetricBudget> claimed_metric(const CheckSubject& subject) {
  const auto* mechanism = std::get_if<MechanismSubject>(&subject);
  if (!mechanism) return std::nullopt;
  if (const auto* euclidean = std::get_if<GeometricEuclideanSpec>(&mechanism->spec.kind)) {
    return MetricBudget{GridDistance{euclidean->width, euclidean->height, GridMetric::kEuclidean},
                        euclidean->euclidean_per_unit};
  }
  const auto* geometric = std::get_if<GeometricSpec>(&mechanism->spec.kind);
  if (!geometric) return std::nullopt;
  return MetricBudget{GridDistance{geometric->width, geometric->height, GridMetric::kManhattan},
                      geometric->per_unit};
}

std::optional<InputBudgets> claimed_input_budgets(const CheckSubject& subject) {
  const auto* mechanism = std::get_if<MechanismSubject>(&subject);
  if (!mechanism) return std::nullopt;
  const auto* idue = std::get_if<IdueSpec>(&mechanism->spec.kind);
  if (!idue) return std::nullopt;
  return InputBudgets{idue->input_budgets, IdCombine::kMin};
}

bool claims_pair_notion(const CheckSubject& subject) {
  return claimed_metric(subject) || claimed_input_budgets(subject);
}

void add_claimed_notions(const CheckSubject& subject, const std::optional<IndexSelection>& outputs,
                         PairNotions& notions) {
  if (!notions.input_budgets) {
    notions.input_budgets = claimed_input_budgets(subject);
    if (notions.input_budgets) {
      notions.input_budgets_name =
          notions.input_budgets->per_input.front().epsilon() ? "id_eps" : "id_exp_eps";
      if (outputs) {
        throw InvalidArgument(outputs->name +
                              ": IDUE's claim, MinID-LDP, bounds every output; check it without "
                              "protected outputs");
      }
    }
  }
  if (!notions.metric) {
    notions.metric = claimed_metric(subject);
    if (notions.metric && outputs) {
      throw InvalidArgument(outputs->name +
                            ": the geometric mechanism's claim, metric LDP, bounds every output; "
                            "check it without protected outputs");
    }
  }
}

}  // namespace uldp::api
