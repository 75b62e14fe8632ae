#include "mechanism_flags.h"

#include "uldp/error.h"

namespace uldp::cli {

void MechanismFlags::add_to(CLI::App& command) {
  add_unsigned_option(command, "--k", k, "number of input symbols |X|");
  command
      .add_option("--sensitive", sensitive,
                  "sensitive inputs X_S: 0,3,7 or 0-14 (0-based; \"\" is empty)")
      ->each([this](const std::string&) { sensitive_given = true; });
  add_text_option(command, "--theta", theta,
                  "RAPPOR family: theta in [0,1] | paper (s/(s+1), s = e^{eps/2}; the default) | "
                  "optimal | optimal-l1 (certified minimiser of the worst-case l2 / l1 loss)");
  add_text_option(command, "--mangat-p", mangat_p, "Mangat's p in (0,1] (default 1/e^eps)");
  add_unsigned_option(command, "--block", block, "uBD: block size K, 1 <= K <= |X_S|");
  budget.add_to(command, false);
  add_text_option(command, "--grid", grid,
                  "geometric: the inputs as the cells of a WxH grid, numbered row by row (it sets "
                  "k); with check --metric, the grid the distances are measured on");
  add_text_option(command, "--eps-per-unit", eps_per_unit,
                  "geometric, check --metric: eps per unit of distance, exact (bound e^(eps d), "
                  "certified)");
  add_text_option(command, "--exp-eps-per-unit", exp_eps_per_unit,
                  "geometric, check --metric manhattan or FILE: t = e^eps per unit, exact (bound "
                  "t^d)");
  add_text_option(command, "--id-exp-eps", id_exp_eps,
                  "idue: one e^eps per input, comma-separated exact rationals (it sets k; its "
                  "claim is MinID-LDP at them); with check and any other subject, ID-LDP (Gu et "
                  "al., ICDE 2020): a pair is bounded by their --id-combine (implies --pairs; exit "
                  "1 when it fails)");
  add_text_option(command, "--id-eps", id_eps,
                  "idue, check's ID-LDP: each input's budget as eps (certified)");
  add_text_option(command, "--one-if-on", one_if_on,
                  "idue: P(bit x = 1 | input x) per input, comma-separated exact (default 1/2 "
                  "each, the paper's OUE structure)");
  add_text_option(command, "--one-if-off", one_if_off,
                  "idue: P(bit x = 1 | another input) per input, comma-separated exact, each "
                  "below its --one-if-on");
}

void MechanismFlags::add_with_mech_option(CLI::App& command) {
  command.add_option("--mech", name, mech_option_help());
  add_to(command);
}

void MechanismFlags::add_pum_options(CLI::App& command) {
  command.add_option("--common", common,
                     "with --mech pum: the common mechanism Q_cmn (" + pum_common_names() + ")");
  command.add_option("--tags", tags, "with --mech pum: the semantic tags, e.g. home,work,others");
  command.add_option("--users", users,
                     "with --mech pum: users file, one user per line (home=3,4 work=7, or -)");
  command.add_option("--user-groups", user_groups,
                     "with --mech pum: users file, a user count then the tagging per line "
                     "(120 home=3 work=7, or 45 -)");
}

std::string mech_option_help() {
  return "mechanism: " + mechanism_names() + ", or pum (the personalized mechanism over --common)" +
         " (uldp mechanism --list)";
}

api::MechanismParameters MechanismFlags::parameters() const {
  if (!users.empty() && !user_groups.empty())
    throw InvalidArgument("--users: give one of --users FILE or --user-groups FILE");
  api::MechanismParameters p;
  p.name = name;
  p.k = k;
  if (sensitive_given) p.sensitive = sensitive;
  p.eps = budget.eps;
  p.exp_eps = budget.exp_eps;
  p.theta = theta;
  p.mangat_p = mangat_p;
  p.block = block;
  p.grid = grid;
  p.eps_per_unit = eps_per_unit;
  p.exp_eps_per_unit = exp_eps_per_unit;
  p.id_eps = id_eps;
  p.id_exp_eps = id_exp_eps;
  p.one_if_on = one_if_on;
  p.one_if_off = one_if_off;
  if (!common.empty()) p.common = common;
  if (!tags.empty()) p.tags = tags;
  if (!users.empty() || !user_groups.empty()) {
    p.users = api::PumUsersInput{
        users.empty() ? PumUsersLayout::kCountedGroups : PumUsersLayout::kOneUserPerLine,
        users.empty() ? user_groups : users, std::nullopt};
  }
  return p;
}

PumSetup MechanismFlags::build_pum(bool users_needed) const {
  PumSetup setup = api::pum_setup(parameters(), api::ReferenceNames::flags());
  if (users_needed && !setup.users)
    throw InvalidArgument("--users: required with --mech pum (or --user-groups FILE)");
  return setup;
}

bool MechanismFlags::any_parameter_given() const {
  return k || sensitive_given || theta || mangat_p || block || grid || eps_per_unit ||
         exp_eps_per_unit || id_eps || id_exp_eps || one_if_on || one_if_off;
}

MechanismSpec MechanismFlags::build() const {
  const MechanismArguments parsed = arguments();  // its refusals come first
  return make_mechanism(find_mechanism(name, "mechanism"), parsed);
}

MechanismArguments MechanismFlags::arguments() const {
  return api::mechanism_arguments(parameters(), api::ReferenceNames::flags());
}

}  // namespace uldp::cli
