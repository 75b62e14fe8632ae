// Reading a user-supplied mechanism matrix: CSV (one row per input, one column per output,
// optional header of output labels) or JSON ({"Q": [["3/7", ...], ...]}, optional "outputs").
// Entries are exact: "3/7", "0.25" (exactly 1/4), "1e-3", "0x1.8p-2"; or, on request, each
// decimal is the binary64 double nearest to it. Every error names file:line:column.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <optional>
#include <variant>

#include "uldp/dense_mechanism.h"
#include "uldp/io/entry_reading.h"
#include "uldp/unary_mechanism.h"

namespace uldp {

/// A matrix with where each row came from, so later checks (row sums) can name the place.
struct MatrixFile {
  DenseMechanism matrix;
  std::string source;
  /// For row x: "line 4" (CSV) or "Q[3]" (JSON).
  std::vector<std::string> row_locations;
};

/// Whether the first CSV row holds output labels.
enum class HeaderChoice {
  kDetect,  ///< labels iff some cell cannot be a probability; an ambiguous row is an error
  kYes,     ///< the first row is labels
  kNo,      ///< the first row is data
};

/// How a matrix file is read.
struct MatrixReadOptions {
  HeaderChoice header = HeaderChoice::kDetect;
  EntryReading reading = EntryReading::kExact;
};

/// Reads a matrix from `path`; the format follows the extension (.json, else CSV). Entries
/// outside [0,1], ragged rows, bad numbers and absurd sizes throw InputError; row sums are
/// left to check_stochastic so that a report can still be printed.
MatrixFile read_matrix_file(const std::string& path, const MatrixReadOptions& options = {});
/// Parses CSV text; `source` names it in errors. Detected header: the first row is labels when
/// a cell is quoted, not a number, or a number outside [0,1] ("010"); a first row of increasing
/// digit strings that are all probabilities ("0,1") could be either and is an error naming
/// --header; a cell that looks like a number but does not read as one ("1e999999999") makes
/// the row neither and is an error, so no row is ever dropped.
MatrixFile parse_matrix_csv(std::string_view text, const std::string& source,
                            const MatrixReadOptions& options = {});
/// Parses JSON text; `source` names it in errors. Numbers keep their exact decimal value.
MatrixFile parse_matrix_json(std::string_view text, const std::string& source,
                             const MatrixReadOptions& options = {});

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
/// Parses JSON text that is either kind: {"bits": ...} (structured) or {"Q": ...} (dense).
MechanismFile parse_mechanism_json(std::string_view text, const std::string& source,
                                   const MatrixReadOptions& options = {});
/// Reads either kind; CSV files are always dense.
MechanismFile read_mechanism_file(const std::string& path, const MatrixReadOptions& options = {});

/// Upper bound on |X| * |Y| accepted from a file (absurd sizes are refused, not attempted).
inline constexpr std::size_t kMaxMatrixEntries = 50'000'000;

}  // namespace uldp
