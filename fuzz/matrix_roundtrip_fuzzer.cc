// Meaning, not just "no crash": the fuzzer's bytes choose an exact matrix and a dialect (BOM, CRLF,
// quotes, separators, header row or not, JSON), uldp/testing/matrix_dialects.h writes it, and the
// reader must return exactly that matrix. properties/matrix_file_property.cc runs the same.
#include <cstddef>
#include <cstdint>

#include "fuzz_support.h"
#include "uldp/testing/matrix_dialects.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  uldp::testing::ByteChoices choices(data, size);
  const uldp::testing::WrittenMatrix w = uldp::testing::write_random_matrix(choices, false);
  try {
    const uldp::MechanismFile file = uldp::parse_mechanism_text(w.text, "fuzz.csv", w.options);
    const auto* matrix = std::get_if<uldp::MatrixFile>(&file);
    if (matrix == nullptr || !uldp::testing::reads_back(*matrix, w)) __builtin_trap();
  } catch (const uldp::Error&) {
    __builtin_trap();  // a file written in an accepted dialect was refused
  }
  return 0;
}
