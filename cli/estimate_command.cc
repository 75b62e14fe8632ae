// `uldp estimate`: estimate the input distribution from a file of obfuscated reports (empirical,
// empirical with significance threshold, or EM; uldp::api::estimate_distribution).
#include <fstream>
#include <iostream>

#include "cli_support.h"
#include "commands.h"
#include "mechanism_flags.h"
#include "uldp/api/estimate.h"
#include "uldp/error.h"
#include "uldp/io/pum_users_reader.h"
#include "workflow_option_flags.h"

namespace uldp::cli {
namespace {

using estimate::EmAccelerator;

struct EstimateCommand {
  MechanismFlags mech;
  std::string reports;
  api::EstimateMethod method{};  // the flags set each option's default
  double significance = 0;
  std::uint64_t max_iterations = 0;
  double em_stop = 0;
  EmAccelerator accelerator{};
  bool json = false;
  std::vector<std::string> background;  // --mech pum: TAG=FILE or TAG=none
};

api::EstimateRequest request(const EstimateCommand& c) {
  if (c.mech.name.empty()) throw InvalidArgument("--mech: required (" + mechanism_names() + ")");
  std::size_t k_over_x = 0;  // the PUM's |X|: background weights are over X
  api::ReferenceRequest mechanism = [&]() -> api::ReferenceRequest {
    if (!c.mech.personalized()) return api::RegistryReference{c.mech.name, c.mech.arguments()};
    if (!c.mech.users.empty() || !c.mech.user_groups.empty())
      throw InvalidArgument("--users: the estimate does not know the users' tags; drop it");
    PumSetup pum = c.mech.build_pum(false);
    k_over_x = pum.k();
    return api::PumReference{std::move(pum.common), std::move(pum.tags), std::nullopt, "--users"};
  }();
  const std::string path = c.reports;
  api::EstimateRequest r(
      std::move(mechanism),
      [path]() -> std::unique_ptr<std::istream> {
        auto in = std::make_unique<std::ifstream>(path, std::ios::binary);
        if (!*in) throw InputError(path, "cannot open the file");
        return in;
      },
      path);
  r.method = c.method;
  r.significance = c.significance;
  r.max_iterations = c.max_iterations;
  r.em_stop = c.em_stop;
  r.accelerator = c.accelerator;
  for (const std::string& item : c.background) {  // TAG=FILE (k weights) or TAG=none
    const std::size_t equals = item.find('=');
    if (equals == std::string::npos) {
      throw InvalidArgument("--background: '" + message_excerpt(item) +
                            "' is not TAG=FILE or TAG=none");
    }
    const std::string file = item.substr(equals + 1);
    api::TagBackground b{item.substr(0, equals), std::nullopt, file};
    if (file != "none" && k_over_x > 0) b.pi = read_weight_file(file, k_over_x);
    r.background.push_back(std::move(b));
  }
  return r;
}

}  // namespace

void add_estimate_command(CLI::App& app, int& exit_code) {
  auto command = std::make_shared<EstimateCommand>();
  CLI::App* sub = app.add_subcommand(
      "estimate", "estimate the input distribution from obfuscated reports (emp, thr, em)");
  command->mech.add_with_mech_option(*sub);
  command->mech.add_pum_options(*sub);
  sub->add_option("--background", command->background,
                  "--mech pum: background knowledge pi_hat of a tag, TAG=FILE (k weights, one per "
                  "line) or TAG=none (the paper's fallback, also for tags not named); repeatable");
  sub->add_option("--reports", command->reports,
                  "report file: one symbol or k-bit string per line, or '# counts' then k counts "
                  "('# counts n=N' for bit vectors)")
      ->required();
  add_workflow_option(*sub, api::kMethodOption, "estimate", command->method);
  add_workflow_option(*sub, api::kSignificanceOption, "estimate", command->significance);
  add_workflow_option(*sub, api::kMaxIterationsOption, "estimate", command->max_iterations);
  add_workflow_option(*sub, api::kEmStopOption, "estimate", command->em_stop);
  add_workflow_option(*sub, api::kAcceleratorOption, "estimate", command->accelerator);
  sub->add_flag("--json", command->json, "machine-readable output");
  sub->callback([command, &exit_code] {
    const api::EstimateResult result = api::estimate_distribution(request(*command));
    if (command->json) {
      answer_json(api::to_json(result), -1);
    } else {
      std::cout << api::to_text(result);
    }
    exit_code = 0;
  });
}

}  // namespace uldp::cli
