// The figures of an experiment as self-contained gnuplot scripts (data inline), rendered to
// PNG and SVG when gnuplot is on PATH.
#pragma once

#include <filesystem>
#include <vector>

#include "uldp/experiment/experiment.h"
#include "uldp/experiment/results.h"

namespace uldp::experiment {

/// Writes DIR/STEM.gp for every figure; runs gnuplot on them if it is installed (returns false
/// when it is not, after saying so in one line on stderr).
bool write_plots(const std::filesystem::path& dir, const Experiment& experiment,
                 const std::vector<MeanRow>& rows);

}  // namespace uldp::experiment
