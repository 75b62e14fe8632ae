// uldp: the exact auditor for (utility-optimized) local differential privacy.
#include <string>
#include <vector>

#include "progress_bar.h"
#include "run_command_line.h"

int main(int argc, char** argv) {
  uldp::cli::install_progress_bar();  // only on a terminal's standard error
  return uldp::cli::run_command_line(std::vector<std::string>(argv + 1, argv + argc));
}
