// Scratch files for tests, in a directory private to the process.
#include "uldp/testing/temp_files.h"

#include <unistd.h>

#include <fstream>
#include <sstream>

namespace uldp::testing {
namespace {

namespace fs = std::filesystem;

/// Owns the directory: a stale one left by a dead process with the same id is emptied first.
class ScratchDirectory {
 public:
  ScratchDirectory()
      : path_(fs::temp_directory_path() / ("uldp_test_" + std::to_string(::getpid()))) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~ScratchDirectory() {
    std::error_code ignored;  // never throw from a destructor run at exit
    fs::remove_all(path_, ignored);
  }
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

}  // namespace

fs::path temp_dir() {
  static const ScratchDirectory directory;
  return directory.path();
}

std::string temp_path(const std::string& name) { return (temp_dir() / name).string(); }

std::string temp_file(const std::string& name, const std::string& content) {
  const std::string path = temp_path(name);
  std::ofstream(path) << content;
  return path;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream content;
  content << in.rdbuf();
  return content.str();
}

}  // namespace uldp::testing
