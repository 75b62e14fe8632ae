// The two limits every text reader shares (docs/inputs.md, "Limits"): the longest line, and the
// most bytes a reader that holds its whole input may hold. Streamed readers (reports, samples)
// keep O(k) and take any number of lines; each is refused with the input's name before memory
// grows past the limit.
#pragma once

#include <cstddef>

namespace uldp {

/// The longest line of any text input (16 MiB: a bit vector of 10^6 bits is 1 MB): a stream
/// without line ends (/dev/zero, a binary file) is refused before memory grows.
inline constexpr std::size_t kMaxTextLine = std::size_t{1} << 24;

/// The most bytes of an input read whole (a matrix, counts, golden vectors, estimates, PUM
/// users): 1 GiB.
inline constexpr std::size_t kMaxInputBytes = std::size_t{1} << 30;

}  // namespace uldp
