#include "standard_output.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

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

namespace {

// An existing regular file: it opens for appending (which changes nothing). Anything else that
// exists (a FIFO, a terminal, /dev/null): its permission, never an open, which on a FIFO waits for
// a reader and, closed, tells that reader the output has ended (it leaves, and the real open
// waited for ever: `check --out FIFO` hung). A new file: its folder takes a new file. None
// creates or empties anything, so a run refused later leaves no trace.
bool writable_without_touching(const std::string& path) {
  std::error_code error;
  if (std::filesystem::exists(path, error)) {
    if (std::filesystem::is_directory(path, error)) return false;
    if (!std::filesystem::is_regular_file(path, error)) return ::access(path.c_str(), W_OK) == 0;
    return static_cast<bool>(std::ofstream(path, std::ios::binary | std::ios::app));
  }
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  return ::access(folder.empty() ? "." : folder.c_str(), W_OK | X_OK) == 0;
}

}  // namespace

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
          // Writable? Checked now without emptying or creating it, emptied at the first output.
          if (!writable_without_touching(path)) {
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
  if (!file_.open() || !file_.commit()) throw InputError(file_.path(), "cannot write the file");
}

bool StandardOutput::LazyFileBuffer::open() {
  if (!file_.is_open() && good_) good_ = file_.open(path_);
  return good_;
}

int StandardOutput::LazyFileBuffer::overflow(int c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  if (!open() ||
      traits_type::eq_int_type(file_.stream().rdbuf()->sputc(traits_type::to_char_type(c)),
                               traits_type::eof())) {
    good_ = false;
    return traits_type::eof();
  }
  return c;
}

std::streamsize StandardOutput::LazyFileBuffer::xsputn(const char* s, std::streamsize n) {
  if (!open()) return 0;
  const std::streamsize written = file_.stream().rdbuf()->sputn(s, n);
  if (written != n) good_ = false;
  return written;
}

int StandardOutput::LazyFileBuffer::sync() {
  if (!file_.is_open()) return 0;
  const int result = file_.stream().rdbuf()->pubsync();
  if (result != 0) good_ = false;
  return result;
}

}  // namespace uldp::cli
