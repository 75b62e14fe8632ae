// Reading a user-supplied mechanism matrix: delimited text (CSV, TSV, whitespace; one row per
// input, one column per output, optional row of output labels) or JSON ({"Q": [["3/7", ...],
// ...]} with optional "outputs", or a bare array of rows).
// Entries are exact: "3/7", "0.25" (exactly 1/4), "1e-3", "0x1.8p-2"; or, on request, each
// decimal is the binary64 double nearest to it. Every error names file:line:column.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <optional>
#include <variant>

#include "uldp/forms/bit_product_mechanism.h"
#include "uldp/forms/dense_mechanism.h"
#include "uldp/io/delimited_text.h"
#include "uldp/io/entry_reading.h"

namespace uldp {

/// Whether the first row of delimited text holds output labels.
enum class HeaderChoice {
  kDetect,  ///< labels iff no cell is a number (see parse_matrix_csv); anything else ambiguous
            ///< or broken is an error naming --header
  kYes,     ///< the first row is labels
  kNo,      ///< the first row is data
};

/// What decided that the first row is labels.
enum class HeaderSource {
  kFlag,      ///< --header yes
  kFileLine,  ///< a "# header: yes" comment line before it (what `uldp mechanism` writes)
  kDetected,  ///< detection: every cell is text, none a number
};

/// The row of output labels of a delimited file.
struct HeaderRow {
  std::size_t line = 0;  ///< where the labels are
  HeaderSource decided_by = HeaderSource::kDetected;
  std::size_t directive_line = 0;  ///< kFileLine: the line of "# header: yes"
};

/// How a delimited text file was split.
struct TextLayout {
  Delimiter delimiter = Delimiter::kComma;
  bool delimiter_detected = false;
  std::optional<HeaderRow> header;  ///< nullopt: the first row is data
};

/// A matrix with where each row came from, so later checks (row sums) can name the place.
struct MatrixFile {
  DenseMechanism matrix;
  std::string source;
  /// For row x: "line 4" (delimited text) or "Q[3]" (JSON).
  std::vector<std::string> row_locations;
  /// Delimited text: how it was split and whether a row was taken as labels; JSON: nullopt.
  std::optional<TextLayout> layout;
};

/// "JSON", or "comma-separated text (detected); line 2 holds the output labels (detected: no
/// cell is a number)": one line for reports, so no reading of the file is silent.
std::string describe_reading(const MatrixFile& file);

/// How a matrix file is read.
struct MatrixReadOptions {
  HeaderChoice header = HeaderChoice::kDetect;
  EntryReading reading = EntryReading::kExact;
  std::optional<Delimiter> delimiter = std::nullopt;  ///< nullopt: read off the first row
};

/// Reads a matrix from `path` ("-": standard input). JSON when the name ends in .json or the
/// text starts with '{' or '[', delimited text otherwise. Entries outside [0,1], ragged rows,
/// bad numbers and absurd sizes throw InputError; row sums are left to check_stochastic so that
/// a report can still be printed.
MatrixFile read_matrix_file(const std::string& path, const MatrixReadOptions& options = {});
/// Parses delimited text (comma, tab, semicolon or whitespace; RFC 4180 quotes; a UTF-8 BOM is
/// skipped); `source` names it in errors. The first row is labels when --header yes says so, or
/// a comment line "# header: yes" before it, or (detected) when it has two or more cells and
/// every one is text that is no number ("a", "h2", "{1,3}", "010": a digit string with a leading
/// zero is never a written number), or they are 0/1 strings of one width with a leading zero
/// somewhere ("00,01,10,11"). A first row with a number outside [0,1], a broken number
/// (NaN, infinity, "1e999999999"), an empty cell (pandas' index column), labels mixed with
/// probabilities, or increasing digit strings that could be either ("0,1") is an error (naming
/// --header yes only when the row could be labels: distinct cells, none a fraction such as
/// "-1e-17"): no row is ever dropped on a guess.
MatrixFile parse_matrix_csv(std::string_view text, const std::string& source,
                            const MatrixReadOptions& options = {});
/// Parses JSON text, {"Q": [[...], ...], "outputs": [...]} or a bare array of rows (numpy
/// tolist()); `source` names it in errors. Numbers keep their exact decimal value; a duplicate
/// key or a duplicate output label is an error.
MatrixFile parse_matrix_json(std::string_view text, const std::string& source,
                             const MatrixReadOptions& options = {});

/// A structured (product-of-bits) mechanism file, written as
/// {"structure": "unary", "bits": [{"one_if_on": "3/4", "one_if_off": "1/4"}, ...],
///  "protected_zero_bits": [...] (optional)} as `uldp mechanism --structured` prints it.
struct BitProductFile {
  BitProductMechanism q;
  /// The bits that are 0 in every protected output, if the file says.
  std::optional<std::vector<std::size_t>> protected_zero_bits;
};
/// A mechanism file: a dense matrix or a structured one.
using MechanismFile = std::variant<MatrixFile, BitProductFile>;
/// Parses JSON text that is either kind: {"bits": ...} (structured) or {"Q": ...} / [[...]]
/// (dense); an object with both "bits" and "Q" is an error.
MechanismFile parse_mechanism_json(std::string_view text, const std::string& source,
                                   const MatrixReadOptions& options = {});
/// Parses text of any accepted format: JSON (either kind) when it starts with '{' or '[',
/// otherwise delimited text (dense).
MechanismFile parse_mechanism_text(std::string_view text, const std::string& source,
                                   const MatrixReadOptions& options = {});
/// Reads either kind from `path` ("-": standard input); delimited text is always dense.
MechanismFile read_mechanism_file(const std::string& path, const MatrixReadOptions& options = {});

/// Upper bound on |X| * |Y| accepted from a file (absurd sizes are refused, not attempted): 2^23,
/// a 2896 x 2896 matrix of exact decimals, whose check takes about 1.6 GB (bench/extremes.sh;
/// an exact entry costs about 190 bytes through the check).
inline constexpr std::size_t kMaxMatrixEntries = std::size_t{1} << 23;

}  // namespace uldp
