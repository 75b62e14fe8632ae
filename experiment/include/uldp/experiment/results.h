// The CSV files of an experiment: per-realization rows (exact to 17 digits, so they read back
// bit for bit), shard files, their merge, and the means over realizations.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "uldp/experiment/experiment.h"

namespace uldp::experiment {

/// A row with the index of its setting and its realization.
struct RealizationRow {
  std::size_t setting = 0;
  std::size_t realization = 0;
  Row row;
};

/// What identifies a run: merged shards must agree on it (the shard itself aside).
struct RunHeader {
  std::string experiment;
  std::string settings;  ///< seed, sizes, mechanisms, data sources, as one text
  std::size_t shard = 1, shards = 1;
};

/// Writes "# uldp experiment ..." and the CSV of rows (sorted by setting, realization).
void write_realizations(const std::filesystem::path& path, const Experiment& experiment,
                        const RunHeader& header, std::vector<RealizationRow> rows);
/// Reads a file written by write_realizations; errors name file:line.
std::vector<RealizationRow> read_realizations(const std::filesystem::path& path,
                                              const Experiment& experiment, RunHeader& header);
/// The experiment named in a realization file's first line.
std::string experiment_of(const std::filesystem::path& path);

/// One row of the means: the keys, the number of realizations and the mean of every value.
struct MeanRow {
  std::size_t setting = 0;
  std::vector<std::string> keys;
  std::size_t realizations = 0;
  std::vector<double> values;
};
/// Means over realizations, per setting and row label, in setting order.
std::vector<MeanRow> means(std::vector<RealizationRow> rows);
/// Writes the means as CSV (keys, realizations, values).
void write_means(const std::filesystem::path& path, const Experiment& experiment,
                 const std::vector<MeanRow>& rows);

}  // namespace uldp::experiment
