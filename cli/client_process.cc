#include "client_process.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>

#include "uldp/error.h"
#include "uldp/estimate/line_reader.h"

namespace uldp::cli {

namespace {

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

ClientProcess::ClientProcess(const std::vector<std::string>& argv) {
  if (argv.empty()) {
    throw InvalidArgument(
        "conform client: give the client's command after -- (e.g. -- python3 -u client.py)");
  }
  for (const std::string& a : argv) {
    if (!name_.empty()) name_ += ' ';
    name_ += a;
  }
  // A client that exits while we write must give an error, not kill uldp.
  std::signal(SIGPIPE, SIG_IGN);
  int in_pipe[2], out_pipe[2], exec_pipe[2];
  if (::pipe(in_pipe) != 0 || ::pipe(out_pipe) != 0 || ::pipe2(exec_pipe, O_CLOEXEC) != 0) {
    throw InvalidArgument("conform client: cannot create pipes: " +
                          std::string(std::strerror(errno)));
  }
  pid_ = ::fork();
  if (pid_ < 0)
    throw InvalidArgument("conform client: cannot fork: " + std::string(std::strerror(errno)));
  if (pid_ == 0) {
    ::dup2(in_pipe[0], STDIN_FILENO);
    ::dup2(out_pipe[1], STDOUT_FILENO);
    ::close(in_pipe[0]), ::close(in_pipe[1]), ::close(out_pipe[0]), ::close(out_pipe[1]);
    ::close(exec_pipe[0]);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execvp(args[0], args.data());
    const int error = errno;  // tell the parent why exec failed
    [[maybe_unused]] const ssize_t written = ::write(exec_pipe[1], &error, sizeof error);
    ::_exit(127);
  }
  ::close(in_pipe[0]), ::close(out_pipe[1]), ::close(exec_pipe[1]);
  to_client_ = in_pipe[1];
  from_client_ = out_pipe[0];
  int error = 0;
  const ssize_t got = ::read(exec_pipe[0], &error, sizeof error);  // 0: exec succeeded
  ::close(exec_pipe[0]);
  if (got > 0) {
    close_fd(to_client_), close_fd(from_client_);
    ::waitpid(pid_, nullptr, 0);
    pid_ = -1;
    throw InvalidArgument("conform client: cannot run '" + argv[0] + "': " + std::strerror(error));
  }
  ::fcntl(to_client_, F_SETFL, O_NONBLOCK);
  ::fcntl(from_client_, F_SETFL, O_NONBLOCK);
}

ClientProcess::~ClientProcess() {
  close_fd(to_client_);  // end of input: a well-behaved client exits
  close_fd(from_client_);
  if (pid_ > 0) {
    for (int i = 0; i < 50; ++i) {  // up to half a second, then stop it
      if (::waitpid(pid_, nullptr, WNOHANG) == pid_) return;
      ::usleep(10'000);
    }
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
}

std::vector<std::string> ClientProcess::exchange(std::span<const std::uint32_t> inputs,
                                                 std::chrono::milliseconds timeout) {
  std::string request;
  for (const std::uint32_t x : inputs) {
    request += std::to_string(x);
    request += '\n';
  }
  std::vector<std::string> outputs;
  std::size_t sent = 0;
  char buffer[65536];
  // The timeout runs from the last complete line: bytes without a line end are no progress (a
  // client writing a line that never ends was never timed out).
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (outputs.size() < inputs.size()) {
    pollfd fds[2] = {{from_client_, POLLIN, 0}, {to_client_, POLLOUT, 0}};
    const nfds_t count = sent < request.size() ? 2 : 1;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    const int ready = left.count() <= 0 ? 0 : ::poll(fds, count, static_cast<int>(left.count()));
    if (ready == 0) {
      throw InputError(name_, "wrote no output line for " + std::to_string(timeout.count()) +
                                  " ms after input " +
                                  std::to_string(exchanged_ + outputs.size() + 1) +
                                  " (a client must write one line per input and flush it; "
                                  "python3 -u)");
    }
    if (ready < 0 && errno != EINTR)
      throw InputError(name_, std::string("poll: ") + std::strerror(errno));
    if (count == 2 && (fds[1].revents & (POLLOUT | POLLERR | POLLHUP))) {
      const ssize_t n = ::write(to_client_, request.data() + sent, request.size() - sent);
      if (n < 0 && errno != EAGAIN && errno != EINTR) {
        throw InputError(name_, "stopped reading its input after " +
                                    std::to_string(exchanged_ + outputs.size()) + " outputs");
      }
      if (n > 0) sent += static_cast<std::size_t>(n);
    }
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      const ssize_t n = ::read(from_client_, buffer, sizeof buffer);
      if (n == 0) {
        throw InputError(name_, "closed its output after " +
                                    std::to_string(exchanged_ + outputs.size()) + " of " +
                                    std::to_string(exchanged_ + inputs.size()) + " outputs");
      }
      if (n < 0 && errno != EAGAIN && errno != EINTR) {
        throw InputError(name_, std::string("read: ") + std::strerror(errno));
      }
      if (n > 0) pending_.append(buffer, static_cast<std::size_t>(n));
      const std::size_t before = outputs.size();
      std::size_t start = 0;
      for (std::size_t end; (end = pending_.find('\n', start)) != std::string::npos;
           start = end + 1) {
        std::string line = pending_.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (outputs.size() == inputs.size()) {
          throw InputError(name_, "wrote more lines than it was given inputs");
        }
        outputs.push_back(std::move(line));
      }
      pending_.erase(0, start);
      if (outputs.size() > before) deadline = std::chrono::steady_clock::now() + timeout;
      if (pending_.size() > estimate::kMaxTextLine) {
        throw InputError(name_, "wrote a line longer than " +
                                    std::to_string(estimate::kMaxTextLine) + " bytes for input " +
                                    std::to_string(exchanged_ + outputs.size() + 1) +
                                    " (one output per line)");
      }
    }
  }
  // A line already read past the last input's would be taken as the next input's output.
  if (pending_.find('\n') != std::string::npos) {
    throw InputError(name_, "wrote more lines than it was given inputs");
  }
  exchanged_ += inputs.size();
  return outputs;
}

}  // namespace uldp::cli
