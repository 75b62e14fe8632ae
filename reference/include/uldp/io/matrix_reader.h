// Reading a user-supplied mechanism matrix: CSV (one row per input, one column per output,
// optional header of output labels) or JSON ({"Q": [["3/7", ...], ...]}, optional "outputs").
// Entries are exact: "3/7", "0.25" (exactly 1/4), "1e-3". Every error names file:line:column.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <optional>
#include <variant>

#include "uldp/dense_mechanism.h"
#include "uldp/unary_mechanism.h"

namespace uldp {

/// A matrix with where each row came from, so later checks (row sums) can name the place.
struct MatrixFile {
  DenseMechanism matrix;
  std::string source;
  /// For row x: "line 4" (CSV) or "Q[3]" (JSON).
  std::vector<std::string> row_locations;
};

/// Reads a matrix from `path`; the format follows the extension (.json, else CSV). Entries
/// outside [0,1], ragged rows, bad numbers and absurd sizes throw InputError; row sums are
/// left to check_stochastic so that a report can still be printed.
MatrixFile read_matrix_file(const std::string& path);
/// Parses CSV text; `source` names it in errors. The first row is a header iff one of its
/// cells is quoted or is not a number (so numeric labels must be quoted: "0","1").
MatrixFile parse_matrix_csv(std::string_view text, const std::string& source);
/// Parses JSON text; `source` names it in errors. Numbers keep their exact decimal value.
MatrixFile parse_matrix_json(std::string_view text, const std::string& source);

/// A structured (product-of-bits) mechanism file, written as
/// {"structure": "unary", "bits": [{"one_if_on": "3/4", "one_if_off": "1/4"}, ...],
///  "protected_zero_bits": [...] (optional)} as `uldp mechanism --structured` prints it.
struct BitProductFile {
  UnaryMechanism q;
  /// The bits that are 0 in every protected output, if the file says.
  std::optional<std::vector<std::size_t>> protected_zero_bits;
};
/// A mechanism file: a dense matrix or a structured one.
using MechanismFile = std::variant<MatrixFile, BitProductFile>;
/// Reads either kind; CSV files are always dense.
MechanismFile read_mechanism_file(const std::string& path);

/// Upper bound on |X| * |Y| accepted from a file (absurd sizes are refused, not attempted).
inline constexpr std::size_t kMaxMatrixEntries = 50'000'000;

}  // namespace uldp
