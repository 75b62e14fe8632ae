// Fuzzes the number and index-list parsers: rationals, decimals, hex floats (exact and binary64
// readings) and index lists such as "0-14,20" against a universe taken from the first byte.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.h"
#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/error.h"
#include "uldp/io/entry_reading.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::size_t universe = data[0] * 64u;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    const uldp::Rational exact = uldp::parse_rational(text, "fuzz");
    // Reading the canonical text back must give the same value.
    if (uldp::parse_rational(uldp::to_string(exact)) != exact) __builtin_trap();
  } catch (const uldp::Error& e) {
    uldp::fuzz::require_short_message(e);
  }
  try {
    // Rationals, decimals and hex floats are exact in a matrix entry too.
    if (uldp::read_entry(text, uldp::EntryReading::kExact, "fuzz") != uldp::parse_rational(text)) {
      __builtin_trap();
    }
  } catch (const uldp::Error& e) {
    uldp::fuzz::require_short_message(e);
  }
  try {
    uldp::read_entry(text, uldp::EntryReading::kBinary64, "fuzz");
  } catch (const uldp::Error& e) {
    uldp::fuzz::require_short_message(e);
  }
  try {
    const uldp::IndexSet set = uldp::IndexSet::parse(text, universe, "fuzz");
    if (set.indices().size() > universe) __builtin_trap();
  } catch (const uldp::Error& e) {
    uldp::fuzz::require_short_message(e);
  }
  return 0;
}
