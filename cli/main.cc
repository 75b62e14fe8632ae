// uldp: the exact auditor for (utility-optimized) local differential privacy.
#include <string>
#include <vector>

#include "run_command_line.h"

int main(int argc, char** argv) {
  return uldp::cli::run_command_line(std::vector<std::string>(argv + 1, argv + argc));
}
