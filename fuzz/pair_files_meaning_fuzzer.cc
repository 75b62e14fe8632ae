// Meaning, not just "no crash": the fuzzer's bytes choose a pair budget matrix, a distance matrix
// or a safe regions file (uldp/testing/pair_file_dialects.h) that its reader must return exactly,
// and the same kind of file with one thing made invalid that it must refuse.
// properties/pair_file_property.cc runs the same writers.
#include <cstddef>
#include <cstdint>

#include "fuzz_support.h"
#include "uldp/testing/pair_file_dialects.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace uldp::testing;
  if (size == 0) return 0;
  const std::uint8_t kind = data[0] % 3;
  ++data;
  --size;
  if (kind == 2) {
    uldp::fuzz::require_meaning(
        [&](bool corrupt) {
          ByteChoices choices(data, size);
          return write_random_regions(choices, corrupt);
        },
        [](const WrittenRegions& w) { return uldp::parse_safe_regions(w.text, "r.txt"); },
        [](const std::vector<uldp::SafeRegion>& read, const WrittenRegions& w) {
          return reads_back(read, w);
        });
    return 0;
  }
  const PairFileKind file = kind == 0 ? PairFileKind::kBudgets : PairFileKind::kDistances;
  uldp::fuzz::require_meaning(
      [&](bool corrupt) {
        ByteChoices choices(data, size);
        return write_random_pair_matrix(choices, file, corrupt);
      },
      [](const WrittenPairMatrix& w) {
        return w.kind == PairFileKind::kBudgets ? uldp::parse_pair_budgets(w.text, "b.csv")
                                                : uldp::parse_distance_matrix(w.text, "d.csv");
      },
      [](const std::vector<std::vector<std::optional<uldp::Rational>>>& read,
         const WrittenPairMatrix& w) { return reads_back(read, w); });
  return 0;
}
