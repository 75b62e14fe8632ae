// Two kernels over packed bit rows (64-bit words, bit i of word w is position 64 w + i): listing
// the set bits of a row, and counting the rows with each bit set. Each has a portable version and
// an AVX-512 one (x86-64 only, compiled per function and chosen once at run time from the CPU);
// both give the same results.
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

/// The implementation in use: "avx512" or "portable".
const char* bit_kernels_in_use();

/// For tests: force the portable implementation (true) or go back to the best available (false).
void force_portable_bit_kernels(bool portable);

}  // namespace uldp::estimate::internal
