// Fuzzes the sample-file reader of `uldp conform samples` (tally_samples in
// uldp/estimate/conformance.h) and the tests run on what it read: the first byte picks one of a
// few reference mechanisms (symbols and bit vectors, LDP, ULDP and no claim), the rest is the file.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "fuzz_support.h"
#include "uldp/error.h"
#include "uldp/estimate/conformance.h"
#include "uldp/testing/sample_dialects.h"

// The seeds' first byte picks one of the first five references of the meaning target's writer
// (uldp/testing/sample_dialects.h: urr, rr, urap, rappor, none; X_S = {0, 1}, e^eps = 3).
constexpr std::size_t kReferences = 5;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const uldp::testing::SampleReference& r =
      uldp::testing::sample_references()[data[0] % kReferences];
  std::istringstream in(std::string(reinterpret_cast<const char*>(data + 1), size - 1));
  try {
    const uldp::estimate::SampleTallies tallies =
        uldp::estimate::tally_samples(in, "fuzz", r.model, r.scope);
    if (tallies.n == 0) __builtin_trap();
    uldp::estimate::check_conformance(tallies, r.model, r.scope, 0.05);
  } catch (const uldp::Error& e) {
    uldp::fuzz::require_short_message(e);
  }
  return 0;
}
