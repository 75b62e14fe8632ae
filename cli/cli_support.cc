#include "cli_support.h"

#include <filesystem>
#include <utility>

#include <cmath>

#include "uldp/api/reference_arguments.h"
#include "uldp/arithmetic/certified_exp.h"
#include "uldp/error.h"

namespace uldp::cli {

namespace {
// Per thread: a run never takes the answer of a run on another thread.
thread_local std::optional<JsonAnswer> json_answer;
}  // namespace

void answer_json(nlohmann::json report, int indent) {
  json_answer = JsonAnswer{std::move(report), indent};
}

std::optional<JsonAnswer> take_json_answer() { return std::exchange(json_answer, std::nullopt); }

CLI::Option* add_unsigned_option(CLI::App& command, const std::string& name,
                                 std::optional<std::uint64_t>& value, const std::string& help,
                                 std::uint64_t min, std::uint64_t max) {
  return command.add_option_function<std::string>(
      name,
      [&value, name, min, max](const std::string& text) {
        value = parse_unsigned(text, min, max, name);
      },
      help);
}

CLI::Option* add_text_option(CLI::App& command, const std::string& name,
                             std::optional<std::string>& value, const std::string& help) {
  return command.add_option_function<std::string>(
      name, [&value](const std::string& text) { value = text; }, help);
}

CLI::Option* add_tolerance_option(CLI::App& command, const std::string& name, double& value,
                                  const std::string& help) {
  return command.add_option_function<std::string>(
      name,
      [&value, name](const std::string& text) { value = to_double(parse_tolerance(text, name)); },
      help);
}

CLI::Option* add_tolerance_option(CLI::App& command, const std::string& name,
                                  std::optional<double>& value, const std::string& help) {
  return command.add_option_function<std::string>(
      name,
      [&value, name](const std::string& text) { value = to_double(parse_tolerance(text, name)); },
      help);
}

void BudgetOptions::add_to(CLI::App& command, bool required) {
  auto* t = add_text_option(command, "--exp-eps", exp_eps,
                            "privacy budget as t = e^eps, an exact rational >= 1 (3/2, 2.5, 625)");
  auto* e = add_text_option(command, "--eps", eps,
                            "privacy budget eps >= 0 as an exact decimal or rational (1, 0.1, "
                            "1/2); mechanisms use a rational t <= e^eps");
  t->excludes(e);
  e->excludes(t);
  if (required) {
    auto* group = command.add_option_group("budget", "exactly one of --exp-eps, --eps");
    group->add_option(t);
    group->add_option(e);
    group->require_option(1);
  }
}

std::optional<PrivacyBudget> BudgetOptions::parse() const {
  return api::parse_budget(eps, exp_eps, api::ReferenceNames::flags());
}

IndexSet parse_index_list(const std::string& text, std::size_t universe, const char* flag) {
  return IndexSet::parse(text, universe, flag);
}

void add_exact_numbers_flag(CLI::App& app) {
  const auto subcommands = app.get_subcommands([](CLI::App*) { return true; });
  for (CLI::App* sub : subcommands) add_exact_numbers_flag(*sub);
  if (app.get_parent() == nullptr || !subcommands.empty()) return;
  if (app.get_option_no_throw("--exact") != nullptr) return;
  app.add_flag_callback(
      "--exact", [] { set_exact_numbers(true); },
      "print exact values as rationals (the default shows a decimal, and the rational when short)");
}

void check_size(std::size_t value, std::size_t limit, const char* flag) {
  if (value == 0) throw InvalidArgument(std::string(flag) + ": must be at least 1");
  if (value > limit) {
    throw InvalidArgument(std::string(flag) + ": " + std::to_string(value) + " exceeds the limit " +
                          std::to_string(limit));
  }
}

void refuse_output_onto_input(const CLI::App& command, const std::string& flag,
                              const std::string& path) {
  static const char* const kInputFlags[] = {
      "--matrix",      "--reports",      "--samples",      "--vectors", "--theirs",
      "--from-counts", "--users",        "--user-groups",  "--p",       "--background",
      "--counts",      "--pair-budgets", "--safe-regions", "--metric"};
  std::error_code error;
  if (path.empty() || !std::filesystem::exists(path, error))
    return;  // a new file clashes with none
  for (const char* input : kInputFlags) {
    const CLI::Option* option = command.get_option_no_throw(input);
    if (option == nullptr) continue;
    for (std::string value : option->results()) {
      if (std::string(input) == "--background") value = value.substr(value.find('=') + 1);
      if (value.empty() || !std::filesystem::exists(value, error)) continue;
      if (std::filesystem::equivalent(value, path, error)) {
        throw InvalidArgument(flag + ": '" + message_excerpt(path) + "' is also the input of " +
                              input +
                              "; writing it would destroy what is read (give another "
                              "file)");
      }
    }
  }
}

}  // namespace uldp::cli
