// Every subcommand of `uldp` registers itself here. A command's callback returns through
// `exit_code`: 0 = ran and every requested property holds, 1 = ran and one fails, 2 = bad input
// (thrown as uldp::Error and mapped in main.cc).
#pragma once

#include <CLI/CLI.hpp>

namespace uldp::cli {

void add_mechanism_command(CLI::App& app, int& exit_code);
void add_check_command(CLI::App& app, int& exit_code);
void add_audit_command(CLI::App& app, int& exit_code);
void add_estimate_command(CLI::App& app, int& exit_code);
void add_simulate_command(CLI::App& app, int& exit_code);
void add_loss_command(CLI::App& app, int& exit_code);
void add_prove_command(CLI::App& app, int& exit_code);
/// `conform samples`, `conform client` (a process started from the command after `--`), `plan`.
void add_conform_command(CLI::App& app, int& exit_code);
/// `conform estimates`, a subcommand of the `conform` group.
void add_conform_estimates_command(CLI::App& conform, int& exit_code);
void add_golden_command(CLI::App& app, int& exit_code);
void add_table_command(CLI::App& app, int& exit_code);
/// `construct uldp-from-ldp`.
void add_construct_command(CLI::App& app, int& exit_code);
/// `completion bash|zsh`: the completion script of every command registered in `app`.
void add_completion_command(CLI::App& app, int& exit_code);
/// `experiment` and its `merge` subcommand.
void add_experiment_command(CLI::App& app, int& exit_code);

}  // namespace uldp::cli
