// Fuzzes the CSV matrix reader: the first byte picks the header choice and the entry reading,
// the rest is the file. Any exception other than uldp::Error, any crash or sanitizer report is a
// bug.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.h"
#include "uldp/error.h"
#include "uldp/io/matrix_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  uldp::MatrixReadOptions options;
  options.header = static_cast<uldp::HeaderChoice>(data[0] % 3);
  options.reading = (data[0] & 4) ? uldp::EntryReading::kBinary64 : uldp::EntryReading::kExact;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    const uldp::MatrixFile file = uldp::parse_matrix_csv(text, "fuzz.csv", options);
    if (file.row_locations.size() != file.matrix.num_inputs()) __builtin_trap();
  } catch (const uldp::Error& e) {
    uldp::fuzz::require_short_message(e);
  }
  return 0;
}
