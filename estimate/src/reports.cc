// Report containers and their summaries.
#include "uldp/estimate/reports.h"

#include <string>

#include "uldp/error.h"

namespace uldp::estimate {

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
  bits_.insert(bits_.end(), set_bits.begin(), set_bits.end());
  offsets_.push_back(bits_.size());
}

void BitReports::reserve(std::size_t reports, std::size_t set_bits) {
  offsets_.reserve(reports + 1);
  bits_.reserve(set_bits);
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
  for (std::uint32_t bit : reports.bits()) ++counts.ones[bit];
  return counts;
}

}  // namespace uldp::estimate
