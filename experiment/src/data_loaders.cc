// Readers of the real files behind the paper's data sets, for users who have them: the UCI
// "US Census Data (1990)" file and the Foursquare global-scale check-ins (Section 6.1). Every
// malformed line is an InputError naming file:line:column.
#include <algorithm>
#include <array>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "uldp/error.h"
#include "uldp/experiment/datasets.h"

namespace uldp::experiment {
namespace {

// A field of a delimited line with its 1-based column.
struct Field {
  std::string_view text;
  std::size_t column;
};

std::vector<Field> split(std::string_view line, char delimiter) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  std::vector<Field> fields;
  std::size_t begin = 0;
  while (true) {
    const std::size_t end = line.find(delimiter, begin);
    fields.push_back(
        {line.substr(begin, end == std::string_view::npos ? end : end - begin), begin + 1});
    if (end == std::string_view::npos) break;
    begin = end + 1;
  }
  return fields;
}

std::ifstream open(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(path, "cannot read the file");
  return in;
}

std::size_t parse_category(const std::string& path, std::size_t line, const Field& field,
                           std::size_t categories, std::string_view name) {
  std::size_t value = 0;
  bool digits = !field.text.empty() && field.text.size() <= 3;
  for (char c : field.text) {
    digits = digits && c >= '0' && c <= '9';
    if (digits) value = value * 10 + static_cast<std::size_t>(c - '0');
  }
  if (!digits || value >= categories) {
    throw InputError(path, line, field.column,
                     std::string(name) + " must be a category 0.." +
                         std::to_string(categories - 1) + ", found '" +
                         std::string(field.text.substr(0, 40)) + "'");
  }
  return value;
}

double parse_coordinate(const std::string& path, std::size_t line, const Field& field) {
  const std::string text(field.text);
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size()) {
    throw InputError(path, line, field.column,
                     "expected a coordinate, found '" + message_excerpt(text) + "'");
  }
  return value;
}

constexpr double kSouth = 40.700, kNorth = 40.801, kWest = -74.020, kEast = -73.902;
constexpr std::size_t kGrid = 25, kHospitalVisitors = 10;

}  // namespace

Dataset load_census(const std::string& path, std::size_t attributes) {
  const std::size_t k = census_categories(attributes);
  // Columns in index order: age, income, marital, sex, then the military periods in the paper's
  // order of addition.
  const std::array<std::string_view, 9> kColumns = {"dAge",     "dIncome1", "iMarital",
                                                    "iSex",     "iSept80",  "iMay75880",
                                                    "iVietnam", "iFeb55",   "iKorean"};
  const std::array<std::size_t, 9> kCategories = {8, 5, 5, 2, 2, 2, 2, 2, 2};
  std::ifstream in = open(path);
  std::string line;
  if (!std::getline(in, line)) throw InputError(path, 1, 1, "empty file (expected a header)");
  const std::vector<Field> header = split(line, ',');
  std::vector<std::size_t> where(attributes);
  for (std::size_t a = 0; a < attributes; ++a) {
    const auto found = std::find_if(header.begin(), header.end(),
                                    [&](const Field& f) { return f.text == kColumns[a]; });
    if (found == header.end()) {
      throw InputError(path, 1, 1, "the header has no column " + std::string(kColumns[a]));
    }
    where[a] = static_cast<std::size_t>(found - header.begin());
  }
  std::vector<std::uint64_t> counts(k, 0);
  std::uint64_t people = 0;
  std::size_t number = 1;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line == "\r") continue;
    const std::vector<Field> fields = split(line, ',');
    if (fields.size() != header.size()) {
      throw InputError(path, number, 1,
                       "expected " + std::to_string(header.size()) + " fields, found " +
                           std::to_string(fields.size()));
    }
    std::array<std::size_t, 9> v{};
    for (std::size_t a = 0; a < attributes; ++a) {
      v[a] = parse_category(path, number, fields[where[a]], kCategories[a], kColumns[a]);
    }
    std::size_t bits = 0;
    for (std::size_t a = kMinAttributes; a < attributes; ++a) bits = (bits << 1) | v[a];
    ++counts[census_index(v[0], v[1], v[2], v[3], bits, attributes)];
    ++people;
  }
  if (people == 0) throw InputError(path, number, 1, "no person in the file");
  Dataset d;
  d.name = "census";
  d.k = k;
  d.sensitive = census_sensitive(attributes);
  d.population = people;
  d.p.resize(k);
  for (std::size_t x = 0; x < k; ++x) {
    d.p[x] = static_cast<double>(counts[x]) / static_cast<double>(people);
  }
  return d;
}

