// A Bloom map (rappor-bloom --bloom-map FILE): the filters of an encoder whose hashing is not
// Google's. Its reading, every refusal in its exact words, and the mechanism it builds: a map that
// writes down Google's hashing builds the built-in mechanism, entry for entry.
#include "uldp/mechanisms/rappor_bloom/rappor_bloom_map_file.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "uldp/error.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

std::string message_of(const std::string& text, const BloomMapShape& shape) {
  try {
    parse_bloom_map(text, "m.txt", shape);
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(BloomMap, ReadsEveryFilterInAnyOrderAndLayout) {
  const BloomTable table = parse_bloom_map(
      "\xEF\xBB\xBF# x,cohort:bits\r\n1,0:1001\r\n\r\n  0,1:0000 \r0,0:0110\n1,1:1111", "m.txt",
      {2, 2, 4});
  EXPECT_EQ(table, (BloomTable{{{1, 2}, {0, 3}}, {{}, {0, 1, 2, 3}}}));
}

TEST(BloomMap, RefusesEachFaultNamingItsPlace) {
  const BloomMapShape shape{2, 1, 4};
  EXPECT_EQ(message_of("0,0:0110\n1,0:01x0\n", shape),
            "m.txt:2:7: 'x' is not a bit (a filter is m characters 0 or 1)");
  EXPECT_EQ(message_of("0,0:0110\n1,0:011\n", shape), "m.txt:2:5: 3 bits where bloom_bits is 4");
  EXPECT_EQ(message_of("0,0:0110\n2,0:0110\n", shape),
            "m.txt:2:1: input 2 is outside 0..1 (k = 2)");
  EXPECT_EQ(message_of("0,0:0110\n1,1:0110\n", shape),
            "m.txt:2:3: cohort 1 is outside 0..0 (cohorts = 1)");
  EXPECT_EQ(message_of("0,0:0110\n 0,0:0001\n", shape),
            "m.txt:2:2: input 0 in cohort 0 is given twice (first on line 1)");
  EXPECT_EQ(message_of("0,0:0110\n", shape),
            "m.txt: input 1 in cohort 0 has no line (every input of 0..1 needs one in every "
            "cohort)");
  EXPECT_EQ(message_of("0;0:0110\n", shape),
            "m.txt:1:2: '0;0:0110' is not x,cohort:bits (e.g. 3,0:01000100)");
  EXPECT_EQ(message_of("0,0 0110\n", shape),
            "m.txt:1:4: '0,0 0110' is not x,cohort:bits (e.g. 3,0:01000100)");
}

MechanismArguments arguments(std::size_t k, std::uint64_t bits, std::uint64_t cohorts) {
  MechanismArguments a;
  a.k = k;
  a.values.set(kBloomBitsParameter, bits);
  a.values.set(kCohortsParameter, cohorts);
  a.values.set(kPrrFParameter, Probability::parse("1/4", "f"));
  a.values.set(kIrrPParameter, Probability::parse("1/3", "p"));
  a.values.set(kIrrQParameter, Probability::parse("3/4", "q"));
  return a;
}

DenseMechanism dense_of(const MechanismArguments& a) {
  return std::get<DenseForm>(
             exact_form(make_mechanism(find_mechanism("rappor-bloom"), a), FormChoice::kDense))
      .q;
}

TEST(BloomMap, AMapOfGooglesHashingBuildsTheBuiltInMechanism) {
  std::string text;
  for (std::uint32_t c = 0; c < 2; ++c) {
    for (std::size_t x = 0; x < 5; ++x) {
      std::string bits(6, '0');
      for (std::uint32_t j : bloom_bits_of(x, c, 6, 2)) bits[j] = '1';
      text += std::to_string(x) + "," + std::to_string(c) + ":" + bits + "\n";
    }
  }
  MechanismArguments from_map = arguments(5, 6, 2);
  from_map.values.set(kBloomMapParameter, FileText{"m.txt", text});
  const DenseMechanism built_in = dense_of(arguments(5, 6, 2));
  const DenseMechanism mapped = dense_of(from_map);
  EXPECT_EQ(mapped.output_labels(), built_in.output_labels());
  EXPECT_EQ(mapped.entries(), built_in.entries());
  // A map whose filters differ from the hashing builds another mechanism: input 0 of cohort 0
  // sets every bit.
  const std::size_t first_line_end = text.find('\n');
  text.replace(0, first_line_end, "0,0:111111");
  from_map.values.set(kBloomMapParameter, FileText{"m.txt", text});
  EXPECT_NE(dense_of(from_map).entries(), built_in.entries());
  const MechanismSpec spec = make_mechanism(find_mechanism("rappor-bloom"), from_map);
  EXPECT_EQ(std::get<RapporBloomSpec>(spec.kind).bloom_hashes, 6u);  // the most bits a filter sets
}

TEST(BloomMap, IsRefusedBesideBloomHashes) {
  MechanismArguments a = arguments(1, 4, 1);
  a.values.set(kBloomMapParameter, FileText{"m.txt", "0,0:0100\n"});
  a.values.set(kBloomHashesParameter, std::uint64_t{1});
  EXPECT_THROW(make_mechanism(find_mechanism("rappor-bloom"), a), InvalidArgument);
}

}  // namespace
}  // namespace uldp
