// uldp: the exact auditor for (utility-optimized) local differential privacy.
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli_support.h"
#include "commands.h"
#include "uldp/error.h"

int main(int argc, char** argv) {
  CLI::App app{"uldp: exact reference implementation and auditor of utility-optimized LDP"};
  app.require_subcommand(1);
  int exit_code = 0;
  uldp::cli::add_audit_command(app, exit_code);
  uldp::cli::add_mechanism_command(app, exit_code);
  uldp::cli::add_check_command(app, exit_code);
  uldp::cli::add_estimate_command(app, exit_code);
  uldp::cli::add_simulate_command(app, exit_code);
  uldp::cli::add_loss_command(app, exit_code);
  uldp::cli::add_prove_command(app, exit_code);
  uldp::cli::add_conform_command(app, exit_code);
  uldp::cli::add_golden_command(app, exit_code);
  uldp::cli::add_table_command(app, exit_code);
  uldp::cli::add_experiment_command(app, exit_code);
  app.set_version_flag("--version", uldp::cli::uldp_version(), "print the version of uldp");
  // `uldp help CMD [SUB]` is `uldp CMD [SUB] --help` (and `uldp help` is `uldp --help`).
  std::vector<char*> args(argv, argv + argc);
  char help_flag[] = "--help";
  if (args.size() >= 2 && std::string(args[1]) == "help") {
    args.erase(args.begin() + 1);
    args.push_back(help_flag);
    argc = static_cast<int>(args.size());
    argv = args.data();
  }
  if (argc > 1 && argv[1][0] != '-') {
    bool known = false;
    for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
      known = known || sub->get_name() == argv[1];
    }
    if (!known) {
      std::string names;
      for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
        names += (names.empty() ? "" : ", ") + sub->get_name();
      }
      std::cerr << "uldp: error: unknown command '" << argv[1] << "' (expected one of: " << names
                << ")\n";
      return 2;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return 0;
  } catch (const CLI::CallForVersion&) {
    std::cout << "uldp " << uldp::cli::uldp_version() << "\n";
    return 0;
  } catch (const CLI::CallForAllHelp&) {
    std::cout << app.help("", CLI::AppFormatMode::All);
    return 0;
  } catch (const CLI::ParseError& e) {
    // One line: CLI11 names the flag or argument that is wrong.
    std::cerr << "uldp: error: " << e.what() << "\n";
    return 2;
  } catch (const uldp::Error& e) {
    std::cerr << "uldp: error: " << e.what() << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "uldp: error: out of memory (the input is too large)\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "uldp: internal error: " << e.what() << "\n";
    return 3;
  }
  return exit_code;
}
