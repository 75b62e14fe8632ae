// Meaning, not just "no crash": the fuzzer's bytes choose a count file (k, symbols or bits, lines
// or JSON with one to three cases) in an accepted layout (BOM, CRLF, blanks, comments;
// uldp/testing/counts_dialects.h) that parse_counts must return exactly, and the same kind of
// file with one value made invalid that it must refuse. properties/counts_file_property.cc runs
// the same writer.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "fuzz_support.h"
#include "uldp/testing/counts_dialects.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using uldp::testing::WrittenCounts;
  uldp::fuzz::require_meaning(
      [&](bool corrupt) {
        uldp::testing::ByteChoices choices(data, size);
        return uldp::testing::write_random_counts(choices, corrupt);
      },
      [](const WrittenCounts& w) {
        return uldp::parse_counts(w.text, "fuzz.txt", w.k, w.bit_vectors);
      },
      [](const std::vector<uldp::CountsCase>& read, const WrittenCounts& w) {
        return uldp::testing::reads_back(read, w);
      });
  return 0;
}
