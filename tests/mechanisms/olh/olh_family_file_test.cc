// A hash family from a file (olh, blh, ulh --hash-family FILE): its reading, every refusal in its
// exact words, and the mechanism it builds: a file that writes down xxh32's seeds 0..S-1 builds
// the mechanism --hash-seeds S builds, entry for entry, and estimates alike.
#include "uldp/mechanisms/olh/olh_family_file.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "uldp/error.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/olh/olh_estimator.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

std::string message_of(const std::string& text, std::size_t k, std::uint64_t g) {
  try {
    parse_hash_family(text, "h.txt", k, g);
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(HashFamilyFile, ReadsOneHashFunctionALine) {
  EXPECT_EQ(parse_hash_family("\xEF\xBB\xBF# h(0),h(1),h(2)\r\n0,2, 1\r\n\r\n 1 ,1,0\r2,0,0",
                              "h.txt", 3, 3),
            (HashTable{{0, 2, 1}, {1, 1, 0}, {2, 0, 0}}));
}

TEST(HashFamilyFile, RefusesEachFaultNamingItsPlace) {
  EXPECT_EQ(message_of("0,1,2\n0,3,1\n", 3, 3),
            "h.txt:2:3: hash value 3 is outside 0..2 (the hash range is 3)");
  EXPECT_EQ(message_of("0,1\n", 3, 3),
            "h.txt:1:4: 2 values where k = 3 (a line is h(0),...,h(k-1))");
  EXPECT_EQ(message_of("0,1,2,0\n", 3, 3),
            "h.txt:1:7: more than k = 3 values (a line is h(0),...,h(k-1))");
  EXPECT_EQ(message_of("0,x,2\n", 3, 3),
            "h.txt:1:3: 'x' is not a hash value (a whole number in 0..2)");
  EXPECT_EQ(message_of("0,1;2\n", 3, 3), "h.txt:1:4: ';' where a comma or the line's end belongs");
  EXPECT_EQ(message_of("# nothing\n\n", 3, 3),
            "h.txt: no hash function (one a line: h(0),...,h(k-1))");
}

MechanismArguments arguments(std::size_t k) {
  MechanismArguments a;
  a.k = k;
  a.budget = PrivacyBudget::from_exp_eps(Rational(3));
  a.values.set(kHashRangeParameter, std::uint64_t{3});
  return a;
}

DenseMechanism dense_of(const MechanismArguments& a) {
  return std::get<DenseForm>(
             exact_form(make_mechanism(find_mechanism("olh"), a), FormChoice::kDense))
      .q;
}

TEST(HashFamilyFile, AFileOfXxh32sSeedsBuildsTheBuiltInFamily) {
  std::string text;
  for (std::uint32_t s = 0; s < 4; ++s) {
    for (std::size_t x = 0; x < 5; ++x) {
      if (x > 0) text += ',';
      text += std::to_string(local_hash(x, s, 3));
    }
    text += "\n";
  }
  MechanismArguments seeds = arguments(5);
  seeds.values.set(kHashSeedsParameter, std::uint64_t{4});
  MechanismArguments file = arguments(5);
  file.values.set(kHashFamilyParameter, FileText{"h.txt", text});
  const DenseMechanism built_in = dense_of(seeds);
  EXPECT_EQ(dense_of(file).output_labels(), built_in.output_labels());
  EXPECT_EQ(dense_of(file).entries(), built_in.entries());
  const MechanismSpec spec = make_mechanism(find_mechanism("olh"), file);
  EXPECT_EQ(std::get<OlhSpec>(spec.kind).seeds, 4u);  // S = the file's lines
  // The estimator reads the same family: equal counts give equal estimates.
  const std::vector<std::uint64_t> counts = {5, 1, 2, 0, 7, 3, 2, 2, 9, 1, 4, 6};
  EXPECT_EQ(
      support_count_estimate(IndexSet::all(5), std::get<OlhSpec>(spec.kind).family(), Rational(3),
                             counts),
      support_count_estimate(IndexSet::all(5), HashFamily{3, 4, nullptr}, Rational(3), counts));
  // Another family builds another mechanism.
  text.replace(0, 1, text[0] == '0' ? "1" : "0");
  file.values.set(kHashFamilyParameter, FileText{"h.txt", text});
  EXPECT_NE(dense_of(file).entries(), built_in.entries());
}

TEST(HashFamilyFile, IsRefusedBesideHashSeeds) {
  MechanismArguments a = arguments(2);
  a.values.set(kHashFamilyParameter, FileText{"h.txt", "0,1\n"});
  a.values.set(kHashSeedsParameter, std::uint64_t{4});
  EXPECT_THROW(make_mechanism(find_mechanism("olh"), a), InvalidArgument);
}

}  // namespace
}  // namespace uldp
