// Count files (`uldp golden --from-counts`), by meaning: random cases written as lines or JSON in
// a random accepted layout read back as exactly those cases, and the same kind of file with one
// value made invalid (the first half the time, n included) is refused, never read as other
// counts. The fuzz target counts_meaning runs the same writer (uldp/testing/counts_dialects.h).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <vector>

#include "uldp/error.h"
#include "uldp/testing/counts_dialects.h"

namespace uldp::testing {
namespace {

RC_GTEST_PROP(CountsFile, ReadsBackExactlyTheCasesWrittenInEveryLayout,
              (const std::vector<std::uint8_t>& bytes)) {
  ByteChoices choices(bytes.data(), bytes.size());
  const WrittenCounts w = write_random_counts(choices, false);
  RC_LOG() << "k=" << w.k << " bits=" << w.bit_vectors << " file text: [" << w.text << "]\n";
  RC_ASSERT(reads_back(parse_counts(w.text, "p.txt", w.k, w.bit_vectors), w));
}

RC_GTEST_PROP(CountsFile, OneInvalidValueIsRefusedNeverReadAsOtherCounts,
              (const std::vector<std::uint8_t>& bytes)) {
  ByteChoices choices(bytes.data(), bytes.size());
  const WrittenCounts w = write_random_counts(choices, true);
  RC_LOG() << "k=" << w.k << " bits=" << w.bit_vectors << " file text: [" << w.text << "]\n";
  RC_ASSERT_THROWS_AS(parse_counts(w.text, "p.txt", w.k, w.bit_vectors), Error);
}

}  // namespace
}  // namespace uldp::testing
