// The flags that name and parametrise a registered mechanism, shared by every command, with one
// set of limits (the registry's) and one parser.
#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "cli_support.h"
#include "uldp/api/reference_arguments.h"
#include "uldp/mechanisms/registry.h"

namespace uldp::cli {

using api::kPumName;
using api::PumSetup;

/// --mech NAME (or a positional NAME), --k, --sensitive, --eps/--exp-eps, --theta, --mangat-p,
/// --block, --grid, --eps-per-unit/--exp-eps-per-unit, --id-eps/--id-exp-eps,
/// --one-if-on/--one-if-off.
struct MechanismFlags {
  std::string name;
  std::optional<std::uint64_t> k;  ///< nullopt: not given (every optional here: given or not)
  std::string sensitive;
  bool sensitive_given = false;
  std::optional<std::string> theta;
  std::optional<std::string> mangat_p;
  std::optional<std::uint64_t> block;
  std::optional<std::string> grid;  ///< --grid WxH (the geometric mechanism; check's --metric)
  std::optional<std::string> eps_per_unit, exp_eps_per_unit;  ///< the budget per unit of distance
  std::optional<std::string> id_eps, id_exp_eps;  ///< one budget per input (IDUE; check's ID-LDP)
  std::optional<std::string> one_if_on, one_if_off;  ///< per-input bit probabilities (IDUE)
  BudgetOptions budget;
  std::string common;       ///< --common NAME (with --mech pum)
  std::string tags;         ///< --tags home,work (κ = the number of names)
  std::string users;        ///< --users FILE: one user per line
  std::string user_groups;  ///< --user-groups FILE: COUNT and the tagging per line

  /// Adds the parameter flags (the name is added by the caller: positional or --mech).
  void add_to(CLI::App& command);
  /// Adds `--mech NAME` and the parameter flags.
  void add_with_mech_option(CLI::App& command);
  /// Adds --common, --tags, --users, --user-groups (commands that take --mech pum).
  void add_pum_options(CLI::App& command);
  /// Whether --mech pum was given.
  bool personalized() const { return name == kPumName; }
  /// --mech pum: Q_cmn (the --common entry over k + κ symbols with X_S ∪ bots) and, when
  /// `users_needed` (or a users file is given), the users read from --users / --user-groups.
  /// Throws InvalidArgument naming the flag, InputError naming file:line:column.
  PumSetup build_pum(bool users_needed) const;
  /// Looks the name up in the registry, parses and validates every flag (k against the
  /// mechanism's limit before anything is allocated) and builds the spec. Throws
  /// InvalidArgument naming the flag.
  MechanismSpec build() const;
  /// What build() gives make_mechanism: the arguments for the named entry, every flag parsed
  /// and validated (the same refusals as build()).
  MechanismArguments arguments() const;
  /// Whether any parameter flag (other than the budget) was given.
  bool any_parameter_given() const;
  /// The flags as the library reads them (api/reference_arguments.h); --users and --user-groups
  /// together are refused.
  api::MechanismParameters parameters() const;
};

/// The help text of --mech: "rr, urr, ... (uldp mechanism --list)".
std::string mech_option_help();

}  // namespace uldp::cli
