#include "run_command_line.h"

#include <exception>
#include <iostream>
#include <new>
#include <optional>

#include <CLI/CLI.hpp>

#include "cli_support.h"
#include "commands.h"
#include "standard_output.h"
#include "uldp/cancellation.h"
#include "uldp/error.h"
#include "uldp/io/json_text.h"

namespace uldp::cli {

namespace {

// `uldp help CMD [SUB]` is `uldp CMD [SUB] --help` (and `uldp help` is `uldp --help`).
void expand_help(std::vector<std::string>& args) {
  if (!args.empty() && args.front() == "help") {
    args.erase(args.begin());
    args.emplace_back("--help");
  }
}

std::string command_names(CLI::App& app) {
  std::string names;
  for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
    if (!names.empty()) names += ", ";
    names += sub->get_name();
  }
  return names;
}

// "conform: give a subcommand: samples, client, plan, estimates" when the deepest command given
// needs one, as `uldp conform` alone does.
std::optional<std::string> missing_subcommand(CLI::App& app) {
  CLI::App* deepest = &app;
  std::string path;
  while (true) {
    const std::vector<CLI::App*> given = deepest->get_subcommands();
    if (given.empty()) break;
    deepest = given.front();
    path += (path.empty() ? "" : " ") + deepest->get_name();
  }
  if (deepest->get_require_subcommand_min() == 0) return std::nullopt;
  return (path.empty() ? std::string("give a command: ") : path + ": give a subcommand: ") +
         command_names(*deepest) + " (uldp " + (path.empty() ? "" : path + " ") + "--help)";
}

// The deepest command given (the one whose flags apply).
const CLI::App& invoked_command(const CLI::App& app) {
  const CLI::App* deepest = &app;
  while (!deepest->get_subcommands().empty()) deepest = deepest->get_subcommands().front();
  return *deepest;
}

// Library errors name a parameter by its library name ("em_gap: must be ..."); on the command
// line that parameter is the flag of the same name in dashes, so the message names the flag.
std::string named_by_flag(const CLI::App& app, const std::string& message) {
  const std::size_t colon = message.find(": ");
  if (colon == std::string::npos || colon == 0) return message;
  // A list's entry keeps its index: "one_if_off[2]: ..." is "--one-if-off[2]: ...".
  const std::size_t bracket = message.find('[');
  const std::size_t end = bracket < colon ? bracket : colon;
  std::string flag = "--";
  for (const char c : message.substr(0, end)) {
    if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return message;
    flag.push_back(c == '_' ? '-' : c);
  }
  const CLI::App& command = invoked_command(app);
  for (const CLI::App* level = &command; level != nullptr; level = level->get_parent()) {
    for (const CLI::Option* option : level->get_options()) {
      for (const std::string& name : option->get_lnames()) {
        if ("--" + name == flag) return flag + message.substr(end);
      }
    }
  }
  return message;
}

// Why a run failed: the message of its one error line and its exit code (2 bad input or usage,
// 3 an internal error).
struct Failure {
  std::string message;
  int exit_code = 2;
};

// Whether the run asked for JSON (`--json` before any `--`): its failure is then a JSON object
// on standard output too, so a script that parses the output reads why instead of nothing.
bool asks_for_json(const std::vector<std::string>& args) {
  for (const std::string& arg : args) {
    if (arg == "--") return false;
    if (arg == "--json") return true;
  }
  return false;
}

// Parses and runs; a failure is returned, not printed, so that it is reported after --out and
// --quiet gave standard output back.
int run_commands(std::vector<std::string> args, std::optional<Failure>& failure) {
  CLI::App app{"uldp: exact reference implementation and auditor of utility-optimized LDP", "uldp"};
  app.require_subcommand(1);
  int exit_code = 0;
  add_audit_command(app, exit_code);
  add_mechanism_command(app, exit_code);
  add_check_command(app, exit_code);
  add_estimate_command(app, exit_code);
  add_simulate_command(app, exit_code);
  add_loss_command(app, exit_code);
  add_prove_command(app, exit_code);
  add_conform_command(app, exit_code);
  add_golden_command(app, exit_code);
  add_table_command(app, exit_code);
  add_construct_command(app, exit_code);
  add_experiment_command(app, exit_code);
  add_completion_command(app, exit_code);
  app.set_version_flag("--version", uldp_version(), "print the version of uldp");
  StandardOutput output;  // --out FILE / --quiet, restored when the run ends
  output.add_to(app);
  set_exact_numbers(false);  // --exact sets it for this run only
  add_exact_numbers_flag(app);
  expand_help(args);
  if (!args.empty() && !args.front().starts_with('-')) {
    bool known = false;
    for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
      known = known || sub->get_name() == args.front();
    }
    if (!known) {
      failure = Failure{"unknown command '" + args.front() +
                        "' (expected one of: " + command_names(app) + ")"};
      return 2;
    }
  }
  try {
    // CLI11 takes the arguments last first.
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    app.parse(reversed);
    if (const std::optional<JsonAnswer> answer = take_json_answer()) {
      std::cout << json_text(versioned(answer->report), answer->indent) << "\n";
    }
    output.finish();
    // A report that did not reach standard output (a full disk, a closed pipe) is not an answer.
    std::cout.flush();
    if (!std::cout) {
      std::cout.clear();
      throw InputError("standard output", "cannot write the output");
    }
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return 0;
  } catch (const CLI::CallForVersion&) {
    std::cout << "uldp " << uldp_version() << "\n";
    return 0;
  } catch (const CLI::CallForAllHelp&) {
    std::cout << app.help("", CLI::AppFormatMode::All);
    return 0;
  } catch (const CLI::RequiredError& e) {
    failure = Failure{missing_subcommand(app).value_or(e.what())};
    return 2;
  } catch (const CLI::ParseError& e) {
    // One line: CLI11 names the flag or argument that is wrong.
    failure = Failure{e.what()};
    return 2;
  } catch (const uldp::InvalidArgument& e) {
    failure = Failure{named_by_flag(app, e.what())};
    return 2;
  } catch (const uldp::Error& e) {
    failure = Failure{e.what()};
    return 2;
  } catch (const std::bad_alloc&) {
    failure = Failure{"out of memory (the input is too large)"};
    return 2;
  } catch (const Cancelled&) {
    throw;  // the caller's poll asked for it; it knows what to report
  } catch (const std::exception& e) {
    failure = Failure{e.what(), 3};
    return 3;
  }
  return exit_code;
}

}  // namespace

int run_command_line(std::vector<std::string> args) {
  const bool json = asks_for_json(args);
  take_json_answer();  // none left by a run before this one
  std::optional<Failure> failure;
  const int exit_code = run_commands(std::move(args), failure);
  // A failed run's report, if it made one, was not printed: it goes inside the error object.
  const std::optional<JsonAnswer> report = take_json_answer();
  if (failure) {
    std::cerr << (failure->exit_code == 3 ? "uldp: internal error: " : "uldp: error: ")
              << failure->message << "\n";
    if (json) {
      // The error object is the document, with the report inside, not the report with an error
      // inside: a script that reads a verdict field from a refused run then finds none, instead
      // of a verdict about an input that was refused.
      nlohmann::json document = {{"error", failure->message}, {"exit_code", failure->exit_code}};
      if (report) document["report"] = report->report;
      std::cout << json_text(versioned(document), report ? report->indent : 2) << "\n"
                << std::flush;
    }
  }
  return exit_code;
}

}  // namespace uldp::cli
