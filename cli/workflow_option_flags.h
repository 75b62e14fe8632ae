// A workflow option's flag, registered from its declaration (uldp/api/workflow_options.h): the
// flag is its name with '-' for '_', the help its help and its default in this workflow; its
// former name there, if any, is a hidden flag that still works and warns on standard error.
#pragma once

#include <cstdint>
#include <string_view>

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

}  // namespace uldp::cli
