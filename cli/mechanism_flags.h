// The flags that name and parametrise a registered mechanism, shared by every command, with one
// set of limits (the registry's) and one parser.
#pragma once

#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "cli_support.h"
#include "uldp/api/reference_arguments.h"
#include "uldp/mechanisms/registry.h"

namespace uldp::cli {

using api::kPumName;
using api::PumSetup;

/// --mech NAME (or a positional NAME) and one flag per keyword of the parameter table
/// (mechanisms/parameter_table.h, registry.h declared_parameters): --k, --sensitive,
/// --eps/--exp-eps, --theta, ... each kept as the text given.
struct MechanismFlags {
  std::string name;
  /// Each parameter flag given, by keyword ("exp_eps" for --exp-eps): its text.
  std::map<std::string, std::string, std::less<>> given;
  std::string common;       ///< --common NAME (with --mech pum)
  std::string tags;         ///< --tags home,work (κ = the number of names)
  std::string users;        ///< --users FILE: one user per line
  std::string user_groups;  ///< --user-groups FILE: COUNT and the tagging per line

  /// The text of the flag whose keyword is `keyword`, or nullopt.
  std::optional<std::string> text(std::string_view keyword) const;
  /// --eps / --exp-eps as a budget, or nullopt. Throws InvalidArgument naming the flag.
  std::optional<PrivacyBudget> budget() const;
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
  /// The first flag given among the keywords other than `allowed` ("--theta"), or nullopt.
  std::optional<std::string> first_flag_given_except(
      std::initializer_list<std::string_view> allowed) const;
  /// The flags as the library reads them (api/reference_arguments.h); --users and --user-groups
  /// together are refused.
  api::MechanismParameters parameters() const;
};

/// The help text of --mech: "rr, urr, ... (uldp mechanism --list)".
std::string mech_option_help();

}  // namespace uldp::cli
