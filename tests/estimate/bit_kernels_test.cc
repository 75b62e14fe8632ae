// The bit-row kernels (estimate/src/internal/bit_kernels.h), each implementation against a naive
// loop over the bits: decode_set_bits on edge words, random densities, bases up to the 16-bit
// limit and row lengths 1..200 (and nothing written past its slack); add_column_counts across
// the 255-row flushes and the column blocks, with fewer counted bits than the rows hold;
// encode_gaps read back, on edge positions, escapes at every place in a vector and random rows.
#include "internal/bit_kernels.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <ostream>
#include <string>
#include <vector>

#include "uldp/estimate/random.h"

namespace uldp::estimate::internal {
namespace {

constexpr std::uint64_t kAllOnes = ~std::uint64_t{0};

std::vector<std::uint16_t> naive_decode(const std::vector<std::uint64_t>& words,
                                        std::uint16_t base) {
  std::vector<std::uint16_t> out;
  for (std::size_t w = 0; w < words.size(); ++w) {
    for (unsigned i = 0; i < 64; ++i) {
      if ((words[w] >> i) & 1U) out.push_back(static_cast<std::uint16_t>(base + 64 * w + i));
    }
  }
  return out;
}

void naive_counts(const std::vector<std::uint64_t>& rows, std::size_t words,
                  std::vector<std::uint64_t>& ones) {
  for (std::size_t r = 0; r < rows.size() / words; ++r) {
    for (std::size_t j = 0; j < ones.size() && j < 64 * words; ++j) {
      ones[j] += (rows[r * words + j / 64] >> (j % 64)) & 1U;
    }
  }
}

// Each bit set with probability `density`.
std::vector<std::uint64_t> random_words(Xoshiro256& rng, std::size_t count, double density) {
  std::vector<std::uint64_t> words(count, 0);
  for (std::uint64_t& word : words) {
    for (unsigned i = 0; i < 64; ++i) {
      if (uniform01(rng) < density) word |= std::uint64_t{1} << i;
    }
  }
  return words;
}

// Which implementation a test runs; the AVX-512 one is skipped on a CPU without it.
enum class Impl { kPortable, kAvx512 };
void PrintTo(Impl impl, std::ostream* os) {
  *os << (impl == Impl::kPortable ? "portable" : "avx512");
}

class BitKernels : public testing::TestWithParam<Impl> {
 protected:
  void SetUp() override {
    force_portable_bit_kernels(GetParam() == Impl::kPortable);
    const std::string in_use = bit_kernels_in_use();
    if (GetParam() == Impl::kAvx512 && in_use != "avx512") {
      GTEST_SKIP() << "this CPU (or build) lacks AVX-512 F/BW/VBMI2: only the portable kernels run";
    }
    ASSERT_EQ(in_use, GetParam() == Impl::kPortable ? "portable" : "avx512");
  }
  void TearDown() override { force_portable_bit_kernels(false); }

  // decode_set_bits equals the naive loop, and writes nothing past its slack (two canaries, so
  // that a written value equal to one of them still shows).
  static void expect_decode(const std::vector<std::uint64_t>& words, std::uint16_t base) {
    const std::vector<std::uint16_t> expected = naive_decode(words, base);
    for (std::uint16_t canary : {std::uint16_t{0xA5A5}, std::uint16_t{0x5A5A}}) {
      std::vector<std::uint16_t> out(expected.size() + kDecodeSlack + 64, canary);
      const std::size_t n = decode_set_bits(words.data(), words.size(), base, out.data());
      ASSERT_EQ(n, expected.size()) << "base " << base << ", " << words.size() << " words";
      for (std::size_t i = 0; i < n; ++i) {
        ASSERT_EQ(out[i], expected[i]) << "entry " << i << ", base " << base;
      }
      for (std::size_t i = n + kDecodeSlack; i < out.size(); ++i) {
        ASSERT_EQ(out[i], canary) << "wrote entry " << i << " past the slack (returned " << n
                                  << ")";
      }
    }
  }

