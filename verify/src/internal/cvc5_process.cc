#include "internal/cvc5_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

extern char** environ;

namespace uldp::verify::internal {
namespace {

/// A temporary file holding `text`, removed when this goes out of scope.
class TempScript {
 public:
  explicit TempScript(const std::string& text) {
    std::string pattern = (std::filesystem::temp_directory_path() / "uldp-cvc5-XXXXXX").string();
    const int fd = ::mkstemp(pattern.data());
    if (fd < 0) return;
    ::close(fd);
    path_ = pattern;
    std::ofstream(path_) << text;
  }
  ~TempScript() {
    if (!path_.empty()) std::remove(path_.c_str());
  }
  TempScript(const TempScript&) = delete;
  TempScript& operator=(const TempScript&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

std::size_t count_check_sats(const std::string& script) {
  std::size_t count = 0;
  for (std::size_t at = script.find("(check-sat)"); at != std::string::npos;
       at = script.find("(check-sat)", at + 1))
    ++count;
  return count;
}

bool is_answer(const std::string& line) {
  return line == "sat" || line == "unsat" || line == "unknown";
}

/// A line of cvc5's statistics ("resource::resourceUnitsUsed = 82052"): a name of words joined by
/// "::", then " = ".
bool is_statistic(const std::string& line) {
  const std::size_t equals = line.find(" = ");
  if (equals == std::string::npos || line.find("::") >= equals) return false;
  return std::all_of(line.begin(), line.begin() + static_cast<std::ptrdiff_t>(equals), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ':' || c == '-';
  });
}

}  // namespace

Cvc5Run run_cvc5(const std::string& script, std::uint64_t resource_limit, unsigned wall_ms,
                 bool models, const std::string& extra_option) {
  Cvc5Run run;
  const bool has_logic = script.find("(set-logic ") != std::string::npos;
  const TempScript file(has_logic ? script : "(set-logic ALL)\n" + script);
  if (file.path().empty()) return run;
  int pipe_fds[2];
  if (::pipe(pipe_fds) != 0) return run;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDERR_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
  std::string tlimit = "--tlimit-per=" + std::to_string(wall_ms);
  std::string rlimit = "--rlimit-per=" + std::to_string(resource_limit);
  // The internal statistics hold resource::resourceUnitsUsed, the work count the limit bounds.
  std::string program = "cvc5", lang = "--lang=smt2", incremental = "--incremental",
              produce = "--produce-models", stats = "--stats-internal", path = file.path();
  std::vector<char*> argv{program.data(), lang.data(), incremental.data(), tlimit.data(),
                          stats.data()};
  if (resource_limit > 0) argv.push_back(rlimit.data());
  if (models) argv.push_back(produce.data());
  std::vector<std::string> extra;  // space-separated options, one argv entry each
  std::istringstream words(extra_option);
  for (std::string word; words >> word;) extra.push_back(word);
  for (auto& word : extra) argv.push_back(word.data());
  argv.push_back(path.data());
  argv.push_back(nullptr);
  const auto start = std::chrono::steady_clock::now();
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(pipe_fds[1]);
  if (spawned != 0) {
    ::close(pipe_fds[0]);
    return run;
  }
  run.started = true;
  // A hard deadline besides cvc5's own per-query limit: the whole script may hold several
  // queries, so allow the limit per check-sat plus a margin, then kill the process.
  const std::size_t queries = std::max<std::size_t>(1, count_check_sats(script));
  const auto deadline =
      start + std::chrono::milliseconds(static_cast<long long>(wall_ms) * queries + 5000);
  char buffer[4096];
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                          deadline - std::chrono::steady_clock::now())
                          .count();
    pollfd pfd{pipe_fds[0], POLLIN, 0};
    if (left <= 0 || ::poll(&pfd, 1, static_cast<int>(left)) == 0) {
      ::kill(pid, SIGKILL);
      run.killed = true;
      run.output += "\n(uldp: cvc5 killed after the deadline)\n";
      break;
    }
    const ssize_t n = ::read(pipe_fds[0], buffer, sizeof buffer);
    if (n <= 0) break;
    run.output.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(pipe_fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::istringstream lines(run.output);
  std::string kept;
  const std::string units = "resource::resourceUnitsUsed = ";
  for (std::string line; std::getline(lines, line);) {
    if (is_statistic(line)) {
      std::uint64_t value = 0;
      if (line.starts_with(units) &&
          std::from_chars(line.data() + units.size(), line.data() + line.size(), value).ec ==
              std::errc{})
        run.resource_units = value;
      continue;
    }
    if (is_answer(line)) run.answers.push_back(line);
    kept += line + "\n";
  }
  run.output = std::move(kept);
  return run;
}

}  // namespace uldp::verify::internal
