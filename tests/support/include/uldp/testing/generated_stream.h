// A stream of many lines made on demand, never held in memory: the streaming readers (report
// files, sample files) are run over more text than they could keep, and their memory is checked
// not to grow with it. Header-only.
#pragma once

#include <sys/resource.h>

#include <cstdint>
#include <functional>
#include <istream>
#include <streambuf>
#include <string>

namespace uldp::testing {

/// The lines line(0), line(1), ..., line(count - 1), each followed by '\n', made a few at a time.
class GeneratedLines : public std::streambuf {
 public:
  GeneratedLines(std::uint64_t count, std::function<void(std::uint64_t, std::string&)> line)
      : count_(count), line_(std::move(line)) {}
  std::uint64_t bytes() const { return bytes_; }  ///< bytes made so far

 protected:
  int_type underflow() override {
    buffer_.clear();
    while (next_ < count_ && buffer_.size() < 4096) {
      line_(next_++, buffer_);
      buffer_ += '\n';
    }
    if (buffer_.empty()) return traits_type::eof();
    bytes_ += buffer_.size();
    setg(buffer_.data(), buffer_.data(), buffer_.data() + buffer_.size());
    return traits_type::to_int_type(buffer_[0]);
  }

 private:
  std::uint64_t count_, next_ = 0, bytes_ = 0;
  std::function<void(std::uint64_t, std::string&)> line_;
  std::string buffer_;
};

/// The peak resident memory of this process so far, in bytes.
inline std::uint64_t peak_resident_bytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
}

}  // namespace uldp::testing
