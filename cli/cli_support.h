// Shared pieces of the `uldp` subcommands: budget options, index lists, output formats.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "uldp/api/render.h"
#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/unsigned_integer.h"
#include "uldp/forms/tolerance.h"
#include "uldp/forms/verdict.h"

namespace uldp::cli {

// Results are rendered by the api layer's one renderer (uldp/api/render.h).
using api::approx_epsilon;
using api::double_text;
using api::duration_text;
using api::readable;
using api::scientific;
using api::set_exact_numbers;
using api::uldp_version;
using api::verdict_to_json;
using api::verdict_to_text;
using api::versioned;
using api::witness_to_json;

/// The one JSON document a run given --json leaves on standard output. A command hands its report
/// to answer_json instead of printing it; run_command_line writes it when the run ends: alone
/// (with "uldp_version") when the run succeeded (exit 0 or 1), or as the "report" member of the
/// error object when the run failed after the report was made (exit 2 or 3: `check` on rows that
/// do not sum to 1 reports, then refuses). So every exit code leaves exactly one document.
struct JsonAnswer {
  nlohmann::json report;
  int indent = 2;  ///< as nlohmann's dump: -1 one line
};

/// Keeps `report` as this run's JSON answer (the last one given counts).
void answer_json(nlohmann::json report, int indent);

/// The answer given since the last call, if any, and forgets it (run_command_line's side).
std::optional<JsonAnswer> take_json_answer();

/// --exp-eps T | --eps E, mutually exclusive. Strings are kept raw and parsed exactly later.
struct BudgetOptions {
  std::optional<std::string> exp_eps;  ///< nullopt: not given; "" given is refused by parse()
  std::optional<std::string> eps;
  void add_to(CLI::App& command, bool required);
  /// The budget, or nullopt when neither flag was given. Throws InvalidArgument naming the flag.
  std::optional<PrivacyBudget> parse() const;
};

/// Adds `name`, read by parse_unsigned into [min, max] as the command line is parsed (so an error
/// names this flag, whatever else is wrong); `value` stays nullopt when the flag is not given.
CLI::Option* add_unsigned_option(CLI::App& command, const std::string& name,
                                 std::optional<std::uint64_t>& value, const std::string& help,
                                 std::uint64_t min = 0, std::uint64_t max = kMaxUnsigned);

/// The same into a plain unsigned variable that keeps its default when the flag is not given
/// (`max` must fit in it).
template <typename Unsigned>
CLI::Option* add_unsigned_option(CLI::App& command, const std::string& name, Unsigned& value,
                                 const std::string& help, std::uint64_t min, std::uint64_t max) {
  static_assert(std::is_unsigned_v<Unsigned>);
  return command.add_option_function<std::string>(
      name,
      [&value, name, min, max](const std::string& text) {
        value = static_cast<Unsigned>(parse_unsigned(text, min, max, name));
      },
      help);
}

/// Adds `name` as text whose presence is kept: nullopt when not given, the text (even "") when
/// given, so that a value given is never mistaken for an absent flag.
CLI::Option* add_text_option(CLI::App& command, const std::string& name,
                             std::optional<std::string>& value, const std::string& help);

/// Adds a tolerance flag read by parse_tolerance into `value` as the command line is parsed.
CLI::Option* add_tolerance_option(CLI::App& command, const std::string& name, double& value,
                                  const std::string& help);
/// The same, for a tolerance whose absence means a default derived elsewhere.
CLI::Option* add_tolerance_option(CLI::App& command, const std::string& name,
                                  std::optional<double>& value, const std::string& help);

/// Adds --exact to every command below `app` that has none of its own.
void add_exact_numbers_flag(CLI::App& app);

/// Parses a --sensitive / --protected list against `universe`, naming `flag` in errors.
IndexSet parse_index_list(const std::string& text, std::size_t universe, const char* flag);

/// Refuses absurd sizes with a one-line error naming the flag (k = 0, k > limit).
void check_size(std::size_t value, std::size_t limit, const char* flag);

/// Refuses an output that would overwrite an input: throws InvalidArgument naming `flag` when
/// `path` (what `flag` writes) is the same file as one an input flag of `command` reads
/// (--matrix, --reports, --samples, --vectors, --theirs, --from-counts, --users, --user-groups,
/// --p FILE, --background TAG=FILE), compared as files, not as names. Call it before writing.
void refuse_output_onto_input(const CLI::App& command, const std::string& flag,
                              const std::string& path);

}  // namespace uldp::cli
