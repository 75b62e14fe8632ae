// Fuzzes the reader of another implementation's estimates (`uldp conform estimates --theirs`,
// uldp/io/estimates_file.h): the first byte picks JSON or CSV and the CSV default estimator, the
// rest is the file. Every case read holds at least one estimator.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "fuzz_support.h"
#include "uldp/error.h"
#include "uldp/io/estimates_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const char* const kEstimators[] = {"emp", "thr", "em"};
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    const std::map<std::string, uldp::EstimatesCase> cases =
        (data[0] & 1u) ? uldp::parse_estimates_json(text, "fuzz")
                       : uldp::parse_estimates_csv(text, "fuzz", kEstimators[(data[0] >> 1) % 3]);
    if (cases.empty()) __builtin_trap();
    for (const auto& [id, c] : cases) {
      if (c.values.empty()) __builtin_trap();
    }
  } catch (const uldp::Error& e) {
    uldp::fuzz::require_short_message(e);
  }
  return 0;
}
