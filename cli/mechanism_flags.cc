#include "mechanism_flags.h"

#include "uldp/error.h"
#include "uldp/utility/optimal_theta.h"

namespace uldp::cli {

void MechanismFlags::add_to(CLI::App& command) {
  command.add_option("--k", k, "number of input symbols |X|");
  command
      .add_option("--sensitive", sensitive,
                  "sensitive inputs X_S: 0,3,7 or 0-14 (0-based; \"\" is empty)")
      ->each([this](const std::string&) { sensitive_given = true; });
  command.add_option(
      "--theta", theta,
      "RAPPOR family: theta in [0,1] | paper (s/(s+1), s = e^{eps/2}; the default) | "
      "optimal | optimal-l1 (certified minimiser of the worst-case l2 / l1 loss)");
  command.add_option("--mangat-p", mangat_p, "Mangat's p in (0,1] (default 1/e^eps)");
  command.add_option("--block", block, "uBD: block size K, 1 <= K <= |X_S|");
  budget.add_to(command, false);
}

void MechanismFlags::add_with_mech_option(CLI::App& command) {
  command.add_option("--mech", name, mech_option_help());
  add_to(command);
}

std::string mech_option_help() {
  return "mechanism: " + mechanism_names() + " (uldp mechanism --list)";
}

bool MechanismFlags::any_parameter_given() const {
  return k != 0 || sensitive_given || !theta.empty() || !mangat_p.empty() || block != 0;
}

MechanismSpec MechanismFlags::build() const {
  const MechanismEntry& entry = find_mechanism(name, "mechanism");
  MechanismArguments arguments;
  if (entry.fixed_k) {
    if (k != 0 && k != static_cast<long long>(*entry.fixed_k)) {
      throw InvalidArgument("--k: mechanism " + name +
                            " has k = " + std::to_string(*entry.fixed_k));
    }
    arguments.k = *entry.fixed_k;
  } else {
    if (k <= 0) throw InvalidArgument("--k: must be given and at least 1");
    check_size(static_cast<std::size_t>(k), entry.max_k, "--k");  // before any allocation
    arguments.k = static_cast<std::size_t>(k);
  }
  if (sensitive_given)
    arguments.sensitive = parse_index_list(sensitive, arguments.k, "--sensitive");
  arguments.budget = budget.parse();
  if (!theta.empty()) arguments.theta = resolve_theta(theta, entry, arguments);
  if (!mangat_p.empty()) arguments.mangat_p = Probability::parse(mangat_p, "--mangat-p");
  if (block != 0) {
    if (block < 0) throw InvalidArgument("--block: must be at least 1");
    arguments.block = static_cast<std::size_t>(block);
  }
  return make_mechanism(entry, arguments);
}

std::optional<Probability> resolve_theta(const std::string& text, const MechanismEntry& entry,
                                         const MechanismArguments& arguments) {
  if (text == "paper") return std::nullopt;
  if (text != "optimal" && text != "optimal-l1") return Probability::parse(text, "--theta");
  if (entry.theta == Takes::kNo) {
    throw InvalidArgument("--theta: mechanism " + std::string(entry.name) + " has no theta");
  }
  if (!arguments.budget) throw InvalidArgument("--theta: " + text + " needs a budget");
  const Rational& t = arguments.budget->exp_eps();
  if (t <= 1) throw InvalidArgument("--theta: " + text + " needs exp_eps > 1");
  // RAPPOR treats every bit alike whatever X_S is declared: it is uRAP with X_S = X.
  const bool every_bit_sensitive =
      entry.name == GeneralizedRapporParams::kName || !arguments.sensitive;
  const std::size_t sensitive_count =
      every_bit_sensitive ? arguments.k : arguments.sensitive->size();
  const ThetaObjective objective = text == "optimal" ? ThetaObjective::kL2 : ThetaObjective::kL1;
  const OptimalTheta optimum = optimal_urap_theta(arguments.k, sensitive_count, t, objective);
  // The paper's θ can be the minimiser itself (|X_S| = 1 below the p_UN threshold): keep it then.
  const Rational paper = default_rappor_theta(*arguments.budget);
  return Probability::from_rational(optimum.bracket.contains(paper) ? paper : optimum.theta,
                                    "--theta");
}

}  // namespace uldp::cli
