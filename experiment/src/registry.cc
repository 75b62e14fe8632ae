// The registry of experiments, and the data-set cache and random streams they share.
#include <charconv>
#include <map>
#include <mutex>
#include <tuple>

#include "uldp/error.h"
#include "uldp/experiment/catalogue.h"

namespace uldp::experiment {
namespace {

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

}  // namespace

std::span<const Experiment> experiments() {
  static const std::vector<Experiment> kExperiments = {
      eps_experiment(), sensitive_count_experiment(), attributes_experiment(),
      personalized_experiment(), running_time_experiment()};
  return kExperiments;
}

const Experiment& find_experiment(std::string_view name) {
  std::string names;
  for (const Experiment& e : experiments()) {
    if (e.name == name) return e;
    names += (names.empty() ? "" : ", ") + std::string(e.name);
  }
  throw InvalidArgument("experiment: unknown experiment '" + message_excerpt(name) +
                        "' (expected one of: " + names + "; uldp experiment --list)");
}

std::uint64_t stream_seed(std::uint64_t seed, std::uint64_t a, std::uint64_t b, std::uint64_t c) {
  return splitmix64(splitmix64(splitmix64(splitmix64(seed) ^ a) ^ b) ^ c);
}

std::uint64_t dataset_stream(std::string_view name, std::size_t attributes) {
  return (name == "census" ? 0x100 : 0x200) + attributes;
}

std::string key_number(double value) {
  char buffer[40];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);  // shortest exact
  return std::string(buffer, result.ptr);
}

const Dataset& dataset(const RunContext& context, std::string_view name, std::size_t attributes) {
  static std::mutex mutex;
  static std::map<std::tuple<std::string, std::size_t, std::uint64_t, std::string>, Dataset> cache;
  const std::lock_guard<std::mutex> lock(mutex);
  const std::string sources = context.sources.census_file + "|" +
                              context.sources.foursquare_checkins + "|" +
                              context.sources.foursquare_pois;
  const auto key = std::make_tuple(std::string(name), attributes, context.seed, sources);
  auto found = cache.find(key);
  if (found == cache.end()) {
    Dataset d = name == "census" ? census_data(context.sources, context.seed, attributes)
                                 : location_data(context.sources, context.seed);
    found = cache.emplace(key, std::move(d)).first;
  }
  return found->second;
}

}  // namespace uldp::experiment
