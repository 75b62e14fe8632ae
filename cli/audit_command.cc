// `uldp audit`: the main job (uldp::api::audit): the paper's mechanisms at the paper's settings,
// every privacy claim checked exactly; exit 0 iff every claim holds.
#include <iostream>
#include <memory>

#include "cli_support.h"
#include "commands.h"
#include "uldp/api/audit.h"

namespace uldp::cli {

void add_audit_command(CLI::App& app, int& exit_code) {
  auto json = std::make_shared<bool>(false);
  auto* cmd =
      app.add_subcommand("audit",
                         "build the paper's mechanisms at the paper's settings and check every "
                         "privacy claim exactly (the default job)");
  cmd->add_flag("--json", *json, "print JSON");
  cmd->callback([json, &exit_code] {
    const api::AuditResult result = api::audit();
    if (*json) {
      answer_json(api::to_json(result), 2);
    } else {
      std::cout << api::to_text(result);
    }
    exit_code = result.all_claims_hold() ? 0 : 1;
  });
}

}  // namespace uldp::cli
