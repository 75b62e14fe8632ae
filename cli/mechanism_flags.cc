#include "mechanism_flags.h"

#include <algorithm>

#include "uldp/error.h"

namespace uldp::cli {

void MechanismFlags::add_to(CLI::App& command) {
  for (const ParameterDeclaration* p : declared_parameters()) {
    // A budget's eps and exp_eps together are refused by the library, in the words Python gets.
    for (std::string_view keyword : keywords_of(*p)) {
      command
          .add_option_function<std::string>(
              flag_of(keyword),
              [this, keyword](const std::string& text) {
                given.insert_or_assign(std::string(keyword), text);
              },
              std::string(p->help))
          ->type_name(std::string(p->metavar));
    }
  }
}

std::optional<std::string> MechanismFlags::text(std::string_view keyword) const {
  const auto it = given.find(keyword);
  return it == given.end() ? std::nullopt : std::optional<std::string>(it->second);
}

std::optional<PrivacyBudget> MechanismFlags::budget() const {
  return api::parse_budget(text("eps"), text("exp_eps"), api::ReferenceNames::flags());
}

std::optional<std::string> MechanismFlags::first_flag_given_except(
    std::initializer_list<std::string_view> allowed) const {
  for (const auto& [keyword, value] : given) {
    if (std::find(allowed.begin(), allowed.end(), keyword) == allowed.end())
      return flag_of(keyword);
  }
  return std::nullopt;
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
  p.given = given;
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

MechanismSpec MechanismFlags::build() const {
  const MechanismArguments parsed = arguments();  // its refusals come first
  return make_mechanism(find_mechanism(name, "mechanism"), parsed);
}

MechanismArguments MechanismFlags::arguments() const {
  return api::mechanism_arguments(parameters(), api::ReferenceNames::flags());
}

}  // namespace uldp::cli
