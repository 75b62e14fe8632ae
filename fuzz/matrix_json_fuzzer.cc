// Fuzzes the JSON readers, dense {"Q": ...} and structured {"bits": ...}: the first byte picks
// the entry reading, the rest is the file. Anything but uldp::Error escaping is a bug.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.h"
#include "uldp/error.h"
#include "uldp/io/matrix_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  uldp::MatrixReadOptions options;
  options.reading = (data[0] & 1) ? uldp::EntryReading::kBinary64 : uldp::EntryReading::kExact;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    uldp::parse_mechanism_json(text, "fuzz.json", options);
  } catch (const uldp::Error& e) {
    uldp::fuzz::require_short_message(e);
  }
  return 0;
}
