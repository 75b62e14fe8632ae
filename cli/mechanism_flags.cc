#include "mechanism_flags.h"

#include "uldp/error.h"

namespace uldp::cli {

void MechanismFlags::add_to(CLI::App& command) {
  command.add_option("--k", k, "number of input symbols |X|");
  command
      .add_option("--sensitive", sensitive,
                  "sensitive inputs X_S: 0,3,7 or 0-14 (0-based; \"\" is empty)")
      ->each([this](const std::string&) { sensitive_given = true; });
  command.add_option("--theta", theta,
                     "RAPPOR family: theta in [0,1] (default s/(s+1), s = e^{eps/2})");
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
  if (!theta.empty()) arguments.theta = Probability::parse(theta, "--theta");
  if (!mangat_p.empty()) arguments.mangat_p = Probability::parse(mangat_p, "--mangat-p");
  if (block != 0) {
    if (block < 0) throw InvalidArgument("--block: must be at least 1");
    arguments.block = static_cast<std::size_t>(block);
  }
  return make_mechanism(entry, arguments);
}

}  // namespace uldp::cli
