// Meaning, not just "no crash": the fuzzer's bytes choose an exact matrix, a dialect, and one data
// cell (the first row's half the time) written as an invalid value (negative, above 1, NaN,
// infinite, text, empty); the reader must refuse the file with a short one-line message, never
// read it as another matrix. properties/matrix_file_property.cc runs the same.
#include <cstddef>
#include <cstdint>

#include "fuzz_support.h"
#include "uldp/testing/matrix_dialects.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  uldp::testing::ByteChoices choices(data, size);
  const uldp::testing::WrittenMatrix w = uldp::testing::write_random_matrix(choices, true);
  try {
    uldp::parse_mechanism_text(w.text, "fuzz.csv", w.options);
  } catch (const uldp::Error& e) {
    uldp::fuzz::require_short_message(e);
    return 0;
  }
  __builtin_trap();  // a corrupted file was accepted
}
