// Sample files (`uldp conform samples --samples`), by meaning: random "x,y" samples written in a
// random accepted layout tally exactly as written, and the same kind of file with one x or y made
// invalid (the first line's half the time) or its comma dropped is refused, never tallied as
// other samples. The fuzz target samples_meaning runs the same writer
// (uldp/testing/sample_dialects.h).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <sstream>
#include <vector>

#include "uldp/error.h"
#include "uldp/testing/sample_dialects.h"

namespace uldp::testing {
namespace {

estimate::SampleTallies tally(const WrittenSamples& w) {
  RC_LOG() << "k=" << w.reference->k << " bits=" << w.reference->bit_vectors << " file text: ["
           << w.text << "]\n";
  std::istringstream in(w.text);
  return estimate::tally_samples(in, "p.txt", w.reference->model, w.reference->scope);
}

RC_GTEST_PROP(SampleFile, TalliesExactlyTheSamplesWrittenInEveryLayout,
              (const std::vector<std::uint8_t>& bytes)) {
  ByteChoices choices(bytes.data(), bytes.size());
  const WrittenSamples w = write_random_samples(choices, false);
  RC_ASSERT(reads_back(tally(w), w));
}

RC_GTEST_PROP(SampleFile, OneInvalidValueIsRefusedNeverTalliedAsOtherSamples,
              (const std::vector<std::uint8_t>& bytes)) {
  ByteChoices choices(bytes.data(), bytes.size());
  const WrittenSamples w = write_random_samples(choices, true);
  RC_ASSERT_THROWS_AS(tally(w), Error);
}

}  // namespace
}  // namespace uldp::testing
