// The two data sets of the paper's evaluation (Section 6.1), as synthetic populations with the
// same structure (deterministic from the seed), or read from the real files where a user has them.
//  - census: age (8) x income (5) x marital status (5) x sex (2) = 400 categories, extended by
//    up to five binary military-service attributes (to 12800); X_S by the paper's rule on the
//    attribute values ("divorced" or "no income", minus the ages where that is not sensitive).
//  - location: a 25 x 25 grid (625 cells), 15 sensitive cells, and per cell the share of
//    check-ins tagged home / workplace with a POI-like background distribution per tag.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "uldp/arithmetic/index_set.h"

namespace uldp::experiment {

/// Paths of the real files (empty: use the synthetic generator).
struct DataSources {
  std::string census_file;          ///< UCI USCensus1990.data.txt
  std::string foursquare_checkins;  ///< dataset_TIST2015_Checkins.txt
  std::string foursquare_pois;      ///< dataset_TIST2015_POIs.txt
};

/// A population: the true distribution over X and its sensitive set.
struct Dataset {
  std::string name;  ///< "census", "location"
  std::size_t k = 0;
  IndexSet sensitive;
  std::vector<double> p;          ///< population frequencies (sums to 1)
  std::uint64_t population = 0;   ///< people / check-ins the frequencies come from
  std::vector<std::string> tags;  ///< semantic tags ("home", "workplace"); location only
  std::vector<std::vector<double>> tag_share;  ///< tag_share[t][x] = P(tag t | x)
  std::vector<std::vector<double>> poi;        ///< per tag: POI distribution over X (knowledge II)
};

/// Number of census attributes: 4 (400 categories) to 9 (12800).
constexpr std::size_t kMinAttributes = 4, kMaxAttributes = 9;
/// Number of census categories for `attributes` attributes.
std::size_t census_categories(std::size_t attributes);
/// Category index of (age, income, marital, sex, military bits in the paper's order).
std::size_t census_index(std::size_t age, std::size_t income, std::size_t marital, std::size_t sex,
                         std::size_t military_bits, std::size_t attributes);
/// The paper's rule: divorced (marital 2) at age category >= 2 (20 and over), or no income
/// (income 0) at ages 30-49 (categories 3, 4); 76 of 400 categories, times 2 per military
/// attribute (those are non-sensitive).
IndexSet census_sensitive(std::size_t attributes);

/// The synthetic census-like population (2,458,285 people, as the real file).
Dataset census_like(std::uint64_t seed, std::size_t attributes);
/// The synthetic location-like population (359,054 check-ins in 25 x 25 cells).
Dataset location_like(std::uint64_t seed);

/// Reads the UCI file (header line with column names; one comma-separated person per line).
/// Errors name file:line:column.
Dataset load_census(const std::string& path, std::size_t attributes);
/// Reads the Foursquare global-scale check-ins and POIs (tab-separated) and keeps Manhattan:
/// a 25 x 25 grid over [40.700, 40.801] x [-74.020, -73.902]; sensitive cells hold a hospital
/// visited by at least ten users; "Home (private)" / "Office" check-ins are home / workplace.
Dataset load_foursquare(const std::string& checkins, const std::string& pois);

/// The census data set: the real file if given, else the synthetic one.
Dataset census_data(const DataSources& sources, std::uint64_t seed, std::size_t attributes);
/// The location data set: the real files if given, else the synthetic one.
Dataset location_data(const DataSources& sources, std::uint64_t seed);

}  // namespace uldp::experiment
