// A registry mechanism's own per-pair claim, as its entry states it (MechanismEntry::pair_claim:
// the geometric mechanisms' metric LDP, IDUE's MinID-LDP), as the notions check decides them.
#include "uldp/api/pair_loss.h"
#include "uldp/error.h"
#include "uldp/mechanisms/registry.h"

namespace uldp::api {

namespace {

// The mechanism's own per-pair claim (its entry's), if the subject is a registry mechanism with
// one.
std::optional<PairClaim> own_pair_claim(const CheckSubject& subject) {
  const auto* mechanism = std::get_if<MechanismSubject>(&subject);
  if (!mechanism) return std::nullopt;
  const MechanismEntry& entry = entry_of(mechanism->spec);
  if (!entry.pair_claim) return std::nullopt;
  return entry.pair_claim(mechanism->spec);
}

// "idue", "geometric": whose claim it is, for messages.
std::string own_claim_owner(const CheckSubject& subject) {
  return std::string(entry_of(std::get<MechanismSubject>(subject).spec).name);
}

}  // namespace

std::optional<MetricBudget> claimed_metric(const CheckSubject& subject) {
  const std::optional<PairClaim> claim = own_pair_claim(subject);
  const auto* metric = claim ? std::get_if<MetricPairClaim>(&*claim) : nullptr;
  if (!metric) return std::nullopt;
  return MetricBudget{
      GridDistance{metric->width, metric->height,
                   metric->euclidean ? GridMetric::kEuclidean : GridMetric::kManhattan},
      metric->per_unit};
}

std::optional<InputBudgets> claimed_input_budgets(const CheckSubject& subject) {
  const std::optional<PairClaim> claim = own_pair_claim(subject);
  const auto* min_id = claim ? std::get_if<MinIdPairClaim>(&*claim) : nullptr;
  if (!min_id) return std::nullopt;
  return InputBudgets{min_id->per_input, IdCombine::kMin};
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
        throw InvalidArgument(outputs->name + ": " + own_claim_owner(subject) +
                              "'s claim, MinID-LDP, bounds every output; check it without "
                              "protected outputs");
      }
    }
  }
  if (!notions.metric) {
    notions.metric = claimed_metric(subject);
    if (notions.metric && outputs) {
      throw InvalidArgument(outputs->name + ": " + own_claim_owner(subject) +
                            "'s claim, metric LDP, bounds every output; check it without "
                            "protected outputs");
    }
  }
}

}  // namespace uldp::api
