// The command's progress sink (uldp/progress.h): on a terminal's standard error only, and only
// once a task has run for a second, one line redrawn at most ten times a second:
//   reading m.csv: 45% [#########           ] 12.3 s, about 15 s left
// and cleared when the task ends. Piped or redirected output never sees it.
#pragma once

#include <string>

#include "uldp/progress.h"

namespace uldp::cli {

/// Installs the bar when standard error is a terminal (main() calls it; in-process runs do not).
void install_progress_bar();

/// The line drawn for `update` after `elapsed` seconds (without the carriage return).
std::string progress_line(const ProgressUpdate& update, double elapsed);

}  // namespace uldp::cli
