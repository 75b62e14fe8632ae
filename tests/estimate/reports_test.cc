// BitReports: both layouts hold the same reports, and every reader sees them the same way.
#include "uldp/estimate/reports.h"

#include <gtest/gtest.h>

#include <vector>

#include "uldp/error.h"

namespace uldp::estimate {
namespace {

using Bits = std::vector<std::uint32_t>;

// Reports that touch word edges: empty, bit 0, 63, 64, k - 1, every bit.
std::vector<Bits> edge_reports(std::uint32_t k) {
  Bits all;
  for (std::uint32_t j = 0; j < k; ++j) all.push_back(j);
  return {{}, {0}, {63}, {64}, {k - 1}, {0, 63, 64, 127, 128, k - 1}, all, {}};
}

BitReports filled(std::uint32_t k, BitLayout layout) {
  BitReports reports(k, layout);
  for (const Bits& bits : edge_reports(k)) reports.add(bits);
  return reports;
}

TEST(BitReports, BothLayoutsHoldTheSameReports) {
  for (std::uint32_t k : {130u, 191u, 192u, 200u}) {
    const BitReports packed = filled(k, BitLayout::kPacked);
    const BitReports listed = filled(k, BitLayout::kSetBits);
    EXPECT_EQ(packed.layout(), BitLayout::kPacked);
    EXPECT_EQ(listed.layout(), BitLayout::kSetBits);
    const std::vector<Bits> expected = edge_reports(k);
    ASSERT_EQ(packed.size(), expected.size());
    ASSERT_EQ(listed.size(), expected.size());
    std::size_t total = 0;
    for (std::size_t i = 0; i < expected.size(); ++i) {
      EXPECT_EQ(packed.report(i).to_vector(), expected[i]) << "k=" << k << " report " << i;
      EXPECT_EQ(listed.report(i).to_vector(), expected[i]) << "k=" << k << " report " << i;
      EXPECT_EQ(packed.report(i).size(), expected[i].size());
      EXPECT_EQ(packed.report(i).empty(), expected[i].empty());
      total += expected[i].size();
    }
    EXPECT_TRUE(packed == listed);
    EXPECT_EQ(packed.total_set_bits(), total);
    EXPECT_EQ(listed.total_set_bits(), total);
    EXPECT_EQ(packed.set_bits_in(5, 7), expected[5].size() + expected[6].size());
    EXPECT_EQ(listed.set_bits_in(5, 7), expected[5].size() + expected[6].size());
    EXPECT_TRUE(packed.in_layout(BitLayout::kSetBits) == listed);
    EXPECT_TRUE(listed.in_layout(BitLayout::kPacked) == packed);
    EXPECT_EQ(bit_counts(packed).ones, bit_counts(listed).ones);
    EXPECT_EQ(packed.memory_bytes(), expected.size() * packed.words_per_report() * 8);
  }
}

TEST(BitReports, EqualityComparesReportsNotLayouts) {
  BitReports a(70, BitLayout::kPacked), b(70, BitLayout::kSetBits);
  a.add(Bits{1, 69});
  b.add(Bits{1, 69});
  EXPECT_TRUE(a == b);
  b.add(Bits{});
  EXPECT_FALSE(a == b);  // one more (empty) report
  a.add(Bits{0});
  EXPECT_FALSE(a == b);  // same count, different bits
  EXPECT_FALSE(BitReports(70) == BitReports(71));
}

TEST(BitReports, PackedReportsAreBuiltBitByBitOrAsWords) {
  BitReports reports(100, BitLayout::kPacked);
  reports.push_bit(3);
  reports.push_bit(99);
  reports.end_report();
  reports.end_report();  // an empty report
  const std::span<std::uint64_t> words = reports.append_packed(2);
  ASSERT_EQ(words.size(), 4u);
  words[0] = 1;                       // report 2: bit 0
  words[3] = std::uint64_t{1} << 35;  // report 3: bit 99
  EXPECT_EQ(reports.size(), 4u);
  EXPECT_EQ(reports.report(0).to_vector(), (Bits{3, 99}));
  EXPECT_TRUE(reports.report(1).empty());
  EXPECT_EQ(reports.report(2).to_vector(), (Bits{0}));
  EXPECT_EQ(reports.report(3).to_vector(), (Bits{99}));
  EXPECT_EQ(reports.packed_words(0)[1], std::uint64_t{1} << 35);
  reports.clear();
  EXPECT_EQ(reports.size(), 0u);
  EXPECT_EQ(reports.layout(), BitLayout::kPacked);
  BitReports listed(100);
  EXPECT_THROW(listed.append_packed(1), InvalidArgument);
}

TEST(BitReports, AddValidatesBothLayouts) {
  for (BitLayout layout : {BitLayout::kPacked, BitLayout::kSetBits}) {
    BitReports reports(10, layout);
    EXPECT_THROW(reports.add(Bits{10}), InvalidArgument);
    EXPECT_THROW(reports.add(Bits{3, 3}), InvalidArgument);
    EXPECT_THROW(reports.add(Bits{4, 2}), InvalidArgument);
    EXPECT_EQ(reports.size(), 0u);  // nothing half-added
  }
}

TEST(BitReports, AsSpanViewsTheListOrDecodesIntoScratch) {
  const BitReports listed = filled(130, BitLayout::kSetBits);
  const BitReports packed = filled(130, BitLayout::kPacked);
  std::vector<std::uint32_t> scratch;
  const auto from_list = listed.report(5).as_span(scratch);
  EXPECT_TRUE(scratch.empty());  // the stored list itself
  EXPECT_EQ(Bits(from_list.begin(), from_list.end()), (Bits{0, 63, 64, 127, 128, 129}));
  const auto from_words = packed.report(5).as_span(scratch);
  EXPECT_EQ(Bits(from_words.begin(), from_words.end()), (Bits{0, 63, 64, 127, 128, 129}));
}

TEST(BitReports, SmallerLayoutComparesBytes) {
  // 400 bits: 56 bytes packed against 4 bytes per set bit plus 8 listed.
  EXPECT_EQ(smaller_layout(400, 151), BitLayout::kPacked);
  EXPECT_EQ(smaller_layout(400, 12), BitLayout::kPacked);  // 56 <= 56
  EXPECT_EQ(smaller_layout(400, 11), BitLayout::kSetBits);
  EXPECT_EQ(smaller_layout(12800, 2), BitLayout::kSetBits);
}

}  // namespace
}  // namespace uldp::estimate