Dataset load_foursquare(const std::string& checkins, const std::string& pois) {
  constexpr std::size_t k = kGrid * kGrid;
  enum Tag : int { kNone = -1, kHome = 0, kWork = 1 };
  struct Venue {
    std::size_t cell;
    int tag;
    bool hospital;
  };
  std::unordered_map<std::string, Venue> venues;
  std::array<std::vector<double>, 2> poi_counts{std::vector<double>(k, 0.0),
                                                std::vector<double>(k, 0.0)};
  {
    std::ifstream in = open(pois);
    std::string line;
    std::size_t number = 0;
    while (std::getline(in, line)) {
      ++number;
      if (line.empty() || line == "\r") continue;
      const std::vector<Field> f = split(line, '\t');
      if (f.size() < 4) {
        throw InputError(pois, number, 1,
                         "expected venue, latitude, longitude, category (tab-separated)");
      }
      const double lat = parse_coordinate(pois, number, f[1]);
      const double lon = parse_coordinate(pois, number, f[2]);
      if (lat < kSouth || lat >= kNorth || lon < kWest || lon >= kEast) continue;
      const auto row = static_cast<std::size_t>((lat - kSouth) / (kNorth - kSouth) * kGrid);
      const auto col = static_cast<std::size_t>((lon - kWest) / (kEast - kWest) * kGrid);
      const std::string_view category = f[3].text;
      const int tag = category == "Home (private)" ? kHome : category == "Office" ? kWork : kNone;
      const std::size_t cell = std::min(row, kGrid - 1) * kGrid + std::min(col, kGrid - 1);
      venues[std::string(f[0].text)] = {cell, tag,
                                        category.find("Hospital") != std::string_view::npos};
      if (tag != kNone) poi_counts[static_cast<std::size_t>(tag)][cell] += 1;
    }
  }
  std::vector<double> counts(k, 0.0);
  std::array<std::vector<double>, 2> tagged{std::vector<double>(k, 0.0),
                                            std::vector<double>(k, 0.0)};
  std::map<std::size_t, std::set<std::string>> hospital_visitors;
  std::uint64_t total = 0;
  {
    std::ifstream in = open(checkins);
    std::string line;
    std::size_t number = 0;
    while (std::getline(in, line)) {
      ++number;
      if (line.empty() || line == "\r") continue;
      const std::vector<Field> f = split(line, '\t');
      if (f.size() < 2 || f[0].text.empty() || f[1].text.empty()) {
        throw InputError(checkins, number, 1, "expected user, venue, time, offset (tab-separated)");
      }
      const auto venue = venues.find(std::string(f[1].text));
      if (venue == venues.end()) continue;  // outside Manhattan, or not in the POI file
      const Venue& v = venue->second;
      counts[v.cell] += 1;
      ++total;
      if (v.tag != kNone) tagged[static_cast<std::size_t>(v.tag)][v.cell] += 1;
      if (v.hospital) hospital_visitors[v.cell].insert(std::string(f[0].text));
    }
  }
  if (total == 0) throw InputError(checkins, "no check-in in the Manhattan grid");
  std::vector<std::size_t> sensitive;
  for (const auto& [cell, users] : hospital_visitors) {
    if (users.size() >= kHospitalVisitors) sensitive.push_back(cell);
  }
  Dataset d;
  d.name = "location";
  d.k = k;
  d.sensitive = IndexSet::from_indices(sensitive, k, "hospital cells");
  d.population = total;
  d.p.resize(k);
  for (std::size_t x = 0; x < k; ++x) d.p[x] = counts[x] / static_cast<double>(total);
  d.tags = {"home", "workplace"};
  for (std::size_t t = 0; t < 2; ++t) {
    std::vector<double> share(k, 0.0), poi(k, 0.0);
    double poi_total = 0;
    for (std::size_t x = 0; x < k; ++x) {
      if (d.sensitive.contains(x)) continue;  // tagged places are personal, hence in X_N
      if (counts[x] > 0) share[x] = tagged[t][x] / counts[x];
      poi[x] = poi_counts[t][x];
      poi_total += poi[x];
    }
    const double plain = static_cast<double>(k - d.sensitive.size());
    for (std::size_t x = 0; x < k; ++x) {
      if (!d.sensitive.contains(x)) poi[x] = poi_total > 0 ? poi[x] / poi_total : 1 / plain;
    }
    d.tag_share.push_back(std::move(share));
    d.poi.push_back(std::move(poi));
  }
  return d;
}

}  // namespace uldp::experiment
