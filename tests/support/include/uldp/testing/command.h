// Running a program (the built `uldp`, `z3`) as a user would and capturing what it did.
#pragma once

#include <string>

namespace uldp::testing {

/// What a finished command did: exit code (-1 if it did not exit normally), stdout, stderr.
struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

/// Where stderr goes: its own capture, or into `out` interleaved as a terminal shows it.
enum class Capture { kSeparate, kMerged };

/// Runs `program ARGS` through the shell (ARGS is shell text) and waits for it.
RunResult run_command(const std::string& program, const std::string& args,
                      Capture capture = Capture::kSeparate);

/// Runs the built `uldp ARGS`; throws std::logic_error if the CLI is not part of the build.
RunResult run_uldp(const std::string& args, Capture capture = Capture::kSeparate);

/// Path of the built `uldp`; throws std::logic_error if the CLI is not part of the build.
std::string uldp_binary();

/// Path of a file in the repository's examples/ directory.
std::string example(const std::string& name);

}  // namespace uldp::testing
