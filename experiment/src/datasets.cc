// Synthetic populations with the structure of the paper's two data sets (Section 6.1). The
// model tables are plausible, not fitted; the population is a multinomial draw from the model,
// so it has the real data's sparse, uneven cells (many of the 12800 census cells are empty).
#include "uldp/experiment/datasets.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "uldp/error.h"
#include "uldp/estimate/random.h"
#include "uldp/estimate/sampler.h"
#include "uldp/experiment/experiment.h"

namespace uldp::experiment {
namespace {

constexpr std::uint64_t kCensusStream = 0xCE4505, kLocationStream = 0x10CA7;
constexpr std::uint64_t kCensusPopulation = 2'458'285, kLocationPopulation = 359'054;
constexpr std::size_t kAges = 8, kIncomes = 5, kMaritals = 5, kSexes = 2, kMilitary = 5;
constexpr std::size_t kDivorced = 2, kWidowed = 1, kGrid = 25, kSensitiveCells = 15;

// Age categories: <13, 13-19, 20-29, 30-39, 40-49, 50-64, 65-74, 75+.
constexpr std::array<double, kAges> kAge = {0.18, 0.10, 0.15, 0.16, 0.13, 0.12, 0.09, 0.07};
// Income 0 (none) .. 4 (highest) given age.
constexpr std::array<std::array<double, kIncomes>, kAges> kIncome = {{
    {0.995, 0.005, 0, 0, 0},
    {0.55, 0.40, 0.04, 0.01, 0},
    {0.12, 0.35, 0.30, 0.17, 0.06},
    {0.10, 0.22, 0.28, 0.25, 0.15},
    {0.10, 0.18, 0.25, 0.27, 0.20},
    {0.18, 0.22, 0.24, 0.20, 0.16},
    {0.08, 0.45, 0.27, 0.12, 0.08},
    {0.10, 0.55, 0.22, 0.08, 0.05},
}};
// Marital status: married, widowed, divorced, separated, never married (or under 15).
constexpr std::array<std::array<double, kMaritals>, kAges> kMarital = {{
    {0, 0, 0, 0, 1},
    {0.03, 0, 0.003, 0.002, 0.965},
    {0.40, 0.003, 0.05, 0.02, 0.527},
    {0.65, 0.01, 0.12, 0.04, 0.18},
    {0.70, 0.02, 0.14, 0.04, 0.10},
    {0.72, 0.07, 0.11, 0.03, 0.07},
    {0.60, 0.25, 0.07, 0.015, 0.065},
    {0.35, 0.55, 0.04, 0.01, 0.05},
}};
// Men's service rate per period (Sept80, May75880, Vietnam, Feb55, Korean) and age; women 1/10.
constexpr std::array<std::array<double, kAges>, kMilitary> kService = {{
    {0, 0.01, 0.06, 0.06, 0.02, 0, 0, 0},
    {0, 0, 0.04, 0.06, 0.02, 0, 0, 0},
    {0, 0, 0, 0.05, 0.25, 0.08, 0, 0},
    {0, 0, 0, 0, 0.05, 0.25, 0.05, 0},
    {0, 0, 0, 0, 0, 0.08, 0.30, 0.10},
}};

bool census_attribute_sensitive(std::size_t age, std::size_t income, std::size_t marital) {
  return (marital == kDivorced && age >= 2) || (income == 0 && (age == 3 || age == 4));
}

void check_attributes(std::size_t attributes) {
  if (attributes < kMinAttributes || attributes > kMaxAttributes) {
    throw InvalidArgument("census attributes: " + std::to_string(attributes) + " is not in [4, 9]");
  }
}

// Population frequencies: a multinomial draw of `population` people from the model weights.
std::vector<double> population_frequencies(std::uint64_t seed, std::uint64_t stream,
                                           std::uint64_t population,
                                           const std::vector<double>& weights) {
  estimate::Xoshiro256 rng(stream_seed(seed, stream));
  const std::vector<std::uint64_t> counts = estimate::sample_input_counts(rng, population, weights);
  std::vector<double> p(counts.size());
  for (std::size_t x = 0; x < counts.size(); ++x) {
    p[x] = static_cast<double>(counts[x]) / static_cast<double>(population);
  }
  return p;
}

double gaussian_bump(double row, double col, double r0, double c0, double sigma) {
  const double d2 = (row - r0) * (row - r0) + (col - c0) * (col - c0);
  return std::exp(-d2 / (2 * sigma * sigma));
}

// A Manhattan-like island: a band along a tilted line, wider in the middle; cells off it are 0.
bool on_island(double row, double col) {
  const double center = 5.0 + row * (14.0 / 24.0);
  const double half_width = 2.0 + 2.5 * std::sin(3.14159 * row / 24.0);
  return std::abs(col - center) <= half_width;
}

std::vector<double> normalized(std::vector<double> w) {
  double total = 0;
  for (double v : w) total += v;
  for (double& v : w) v /= total;
  return w;
}

}  // namespace

std::size_t census_categories(std::size_t attributes) {
  check_attributes(attributes);
  return (kAges * kIncomes * kMaritals * kSexes) << (attributes - kMinAttributes);
}

std::size_t census_index(std::size_t age, std::size_t income, std::size_t marital, std::size_t sex,
                         std::size_t military_bits, std::size_t attributes) {
  const std::size_t base = ((age * kIncomes + income) * kMaritals + marital) * kSexes + sex;
  return (base << (attributes - kMinAttributes)) | military_bits;
}

IndexSet census_sensitive(std::size_t attributes) {
  const std::size_t k = census_categories(attributes);
  const std::size_t extra = std::size_t{1} << (attributes - kMinAttributes);
  std::vector<std::size_t> indices;
  for (std::size_t age = 0; age < kAges; ++age)
    for (std::size_t income = 0; income < kIncomes; ++income)
      for (std::size_t marital = 0; marital < kMaritals; ++marital)
        for (std::size_t sex = 0; sex < kSexes; ++sex)
          for (std::size_t bits = 0; bits < extra; ++bits)
            if (census_attribute_sensitive(age, income, marital))
              indices.push_back(census_index(age, income, marital, sex, bits, attributes));
  return IndexSet::from_indices(std::move(indices), k, "census X_S");
}

Dataset census_like(std::uint64_t seed, std::size_t attributes) {
  const std::size_t k = census_categories(attributes);
  const std::size_t military = attributes - kMinAttributes;
  std::vector<double> weights(k, 0.0);
  for (std::size_t age = 0; age < kAges; ++age)
    for (std::size_t income = 0; income < kIncomes; ++income)
      for (std::size_t marital = 0; marital < kMaritals; ++marital)
        for (std::size_t sex = 0; sex < kSexes; ++sex) {
          const double female = marital == kWidowed ? 0.8 : 0.51;
          const double base = kAge[age] * kIncome[age][income] * kMarital[age][marital] *
                              (sex == 1 ? female : 1 - female);
          for (std::size_t bits = 0; bits < (std::size_t{1} << military); ++bits) {
            double w = base;
            for (std::size_t j = 0; j < military; ++j) {
              const double rate = kService[j][age] * (sex == 0 ? 1.0 : 0.1);
              const bool served = (bits >> (military - 1 - j)) & 1U;
              w *= served ? rate : 1 - rate;
            }
            weights[census_index(age, income, marital, sex, bits, attributes)] = w;
          }
        }
  Dataset d;
  d.name = "census";
  d.k = k;
  d.sensitive = census_sensitive(attributes);
  d.population = kCensusPopulation;
  d.p = population_frequencies(seed, kCensusStream + attributes, kCensusPopulation, weights);
  return d;
}

Dataset location_like(std::uint64_t seed) {
  const std::size_t k = kGrid * kGrid;
  // Hot spots (row, col, sigma, weight): financial district, village, midtown, upper east and
  // west sides, harlem. Business and residential scores drive the workplace / home tags.
  struct Spot {
    double row, col, sigma, weight, business;
  };
  constexpr std::array<Spot, 6> kSpots = {{{2, 6, 1.5, 2.0, 0.9},
                                           {6, 8, 2.0, 1.5, 0.3},
                                           {10, 11, 2.0, 3.0, 0.8},
                                           {15, 16, 2.0, 1.2, 0.15},
                                           {15, 12, 2.0, 1.2, 0.15},
                                           {20, 17, 2.5, 0.8, 0.1}}};
  std::vector<double> density(k, 0.0), business(k, 0.0), residential(k, 0.0);
  for (std::size_t row = 0; row < kGrid; ++row) {
    for (std::size_t col = 0; col < kGrid; ++col) {
      const double r = static_cast<double>(row), c = static_cast<double>(col);
      if (!on_island(r, c)) continue;
      const std::size_t x = row * kGrid + col;
      double mass = 0.15, biz = 0.02, res = 0.1;
      for (const Spot& s : kSpots) {
        const double bump = s.weight * gaussian_bump(r, c, s.row, s.col, s.sigma);
        mass += bump;
        biz += bump * s.business;
        res += bump * (1 - s.business);
      }
      density[x] = mass;
      business[x] = biz / mass;
      residential[x] = res / mass;
    }
  }
  Dataset d;
  d.name = "location";
  d.k = k;
  d.population = kLocationPopulation;
  d.p = population_frequencies(seed, kLocationStream, kLocationPopulation, density);

  // 15 hospital cells, drawn with weights ∝ density among populated cells.
  estimate::Xoshiro256 rng(stream_seed(seed, kLocationStream, 1));
  std::vector<double> pick = d.p;
  std::vector<std::size_t> hospitals;
  while (hospitals.size() < kSensitiveCells) {
    const std::vector<std::uint64_t> one = estimate::sample_input_counts(rng, 1, pick);
    const std::size_t x =
        static_cast<std::size_t>(std::find(one.begin(), one.end(), std::uint64_t{1}) - one.begin());
    hospitals.push_back(x);
    pick[x] = 0;
  }
  d.sensitive = IndexSet::from_indices(hospitals, k, "location X_S");

  // Tag shares: 5040 / 359054 check-ins at home and 19532 at a workplace in the paper.
  d.tags = {"home", "workplace"};
  const std::array<double, 2> kTagRate = {5040.0 / 359054.0, 19532.0 / 359054.0};
  const std::array<const std::vector<double>*, 2> score = {&residential, &business};
  for (std::size_t t = 0; t < 2; ++t) {
    double mean = 0;
    for (std::size_t x = 0; x < k; ++x) {
      if (!d.sensitive.contains(x)) mean += d.p[x] * (*score[t])[x];
    }
    std::vector<double> share(k, 0.0);
    for (std::size_t x = 0; x < k; ++x) {
      if (!d.sensitive.contains(x)) share[x] = std::min(0.5, kTagRate[t] * (*score[t])[x] / mean);
    }
    d.tag_share.push_back(std::move(share));
    // POIs tagged so: spread over the island by the score alone (not by user activity), with
    // per-cell noise: a venue map, not a user distribution.
    std::vector<double> poi(k, 0.0);
    for (std::size_t x = 0; x < k; ++x) {
      if (density[x] == 0 || d.sensitive.contains(x)) continue;
      const double noise = std::exp(0.8 * (estimate::uniform01(rng) - 0.5));
      poi[x] = (*score[t])[x] * std::sqrt(density[x]) * noise;
    }
    d.poi.push_back(normalized(std::move(poi)));
  }
  return d;
}

Dataset census_data(const DataSources& sources, std::uint64_t seed, std::size_t attributes) {
  return sources.census_file.empty() ? census_like(seed, attributes)
                                     : load_census(sources.census_file, attributes);
}

Dataset location_data(const DataSources& sources, std::uint64_t seed) {
  if (sources.foursquare_checkins.empty() != sources.foursquare_pois.empty()) {
    throw InvalidArgument(
        "--foursquare-checkins and --foursquare-pois: give both files or neither");
  }
  return sources.foursquare_checkins.empty()
             ? location_like(seed)
             : load_foursquare(sources.foursquare_checkins, sources.foursquare_pois);
}

}  // namespace uldp::experiment
