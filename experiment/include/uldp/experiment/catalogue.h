// The experiments of the registry, one function each, and what they share: cached data sets,
// the streams of random numbers, number formatting.
#pragma once

#include <string>
#include <string_view>

#include "uldp/experiment/experiment.h"

namespace uldp::experiment {

Experiment eps_experiment();              ///< Figures 5 and 10
Experiment sensitive_count_experiment();  ///< Figures 6 and 11
Experiment attributes_experiment();       ///< Figures 7 and 12
Experiment personalized_experiment();     ///< Figures 8, 13 and Table 1
Experiment running_time_experiment();     ///< the running times of Section 6.2

/// The data set "census" (with `attributes`) or "location" of a run, built once per process.
const Dataset& dataset(const RunContext& context, std::string_view name,
                       std::size_t attributes = kMinAttributes);
/// A number as a key: the shortest text that reads back to the same double ("0.1", "10").
std::string key_number(double value);
/// A stable stream label for a data set name.
std::uint64_t dataset_stream(std::string_view name, std::size_t attributes = kMinAttributes);

}  // namespace uldp::experiment
