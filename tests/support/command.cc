// Running a program as a user would and capturing what it did.
#include "uldp/testing/command.h"

#include <sys/wait.h>

#include <atomic>
#include <cstdlib>
#include <stdexcept>

#include "uldp/testing/temp_files.h"

namespace uldp::testing {

RunResult run_command(const std::string& program, const std::string& args, Capture capture) {
  // Fresh capture files per run, so that runs from several threads cannot mix.
  static std::atomic<unsigned> runs{0};
  const std::string base = temp_path("run_" + std::to_string(runs++));
  const std::string redirect = capture == Capture::kMerged
                                   ? " >" + base + ".out 2>&1"
                                   : " >" + base + ".out 2>" + base + ".err";
  const int status = std::system((program + " " + args + redirect).c_str());
  RunResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = read_file(base + ".out");
  if (capture == Capture::kSeparate) result.err = read_file(base + ".err");
  return result;
}

std::string uldp_binary() {
  const std::string binary = ULDP_BINARY;
  if (binary.empty()) throw std::logic_error("the uldp command is not part of this build");
  return binary;
}

RunResult run_uldp(const std::string& args, Capture capture) {
  return run_command(uldp_binary(), args, capture);
}

std::string example(const std::string& name) { return std::string(ULDP_EXAMPLES_DIR) + "/" + name; }

}  // namespace uldp::testing
