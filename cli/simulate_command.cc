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
  api::ReferenceRequest mechanism = [&]() -> api::ReferenceRequest {
    if (!c.mech.personalized()) return api::RegistryReference{c.mech.name, c.mech.arguments()};
    if (c.n) throw InvalidArgument("--n: with --mech pum the users file gives the users");
    PumSetup pum = c.mech.build_pum(true);
    return api::PumReference{std::move(pum.common), std::move(pum.tags), std::move(pum.users),
                             "--users"};
  }();
  if (!c.mech.personalized() && !c.n) throw InvalidArgument("--n: must be given and at least 1");
  api::SimulateRequest request(std::move(mechanism), *c.seed);
  request.n = c.n;
  request.p = c.p;
  request.counts = c.counts;
  refuse_output_onto_input(command, "--out", c.out);
  // Opened at the first block, once the request is valid: a refused request leaves the file as
  // it was, and it is replaced only when every report was written. The reports are written block
  // by block as they are drawn, never held all at once.
  ReplacingFile file;
  std::ostream* out = nullptr;
  api::simulate(request, [&](const estimate::SimulatedReports& block) {
    if (out == nullptr) {
      if (!c.out.empty() && !file.open(c.out))
        throw InvalidArgument("--out: cannot write '" + message_excerpt(c.out) + "'");
      out = c.out.empty() ? &std::cout : &file.stream();
    }
    estimate::write_reports(*out, block);
    if (!*out) {  // a closed pipe or a full disk: no use drawing the rest
      throw InvalidArgument(c.out.empty() ? std::string("--out: writing the reports failed")
                                          : "--out: writing the reports to '" +
                                                message_excerpt(c.out) + "' failed");
    }
  });
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
