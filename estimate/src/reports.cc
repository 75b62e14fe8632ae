// Report containers and their summaries.
#include "uldp/estimate/reports.h"

#include <algorithm>
#include <string>

#include "internal/bit_kernels.h"
#include "uldp/error.h"

namespace uldp::estimate {
namespace {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;  // clang 14 has no aggregate deduction

}  // namespace

BitLayout smaller_layout(std::size_t k, double expected_set_bits) {
  const double packed = 8.0 * static_cast<double>((k + 63) / 64);
  const double listed = 4.0 * expected_set_bits + 8.0;
  return packed <= listed ? BitLayout::kPacked : BitLayout::kSetBits;
}

SetBitRange::Iterator SetBitRange::begin() const {
  Iterator it;
  if (!is_packed_) {
    it.list_ = list_.data();
    return it;
  }
  it.word_ = words_.data();
  it.end_ = words_.data() + words_.size();
  if (!words_.empty()) it.rest_ = words_[0];
  it.skip_empty_words();
  return it;
}

SetBitRange::Iterator SetBitRange::end() const {
  Iterator it;
  if (!is_packed_) {
    it.list_ = list_.data() + list_.size();
    return it;
  }
  it.word_ = it.end_ = words_.data() + words_.size();
  return it;
}

std::size_t SetBitRange::size() const {
  if (!is_packed_) return list_.size();
  std::size_t n = 0;
  for (std::uint64_t w : words_) n += static_cast<std::size_t>(__builtin_popcountll(w));
  return n;
}

BitReports::BitReports(std::size_t k, BitLayout layout) : k_(k) {
  if (layout == BitLayout::kPacked) {
    storage_ = PackedRows{};
  } else {
    storage_ = SetBitLists{};
  }
}

BitLayout BitReports::layout() const {
  return std::holds_alternative<PackedRows>(storage_) ? BitLayout::kPacked : BitLayout::kSetBits;
}

std::size_t BitReports::size() const {
  return std::visit(Overloaded{[&](const PackedRows& p) {
                                 const std::size_t w = words_per_report();
                                 return w == 0 ? std::size_t{0} : p.words.size() / w;
                               },
                               [](const SetBitLists& s) { return s.offsets.size() - 1; }},
                    storage_);
}

SetBitRange BitReports::report(std::size_t i) const {
  if (const auto* p = std::get_if<PackedRows>(&storage_)) {
    const std::size_t w = words_per_report();
    return SetBitRange::packed({p->words.data() + i * w, w});
  }
  const auto& s = std::get<SetBitLists>(storage_);
  return SetBitRange::listed({s.bits.data() + s.offsets[i], s.bits.data() + s.offsets[i + 1]});
}

void BitReports::add(std::span<const std::uint32_t> set_bits) {
  for (std::size_t i = 0; i < set_bits.size(); ++i) {
    if (set_bits[i] >= k_) {
      throw InvalidArgument("bit report: bit " + std::to_string(set_bits[i]) +
                            " is outside k = " + std::to_string(k_));
    }
    if (i > 0 && set_bits[i] <= set_bits[i - 1]) {
      throw InvalidArgument("bit report: set bits must be strictly increasing");
    }
  }
  push_bits(set_bits);
  end_report();
}

void BitReports::push_bit(std::uint32_t bit) {
  if (auto* p = std::get_if<PackedRows>(&storage_)) {
    if (!p->open) {
      p->words.resize(p->words.size() + words_per_report(), 0);
      p->open = true;
    }
    p->words[p->words.size() - words_per_report() + bit / 64] |= std::uint64_t{1} << (bit % 64);
  } else {
    std::get<SetBitLists>(storage_).bits.push_back(bit);
  }
}

void BitReports::push_bits(std::span<const std::uint32_t> bits) {
  if (auto* s = std::get_if<SetBitLists>(&storage_)) {
    s->bits.insert(s->bits.end(), bits.begin(), bits.end());
  } else {
    for (std::uint32_t bit : bits) push_bit(bit);
  }
}

void BitReports::end_report() {
  if (auto* p = std::get_if<PackedRows>(&storage_)) {
    if (!p->open) p->words.resize(p->words.size() + words_per_report(), 0);  // no set bit
    p->open = false;
  } else {
    auto& s = std::get<SetBitLists>(storage_);
    s.offsets.push_back(s.bits.size());
  }
}

std::span<std::uint64_t> BitReports::append_packed(std::size_t count) {
  auto* p = std::get_if<PackedRows>(&storage_);
  if (p == nullptr || p->open) {
    throw InvalidArgument(
        "BitReports::append_packed: the reports are not packed, or a report "
        "is still open");
  }
  const std::size_t begin = p->words.size();
  p->words.resize(begin + count * words_per_report(), 0);
  return {p->words.data() + begin, count * words_per_report()};
}

std::span<const std::uint64_t> BitReports::packed_words(std::size_t i) const {
  const auto& p = std::get<PackedRows>(storage_);
  return {p.words.data() + i * words_per_report(), words_per_report()};
}

void BitReports::reserve(std::size_t reports, std::size_t set_bits) {
  std::visit(Overloaded{[&](PackedRows& p) { p.words.reserve(reports * words_per_report()); },
                        [&](SetBitLists& s) {
                          s.offsets.reserve(reports + 1);
                          s.bits.reserve(set_bits);
                        }},
             storage_);
}

void BitReports::clear() {
  std::visit(Overloaded{[](PackedRows& p) {
                          p.words.clear();
                          p.open = false;
                        },
                        [](SetBitLists& s) {
                          s.offsets.resize(1);
                          s.bits.clear();
                        }},
             storage_);
}

std::size_t BitReports::set_bits_in(std::size_t first, std::size_t end) const {
  if (const auto* p = std::get_if<PackedRows>(&storage_)) {
    std::size_t n = 0;
    for (std::size_t w = first * words_per_report(); w < end * words_per_report(); ++w) {
      n += static_cast<std::size_t>(__builtin_popcountll(p->words[w]));
    }
    return n;
  }
  const auto& s = std::get<SetBitLists>(storage_);
  return s.offsets[end] - s.offsets[first];
}

std::size_t BitReports::memory_bytes() const {
  return std::visit(
      Overloaded{[](const PackedRows& p) { return p.words.size() * sizeof(std::uint64_t); },
                 [](const SetBitLists& s) {
                   return s.offsets.size() * sizeof(std::uint64_t) +
                          s.bits.size() * sizeof(std::uint32_t);
                 }},
      storage_);
}

BitReports BitReports::in_layout(BitLayout layout) const {
  BitReports out(k_, layout);
  const std::size_t n = size();
  out.reserve(n, layout == BitLayout::kSetBits ? total_set_bits() : 0);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::uint32_t bit : report(i)) out.push_bit(bit);
    out.end_report();
  }
  return out;
}

