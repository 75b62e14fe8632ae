// The per-pair loss matrix as a picture: a heatmap of ln L(x, x') (the ε each pair spends), row x
// and column x', drawn by gnuplot from a self-contained script (the data inline) written beside
// the picture so it can be restyled and re-run. `uldp check --pairs --plot FILE.png`.
#pragma once

#include <string>

#include "uldp/api/pair_loss.h"

namespace uldp::api {

/// The gnuplot script that draws `result` into `png_path` (pngcairo): colour ln L in doubles
/// (display only; the verdicts are exact), black where L is infinite or x gives no output of the
/// set, row 0 at the top.
std::string pair_heatmap_script(const PairLossResult& result, const std::string& png_path);

/// Where the script of a picture goes: PNG_PATH with ".gp" for ".png". Throws InvalidArgument
/// "--plot: ..." when the path does not end in .png, or when the script's path exists and is no
/// regular file (gnuplot reads the script back from it: a FIFO would wait for ever).
std::string pair_heatmap_script_path(const std::string& png_path);

/// Writes PNG_PATH's script to PNG_PATH with ".gp" for ".png" and runs gnuplot on it. Throws
/// InvalidArgument "--plot: ..." when the path does not end in .png, Error when gnuplot is not
/// installed or fails (naming the script).
void plot_pair_heatmap(const PairLossResult& result, const std::string& png_path);

}  // namespace uldp::api
