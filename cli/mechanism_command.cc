// `uldp mechanism NAME --k K ...`: prints a registered mechanism's exact matrix (or its
// structured form); `uldp mechanism --list` prints the registry.
#include <iostream>
#include <memory>

#include "commands.h"
#include "mechanism_flags.h"
#include "uldp/api/mechanism.h"
#include "uldp/error.h"

namespace uldp::cli {
namespace {

struct MechanismCommand {
  MechanismFlags flags;
  std::string format = "md";
  bool structured = false;
  bool list = false;
};

void run(const MechanismCommand& c) {
  const api::MechanismFormat format = api::mechanism_format(c.format, "--format");
  if (c.list) {
    if (!c.flags.name.empty())
      throw InvalidArgument("--list: prints every mechanism; drop the name");
    std::cout << api::render_registry(format);
    return;
  }
  if (c.flags.name.empty())
    throw InvalidArgument("mechanism: give a NAME (" + mechanism_names() + ") or --list");
  std::optional<PumSetup> pum;
  if (c.flags.personalized()) {
    if (!c.flags.users.empty() || !c.flags.user_groups.empty()) {
      throw InvalidArgument(
          "--users: mechanism pum prints the common mechanism; check --mech pum takes the users");
    }
    pum = c.flags.build_pum(false);
  }
  api::MechanismRequest request(pum ? pum->common : c.flags.build());
  if (pum) request.pum = api::PumCommonNote{pum->common_sensitive, pum->tags};
  request.form = c.structured ? FormChoice::kStructured : FormChoice::kDense;
  std::cout << api::render(api::describe_mechanism(request), format);
}

}  // namespace

void add_mechanism_command(CLI::App& app, int& exit_code) {
  auto state = std::make_shared<MechanismCommand>();
  auto* cmd = app.add_subcommand(
      "mechanism", "print the exact matrix Q[x][y] of a registered mechanism, or --list them");
  cmd->add_option("name", state->flags.name, mech_option_help());
  state->flags.add_to(*cmd);
  state->flags.add_pum_options(*cmd);
  cmd->add_option("--format", state->format, "json, csv or md (default md)")
      ->check(CLI::IsMember({"json", "csv", "md"}));
  cmd->add_flag(
      "--structured", state->structured,
      "print the structured form (JSON): per-bit channels (rappor, urap) or classes (rr, urr)");
  cmd->add_flag("--list", state->list, "print the registry of mechanisms (md or --format json)");
  cmd->callback([state, &exit_code] {
    run(*state);
    exit_code = 0;
  });
}

}  // namespace uldp::cli
