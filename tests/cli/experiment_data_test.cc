// The data sets of `uldp experiment`: the synthetic generators keep the paper's structure
// (sizes, X_S, determinism from the seed) and the loaders read small files in the real formats.
#include <gtest/gtest.h>

#include <numeric>

#include "uldp/error.h"
#include "uldp/experiment/datasets.h"
#include "uldp/testing/temp_files.h"

namespace uldp::experiment {
namespace {

double sum(const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0); }

TEST(ExperimentData, CensusLikeHasThePapersSizes) {
  const Dataset four = census_like(1, 4);
  EXPECT_EQ(four.k, 400u);
  EXPECT_EQ(four.sensitive.size(), 76u);  // Section 6.1
  EXPECT_NEAR(sum(four.p), 1.0, 1e-12);
  const Dataset nine = census_like(1, 9);
  EXPECT_EQ(nine.k, 12800u);
  EXPECT_EQ(nine.sensitive.size(), 2432u);
  // Divorced, 30-39, no income: sensitive whatever the military bits; never married child: not.
  EXPECT_TRUE(nine.sensitive.contains(census_index(3, 0, 2, 0, 31, 9)));
  EXPECT_FALSE(nine.sensitive.contains(census_index(0, 0, 4, 1, 0, 9)));
  EXPECT_THROW(census_like(1, 10), InvalidArgument);
}

TEST(ExperimentData, GeneratorsAreDeterministicFromTheSeed) {
  EXPECT_EQ(census_like(5, 4).p, census_like(5, 4).p);
  EXPECT_NE(census_like(5, 4).p, census_like(6, 4).p);
  EXPECT_EQ(location_like(5).p, location_like(5).p);
  EXPECT_NE(location_like(5).sensitive.indices(), location_like(6).sensitive.indices());
}

TEST(ExperimentData, LocationLikeHasHomeAndWorkplaceTagsOutsideXs) {
  const Dataset d = location_like(1);
  EXPECT_EQ(d.k, 625u);
  EXPECT_EQ(d.sensitive.size(), 15u);
  EXPECT_NEAR(sum(d.p), 1.0, 1e-12);
  ASSERT_EQ(d.tags.size(), 2u);
  for (std::size_t t = 0; t < 2; ++t) {
    EXPECT_NEAR(sum(d.poi[t]), 1.0, 1e-12);
    double tagged = 0;
    for (std::size_t x = 0; x < d.k; ++x) {
      tagged += d.p[x] * d.tag_share[t][x];
      if (d.sensitive.contains(x)) {
        EXPECT_EQ(d.tag_share[t][x], 0.0);
        EXPECT_EQ(d.poi[t][x], 0.0);
      }
    }
    // The paper's shares: 5040 and 19532 of 359054 check-ins (the cap at 1/2 may lower them).
    EXPECT_NEAR(tagged, t == 0 ? 0.01404 : 0.0544, 0.005) << t;
  }
}

TEST(ExperimentData, LoadsCensusRowsByColumnName) {
  const std::string path = testing::temp_file(
      "uci.txt",
      "caseid,iSex,dAge,iMarital,dIncome1\n1,1,3,2,0\n2,1,3,2,0\n3,0,0,4,0\n4,0,7,1,1\n");
  const Dataset d = load_census(path, 4);
  EXPECT_EQ(d.population, 4u);
  EXPECT_DOUBLE_EQ(d.p[census_index(3, 0, 2, 1, 0, 4)], 0.5);
  EXPECT_DOUBLE_EQ(d.p[census_index(0, 0, 4, 0, 0, 4)], 0.25);
  EXPECT_THROW(load_census(path, 5), InputError);  // no iSept80 column
  const std::string ragged = testing::temp_file("ragged.txt", "dAge,dIncome1,iMarital,iSex\n1,2\n");
  try {
    load_census(ragged, 4);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), ragged + ":2:1: expected 4 fields, found 2");
  }
}

TEST(ExperimentData, LoadsFoursquareCheckinsInTheManhattanGrid) {
  // Venue h: a hospital at the grid's south-west corner; v: a home; o: an office; far: Tokyo.
  const std::string pois = testing::temp_file(
      "pois.txt",
      "h\t40.7001\t-74.0199\tHospital\tUS\nv\t40.75\t-73.96\tHome (private)\tUS\n"
      "o\t40.75\t-73.96\tOffice\tUS\nfar\t35.6\t139.7\tOffice\tJP\n");
  std::string checkins;
  for (char u = '0'; u <= '9'; ++u) {
    checkins += std::string("u") + u;
    checkins += "\th\tTue Apr 03\t-240\n";
  }
  checkins += "a\tv\tt\t0\nb\to\tt\t0\nc\tfar\tt\t0\n";
  const Dataset d = load_foursquare(testing::temp_file("checkins.txt", checkins), pois);
  EXPECT_EQ(d.population, 12u);  // the Tokyo check-in is outside the grid
  EXPECT_EQ(d.sensitive.indices(), std::vector<std::size_t>{0});  // ten visitors
  const std::size_t cell = 12 * 25 + 12;                          // (40.75, -73.96)
  EXPECT_DOUBLE_EQ(d.p[cell], 2.0 / 12);
  EXPECT_DOUBLE_EQ(d.tag_share[0][cell], 0.5);
  EXPECT_DOUBLE_EQ(d.poi[1][cell], 1.0);
  const std::string bad = testing::temp_file("badpois.txt", "h\tnorth\t-74\tHospital\tUS\n");
  try {
    load_foursquare(testing::temp_file("c2.txt", checkins), bad);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), bad + ":1:3: expected a coordinate, found 'north'");
  }
}

}  // namespace
}  // namespace uldp::experiment
