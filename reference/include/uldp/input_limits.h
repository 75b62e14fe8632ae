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

/// The most inputs of a per-pair check (2^20 ordered pairs), and so the side of a pair-budget or
/// distance matrix file, refused at the entry past it while the file is read.
inline constexpr std::size_t kMaxPairInputs = 1024;

/// The most regions of a safe regions file (personalized LDP): each pair of inputs is compared
/// with every region that holds both, so at k = 1024 this is 2^30 membership tests.
inline constexpr std::size_t kMaxSafeRegions = 1024;

/// The most values (numbers, strings, arrays, objects) of a JSON input: 2^24 + 16, room for a
/// matrix at its entry limit (2^23) with its rows and a label per column, or 10^7 counts. Counted
/// while the document is parsed, before its tree grows past it (the tree takes 16 bytes a value
/// and more for a string).
inline constexpr std::size_t kMaxJsonValues = (std::size_t{1} << 24) + 16;

}  // namespace uldp
