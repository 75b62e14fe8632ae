#include "replacing_file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace uldp::cli {

ReplacingFile::~ReplacingFile() {
  if (temporary_.empty()) return;
  stream_.close();
  std::error_code ignored;
  std::filesystem::remove(temporary_, ignored);
}

bool ReplacingFile::open(const std::string& target) {
  std::error_code error;
  const bool exists = std::filesystem::exists(target, error);
  const std::filesystem::path resolved =
      exists ? std::filesystem::canonical(target, error) : std::filesystem::path(target);
  if (error || (exists && !std::filesystem::is_regular_file(resolved, error))) {
    // A FIFO whose reader leaves: the write fails (commit says so) instead of SIGPIPE ending the
    // run without a word.
    std::signal(SIGPIPE, SIG_IGN);
    stream_.open(target, std::ios::binary | std::ios::trunc);
    return static_cast<bool>(stream_);
  }
  std::string pattern = resolved.string() + ".uldp-XXXXXX";
  const int fd = ::mkstemp(pattern.data());
  if (fd < 0) return false;
  temporary_ = pattern;
  target_ = resolved.string();
  // The mode the replaced file had, or a new file's (0666 less the umask), not mkstemp's 0600.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  struct stat existing {};
  const mode_t mode = exists && ::stat(target_.c_str(), &existing) == 0
                          ? static_cast<mode_t>(existing.st_mode & 07777)
                          : static_cast<mode_t>(0666 & ~mask);
  const bool moded = ::fchmod(fd, mode) == 0;
  ::close(fd);
  stream_.open(temporary_, std::ios::binary | std::ios::trunc);
  return moded && static_cast<bool>(stream_);
}

bool ReplacingFile::commit() {
  stream_.flush();
  const bool written = static_cast<bool>(stream_);
  stream_.close();
  if (!written || stream_.fail()) return false;
  if (temporary_.empty()) return true;
  std::error_code error;
  std::filesystem::rename(temporary_, target_, error);
  if (error) return false;
  temporary_.clear();
  return true;
}

}  // namespace uldp::cli
