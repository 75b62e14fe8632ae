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
          refuse_output_onto_input(command, "--out", path);
          // Writable? Checked now without emptying it (append), emptied at the first output.
          if (!std::ofstream(path, std::ios::binary | std::ios::app)) {
            throw InvalidArgument("--out: cannot write '" + message_excerpt(path) + "'");
          }
          file_.set_path(path);
          to_file_ = true;
          redirect(&file_);
        },
        "write the output to FILE instead of standard output");
    if (!has_quiet) out->excludes("--quiet");
  }
}

void StandardOutput::finish() {
  if (!to_file_) return;
  // A run that printed nothing still leaves the (empty) file it was asked for.
  if (!file_.open() || file_.pubsync() != 0 || !file_.good()) {
    throw InputError(file_.path(), "cannot write the file");
  }
}

bool StandardOutput::LazyFileBuffer::open() {
  if (!file_.is_open() && good_) {
    file_.open(path_, std::ios::binary | std::ios::trunc);
    good_ = static_cast<bool>(file_);
  }
  return good_;
}

int StandardOutput::LazyFileBuffer::overflow(int c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  if (!open() || traits_type::eq_int_type(file_.rdbuf()->sputc(traits_type::to_char_type(c)),
                                          traits_type::eof())) {
    good_ = false;
    return traits_type::eof();
  }
  return c;
}

std::streamsize StandardOutput::LazyFileBuffer::xsputn(const char* s, std::streamsize n) {
  if (!open()) return 0;
  const std::streamsize written = file_.rdbuf()->sputn(s, n);
  if (written != n) good_ = false;
  return written;
}

int StandardOutput::LazyFileBuffer::sync() {
  if (!file_.is_open()) return 0;
  const int result = file_.rdbuf()->pubsync();
  if (result != 0) good_ = false;
  return result;
}

}  // namespace uldp::cli
