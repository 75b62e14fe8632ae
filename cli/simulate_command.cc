// `uldp simulate`: draw the reports n users would send under a mechanism, from a given or a
// named synthetic input distribution, for use with `uldp estimate`.
#include <cmath>
#include <fstream>
#include <iostream>
#include <string>

#include "cli_support.h"
#include "commands.h"
#include "mechanism_flags.h"
#include "replacing_file.h"
#include "uldp/api/input_distribution.h"
#include "uldp/api/simulate.h"
#include "uldp/error.h"

namespace uldp::cli {
namespace {

constexpr std::uint64_t kMaxUsers = 1'000'000'000;

struct SimulateCommand {
  MechanismFlags mech;
  std::optional<std::uint64_t> n;
  std::string p = "uniform";
  std::optional<std::uint64_t> seed;
  std::string out;
  bool counts = false;
};

void run(const SimulateCommand& c, const CLI::App& command, int& exit_code) {
  if (c.mech.name.empty()) throw InvalidArgument("--mech: required (" + mechanism_names() + ")");
  std::size_t k = 0;  // over X, for --p
  api::ReferenceRequest mechanism = [&]() -> api::ReferenceRequest {
    if (!c.mech.personalized()) {
      MechanismArguments arguments = c.mech.arguments();
      k = arguments.k;
      return api::RegistryReference{c.mech.name, std::move(arguments)};
    }
    if (c.n) throw InvalidArgument("--n: with --mech pum the users file gives the users");
    PumSetup pum = c.mech.build_pum(true);
    k = pum.k();
    return api::PumReference{std::move(pum.common), std::move(pum.tags), std::move(pum.users),
                             "--users"};
  }();
  if (!c.mech.personalized() && !c.n) throw InvalidArgument("--n: must be given and at least 1");
  api::SimulateRequest request(std::move(mechanism), *c.seed);
  request.n = c.n;
  request.p = api::parse_input_distribution(c.p, k);
  request.counts = c.counts;
  refuse_output_onto_input(command, "--out", c.out);
  ReplacingFile file;
  // Opened only once the request is valid, and replacing the file only when every report was
  // written: a refused or failed run leaves the file as it was.
  const auto open = [&]() -> std::ostream& {
    if (c.out.empty()) return std::cout;
    if (!file.open(c.out))
      throw InvalidArgument("--out: cannot write '" + message_excerpt(c.out) + "'");
    return file.stream();
  };
  api::simulate(request, open);
  if (c.out.empty()) {
    std::cout.flush();
    if (!std::cout) throw InvalidArgument("--out: writing the reports failed");
  } else if (!file.commit()) {
    throw InvalidArgument("--out: writing the reports to '" + message_excerpt(c.out) + "' failed");
  }
  exit_code = 0;
}

}  // namespace

void add_simulate_command(CLI::App& app, int& exit_code) {
  auto command = std::make_shared<SimulateCommand>();
  CLI::App* sub =
      app.add_subcommand("simulate", "draw the obfuscated reports of n users (for uldp estimate)");
  command->mech.add_with_mech_option(*sub);
  command->mech.add_pum_options(*sub);
  add_unsigned_option(*sub, "--n", command->n,
                      "number of users, 1 to 10^9 (--mech pum: from the users file)", 1, kMaxUsers);
  sub->add_option("--p", command->p, api::kInputDistributionHelp);
  add_unsigned_option(*sub, "--seed", command->seed, "seed of the xoshiro256** generator")
      ->required();
  sub->add_option("--out", command->out, "output file (default: standard output)");
  sub->add_flag("--counts", command->counts,
                "write report counts drawn by the aggregated sampler instead of per-user reports");
  sub->callback([command, sub, &exit_code] { run(*command, *sub, exit_code); });
}

}  // namespace uldp::cli
