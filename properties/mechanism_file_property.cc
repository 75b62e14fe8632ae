// The files a mechanism is built from, by meaning: random Bloom maps (rappor-bloom --bloom-map)
// and hash families (--hash-family), in every accepted layout, read back as exactly the table
// written; the same files with one thing made invalid are refused, never read as other filters or
// hashes. The fuzz target mechanism_files_meaning runs the same writers
// (uldp/testing/mechanism_file_dialects.h).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <vector>

#include "uldp/error.h"
#include "uldp/testing/mechanism_file_dialects.h"

namespace uldp::testing {
namespace {

RC_GTEST_PROP(MechanismFiles, BloomMapsReadBackExactly, (const std::vector<std::uint8_t>& bytes)) {
  ByteChoices choices(bytes.data(), bytes.size());
  const WrittenBloomMap w = write_random_bloom_map(choices, false);
  RC_LOG() << "file text: [" << w.text << "]\n";
  RC_ASSERT(parse_bloom_map(w.text, "m.txt", w.shape) == w.table);
}

RC_GTEST_PROP(MechanismFiles, OneInvalidThingInABloomMapIsRefused,
              (const std::vector<std::uint8_t>& bytes)) {
  ByteChoices choices(bytes.data(), bytes.size());
  const WrittenBloomMap w = write_random_bloom_map(choices, true);
  RC_LOG() << "file text: [" << w.text << "]\n";
  RC_ASSERT_THROWS_AS(parse_bloom_map(w.text, "m.txt", w.shape), InputError);
}

RC_GTEST_PROP(MechanismFiles, HashFamiliesReadBackExactly,
              (const std::vector<std::uint8_t>& bytes)) {
  ByteChoices choices(bytes.data(), bytes.size());
  const WrittenHashFamily w = write_random_hash_family(choices, false);
  RC_LOG() << "file text: [" << w.text << "]\n";
  RC_ASSERT(parse_hash_family(w.text, "h.txt", w.inputs, w.range) == w.table);
}

RC_GTEST_PROP(MechanismFiles, OneInvalidThingInAHashFamilyIsRefused,
              (const std::vector<std::uint8_t>& bytes)) {
  ByteChoices choices(bytes.data(), bytes.size());
  const WrittenHashFamily w = write_random_hash_family(choices, true);
  RC_LOG() << "file text: [" << w.text << "]\n";
  RC_ASSERT_THROWS_AS(parse_hash_family(w.text, "h.txt", w.inputs, w.range), InputError);
}

}  // namespace
}  // namespace uldp::testing