  // add_column_counts onto `initial` equals the naive count onto it.
  static void expect_counts(const std::vector<std::uint64_t>& rows, std::size_t words,
                            const std::vector<std::uint64_t>& initial) {
    std::vector<std::uint64_t> expected = initial, ones = initial;
    naive_counts(rows, words, expected);
    add_column_counts(rows, words, ones);
    ASSERT_EQ(ones, expected) << rows.size() / words << " rows of " << words << " words, "
                              << initial.size() << " counted bits";
  }
};

TEST_P(BitKernels, DecodeEmptyInput) {
  std::uint16_t out[kDecodeSlack];
  std::fill(std::begin(out), std::end(out), std::uint16_t{7});
  EXPECT_EQ(decode_set_bits(nullptr, 0, 0, out), 0U);
  for (std::uint16_t v : out) EXPECT_EQ(v, 7);  // nothing written: kDecodeSlack is enough
}

TEST_P(BitKernels, DecodeEdgeWords) {
  for (std::size_t count : {1, 2, 3, 7, 64}) {
    expect_decode(std::vector<std::uint64_t>(count, 0), 0);
    expect_decode(std::vector<std::uint64_t>(count, kAllOnes), 0);
    expect_decode(std::vector<std::uint64_t>(count, kAllOnes), 5);
  }
  for (unsigned bit : {0, 31, 32, 63}) {
    expect_decode({std::uint64_t{1} << bit}, 0);
    expect_decode({std::uint64_t{1} << bit}, 1000);
    expect_decode({0, std::uint64_t{1} << bit, 0}, 3);
  }
  // Bit 64 of a row: bit 0 of its second word.
  expect_decode({0, 1}, 0);
  expect_decode({kAllOnes, 1}, 0);
  expect_decode({0xFFFFFFFFULL, 0xFFFFFFFF00000000ULL, 0x80000001ULL}, 17);
}

TEST_P(BitKernels, DecodeRandomRows) {
  Xoshiro256 rng(2024);
  for (double density : {0.01, 0.05, 0.5, 0.95}) {
    for (std::size_t count = 1; count <= 200; ++count) {
      const std::vector<std::uint64_t> words = random_words(rng, count, density);
      expect_decode(words, 0);
      expect_decode(words, static_cast<std::uint16_t>(rng() % 1000));
      // The highest base allowed: base + 64 count == 65536.
      expect_decode(words, static_cast<std::uint16_t>(65536 - 64 * count));
    }
  }
}

TEST_P(BitKernels, DecodeAtTheTopOfTheRange) {
  Xoshiro256 rng(7);
  // 1024 words fill 0..65535 exactly; every bit set reaches 65535.
  expect_decode(std::vector<std::uint64_t>(1024, kAllOnes), 0);
  expect_decode(random_words(rng, 1024, 0.5), 0);
  expect_decode({kAllOnes}, 65472);
  expect_decode({std::uint64_t{1} << 63}, 65472);
}

TEST_P(BitKernels, ColumnCountsAcrossFlushes) {
  Xoshiro256 rng(11);
  for (std::size_t words : {1, 3, 200, 300}) {
    for (std::size_t count : {0, 1, 254, 255, 256, 511, 1000}) {
      const std::vector<std::uint64_t> rows = random_words(rng, words * count, 0.3);
      expect_counts(rows, words, std::vector<std::uint64_t>(64 * words, 0));
    }
  }
}

TEST_P(BitKernels, ColumnCountsOfFullRowsReachTheFlush) {
  // Every bit set in every row: a byte counter that is not flushed after 255 rows overflows.
  for (std::size_t words : {1, 3, 300}) {
    for (std::size_t count : {255, 256, 511, 1000}) {
      expect_counts(std::vector<std::uint64_t>(words * count, kAllOnes), words,
                    std::vector<std::uint64_t>(64 * words, 0));
    }
  }
}

TEST_P(BitKernels, ColumnCountsIgnoreBitsPastOnes) {
  Xoshiro256 rng(12);
  for (std::size_t words : {1, 3, 200, 300}) {
    const std::vector<std::uint64_t> rows = random_words(rng, words * 300, 0.5);
    for (std::size_t bits : {std::size_t{0}, std::size_t{1}, std::size_t{63}, std::size_t{64},
                             std::size_t{65}, 64 * words - 1, 64 * words - 40}) {
      if (bits > 64 * words) continue;
      expect_counts(rows, words, std::vector<std::uint64_t>(bits, 0));
    }
  }
}

TEST_P(BitKernels, ColumnCountsAccumulateOntoInitialValues) {
  Xoshiro256 rng(13);
  for (std::size_t words : {1, 3, 200, 300}) {
    const std::vector<std::uint64_t> rows = random_words(rng, words * 600, 0.05);
    std::vector<std::uint64_t> initial(64 * words - 5);
    for (std::uint64_t& v : initial) v = rng() >> 8;
    expect_counts(rows, words, initial);
  }
}

TEST_P(BitKernels, ColumnCountsOfNoWords) {
  std::vector<std::uint64_t> ones(3, 9);
  add_column_counts({}, 0, ones);
  add_column_counts({}, 2, ones);
  EXPECT_EQ(ones, std::vector<std::uint64_t>(3, 9));
}

// Gap bytes read back one position at a time.
std::vector<std::uint16_t> naive_gap_decode(const std::vector<std::uint8_t>& bytes) {
  std::vector<std::uint16_t> positions;
  int position = -1;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    if (bytes[i] == kGapEscape) {
      position = bytes[i + 1] | (bytes[i + 2] << 8);
      i += 2;
    } else {
      position += bytes[i];
    }
    positions.push_back(static_cast<std::uint16_t>(position));
  }
  return positions;
}

// encode_gaps reads back to its input, takes one byte for every gap of 1 to 255 and three for
// every other, and writes nothing past what it returns.
void expect_gaps(const std::vector<std::uint16_t>& positions) {
  std::size_t escapes = 0;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const int gap = positions[i] - (i == 0 ? -1 : positions[i - 1]);
    escapes += gap > 255 ? 1 : 0;
  }
  std::vector<std::uint8_t> out(max_gap_bytes(positions.size()) + 64, 0xA5);
  const std::size_t n = encode_gaps(positions.data(), positions.size(), out.data());
  ASSERT_EQ(n, positions.size() + 2 * escapes) << positions.size() << " positions";
  for (std::size_t i = n; i < out.size(); ++i) ASSERT_EQ(out[i], 0xA5) << "wrote byte " << i;
  out.resize(n);
  ASSERT_EQ(naive_gap_decode(out), positions);
}

