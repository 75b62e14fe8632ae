// `uldp check --mech pum`: the hypothesis (Q_cmn is (Z_S, Y_P, ε)-ULDP), Proposition 9 for every
// distinct pre-processor and Proposition 10 across users, all decided exactly by the library.
#include "pum_check.h"

#include <iostream>

#include "uldp/constructions/pum_propositions.h"
#include "uldp/error.h"
#include "uldp/mechanisms/exact_form.h"

namespace uldp::cli {
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

}  // namespace

int run_pum_check(const MechanismFlags& flags, bool json) {
  const PumSetup setup = flags.build_pum(true);
  const std::optional<PrivacyBudget> budget = budget_of(setup.common);
  if (!budget) throw InvalidArgument("--common: the common mechanism has no budget");
  const DenseForm common = std::get<DenseForm>(exact_form(setup.common, FormChoice::kDense));
  const PumPopulation& users = *setup.users;
  const PumPropositions result =
      check_pum_propositions(common.q, common.protected_outputs, users, *budget);
  const std::string common_name(entry_of(setup.common).name);

  if (json) {
    nlohmann::json groups = nlohmann::json::array();
    for (const PumGroupVerdicts& g : result.groups) {
      groups.push_back({{"user", users.groups()[g.group].source},
                        {"users", g.users},
                        {"sensitive", g.sensitive.indices()},
                        {"uldp", verdict_to_json(g.uldp)},
                        {"uldp_strict", verdict_to_json(g.uldp_literal)}});
    }
    nlohmann::json j = {{"mechanism", "pum"},
                        {"common", common_name},
                        {"k", setup.k()},
                        {"tags", setup.tags},
                        {"sensitive", setup.common_sensitive.indices()},
                        {"protected", common.protected_outputs.indices()},
                        {"exp_eps", to_string(budget->exp_eps())},
                        {"users", users.num_users()},
                        {"distinct_preprocessors", result.groups.size()},
                        {"common_uldp", verdict_to_json(result.common_uldp)},
                        {"proposition_9", {{"holds", true}, {"per_preprocessor", groups}}},
                        {"proposition_10", cross_json(result.users_indistinguishable, users)},
                        {"holds", result.holds()}};
    for (const PumGroupVerdicts& g : result.groups)
      j["proposition_9"]["holds"] = j["proposition_9"]["holds"].get<bool>() && g.uldp.holds;
    std::cout << versioned(j).dump(2) << "\n";
    return result.holds() ? 0 : 1;
  }
  std::cout << "subject: PUM over common " << common_name << ", |X| = " << setup.k()
            << ", kappa = " << setup.tags.size() << " tags (";
  for (std::size_t t = 0; t < setup.tags.size(); ++t)
    std::cout << (t ? ", " : "") << setup.tags[t] << " = bot " << setup.k() + t;
  std::cout << "), " << users.num_users() << " users, " << result.groups.size()
            << " distinct pre-processors\n";
  std::cout << "common X_S = {" << setup.common_sensitive.to_string() << "}, Y_P = {"
            << common.protected_outputs.to_string() << "}\n";
  std::cout << "budget: " << budget->describe() << "\n";
  std::cout << "  hypothesis: Q_cmn is (Z_S, Y_P, eps)-ULDP: "
            << verdict_to_text(result.common_uldp) << "\n";
  bool all_nine = true;
  for (const PumGroupVerdicts& g : result.groups) all_nine = all_nine && g.uldp.holds;
  std::cout << "  Proposition 9 (Q^(i) is (X_S u X_S^(i), Y_P, eps)-ULDP, reachable outputs): "
            << verdict_word(all_nine) << " for " << result.groups.size() << " pre-processors\n";
  for (const PumGroupVerdicts& g : result.groups) {
    std::cout << "    " << users.groups()[g.group].source << " (" << g.users
              << " users, X_S u X_S^(i) = {" << g.sensitive.to_string()
              << "}): " << verdict_to_text(g.uldp) << "\n"
              << "      literal reading (Definition 2, erratum E5): "
              << verdict_to_text(g.uldp_literal) << "\n";
  }
  const PumCrossRatio& cross = result.users_indistinguishable;
  std::cout << "  Proposition 10 (Q^(i)(y|x) <= e^eps Q^(j)(y|x) for y in Y_P): "
            << verdict_word(cross.holds) << ", max ratio " << cross.ratio.to_string() << " (eps ~ "
            << approx_epsilon(cross.ratio) << ")";
  if (cross.ratio > ExtendedRational(Rational(1))) {
    std::cout << " at x = " << cross.x << ", y = " << cross.y << ": "
              << users.groups()[cross.group_i].source << " gives " << to_string(cross.q_i) << ", "
              << users.groups()[cross.group_j].source << " gives " << to_string(cross.q_j);
  }
  std::cout << "\n";
  return result.holds() ? 0 : 1;
}

}  // namespace uldp::cli
