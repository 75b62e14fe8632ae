#include "standard_output.h"

#include <iostream>

#include "cli_support.h"
#include "uldp/error.h"

namespace uldp::cli {

StandardOutput::~StandardOutput() {
  if (redirected_) std::cout.rdbuf(saved_);
}

void StandardOutput::redirect(std::streambuf* to) {
  if (!redirected_) saved_ = std::cout.rdbuf();
  redirected_ = true;
  std::cout.rdbuf(to);
}

void StandardOutput::add_to(CLI::App& command) {
  const auto subcommands = command.get_subcommands([](CLI::App*) { return true; });
  for (CLI::App* sub : subcommands) add_to(*sub);
  // Only commands that do something: not `uldp` itself, not a group such as `conform`.
  if (command.get_parent() == nullptr || !subcommands.empty()) return;
  const bool has_quiet = command.get_option_no_throw("--quiet") != nullptr;
  if (!has_quiet) {
    command.add_flag_callback(
        "--quiet", [this] { redirect(&discard_); },
        "print nothing on standard output: the exit code is the answer (errors still print)");
  }
  if (command.get_option_no_throw("--out") == nullptr) {
    CLI::Option* out = command.add_option_function<std::string>(
        "--out",
        [this, &command](const std::string& path) {
          refuse_output_onto_input(command, "--out", path);  // before the file is emptied
          file_.open(path, std::ios::binary);
          if (!file_) throw InvalidArgument("--out: cannot write '" + message_excerpt(path) + "'");
          path_ = path;
          redirect(file_.rdbuf());
        },
        "write the output to FILE instead of standard output");
    if (!has_quiet) out->excludes("--quiet");
  }
}

void StandardOutput::finish() {
  if (!file_.is_open()) return;
  file_.flush();
  if (!file_) throw InputError(path_, "cannot write the file");
}

}  // namespace uldp::cli