TEST_P(BitKernels, GapBytesReadBackOnEdgePositions) {
  expect_gaps({});
  expect_gaps({0});
  expect_gaps({254});  // the first gap is position + 1: 255, one byte
  expect_gaps({255});  // 256: escaped
  expect_gaps({65535});
  expect_gaps({0, 255, 256, 512, 767, 65534, 65535});
  std::vector<std::uint16_t> all(40);  // gaps of 1 across a whole vector and its tail
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<std::uint16_t>(i);
  expect_gaps(all);
}

TEST_P(BitKernels, GapBytesReadBackAtEveryDensity) {
  Xoshiro256 rng(31);
  for (double density : {0.9, 0.3, 0.05, 0.01, 0.004, 0.001}) {
    for (std::size_t words : {1, 5, 64, 1024}) {
      const std::vector<std::uint64_t> row = random_words(rng, words, density);
      expect_gaps(naive_decode(row, 0));
    }
  }
  // One escape inside an otherwise dense run of 32, at each place in it.
  for (std::size_t at = 1; at < 70; ++at) {
    std::vector<std::uint16_t> positions;
    for (std::size_t i = 0; i < 70; ++i) {
      positions.push_back(static_cast<std::uint16_t>(i + (i >= at ? 300 : 0)));
    }
    expect_gaps(positions);
  }
}

// The edges of a one-byte gap inside whole 32-gap vectors: every gap 255 (the largest one byte
// holds), one gap of exactly 256 among gaps of 255, and one of 40000 (past the signed 16-bit
// range) among gaps of 1, at each place.
TEST_P(BitKernels, GapBytesAtTheEdgesOfOneByteInWholeVectors) {
  auto with_gaps = [](std::size_t count, std::size_t at, int gap, int other) {
    std::vector<std::uint16_t> positions;
    int position = -1;
    for (std::size_t i = 0; i < count; ++i) {
      position += i == at ? gap : other;
      positions.push_back(static_cast<std::uint16_t>(position));
    }
    return positions;
  };
  expect_gaps(with_gaps(70, 70, 0, 255));
  for (std::size_t at = 1; at < 70; ++at) {
    expect_gaps(with_gaps(70, at, 256, 255));
    expect_gaps(with_gaps(70, at, 40000, 1));
  }
}

INSTANTIATE_TEST_SUITE_P(Impl, BitKernels, testing::Values(Impl::kPortable, Impl::kAvx512),
                         [](const testing::TestParamInfo<Impl>& info) {
                           return info.param == Impl::kPortable ? "portable" : "avx512";
                         });

TEST(BitKernelsDispatch, ForcingPortableAndBack) {
  const std::string best = bit_kernels_in_use();
  EXPECT_TRUE(best == "avx512" || best == "portable") << best;
  force_portable_bit_kernels(true);
  EXPECT_STREQ(bit_kernels_in_use(), "portable");
  force_portable_bit_kernels(false);
  EXPECT_EQ(bit_kernels_in_use(), best);
}

}  // namespace
}  // namespace uldp::estimate::internal
