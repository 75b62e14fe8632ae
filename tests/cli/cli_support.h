// Runs the built `uldp` binary and captures exit code, stdout and stderr.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace uldp::testing {

struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Runs `uldp ARGS` through the shell (ARGS is shell text).
inline RunResult run_uldp(const std::string& args) {
  const std::string base = ::testing::TempDir() + "uldp_cli_" + std::to_string(::getpid());
  const std::string command = std::string(ULDP_BINARY) + " " + args + " >" + base + ".out 2>" + base + ".err";
  const int status = std::system(command.c_str());
  RunResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(base + ".out");
  r.err = slurp(base + ".err");
  return r;
}

/// Writes `content` to a fresh temporary file named `name` and returns its path.
inline std::string temp_file(const std::string& name, const std::string& content) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << content;
  return path;
}

inline std::string example(const std::string& name) { return std::string(ULDP_EXAMPLES_DIR) + "/" + name; }

}  // namespace uldp::testing
