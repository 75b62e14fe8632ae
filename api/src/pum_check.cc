// The PUM check: the hypothesis, Proposition 9 for every distinct pre-processor and
// Proposition 10 across users, all decided exactly by the library; one JSON writer, one renderer.
#include "uldp/api/pum_check.h"

#include <sstream>

#include "uldp/api/render.h"
#include "uldp/error.h"
#include "uldp/mechanisms/registry.h"

namespace uldp::api {
namespace {

std::string verdict_word(bool holds) { return holds ? "holds" : "FAILS"; }

nlohmann::json cross_json(const PumCrossRatio& c, const PumPopulation& users) {
  nlohmann::json j = {{"holds", c.holds},
                      {"max_ratio", c.ratio.to_string()},
                      {"max_eps_approx", approx_epsilon(c.ratio)}};
  if (c.ratio > ExtendedRational(Rational(1))) {
    j["attained_by"] = {{"user_i", users.groups()[c.group_i].source},
                        {"user_j", users.groups()[c.group_j].source},
                        {"x", c.x},
                        {"y", c.y},
                        {"q_i", to_string(c.q_i)},
                        {"q_j", to_string(c.q_j)}};
  }
  return j;
}

bool every_preprocessor_holds(const PumPropositions& p) {
  for (const PumGroupVerdicts& g : p.groups) {
    if (!g.uldp.holds) return false;
  }
  return true;
}

// The PUM check builds Q_cmn and one dense |X| x |Y| mechanism per distinct tagging, and checks
// each: about 950 bytes an entry of |X|^2 at |X| = 3000 (bench/extremes.sh). Within 2 GB and
// minutes: |X| <= 2048, and at most 2^28 entries over all taggings.
constexpr std::size_t kMaxPumSymbols = 2048;
constexpr std::size_t kMaxPumCheckedEntries = std::size_t{1} << 28;

void require_affordable(const PumCheckRequest& request) {
  const std::size_t k = request.common_sensitive.universe();
  if (k > kMaxPumSymbols) {
    throw InvalidArgument(
        "k: the PUM check builds a dense mechanism over k symbols for each "
        "tagging; k = " +
        std::to_string(k) + " is above the limit " + std::to_string(kMaxPumSymbols));
  }
  const std::size_t taggings = request.users.groups().size();
  if (taggings > kMaxPumCheckedEntries / (k * k)) {
    throw InvalidArgument("users: " + std::to_string(taggings) + " different taggings of k = " +
                          std::to_string(k) + " symbols each need a dense check; at most " +
                          std::to_string(kMaxPumCheckedEntries / (k * k)) + " at this k");
  }
}

}  // namespace

PumCheckResult check_pum(const PumCheckRequest& request) {
  const std::optional<PrivacyBudget> budget = budget_of(request.common);
  if (!budget) throw InvalidArgument(request.common_name + ": the common mechanism has no budget");
  require_affordable(request);
  DenseForm common = std::get<DenseForm>(exact_form(request.common, FormChoice::kDense));
  PumPropositions propositions =
      check_pum_propositions(common.q, common.protected_outputs, request.users, *budget);
  return PumCheckResult{std::string(entry_of(request.common).name),
                        request.common_sensitive.universe(),
                        request.tags,
                        request.common_sensitive,
                        request.users,
                        *budget,
                        std::move(common),
                        std::move(propositions)};
}

nlohmann::json to_json(const PumCheckResult& r) {
  const PumPopulation& users = r.users;
  nlohmann::json groups = nlohmann::json::array();
  for (const PumGroupVerdicts& g : r.propositions.groups) {
    groups.push_back({{"user", users.groups()[g.group].source},
                      {"users", g.users},
                      {"sensitive", g.sensitive.indices()},
                      {"uldp", verdict_to_json(g.uldp)},
                      {"uldp_strict", verdict_to_json(g.uldp_literal)}});
  }
  return {{"mechanism", "pum"},
          {"common", r.common_mechanism},
          {"k", r.k},
          {"tags", r.tags},
          {"sensitive", r.common_sensitive.indices()},
          {"protected", r.common.protected_outputs.indices()},
          {"exp_eps", to_string(r.budget.exp_eps())},
          {"users", users.num_users()},
          {"distinct_preprocessors", r.propositions.groups.size()},
          {"common_uldp", verdict_to_json(r.propositions.common_uldp)},
          {"proposition_9",
           {{"holds", every_preprocessor_holds(r.propositions)}, {"per_preprocessor", groups}}},
          {"proposition_10", cross_json(r.propositions.users_indistinguishable, users)},
          {"holds", r.holds()}};
}

std::string to_text(const PumCheckResult& r) {
  const PumPopulation& users = r.users;
  const PumPropositions& result = r.propositions;
  std::ostringstream out;
  out << "subject: PUM over common " << r.common_mechanism << ", |X| = " << r.k
      << ", kappa = " << r.tags.size() << " tags (";
  for (std::size_t t = 0; t < r.tags.size(); ++t)
    out << (t ? ", " : "") << r.tags[t] << " = bot " << r.k + t;
  out << "), " << users.num_users() << " users, " << result.groups.size()
      << " distinct pre-processors\n";
  out << "common X_S = {" << r.common_sensitive.to_string() << "}, Y_P = {"
      << r.common.protected_outputs.to_string() << "}\n";
  out << "budget: " << r.budget.describe() << "\n";
  out << "  hypothesis: Q_cmn is (Z_S, Y_P, eps)-ULDP: " << verdict_to_text(result.common_uldp)
      << "\n";
  out << "  Proposition 9 (Q^(i) is (X_S u X_S^(i), Y_P, eps)-ULDP, reachable outputs): "
      << verdict_word(every_preprocessor_holds(result)) << " for " << result.groups.size()
      << " pre-processors\n";
  for (const PumGroupVerdicts& g : result.groups) {
    out << "    " << users.groups()[g.group].source << " (" << g.users
        << " users, X_S u X_S^(i) = {" << g.sensitive.to_string()
        << "}): " << verdict_to_text(g.uldp) << "\n"
        << "      literal reading (Definition 2, erratum E5): " << verdict_to_text(g.uldp_literal)
        << "\n";
  }
  const PumCrossRatio& cross = result.users_indistinguishable;
  out << "  Proposition 10 (Q^(i)(y|x) <= e^eps Q^(j)(y|x) for y in Y_P): "
      << verdict_word(cross.holds) << ", max ratio " << cross.ratio.to_string() << " (eps ~ "
      << approx_epsilon(cross.ratio) << ")";
  if (cross.ratio > ExtendedRational(Rational(1))) {
    out << " at x = " << cross.x << ", y = " << cross.y << ": "
        << users.groups()[cross.group_i].source << " gives " << to_string(cross.q_i) << ", "
        << users.groups()[cross.group_j].source << " gives " << to_string(cross.q_j);
  }
  out << "\n";
  return out.str();
}

}  // namespace uldp::api
