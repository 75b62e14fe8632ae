// The experiments that reproduce the paper's evaluation (Section 6, Appendix E.3): one
// registry of `Experiment` values, each a list of settings and a function that runs one setting
// for one realization. The command, sharding, merging and plotting never branch on a name.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "uldp/experiment/datasets.h"

namespace uldp::experiment {

/// Sizes of a run: the defaults, `--full` (the paper's) or the user's overrides.
struct Sizes {
  std::uint64_t census_users = 0;    ///< n for the census-like data
  std::uint64_t location_users = 0;  ///< n for the location-like data
  std::size_t realizations = 1;
  std::vector<double> eps;  ///< the ε grid of the ε-sweeps
};

/// Everything a run needs besides the realization: data sets, sizes, seed, mechanisms.
struct RunContext {
  Sizes sizes;
  std::uint64_t seed = 0;
  std::vector<std::string> mechanisms;  ///< registry names, in plot order
  DataSources sources;                  ///< real files, if given
};

/// One setting: the key columns (data set, panel, mechanism, x, ...) as text.
struct Setting {
  std::vector<std::string> keys;
};

/// One output row of one realization: the setting's keys plus the estimator, and the values.
struct Row {
  std::vector<std::string> keys;  ///< setting keys followed by the estimator (or the row's label)
  std::vector<double> values;
};

/// A figure the experiment draws from its mean CSV (one PNG and one SVG).
struct Figure {
  std::string file_stem;                   ///< "eps-tv" -> eps-tv.png / eps-tv.svg
  std::string value_column;                ///< which value the y axis shows ("tv", "mse", ...)
  std::string y_label;                     ///< "TV"
  std::string x_column;                    ///< the key on the x axis ("eps")
  std::vector<std::string> panel_columns;  ///< one panel per value combination; last = columns
  bool log_x = true;
  bool log_y = true;
  bool mark_ln_k = false;                   ///< a vertical line at eps = ln|X| (key column "k")
  std::string series_column = "mechanism";  ///< one line per value
};

/// One registered experiment.
struct Experiment {
  std::string_view name;
  std::string_view reproduces;    ///< "Figures 5 and 10: ε vs TV and MSE (common mechanism)"
  std::string_view default_size;  ///< in words, for --list
  std::string_view full_size;
  std::vector<std::string> key_columns;    ///< names of Row::keys
  std::vector<std::string> value_columns;  ///< names of Row::values
  std::function<Sizes(bool full)> sizes;
  std::vector<std::string> default_mechanisms;
  std::function<std::vector<Setting>(const RunContext&)> settings;
  /// Runs setting `index` of `settings(context)` for realization r.
  std::function<std::vector<Row>(const RunContext&, const Setting&, std::size_t index,
                                 std::size_t realization)>
      run;
  std::vector<Figure> figures;
  bool deterministic = true;  ///< false for timings: run on one thread; merge works, values vary
};

/// Every experiment, in --list order.
std::span<const Experiment> experiments();
/// The experiment named `name`; throws InvalidArgument listing the names otherwise.
const Experiment& find_experiment(std::string_view name);

/// A 64-bit seed for a stream, mixed from the run's seed and stream labels (splitmix64).
std::uint64_t stream_seed(std::uint64_t seed, std::uint64_t a, std::uint64_t b = 0,
                          std::uint64_t c = 0);

}  // namespace uldp::experiment
