// What the collector receives. Symbol-valued mechanisms (RR, uRR, dense Q): one symbol per
// user, or their histogram. Bit-vector mechanisms (RAPPOR, uRAP): one k-bit vector per user,
// stored compactly as the list of its set bits, or the per-bit counts of ones.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace uldp::estimate {

/// n bit-vector reports of k bits each in compressed-row form: the set bits of report i are
/// bits[offsets[i] .. offsets[i+1]), strictly increasing. A report costs what its set bits cost.
class BitReports {
 public:
  explicit BitReports(std::size_t k = 0) : k_(k) {}
  std::size_t k() const { return k_; }
  std::size_t size() const { return offsets_.size() - 1; }
  /// The set bits of report i.
  std::span<const std::uint32_t> report(std::size_t i) const {
    return {bits_.data() + offsets_[i], bits_.data() + offsets_[i + 1]};
  }
  /// Appends a report given by its set bits (must be < k and strictly increasing).
  void add(std::span<const std::uint32_t> set_bits);
  /// Appends a report bit by bit: call push_bit for each set bit in increasing order, then
  /// end_report (the samplers' fast path; no validation).
  void push_bit(std::uint32_t bit) { bits_.push_back(bit); }
  /// Appends several set bits at once (same contract as push_bit; the samplers' fast path).
  void push_bits(std::span<const std::uint32_t> bits) {
    bits_.insert(bits_.end(), bits.begin(), bits.end());
  }
  void end_report() { offsets_.push_back(bits_.size()); }
  void reserve(std::size_t reports, std::size_t set_bits);
  /// Removes every report but keeps k and the allocated memory, so that a caller drawing many
  /// batches reuses the same pages (appending samplers; no first-touch page faults).
  void clear() {
    offsets_.resize(1);
    bits_.clear();
  }
  /// Total set bits over all reports.
  std::size_t total_set_bits() const { return bits_.size(); }
  const std::vector<std::uint64_t>& offsets() const { return offsets_; }
  const std::vector<std::uint32_t>& bits() const { return bits_; }

 private:
  std::size_t k_;
  std::vector<std::uint64_t> offsets_{0};
  std::vector<std::uint32_t> bits_;
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

}  // namespace uldp::estimate
