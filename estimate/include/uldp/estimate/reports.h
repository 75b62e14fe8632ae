// What the collector receives. Symbol-valued mechanisms (RR, uRR, dense Q): one symbol per
// user, or their histogram. Bit-vector mechanisms (RAPPOR, uRAP, ...): one k-bit vector per
// user, stored packed (one bit per output bit) or as the list of its set bits, whichever is
// smaller, or the per-bit counts of ones.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <variant>
#include <vector>

namespace uldp::estimate {

/// How BitReports stores its reports. Consumers see the same reports either way.
enum class BitLayout {
  kPacked,   ///< ceil(k/64) words per report, bit j in word j/64 at position j%64
  kSetBits,  ///< the increasing list of set bits per report (compressed rows)
};

/// The smaller layout for reports of k bits with `expected_set_bits` set bits on average: a
/// packed report costs 8 ceil(k/64) bytes, a listed one 4 bytes per set bit plus its offset.
BitLayout smaller_layout(std::size_t k, double expected_set_bits);

/// The set bits of one report, in increasing order, whatever the layout.
class SetBitRange {
 public:
  class Iterator {
   public:
    using value_type = std::uint32_t;
    using reference = std::uint32_t;
    using pointer = void;
    using difference_type = std::ptrdiff_t;
    using iterator_category = std::input_iterator_tag;
    std::uint32_t operator*() const {
      return list_ != nullptr ? *list_ : base_ + static_cast<std::uint32_t>(__builtin_ctzll(rest_));
    }
    Iterator& operator++() {
      if (list_ != nullptr) {
        ++list_;
      } else {
        rest_ &= rest_ - 1;
        skip_empty_words();
      }
      return *this;
    }
    void operator++(int) { ++*this; }
    bool operator==(const Iterator& other) const {
      return list_ == other.list_ && word_ == other.word_ && rest_ == other.rest_;
    }

   private:
    friend class SetBitRange;
    void skip_empty_words() {
      while (rest_ == 0 && word_ + 1 < end_) {
        ++word_;
        base_ += 64;
        rest_ = *word_;
      }
      if (rest_ == 0) word_ = end_;
    }
    const std::uint32_t* list_ = nullptr;  // kSetBits: the next set bit
    const std::uint64_t* word_ = nullptr;  // kPacked: the current word, end_ when done
    const std::uint64_t* end_ = nullptr;
    std::uint64_t rest_ = 0;  // the current word's bits not yet visited
    std::uint32_t base_ = 0;  // the index of the current word's bit 0
  };

  static SetBitRange listed(std::span<const std::uint32_t> bits) {
    SetBitRange r;
    r.list_ = bits;
    return r;
  }
  static SetBitRange packed(std::span<const std::uint64_t> words) {
    SetBitRange r;
    r.words_ = words;
    r.is_packed_ = true;
    return r;
  }
  Iterator begin() const;
  Iterator end() const;
  std::size_t size() const;
  bool empty() const { return begin() == end(); }
  std::vector<std::uint32_t> to_vector() const { return {begin(), end()}; }
  /// The set bits as a span: the stored list itself, or a packed report decoded into `scratch`
  /// (valid until scratch changes). For consumers that index or pass the bits on.
  std::span<const std::uint32_t> as_span(std::vector<std::uint32_t>& scratch) const {
    if (!is_packed_) return list_;
    scratch.assign(begin(), end());
    return scratch;
  }

 private:
  std::span<const std::uint32_t> list_;
  std::span<const std::uint64_t> words_;
  bool is_packed_ = false;
};

namespace reports_detail {
struct PackedRows {
  std::vector<std::uint64_t> words;
  bool open = false;  // push_bit started a report that end_report has not closed
};
struct SetBitLists {
  std::vector<std::uint64_t> offsets{0};
  std::vector<std::uint32_t> bits;
};
}  // namespace reports_detail

/// n bit-vector reports of k bits each, in either layout (see BitLayout); the reports, their
/// order and every summary are the same in both, and operator== compares the reports only.
class BitReports {
 public:
  explicit BitReports(std::size_t k = 0, BitLayout layout = BitLayout::kSetBits);
  std::size_t k() const { return k_; }
  BitLayout layout() const;
  std::size_t size() const;
  /// The set bits of report i, in increasing order.
  SetBitRange report(std::size_t i) const;
  /// Appends a report given by its set bits (must be < k and strictly increasing).
  void add(std::span<const std::uint32_t> set_bits);
  /// Appends a report bit by bit: call push_bit for each set bit in increasing order, then
  /// end_report (the readers' and samplers' fast path; no validation).
  void push_bit(std::uint32_t bit);
  /// Appends several set bits at once (same contract as push_bit).
  void push_bits(std::span<const std::uint32_t> bits);
  void end_report();
  /// kPacked only: appends `count` all-zero reports and returns their words (count rows of
  /// words_per_report(), to be filled with bits < k only) — the samplers' fast path.
  std::span<std::uint64_t> append_packed(std::size_t count);
  /// kPacked only: the words of report i.
  std::span<const std::uint64_t> packed_words(std::size_t i) const;
  /// ceil(k / 64): the words of one packed report.
  std::size_t words_per_report() const { return (k_ + 63) / 64; }
  void reserve(std::size_t reports, std::size_t set_bits);
  /// Removes every report but keeps k, the layout and the allocated memory, so that a caller
  /// drawing many batches reuses the same pages (no first-touch page faults).
  void clear();
  /// Total set bits over all reports.
  std::size_t total_set_bits() const { return set_bits_in(0, size()); }
  /// Set bits over reports [first, end).
  std::size_t set_bits_in(std::size_t first, std::size_t end) const;
  /// Bytes the reports occupy (not counting spare capacity).
  std::size_t memory_bytes() const;
  /// The same reports in `layout`.
  BitReports in_layout(BitLayout layout) const;
  friend bool operator==(const BitReports& a, const BitReports& b);

 private:
  using PackedRows = reports_detail::PackedRows;
  using SetBitLists = reports_detail::SetBitLists;
  std::size_t k_;
  std::variant<PackedRows, SetBitLists> storage_;
};

/// Per-bit counts of ones of n bit-vector reports: all the empirical estimator needs.
struct BitCounts {
  std::uint64_t n = 0;
  std::vector<std::uint64_t> ones;  ///< ones[j] = number of reports with bit j set; size k
};

/// Histogram of symbol reports over `outputs` symbols (each symbol < outputs, else throws).
std::vector<std::uint64_t> histogram(std::span<const std::uint32_t> symbols, std::size_t outputs);
/// Per-bit counts of bit-vector reports.
BitCounts bit_counts(const BitReports& reports);
/// Adds to ones[j] the number of packed rows (`words` words each) with bit j set, for j <
/// ones.size() (bits at j >= ones.size() are ignored): byte-wide counters per bit position, no
/// loop over set bits (AVX-512 where the CPU has it).
void add_packed_bit_counts(std::span<const std::uint64_t> rows, std::size_t words,
                           std::span<std::uint64_t> ones);

}  // namespace uldp::estimate
