// A byte source read as choices, so that a fuzzer's input and a RapidCheck property's random bytes
// drive the same random file writers (matrix_dialects.h, line_dialects.h and the data-file
// writers). Header-only: the fuzz targets include it without linking the test support library.
#pragma once

#include <cstddef>
#include <cstdint>

namespace uldp::testing {

/// Bytes read as choices; past the end every choice is 0 (the smallest option).
class ByteChoices {
 public:
  ByteChoices(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  /// A choice in [0, n).
  std::size_t below(std::size_t n) {
    std::size_t value = 0;
    for (std::size_t b = 0; b < 3 && pos_ < size_; ++b) value = value * 256 + data_[pos_++];
    return n == 0 ? 0 : value % n;
  }
  bool coin() { return below(2) == 1; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

}  // namespace uldp::testing
