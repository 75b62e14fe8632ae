// Meaning, not just "no crash": the fuzzer's bytes choose a reference mechanism and a sample file
// of "x,y" lines in an accepted layout (BOM, CRLF, blanks, comments;
// uldp/testing/sample_dialects.h) whose tallies tally_samples must return exactly, and the same
// kind of file with one x or y made invalid (or its comma dropped) that it must refuse.
// properties/sample_file_property.cc runs the same writer.
#include <cstddef>
#include <cstdint>
#include <sstream>

#include "fuzz_support.h"
#include "uldp/testing/sample_dialects.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using uldp::testing::WrittenSamples;
  uldp::fuzz::require_meaning(
      [&](bool corrupt) {
        uldp::testing::ByteChoices choices(data, size);
        return uldp::testing::write_random_samples(choices, corrupt);
      },
      [](const WrittenSamples& w) {
        std::istringstream in(w.text);
        return uldp::estimate::tally_samples(in, "fuzz.txt", w.reference->model,
                                             w.reference->scope);
      },
      [](const uldp::estimate::SampleTallies& read, const WrittenSamples& w) {
        return uldp::testing::reads_back(read, w);
      });
  return 0;
}
