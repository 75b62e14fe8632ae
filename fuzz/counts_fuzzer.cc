// Fuzzes the count-file reader of `uldp golden --from-counts` (uldp/io/counts_file.h), both its
// line and its JSON format: the first byte picks k (1..16) and symbols or bit vectors, the rest
// is the file. Every case it returns has k counts and n >= 1 (bit counts at most n).
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "fuzz_support.h"
#include "uldp/error.h"
#include "uldp/io/counts_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::size_t k = (data[0] & 15u) + 1;
  const bool bit_vectors = (data[0] & 16u) != 0;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    const std::vector<uldp::CountsCase> cases = uldp::parse_counts(text, "fuzz", k, bit_vectors);
    if (cases.empty()) __builtin_trap();
    for (const uldp::CountsCase& c : cases) {
      if (c.counts.size() != k || c.n == 0) __builtin_trap();
      for (std::uint64_t count : c.counts) {
        if (bit_vectors && count > c.n) __builtin_trap();
      }
    }
  } catch (const uldp::Error& e) {
    uldp::fuzz::require_short_message(e);
  }
  return 0;
}
