// The whole `uldp` command line as a function: main() calls it with argv (and tests may call it
// in-process).
#pragma once

#include <string>
#include <vector>

namespace uldp::cli {

/// Runs `uldp ARGS...` (args without the program name), printing to std::cout and std::cerr.
/// Returns the exit code: 0 holds/conforms, 1 fails, 2 bad input, 3 internal error. Lets
/// uldp::Cancelled through (a cancellation poll asked to stop; see uldp/cancellation.h).
int run_command_line(std::vector<std::string> args);

}  // namespace uldp::cli
