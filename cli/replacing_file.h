// An output file that replaces its target only when the run succeeded: written to a temporary file
// beside the target and renamed onto it by commit(), removed otherwise, so a refused or failed run
// never leaves a target emptied or half-written. A target that exists and is not a regular file
// (/dev/null, /dev/full, a FIFO, a terminal) cannot be replaced and is written directly.
#pragma once

#include <fstream>
#include <string>

namespace uldp::cli {

class ReplacingFile {
 public:
  ReplacingFile() = default;
  ReplacingFile(const ReplacingFile&) = delete;
  ReplacingFile& operator=(const ReplacingFile&) = delete;
  ~ReplacingFile();  ///< removes an uncommitted temporary file

  /// Opens the temporary file for `target` (through a link, beside the file it names); false
  /// when it cannot be written.
  bool open(const std::string& target);
  bool is_open() const { return stream_.is_open(); }
  std::ofstream& stream() { return stream_; }
  /// Flushes, closes and renames the temporary file onto the target; false when a step failed
  /// (a full disk shows here).
  bool commit();

 private:
  std::ofstream stream_;
  std::string temporary_;  ///< empty: writing the target itself
  std::string target_;     ///< the target, through its links
};

}  // namespace uldp::cli
