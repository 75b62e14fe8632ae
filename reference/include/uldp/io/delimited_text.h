// Delimited text as people export it: comma CSV with or without RFC 4180 quotes, TSV,
// semicolon CSV and whitespace-separated columns (numpy savetxt), with or without a UTF-8 BOM,
// LF or CRLF. Splits it into records of cells, each with its line and column for error messages;
// blank lines and lines starting with '#' are skipped. The delimiter is given or read off the
// first record, and a first record that could be split two ways is an error naming --delimiter.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace uldp {

/// What separates the cells of a record.
enum class Delimiter {
  kComma,
  kTab,
  kSemicolon,
  kWhitespace,  ///< runs of spaces and tabs (numpy savetxt's default)
};

/// "comma", "tab", "semicolon", "whitespace": the values of --delimiter.
std::string_view delimiter_name(Delimiter delimiter);
/// The delimiter named by `name` (a --delimiter value); throws InvalidArgument naming `flag`.
Delimiter parse_delimiter(std::string_view name, std::string_view flag);

/// One cell: its text with quotes removed ("" inside quotes read as ").
struct TextCell {
  std::string text;
  std::size_t line = 0;    ///< 1-based line where the cell starts
  std::size_t column = 0;  ///< 1-based byte column where the cell starts
  bool quoted = false;
};

/// One record (usually one line; a quoted cell may span lines).
struct TextRecord {
  std::size_t line = 0;
  std::vector<TextCell> cells;
};

/// A comment line before the first record: its line number and its text after '#', trimmed.
struct LeadingComment {
  std::size_t line = 0;
  std::string text;
};

/// Reads records one at a time from text it does not own (keep `text` alive).
class DelimitedText {
 public:
  /// Skips a UTF-8 BOM; refuses UTF-16 text. Detects the delimiter when none is given.
  DelimitedText(std::string_view text, std::string source, std::optional<Delimiter> delimiter);
  /// Reads `text` on from byte `offset`, the start of line `line`, with a known delimiter (how a
  /// reader that split the text itself re-reads one record to report on it).
  DelimitedText(std::string_view text, std::string source, Delimiter delimiter, std::size_t offset,
                std::size_t line);

  Delimiter delimiter() const { return delimiter_; }
  /// Whether the delimiter was read off the text (not given).
  bool delimiter_detected() const { return detected_; }
  /// The comment lines before the first record, in order.
  const std::vector<LeadingComment>& leading_comments() const { return leading_comments_; }
  /// The next record, or nullopt at the end. Throws InputError on an unterminated quote, text
  /// after a closing quote, or a line longer than kMaxTextLine (uldp/input_limits.h), before any
  /// cell of it is kept.
  std::optional<TextRecord> next();
  /// Where the next record is looked for: its byte offset and line.
  std::size_t offset() const { return pos_; }
  std::size_t line() const { return line_; }

 private:
  void skip_blank_and_comment_lines(bool record_comments);
  Delimiter detect_delimiter() const;
  TextCell read_cell();
  bool at_line_end() const;

  std::string_view text_;
  std::string source_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
  std::size_t line_start_ = 0;  // byte offset where the current line starts
  Delimiter delimiter_ = Delimiter::kComma;
  bool detected_ = false;
  std::vector<LeadingComment> leading_comments_;
};

}  // namespace uldp
