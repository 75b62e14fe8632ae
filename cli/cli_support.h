// Shared pieces of the `uldp` subcommands: budget options, index lists, output formats.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/unsigned_integer.h"
#include "uldp/forms/verdict.h"

namespace uldp::cli {

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

/// The largest --tolerance of any command: beyond it a tolerance accepts wrong rows, ratios or
/// estimates (a frequency off by 1/10, a row summing to 0.9).
const Rational& max_tolerance();

/// A tolerance flag's value read exactly (so NaN and infinity are not numbers): refused when
/// negative ("--tolerance: -1 is negative") or above max_tolerance().
Rational parse_tolerance(const std::string& text, const std::string& flag);

/// Adds a tolerance flag read by parse_tolerance into `value` as the command line is parsed.
CLI::Option* add_tolerance_option(CLI::App& command, const std::string& name, double& value,
                                  const std::string& help);
/// The same, for a tolerance whose absence means a default derived elsewhere.
CLI::Option* add_tolerance_option(CLI::App& command, const std::string& name,
                                  std::optional<double>& value, const std::string& help);

/// How text output shows an exact value: readable (the default) or, with --exact, the exact
/// rational. JSON always carries the exact value. Reset by run_command_line for every run.
void set_exact_numbers(bool exact);

/// An exact value for people: itself when it is short and terminates ("3", "0.25"), a decimal
/// of 10 significant digits with the exact value beside it when that is short ("0.4285714286
/// (3/7)"), else the decimal alone marked approximate ("~2.718281828"); with --exact the exact
/// rational. "inf" for infinity.
std::string readable(const Rational& value);
std::string readable(const ExtendedRational& value);

/// A duration for people, in one unit and one format everywhere: seconds, fixed, 6 decimals
/// ("0.000167 s", "36.123456 s").
std::string duration_text(double seconds);

/// A double as text: the shortest decimal that reads back as the same double, so a value prints
/// with the same digits in the text output as in the JSON (nlohmann prints it so).
std::string double_text(double value);

/// Adds --exact to every command below `app` that has none of its own.
void add_exact_numbers_flag(CLI::App& app);

/// The version of uldp (project() VERSION of the top CMakeLists.txt).
const char* uldp_version();

/// `j` with a "uldp_version" member, so that every JSON report cites what produced it.
nlohmann::json versioned(nlohmann::json j);

/// Parses a --sensitive / --protected list against `universe`, naming `flag` in errors.
IndexSet parse_index_list(const std::string& text, std::size_t universe, const char* flag);

/// Verdict as JSON: {"holds", "tight_exp_eps", "violated", "witness", "tight_attained_by"}.
nlohmann::json verdict_to_json(const Verdict& verdict);
/// Witness as JSON: {"x", "x_prime", "y", "y_label", "q_x", "q_x_prime"}.
nlohmann::json witness_to_json(const Witness& witness);
/// One line for people: "holds (tight exp_eps = 3/2, eps ~ 0.405)" or "FAILS: ...".
std::string verdict_to_text(const Verdict& verdict);
/// ln of a tight ratio for display ("0.4055", "inf").
std::string approx_epsilon(const ExtendedRational& ratio);

/// Refuses absurd sizes with a one-line error naming the flag (k = 0, k > limit).
void check_size(std::size_t value, std::size_t limit, const char* flag);

}  // namespace uldp::cli
