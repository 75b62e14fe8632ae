#include "workflow_option_flags.h"

#include <charconv>
#include <functional>
#include <iostream>
#include <string>
#include <type_traits>

#include "cli_support.h"
#include "uldp/api/render.h"
#include "uldp/error.h"
#include "uldp/forms/tolerance.h"
#include "uldp/mechanisms/parameter_table.h"

namespace uldp::cli {
namespace {

std::string help_of(const api::WorkflowOption& option, const api::OptionUse& use) {
  std::string help(option.help);
  help += " (default ";
  help += api::default_text(option, use);
  help += ")";
  return help;
}

// The whole text as a finite double; a one-line error naming the flag otherwise.
double parse_double(const std::string& text, const std::string& flag) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) {
    throw InvalidArgument(flag + ": '" + message_excerpt(text) + "' is not a number");
  }
  return value;
}

// Reads one value of the option from the text of `flag` (the option's flag or its former one).
template <class Value>
void read_value(const api::WorkflowOption& option, const std::string& flag, const std::string& text,
                Value& value) {
  if constexpr (std::is_same_v<Value, std::uint64_t>) {
    value = parse_unsigned(text, option.minimum, option.maximum, flag);
  } else if (option.range == api::OptionRange::kUpToTenth) {
    value = to_double(parse_tolerance(text, flag));
  } else {
    value = parse_double(text, flag);
  }
}

// Registers the option's flag and, if it has one in this workflow, its former name as a hidden
// flag that warns; `read(flag, text)` reads a value given under either.
CLI::Option* add_flags(CLI::App& command, const api::WorkflowOption& option,
                       const api::OptionUse& use,
                       std::function<void(const std::string&, const std::string&)> read) {
  const std::string flag = flag_of(option.name);
  CLI::Option* added = command.add_option_function<std::string>(
      flag, [read, flag](const std::string& text) { read(flag, text); }, help_of(option, use));
  added->type_name(std::string(option.metavar));
  if (!use.former_name.empty()) {
    const std::string former = flag_of(use.former_name);
    command
        .add_option_function<std::string>(
            former,
            [read, former, flag](const std::string& text) {
              std::cerr << "uldp: warning: " << former << " is now " << flag
                        << " (the old name still works for now)\n";
              read(former, text);
            },
            "")
        ->group("")
        ->excludes(added);
  }
  return added;
}

template <class Value>
CLI::Option* add(CLI::App& command, const api::WorkflowOption& option, std::string_view workflow,
                 Value& value) {
  const api::OptionUse& use = api::use_of(option, workflow);
  value = static_cast<Value>(use.default_value);
  return add_flags(command, option, use,
                   [&option, &value](const std::string& flag, const std::string& text) {
                     read_value(option, flag, text, value);
                   });
}

}  // namespace

CLI::Option* add_choice_option(CLI::App& command, const api::WorkflowOption& option,
                               std::string_view workflow, std::function<void(std::size_t)> set) {
  const api::OptionUse& use = api::use_of(option, workflow);
  set(api::check_choice(option, use.default_choice));
  return add_flags(command, option, use,
                   [&option, set](const std::string& flag, const std::string& text) {
                     set(api::check_choice(option, text, flag));
                   });
}

CLI::Option* add_workflow_option(CLI::App& command, const api::WorkflowOption& option,
                                 std::string_view workflow, double& value) {
  return add(command, option, workflow, value);
}

CLI::Option* add_workflow_option(CLI::App& command, const api::WorkflowOption& option,
                                 std::string_view workflow, std::uint64_t& value) {
  return add(command, option, workflow, value);
}

}  // namespace uldp::cli
