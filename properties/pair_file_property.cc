// The files of the per-pair notions by meaning: random pair budget matrices, distance matrices
// and safe region files, in every accepted layout, read back as exactly what was written; the
// same files with one thing made invalid are refused, never read as other bounds, distances or
// regions. The fuzz target pair_files_meaning runs the same writers
// (uldp/testing/pair_file_dialects.h).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <vector>

#include "uldp/error.h"
#include "uldp/testing/pair_file_dialects.h"

namespace uldp::testing {
namespace {

RC_GTEST_PROP(PairFiles, MatricesReadBackExactlyInEveryLayout,
              (const std::vector<std::uint8_t>& bytes, bool distances)) {
  ByteChoices choices(bytes.data(), bytes.size());
  const PairFileKind kind = distances ? PairFileKind::kDistances : PairFileKind::kBudgets;
  const WrittenPairMatrix w = write_random_pair_matrix(choices, kind, false);
  RC_LOG() << "file text: [" << w.text << "]\n";
  RC_ASSERT(reads_back(
      distances ? parse_distance_matrix(w.text, "d.csv") : parse_pair_budgets(w.text, "b.csv"), w));
}

RC_GTEST_PROP(PairFiles, OneInvalidThingInAMatrixIsRefused,
              (const std::vector<std::uint8_t>& bytes, bool distances)) {
  ByteChoices choices(bytes.data(), bytes.size());
  const PairFileKind kind = distances ? PairFileKind::kDistances : PairFileKind::kBudgets;
  const WrittenPairMatrix w = write_random_pair_matrix(choices, kind, true);
  RC_LOG() << "file text: [" << w.text << "]\n";
  if (distances) {
    RC_ASSERT_THROWS_AS(parse_distance_matrix(w.text, "d.csv"), Error);
  } else {
    RC_ASSERT_THROWS_AS(parse_pair_budgets(w.text, "b.csv"), Error);
  }
}

RC_GTEST_PROP(PairFiles, SafeRegionsReadBackExactly, (const std::vector<std::uint8_t>& bytes)) {
  ByteChoices choices(bytes.data(), bytes.size());
  const WrittenRegions w = write_random_regions(choices, false);
  RC_LOG() << "file text: [" << w.text << "]\n";
  RC_ASSERT(reads_back(parse_safe_regions(w.text, "r.txt"), w));
}

RC_GTEST_PROP(PairFiles, OneInvalidRegionLineIsRefused, (const std::vector<std::uint8_t>& bytes)) {
  ByteChoices choices(bytes.data(), bytes.size());
  const WrittenRegions w = write_random_regions(choices, true);
  RC_LOG() << "file text: [" << w.text << "]\n";
  RC_ASSERT_THROWS_AS(parse_safe_regions(w.text, "r.txt"), Error);
}

}  // namespace
}  // namespace uldp::testing
