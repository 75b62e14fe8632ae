// Reading a user-supplied mechanism matrix: CSV (one row per input, one column per output,
// optional header of output labels) or JSON ({"Q": [["3/7", ...], ...]}, optional "outputs").
// Entries are exact: "3/7", "0.25" (exactly 1/4), "1e-3". Every error names file:line:column.
#pragma once

#include <string>
#include <string_view>

#include "uldp/dense_mechanism.h"

namespace uldp {

/// Reads a matrix from `path`; the format follows the extension (.json, else CSV).
DenseMechanism read_matrix_file(const std::string& path);
/// Parses CSV text; `source` names it in errors.
DenseMechanism parse_matrix_csv(std::string_view text, const std::string& source);
/// Parses JSON text; `source` names it in errors.
DenseMechanism parse_matrix_json(std::string_view text, const std::string& source);

/// Upper bound on |X| * |Y| accepted from a file (absurd sizes are refused, not attempted).
inline constexpr std::size_t kMaxMatrixEntries = 50'000'000;

}  // namespace uldp
