// Run-length text for long vectors: "(0 x15, 1/610 x610)" keeps a distribution over thousands
// of symbols readable.
#pragma once

#include <string>
#include <vector>

namespace uldp::api {

/// "(a x3, b, c x2)": equal neighbours collapsed with their count.
std::string run_length(const std::vector<std::string>& values);

}  // namespace uldp::api
