// The files of the per-pair notions: distance matrices (metric LDP) and safe regions (PLDP). Round
// trips (what is written is what is read, exactly) and corruptions, each refused with the file,
// line and column of the bad entry.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "uldp/error.h"
#include "uldp/input_limits.h"
#include "uldp/io/distance_matrix_reader.h"
#include "uldp/io/safe_regions_reader.h"

namespace uldp {
namespace {

std::string error_of(const std::function<void()>& read) {
  try {
    read();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(DistanceMatrixFile, ReadsExactEntriesCommentsAndInf) {
  const DistanceMatrix d = parse_distance_matrix(
      "# a 3-cycle with one far pair\n0, 1/3, 0.25\n1/3 0 inf\n  0.25\tinf 0\n\n", "d.csv");
  ASSERT_EQ(d.size(), 3u);
  EXPECT_EQ(*d[0][1], Rational(1, 3));
  EXPECT_EQ(*d[2][0], Rational(1, 4));
  EXPECT_FALSE(d[1][2].has_value());
  EXPECT_EQ(*d[1][1], Rational(0));
}

TEST(DistanceMatrixFile, CorruptionsNameTheirEntry) {
  const auto read = [](const char* text) {
    return error_of([&] { parse_distance_matrix(text, "d.csv"); });
  };
  EXPECT_EQ(read("0,1\n-1,0\n"), "d.csv:2:1: the distance -1 is below 0 (a distance is >= 0)");
  EXPECT_EQ(read("0,1\n2,0\n"), "d.csv:2:1: d(1, 0) = 2 but d(0, 1) = 1: a distance is symmetric");
  EXPECT_EQ(read("0,1\n1,1/2\n"),
            "d.csv:2:3: d(1, 1) = 1/2: a distance is 0 from an input to itself");
  EXPECT_EQ(read("inf,1\n1,0\n"),
            "d.csv:1:1: d(0, 0) = inf: a distance is 0 from an input to itself");
  EXPECT_EQ(read("0,one\none,0\n"),
            "d.csv:1:3: 'one' is no distance (an exact rational or decimal >= 0, or inf)");
  EXPECT_EQ(read("0,1\n1\n"), "d.csv:2:1: a row of 1 distances, the first has 2");
  EXPECT_EQ(read("0,1,2\n1,0,1\n"),
            "d.csv: 2 rows of 3 distances: a pair matrix is square (k x k)");
  EXPECT_EQ(read("# nothing\n"), "d.csv: no rows of distances");
}

// Text made from a caller's list (Python) is refused by the indices of the row and entry.
TEST(DistanceMatrixFile, TextFromAListNamesItsIndices) {
  const auto read = [](const char* text) {
    return error_of([&] { parse_distance_matrix(text, "metric", TextPositions::kIndices); });
  };
  EXPECT_EQ(read("0,1\n1,-2\n"), "metric[1][1]: the distance -2 is below 0 (a distance is >= 0)");
  EXPECT_EQ(read("0,1\n2,0\n"),
            "metric[1][0]: d(1, 0) = 2 but d(0, 1) = 1: a distance is symmetric");
  EXPECT_EQ(read("0,1\n1\n"), "metric[1]: a row of 1 distances, the first has 2");
  EXPECT_EQ(error_of([] {
              parse_safe_regions("0,1 exp_eps=2\n2 t=3\n", "safe_regions", TextPositions::kIndices);
            }),
            "safe_regions[1][1]: 't=3' is no budget (exp_eps=T or eps=E)");
  EXPECT_EQ(parse_safe_regions("0,1 exp_eps=2\n", "safe_regions", TextPositions::kIndices)[0].name,
            "safe_regions[0]");
}

TEST(SafeRegionsFile, ReadsRegionsAndBudgetsExactly) {
  const std::vector<SafeRegion> r =
      parse_safe_regions("# inputs  budget\n0-3,7  exp_eps=3\n\n  4,5\teps=1/2\n", "regions.txt");
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].inputs, "0-3,7");
  EXPECT_EQ(r[0].budget.exp_eps(), Rational(3));
  EXPECT_EQ(r[0].name, "regions.txt:2");
  EXPECT_EQ(r[1].inputs, "4,5");
  EXPECT_EQ(*r[1].budget.epsilon(), Rational(1, 2));
  EXPECT_EQ(r[1].name, "regions.txt:4");
  EXPECT_EQ(r[1].inputs_name, "regions.txt:4:3");  // the list's column, for errors about it
}

TEST(SafeRegionsFile, CorruptionsNameTheirField) {
  const auto read = [](const char* text) {
    return error_of([&] { parse_safe_regions(text, "r.txt"); });
  };
  EXPECT_EQ(read("0,1\n"),
            "r.txt:1:4: a region needs its budget after its inputs (exp_eps=T or eps=E)");
  EXPECT_EQ(read("0,1 t=3\n"), "r.txt:1:5: 't=3' is no budget (exp_eps=T or eps=E)");
  EXPECT_EQ(read("0,1 exp_eps=1/2\n"),
            "r.txt:1:13: exp_eps: 1/2 is below 1 (e^eps >= 1 for every eps >= 0)");
  EXPECT_EQ(read("0,1 eps=x\n"), "r.txt:1:9: eps: 'x' is not a number");
  EXPECT_EQ(read("0,1 eps=1 extra\n"),
            "r.txt:1:11: 'extra': a region is its inputs and its budget, nothing more");
  EXPECT_EQ(read("\n# none\n"), "r.txt: no safe regions");
}

// Issue 53: bounded while read. A row past the k rows the first row gives, or past the k of the
// per-pair check, is refused at its line before it is kept (a 64 MB file of rows for k = 3 took
// 3 GB before its refusal); so is a line past the line limit, text in memory included.
TEST(DistanceMatrixFile, RowsPastTheMatrixOrTheLimitAreRefusedWhileRead) {
  EXPECT_EQ(error_of([] { parse_distance_matrix("0,1\n1,0\n1,0\n1,0\n", "d.csv"); }),
            "d.csv:3:1: a row past the 2 rows of a 2 x 2 pair matrix (its first row has 2 "
            "distances)");
  std::string wide = "0";
  for (int j = 1; j < 1025; ++j) wide += " 1";
  EXPECT_EQ(error_of([&] { parse_distance_matrix(wide + "\n", "d.csv"); }),
            "d.csv:1:2049: a row of more than 1024 distances, the limit of a pair matrix (the "
            "per-pair check takes k <= 1024)");
  EXPECT_EQ(error_of([] { parse_distance_matrix(std::string(kMaxTextLine + 1, '0'), "d.csv"); }),
            "d.csv:1:1: line too long (more than 16777216 bytes)");
}

TEST(SafeRegionsFile, RegionsPastTheLimitAreRefusedWhileRead) {
  std::string text;
  for (std::size_t r = 0; r <= kMaxSafeRegions; ++r) text += "0-2 exp_eps=3\n";
  EXPECT_EQ(error_of([&] { parse_safe_regions(text, "r.txt"); }),
            "r.txt:1025:1: more than 1024 safe regions, the limit of a safe regions file");
  text.resize(text.size() - 14);  // 1024 regions are read
  EXPECT_EQ(parse_safe_regions(text, "r.txt").size(), kMaxSafeRegions);
}

}  // namespace
}  // namespace uldp
