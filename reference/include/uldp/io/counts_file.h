// The report counts `uldp golden --from-counts FILE` takes from another library's tests: one
// count per line ('#' comments; bit vectors also need a line "n=N" or "# counts n=N"), or JSON:
// an array of counts, an array of such arrays (one case each), or for bit vectors
// {"n": N, "ones": [...]} or an array of those.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace uldp {

/// One case of report counts: a histogram (symbols) or n and per-bit counts of ones.
struct CountsCase {
  std::vector<std::uint64_t> counts;
  std::uint64_t n = 0;  ///< bit vectors: number of reports (symbols: the sum of counts)
};

/// The cases in `text` (either format) for k symbols or bits; `source` names it in errors. Throws
/// InputError naming the source and, for the line format, line and column.
std::vector<CountsCase> parse_counts(std::string_view text, const std::string& source,
                                     std::size_t k, bool bit_vectors);

}  // namespace uldp
