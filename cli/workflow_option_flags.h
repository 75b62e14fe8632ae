// A workflow option's flag, registered from its declaration (uldp/api/workflow_options.h): the
// flag is its name with '-' for '_', the help its help and its default in this workflow; its
// former name there, if any, is a hidden flag that still works and warns on standard error.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <type_traits>

#include <CLI/CLI.hpp>

#include "uldp/api/workflow_options.h"

namespace uldp::cli {

/// Registers `option` on `command` (which runs `workflow`) into `value`, set to the option's
/// default there. The value's range is the api's to check (api::check_option), but a count is
/// read into its bounds as the command line is parsed.
CLI::Option* add_workflow_option(CLI::App& command, const api::WorkflowOption& option,
                                 std::string_view workflow, double& value);
CLI::Option* add_workflow_option(CLI::App& command, const api::WorkflowOption& option,
                                 std::string_view workflow, std::uint64_t& value);

/// A choice option read into its enumeration (api::choice_of): `set` receives the position of
/// the word given, or of the default when none is.
CLI::Option* add_choice_option(CLI::App& command, const api::WorkflowOption& option,
                               std::string_view workflow, std::function<void(std::size_t)> set);
template <class Enumeration>
requires std::is_enum_v<Enumeration> CLI::Option* add_workflow_option(
    CLI::App& command, const api::WorkflowOption& option, std::string_view workflow,
    Enumeration& value) {
  return add_choice_option(command, option, workflow, [&value](std::size_t position) {
    value = static_cast<Enumeration>(position);
  });
}

}  // namespace uldp::cli
