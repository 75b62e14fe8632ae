#include "uldp/api/run_length.h"

namespace uldp::api {

std::string run_length(const std::vector<std::string>& values) {
  std::string out = "(";
  for (std::size_t i = 0; i < values.size();) {
    std::size_t j = i;
    while (j + 1 < values.size() && values[j + 1] == values[i]) ++j;
    out += (i ? ", " : "") + values[i] + (j > i ? " x" + std::to_string(j - i + 1) : "");
    i = j + 1;
  }
  return out + ")";
}

}  // namespace uldp::api
