// The reports of a mechanism whose outputs are too many to list (unlisted.h), stored as fixed
// words per report: light enough for report_file.h and the testing headers to include.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace uldp::estimate {

/// Reports of `width` 64-bit words each, end to end; the folder gives the words their meaning
/// (local hashing's seed and value, a Bloom report's cohort and bits).
class UnlistedReports {
 public:
  explicit UnlistedReports(std::size_t width = 1) : width_(width == 0 ? 1 : width) {}
  std::size_t width() const { return width_; }
  std::size_t size() const { return words_.size() / width_; }
  std::span<const std::uint64_t> report(std::size_t i) const {
    return {words_.data() + i * width_, width_};
  }
  /// Appends an all-zero report and returns its words to fill.
  std::span<std::uint64_t> append() {
    words_.resize(words_.size() + width_, 0);
    return {words_.data() + words_.size() - width_, width_};
  }
  /// Appends `more`'s reports (of the same width).
  void append(const UnlistedReports& more);
  void reserve(std::size_t reports) { words_.reserve(reports * width_); }
  friend bool operator==(const UnlistedReports&, const UnlistedReports&) = default;

 private:
  std::size_t width_;
  std::vector<std::uint64_t> words_;
};

}  // namespace uldp::estimate