bool operator==(const BitReports& a, const BitReports& b) {
  if (a.k_ != b.k_ || a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const SetBitRange ra = a.report(i), rb = b.report(i);
    if (!std::equal(ra.begin(), ra.end(), rb.begin(), rb.end())) return false;
  }
  return true;
}

std::vector<std::uint64_t> histogram(std::span<const std::uint32_t> symbols, std::size_t outputs) {
  std::vector<std::uint64_t> counts(outputs, 0);
  for (std::uint32_t s : symbols) {
    if (s >= outputs) {
      throw InvalidArgument("histogram: symbol " + std::to_string(s) + " is outside 0.." +
                            std::to_string(outputs - 1));
    }
    ++counts[s];
  }
  return counts;
}

BitCounts bit_counts(const BitReports& reports) {
  BitCounts counts;
  counts.n = reports.size();
  counts.ones.assign(reports.k(), 0);
  if (reports.layout() == BitLayout::kPacked && reports.size() > 0) {
    const std::span<const std::uint64_t> first = reports.packed_words(0);
    add_packed_bit_counts({first.data(), reports.size() * reports.words_per_report()},
                          reports.words_per_report(), counts.ones);
    return counts;
  }
  for (std::size_t i = 0; i < reports.size(); ++i) {
    for (std::uint32_t bit : reports.report(i)) ++counts.ones[bit];
  }
  return counts;
}

void add_packed_bit_counts(std::span<const std::uint64_t> rows, std::size_t words,
                           std::span<std::uint64_t> ones) {
  internal::add_column_counts(rows, words, ones);
}

}  // namespace uldp::estimate
