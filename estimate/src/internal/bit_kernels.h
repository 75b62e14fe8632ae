// Kernels over packed bit rows (64-bit words, bit i of word w is position 64 w + i): listing
// the set bits of a row, counting the rows with each bit set, and writing a list of set bits as
// gap bytes. Each has a portable version and an AVX-512 one (x86-64 only, compiled per function
// and chosen once at run time from the CPU); both give the same results.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace uldp::estimate::internal {

/// Entries decode_set_bits may write past the end of what it returns.
inline constexpr std::size_t kDecodeSlack = 64;

/// Writes base + 64 w + i for every set bit i of words[w], w < count, in increasing order, at
/// `out`; returns how many it wrote. Needs base + 64 count <= 65536. May write up to
/// kDecodeSlack entries past the returned end (the caller reserves them).
std::size_t decode_set_bits(const std::uint64_t* words, std::size_t count, std::uint16_t base,
                            std::uint16_t* out);

/// Adds to ones[j] the number of rows (`words` words each, rows.size() a multiple of words) with
/// bit j set, for j < ones.size() (bits at j >= ones.size() are ignored).
void add_column_counts(std::span<const std::uint64_t> rows, std::size_t words,
                       std::span<std::uint64_t> ones);

/// Gap bytes: increasing positions p_0 < p_1 < ... (< 65536) as one byte each, the gap
/// p_i - p_(i-1) with p_(-1) = -1, when it is 1 to 255; any other as three bytes: kGapEscape,
/// then p_i's low and high byte. Half the memory of 16-bit positions at the densities where
/// gaps of 256 or more are rare.
inline constexpr std::uint8_t kGapEscape = 0;
/// The most bytes encode_gaps writes for `count` positions.
inline constexpr std::size_t max_gap_bytes(std::size_t count) { return 3 * count; }
/// The most bytes the gap bytes of `reports` lists of `count` positions in all, each below k,
/// take: a report's gaps add up to at most k, so at most k / 256 of them are escapes.
inline constexpr std::size_t max_gap_bytes(std::size_t count, std::size_t reports, std::size_t k) {
  const std::size_t escapes = reports * (k / 256);
  return count + 2 * (escapes < count ? escapes : count);
}

/// Writes positions[0..count) as gap bytes at `out`; returns how many bytes it wrote.
std::size_t encode_gaps(const std::uint16_t* positions, std::size_t count, std::uint8_t* out);

/// The implementation in use: "avx512" or "portable".
const char* bit_kernels_in_use();

/// For tests: force the portable implementation (true) or go back to the best available (false).
void force_portable_bit_kernels(bool portable);

}  // namespace uldp::estimate::internal
