// A client run as a black box: `uldp conform client -- CMD ARGS...` starts CMD, writes one input
// index per line to its standard input and reads one output per line from its standard output.
// Reading and writing are interleaved (poll), so neither side can block the other on a full pipe.
#pragma once

#include <sys/types.h>
#include <chrono>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace uldp::cli {

class ClientProcess {
 public:
  /// Starts argv[0] (searched on PATH) with argv[1..]; its standard error goes to ours. Throws
  /// InvalidArgument naming the command when it cannot be started.
  explicit ClientProcess(const std::vector<std::string>& argv);
  ~ClientProcess();
  ClientProcess(const ClientProcess&) = delete;
  ClientProcess& operator=(const ClientProcess&) = delete;

  /// Sends `inputs` one per line and returns one output line per input, in order (line ends and
  /// a trailing '\r' removed). Throws InputError naming the client when it exits, closes its
  /// output early, or writes nothing for `timeout` (a client must flush each line: python3 -u).
  std::vector<std::string> exchange(std::span<const std::uint32_t> inputs,
                                    std::chrono::milliseconds timeout);

  /// The command as typed, for messages.
  const std::string& name() const { return name_; }

 private:
  std::string name_;
  pid_t pid_ = -1;
  int to_client_ = -1;
  int from_client_ = -1;
  std::string pending_;  // output read past the last complete line
  std::uint64_t exchanged_ = 0;
};

}  // namespace uldp::cli
