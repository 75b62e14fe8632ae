// The bit-row kernels (see internal/bit_kernels.h): portable table/SWAR versions, AVX-512
// versions compiled per function, and the choice between them made once.
#include "internal/bit_kernels.h"

#include <algorithm>
#include <atomic>
#include <vector>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define ULDP_BIT_KERNELS_AVX512 1
#endif

namespace uldp::estimate::internal {
namespace {

// add_column_counts keeps 64 byte-wide counters per word of a column block and adds them into
// `ones` every kFlushRows rows, before a byte can overflow. A block has at most kBlockWords
// words (16 KiB of counters, which stay in L1 while the rows stream past).
constexpr std::size_t kFlushRows = 255;
constexpr std::size_t kBlockWords = 256;

// The first `columns` words of a row, those that hold a counted bit (j < bits), in near-equal
// blocks of `size` words (the last one may be shorter).
struct ColumnBlocks {
  std::size_t columns = 0, size = 0;
};
ColumnBlocks column_blocks(std::size_t words, std::size_t bits) {
  ColumnBlocks blocks;
  blocks.columns = std::min(words, (bits + 63) / 64);
  if (blocks.columns == 0) return blocks;
  const std::size_t count = (blocks.columns + kBlockWords - 1) / kBlockWords;
  blocks.size = (blocks.columns + count - 1) / count;
  return blocks;
}

// kRowBits.positions[b]: the positions of the set bits of the byte b in increasing order, padded
// to 8; counts[b] how many (a table: no popcnt in baseline x86-64).
struct RowBitTable {
  std::uint16_t positions[256][8] = {};
  std::uint8_t counts[256] = {};
  constexpr RowBitTable() {
    for (unsigned b = 0; b < 256; ++b) {
      unsigned n = 0;
      for (unsigned i = 0; i < 8; ++i) {
        if ((b >> i) & 1U) positions[b][n++] = static_cast<std::uint16_t>(i);
      }
      counts[b] = static_cast<std::uint8_t>(n);
    }
  }
};
constexpr RowBitTable kRowBits;

// Each byte writes its 8 table entries and advances by its count: no branch per set bit (a ctz
// loop mispredicts once per word). Writes up to 8 entries past the end.
std::size_t decode_set_bits_portable(const std::uint64_t* words, std::size_t count,
                                     std::uint16_t base, std::uint16_t* out) {
  std::uint16_t* const start = out;
  for (std::size_t w = 0; w < count; ++w) {
    const std::uint64_t word = words[w];
    if (word == 0) continue;
    for (unsigned byte = 0; byte < 8; ++byte) {
      const unsigned b = static_cast<unsigned>(word >> (8 * byte)) & 0xFFU;
      const auto first = static_cast<std::uint16_t>(base + 64 * w + 8 * byte);
      for (unsigned i = 0; i < 8; ++i) {
        out[i] = static_cast<std::uint16_t>(first + kRowBits.positions[b][i]);
      }
      out += kRowBits.counts[b];
    }
  }
  return static_cast<std::size_t>(out - start);
}

// kSpread[b] has byte i equal to bit i of b: adding it counts 8 bit positions at once.
struct SpreadTable {
  std::uint64_t spread[256] = {};
  constexpr SpreadTable() {
    for (unsigned b = 0; b < 256; ++b) {
      for (unsigned i = 0; i < 8; ++i) spread[b] |= std::uint64_t{(b >> i) & 1U} << (8 * i);
    }
  }
};
constexpr SpreadTable kSpread;

// counters[8 w + b]: eight byte-wide counters for bits 64 w + 8 b .. + 7 of the block.
void add_column_counts_portable(std::span<const std::uint64_t> rows, std::size_t words,
                                std::span<std::uint64_t> ones) {
  if (words == 0) return;
  const std::size_t count = rows.size() / words;
  const ColumnBlocks blocks = column_blocks(words, ones.size());
  if (count == 0 || blocks.columns == 0) return;
  std::vector<std::uint64_t> counters(8 * blocks.size);
  for (std::size_t first = 0; first < blocks.columns; first += blocks.size) {
    const std::size_t n = std::min(blocks.size, blocks.columns - first);
    for (std::size_t r0 = 0; r0 < count; r0 += kFlushRows) {
      const std::size_t r1 = std::min(count, r0 + kFlushRows);
      std::fill(counters.begin(), counters.end(), 0);
      for (std::size_t r = r0; r < r1; ++r) {
        const std::uint64_t* row = rows.data() + r * words + first;
        for (std::size_t w = 0; w < n; ++w) {
          std::uint64_t* c = counters.data() + 8 * w;
          const std::uint64_t word = row[w];
          for (unsigned b = 0; b < 8; ++b) c[b] += kSpread.spread[(word >> (8 * b)) & 0xFFU];
        }
      }
      for (std::size_t c = 0; c < 8 * n; ++c) {
        for (unsigned i = 0; i < 8; ++i) {
          const std::size_t bit = 64 * first + 8 * c + i;
          if (bit < ones.size()) ones[bit] += (counters[c] >> (8 * i)) & 0xFFU;
        }
      }
    }
  }
}

// One position as gap bytes after `previous` (-1 before the first); returns the end.
inline std::uint8_t* put_gap(int previous, std::uint16_t position, std::uint8_t* out) {
  const int gap = static_cast<int>(position) - previous;
  if (gap >= 1 && gap <= 255) {
    *out = static_cast<std::uint8_t>(gap);
    return out + 1;
  }
  out[0] = kGapEscape;
  out[1] = static_cast<std::uint8_t>(position & 0xFF);
  out[2] = static_cast<std::uint8_t>(position >> 8);
  return out + 3;
}

std::size_t encode_gaps_portable(const std::uint16_t* positions, std::size_t count,
                                 std::uint8_t* out) {
  std::uint8_t* const start = out;
  int previous = -1;
  for (std::size_t i = 0; i < count; ++i) {
    out = put_gap(previous, positions[i], out);
    previous = positions[i];
  }
  return static_cast<std::size_t>(out - start);
}

#ifdef ULDP_BIT_KERNELS_AVX512
// No vector type crosses a function boundary: these are compiled for AVX-512 while their callers
// are not.
#define ULDP_AVX512_DECODE __attribute__((target("avx512f,avx512bw,avx512vbmi2,popcnt")))
#define ULDP_AVX512_COUNT __attribute__((target("avx512f,avx512bw")))

// Two loops. Sparse words (at most 32 set bits): vpcompressb packs the word's bit positions
// 0..63 as bytes, the first 32 widened to 16 bits plus base + 64 w go out in one 64-byte store.
// From the first word with more than 32 set bits on, the row is taken as dense: each 32-bit half
// compresses its 16-bit positions into a register for its own store. Both advance by popcounts and
// write at most 32 entries past the end; neither uses the memory-destination vpcompress (slow on
// Zen 4). The sparse loop skips four zero words at once: a test per word mispredicts at 1-2%
// density, one per four costs nothing at 5% and more than halves the time at 0.1%.
ULDP_AVX512_DECODE std::size_t decode_set_bits_avx512(const std::uint64_t* words, std::size_t count,
                                                      std::uint16_t base, std::uint16_t* out) {
  std::uint16_t* const start = out;
  const __m512i byte_iota = _mm512_set_epi8(
      63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41,
      40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18,
      17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  const __m512i step64 = _mm512_set1_epi16(64);
  // first = base + 64 w in every 16-bit lane (the step after the last word may wrap, unused).
  __m512i first = _mm512_set1_epi16(static_cast<short>(base));
  std::size_t w = 0;
  for (; w < count; ++w, first = _mm512_add_epi16(first, step64)) {
    if (w % 4 == 0 && w + 4 <= count &&
        (words[w] | words[w + 1] | words[w + 2] | words[w + 3]) == 0) {
      w += 3;
      first = _mm512_add_epi16(first, _mm512_set1_epi16(192));
      continue;
    }
    const std::uint64_t word = words[w];
    const __m512i bytes = _mm512_maskz_compress_epi8(word, byte_iota);
    _mm512_storeu_si512(
        out, _mm512_add_epi16(_mm512_cvtepu8_epi16(_mm512_maskz_extracti64x4_epi64(0xF, bytes, 0)),
                              first));
    const int set = __builtin_popcountll(word);
    if (set > 32) {
      _mm512_storeu_si512(
          out + 32,
          _mm512_add_epi16(_mm512_cvtepu8_epi16(_mm512_maskz_extracti64x4_epi64(0xF, bytes, 1)),
                           first));
      out += set;
      ++w;
      first = _mm512_add_epi16(first, step64);
      break;
    }
    out += set;
  }
  const __m512i iota = _mm512_set_epi16(31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17,
                                        16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  const __m512i step32 = _mm512_set1_epi16(32);
  __m512i low = _mm512_add_epi16(iota, first);  // low[i] = base + 64 w + i
  for (; w < count; ++w, low = _mm512_add_epi16(low, step64)) {
    const std::uint64_t word = words[w];
    if (word == 0) continue;
    const auto mask_low = static_cast<std::uint32_t>(word);
    const auto mask_high = static_cast<std::uint32_t>(word >> 32);
    const __m512i a = _mm512_maskz_compress_epi16(mask_low, low);
    const __m512i b = _mm512_maskz_compress_epi16(mask_high, _mm512_add_epi16(low, step32));
    _mm512_storeu_si512(out, a);
    out += __builtin_popcount(mask_low);
    _mm512_storeu_si512(out, b);
    out += __builtin_popcount(mask_high);
  }
  return static_cast<std::size_t>(out - start);
}

struct alignas(64) ByteCounters {
  std::uint8_t count[64];
};

// Adds the block's counters (n words from bit `first_bit`) into `ones` and zeroes them.
ULDP_AVX512_COUNT void flush_avx512(ByteCounters* counters, std::size_t n, std::size_t first_bit,
                                    std::span<std::uint64_t> ones) {
  for (std::size_t w = 0; w < n; ++w) {
    const std::uint8_t* bytes = counters[w].count;
    const std::size_t bit = first_bit + 64 * w;  // < ones.size(): see column_blocks
    if (bit + 64 <= ones.size()) {
      for (std::size_t q = 0; q < 8; ++q) {
        // maskz: GCC 12 warns of the unmasked form's undefined source (-Wmaybe-uninitialized).
        const __m512i add = _mm512_maskz_cvtepu8_epi64(
            0xFF, _mm_loadl_epi64(reinterpret_cast<const __m128i*>(bytes + 8 * q)));
        std::uint64_t* o = ones.data() + bit + 8 * q;
        _mm512_storeu_si512(o, _mm512_add_epi64(_mm512_loadu_si512(o), add));
      }
    } else {
      for (std::size_t i = 0; bit + i < ones.size(); ++i) ones[bit + i] += bytes[i];
    }
    _mm512_store_si512(counters[w].count, _mm512_setzero_si512());
  }
}

// Per word, vpmovm2b turns its 64 bits into 0xFF bytes, subtracted from its 64 byte counters.
ULDP_AVX512_COUNT void add_column_counts_avx512(std::span<const std::uint64_t> rows,
                                                std::size_t words, std::span<std::uint64_t> ones) {
  if (words == 0) return;
  const std::size_t count = rows.size() / words;
  const ColumnBlocks blocks = column_blocks(words, ones.size());
  if (count == 0 || blocks.columns == 0) return;
  std::vector<ByteCounters> counters(blocks.size, ByteCounters{});
  for (std::size_t first = 0; first < blocks.columns; first += blocks.size) {
    const std::size_t n = std::min(blocks.size, blocks.columns - first);
    for (std::size_t r0 = 0; r0 < count; r0 += kFlushRows) {
      const std::size_t r1 = std::min(count, r0 + kFlushRows);
      for (std::size_t r = r0; r < r1; ++r) {
        const std::uint64_t* row = rows.data() + r * words + first;
        for (std::size_t w = 0; w < n; ++w) {
          const __m512i c = _mm512_load_si512(counters[w].count);
          _mm512_store_si512(counters[w].count, _mm512_sub_epi8(c, _mm512_movm_epi8(row[w])));
        }
      }
      flush_avx512(counters.data(), n, 64 * first, ones);
    }
  }
}

// 32 gaps at a time: each position minus the one before it (an unaligned load one element back),
// narrowed to bytes in one store when all 32 are 1 to 255; else those 32 one by one.
ULDP_AVX512_COUNT std::size_t encode_gaps_avx512(const std::uint16_t* positions, std::size_t count,
                                                 std::uint8_t* out) {
  std::uint8_t* const start = out;
  if (count == 0) return 0;
  out = put_gap(-1, positions[0], out);
  const __m512i one = _mm512_set1_epi16(1), largest = _mm512_set1_epi16(254);
  std::size_t i = 1;
  for (; i + 32 <= count; i += 32) {
    const __m512i gaps =
        _mm512_sub_epi16(_mm512_loadu_si512(positions + i), _mm512_loadu_si512(positions + i - 1));
    // gap - 1 > 254 unsigned: a gap of 0 (wrapped) or of 256 and more
    if (_mm512_cmpgt_epu16_mask(_mm512_sub_epi16(gaps, one), largest) == 0) {
      // maskz: GCC 12 warns on the unmasked form's undefined operand
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), _mm512_maskz_cvtepi16_epi8(~0U, gaps));
      out += 32;
    } else {
      for (std::size_t e = i; e < i + 32; ++e) out = put_gap(positions[e - 1], positions[e], out);
    }
  }
  for (; i < count; ++i) out = put_gap(positions[i - 1], positions[i], out);
  return static_cast<std::size_t>(out - start);
}

bool cpu_has_avx512_kernels() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vbmi2") && __builtin_cpu_supports("popcnt");
}
#endif

struct Kernels {
  const char* name;
  std::size_t (*decode)(const std::uint64_t*, std::size_t, std::uint16_t, std::uint16_t*);
  void (*count)(std::span<const std::uint64_t>, std::size_t, std::span<std::uint64_t>);
  std::size_t (*gaps)(const std::uint16_t*, std::size_t, std::uint8_t*);
};
constexpr Kernels kPortable{"portable", decode_set_bits_portable, add_column_counts_portable,
                            encode_gaps_portable};
#ifdef ULDP_BIT_KERNELS_AVX512
constexpr Kernels kAvx512{"avx512", decode_set_bits_avx512, add_column_counts_avx512,
                          encode_gaps_avx512};
#endif

const Kernels& best_kernels() {
#ifdef ULDP_BIT_KERNELS_AVX512
  static const Kernels& best = cpu_has_avx512_kernels() ? kAvx512 : kPortable;
  return best;
#else
  return kPortable;
#endif
}

std::atomic<bool> forced_portable{false};

const Kernels& kernels() {
  return forced_portable.load(std::memory_order_relaxed) ? kPortable : best_kernels();
}

}  // namespace

std::size_t decode_set_bits(const std::uint64_t* words, std::size_t count, std::uint16_t base,
                            std::uint16_t* out) {
  return kernels().decode(words, count, base, out);
}

void add_column_counts(std::span<const std::uint64_t> rows, std::size_t words,
                       std::span<std::uint64_t> ones) {
  kernels().count(rows, words, ones);
}

std::size_t encode_gaps(const std::uint16_t* positions, std::size_t count, std::uint8_t* out) {
  return kernels().gaps(positions, count, out);
}

const char* bit_kernels_in_use() { return kernels().name; }

void force_portable_bit_kernels(bool portable) {
  forced_portable.store(portable, std::memory_order_relaxed);
}

}  // namespace uldp::estimate::internal
