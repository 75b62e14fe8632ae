// Running an experiment (all realizations, or one shard of them) and merging shards.
#pragma once

#include <cstddef>
#include <filesystem>
#include <vector>

#include "uldp/experiment/experiment.h"

namespace uldp::experiment {

/// One invocation of `uldp experiment NAME`.
struct RunRequest {
  const Experiment* experiment = nullptr;
  RunContext context;
  std::size_t shard = 1, shards = 1;  ///< run realizations r with r mod shards = shard - 1
  std::filesystem::path out;
  unsigned jobs = 2;  ///< worker threads over (setting, realization)
};

/// Runs the request and writes its files; returns the files written.
std::vector<std::filesystem::path> run_experiment(const RunRequest& request);

/// Merges the shard files found in `dirs` into `out` (the files of an unsharded run).
std::vector<std::filesystem::path> merge_experiment(const std::vector<std::filesystem::path>& dirs,
                                                    const std::filesystem::path& out);

/// The text that identifies a run's sizes and inputs (shards of one run share it).
std::string run_settings_text(const RunContext& context);

}  // namespace uldp::experiment
