// Fuzzes the report-file reader of `uldp estimate` (uldp/estimate/report_file.h): the first byte
// picks k (1..32) and symbols or bit vectors, the rest is the file. A file that reads must be
// consistent: its histogram or per-bit counts add up to what was read.
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <sstream>
#include <string>

#include "fuzz_support.h"
#include "uldp/error.h"
#include "uldp/estimate/report_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::size_t k = (data[0] & 31u) + 1;
  const bool bit_vectors = (data[0] & 32u) != 0;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data + 1), size - 1));
  try {
    const uldp::estimate::ReportData read =
        uldp::estimate::read_reports(in, "fuzz", k, bit_vectors);
    if (read.bit_vectors != bit_vectors) __builtin_trap();
    if (!bit_vectors) {
      if (read.symbol_counts.size() != k) __builtin_trap();
      const std::uint64_t sum =
          std::accumulate(read.symbol_counts.begin(), read.symbol_counts.end(), std::uint64_t{0});
      if (sum != read.n) __builtin_trap();
    } else {
      if (read.bit_counts.ones.size() != k) __builtin_trap();
      for (std::uint64_t ones : read.bit_counts.ones) {
        if (read.per_report && ones > read.n) __builtin_trap();
      }
    }
  } catch (const uldp::Error& e) {
    uldp::fuzz::require_short_message(e);
  }
  return 0;
}
