// --out FILE and --quiet for every command that prints its result and has no --out of its own:
// the command prints to std::cout as always, and this sends it to the file or nowhere for as
// long as the object lives (run_command_line's run). Errors still go to standard error.
#pragma once

#include <fstream>
#include <streambuf>
#include <string>

#include <CLI/CLI.hpp>

#include "replacing_file.h"

namespace uldp::cli {

class StandardOutput {
 public:
  StandardOutput() = default;
  StandardOutput(const StandardOutput&) = delete;
  StandardOutput& operator=(const StandardOutput&) = delete;
  ~StandardOutput();

  /// Adds --out FILE and --quiet to `command`, and to every subcommand below it that has no
  /// --out (or --quiet) of its own.
  void add_to(CLI::App& command);

  /// Flushes the file; throws InputError naming it when it could not be written.
  void finish();

 private:
  void redirect(std::streambuf* to);

  // Where --quiet sends the output: accepts everything, keeps nothing, never fails.
  class DiscardBuffer : public std::streambuf {
   protected:
    int overflow(int c) override { return traits_type::not_eof(c); }
    std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
  };

  // --out FILE: a ReplacingFile opened at the first byte of output and committed by finish(),
  // so a refused or failed run leaves FILE as it was.
  class LazyFileBuffer : public std::streambuf {
   public:
    void set_path(std::string path) { path_ = std::move(path); }
    const std::string& path() const { return path_; }
    /// Opens the file if no output has yet; false when it cannot be written.
    bool open();
    bool good() const { return good_; }
    /// Replaces FILE with what was written; false when that failed.
    bool commit() { return good_ && file_.commit(); }

   protected:
    int overflow(int c) override;
    std::streamsize xsputn(const char* s, std::streamsize n) override;
    int sync() override;

   private:
    std::string path_;
    ReplacingFile file_;
    bool good_ = true;
  };

  DiscardBuffer discard_;
  LazyFileBuffer file_;
  bool to_file_ = false;
  std::streambuf* saved_ = nullptr;
  bool redirected_ = false;
};

}  // namespace uldp::cli
