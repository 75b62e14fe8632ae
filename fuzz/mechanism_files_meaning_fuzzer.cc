// The bytes themselves as a Bloom map or a family file (no crash, one short line), then meaning:
// the fuzzer's bytes choose a Bloom map (rappor-bloom --bloom-map)
// or a hash family (local hashing's --hash-family), uldp/testing/mechanism_file_dialects.h, that
// its parser must return exactly, and the same kind of file with one thing made invalid that it
// must refuse. properties/mechanism_file_property.cc runs the same writers.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.h"
#include "uldp/testing/mechanism_file_dialects.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace uldp::testing;
  if (size == 0) return 0;
  const bool bloom = data[0] % 2 == 0;
  ++data;
  --size;
  // The bytes themselves as a file: parsed or refused in one short line, never a crash.
  const std::string_view raw(reinterpret_cast<const char*>(data), size);
  try {
    if (bloom) {
      static_cast<void>(uldp::parse_bloom_map(raw, "m.txt", {4, 2, 8}));
    } else {
      static_cast<void>(uldp::parse_hash_family(raw, "h.txt", 4, 3));
    }
  } catch (const uldp::Error& e) {
    uldp::fuzz::require_short_message(e);
  }
  if (bloom) {
    uldp::fuzz::require_meaning(
        [&](bool corrupt) {
          ByteChoices choices(data, size);
          return write_random_bloom_map(choices, corrupt);
        },
        [](const WrittenBloomMap& w) { return uldp::parse_bloom_map(w.text, "m.txt", w.shape); },
        [](const uldp::BloomTable& read, const WrittenBloomMap& w) { return read == w.table; });
    return 0;
  }
  uldp::fuzz::require_meaning(
      [&](bool corrupt) {
        ByteChoices choices(data, size);
        return write_random_hash_family(choices, corrupt);
      },
      [](const WrittenHashFamily& w) {
        return uldp::parse_hash_family(w.text, "h.txt", w.inputs, w.range);
      },
      [](const uldp::HashTable& read, const WrittenHashFamily& w) { return read == w.table; });
  return 0;
}
