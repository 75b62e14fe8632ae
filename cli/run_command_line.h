// The whole `uldp` command line as a function: main() calls it with argv, and the Python package
// calls it in-process (uldp._core.run), so both give the same answers, messages and exit codes.
#pragma once

#include <string>
#include <vector>

#include "client_process.h"

namespace uldp::cli {

/// Runs `uldp ARGS...` (args without the program name), printing to std::cout and std::cerr.
/// Returns the exit code: 0 holds/conforms, 1 fails, 2 bad input, 3 internal error. Lets
/// uldp::Cancelled through (a cancellation poll asked to stop; see uldp/cancellation.h).
int run_command_line(std::vector<std::string> args, const InProcessClient* client = nullptr);

}  // namespace uldp::cli
