#include "uldp/io/matrix_reader.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <set>
#include <string_view>

#include <nlohmann/json.hpp>

#include "internal/binary64_rows.h"
#include "uldp/arithmetic/binary64.h"
#include "uldp/arithmetic/probability.h"
#include "uldp/error.h"
#include "uldp/io/input_text.h"
#include "uldp/progress.h"
#include "unique_key_sax.h"

namespace uldp {
namespace {

using nlohmann::json;

// A probability from an entry's text under `reading`, or the reason it is not one.
Rational probability_at(const std::string& text, EntryReading reading, const std::string& source,
                        std::size_t line, std::size_t column) {
  Rational value;
  try {
    value = read_entry(text, reading, "entry");
  } catch (const InvalidArgument& e) {
    throw InputError(source, line, column, e.what());
  }
  if (!is_probability(value)) {
    throw InputError(
        source, line, column,
        "entry " + message_excerpt(to_string(value)) + " is a probability outside [0,1]");
  }
  return value;
}

// What a cell of the first row can be when nobody said whether it is labels.
enum class FirstRowCell {
  kProbability,   // a number in [0,1]: data, or a digit label such as "0" or "1"
  kOtherNumber,   // a number outside [0,1] ("2"): an exporter's bug or a label; not guessed
  kBrokenNumber,  // looks like a number and does not read as one ("1e999999999", "nan")
  kEmpty,         // an empty cell: pandas' index column, or a missing entry
  kText,          // text that is no number ("a", "h2", "{1,3}", "010"): a label
};

bool digits_only(std::string_view text) {
  return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == y;
         });
}

// Whether `text` has the shape of a number (decimal with exponent, a/b, hex float, NaN or
// infinity as printf and numpy write them) whatever its size: such a cell that does not read is
// a broken number, not a label ("1-2" is a label).
bool looks_numeric(std::string_view text) {
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) text.remove_prefix(1);
  for (std::string_view special : {"nan", "inf", "infinity"}) {
    if (equals_ignoring_case(text, special)) return true;
  }
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    return text.find_first_not_of("0123456789abcdefABCDEF.pP+-", 2) == std::string_view::npos;
  }
  if (const auto slash = text.find('/'); slash != std::string_view::npos) {
    return digits_only(text.substr(0, slash)) && digits_only(text.substr(slash + 1));
  }
  std::string_view mantissa = text;
  if (const auto e = text.find_first_of("eE"); e != std::string_view::npos) {
    mantissa = text.substr(0, e);
    std::string_view exponent = text.substr(e + 1);
    if (!exponent.empty() && (exponent[0] == '+' || exponent[0] == '-')) exponent.remove_prefix(1);
    if (!digits_only(exponent)) return false;
  }
  const auto dot = mantissa.find('.');
  if (dot == std::string_view::npos) return digits_only(mantissa);
  const std::string_view whole = mantissa.substr(0, dot), fraction = mantissa.substr(dot + 1);
  return (whole.empty() || digits_only(whole)) && (fraction.empty() || digits_only(fraction)) &&
         !(whole.empty() && fraction.empty());
}

FirstRowCell classify_first_row_cell(const TextCell& cell, EntryReading reading, std::string& why) {
  if (cell.text.empty()) return FirstRowCell::kEmpty;
  // "010", "00": no program writes a number with a leading zero, so these are bit-string labels.
  if (cell.text.size() > 1 && cell.text[0] == '0' && digits_only(cell.text))
    return FirstRowCell::kText;
  try {
    const Rational value = read_entry(cell.text, reading, "entry");
    if (is_probability(value)) return FirstRowCell::kProbability;
    why = "entry " + message_excerpt(to_string(value)) + " is a probability outside [0,1]";
    return FirstRowCell::kOtherNumber;
  } catch (const InvalidArgument& e) {
    why = e.what();
    return looks_numeric(cell.text) ? FirstRowCell::kBrokenNumber : FirstRowCell::kText;
  }
}

std::string row_text(const TextRecord& record) {
  std::string text;
  for (const TextCell& c : record.cells) text += (text.empty() ? "" : ",") + c.text;
  return text;
}

// Detection: whether the first row is labels. Only a row of two or more cells of text that is
// no number is; a row of probabilities is data; anything else is an error naming --header.
// "000,001,010,011": 0/1 strings of one width >= 2, one with a leading zero. No program writes
// numbers zero-padded, so these are bit-vector labels (RAPPOR's outputs), not a row of numbers.
bool fixed_width_bit_strings(const TextRecord& record) {
  const std::size_t width = record.cells.front().text.size();
  bool leading_zero = false;
  for (const TextCell& c : record.cells) {
    if (c.text.size() != width || c.text.find_first_not_of("01") != std::string::npos) return false;
    leading_zero = leading_zero || c.text[0] == '0';
  }
  return width >= 2 && leading_zero && record.cells.size() >= 2;
}

// Whether the row could be output labels: distinct cells, none a number that is not whole (a label
// reads "b", "7" or "010", never "0.5" or "-1e-17"). Only then does an error suggest --header yes.
bool can_be_labels(const TextRecord& record, EntryReading reading) {
  std::set<std::string_view> seen;
  for (const TextCell& c : record.cells) {
    if (!seen.insert(c.text).second) return false;
    try {
      if (denominator(read_entry(c.text, reading, "entry")) != 1) return false;
    } catch (const InvalidArgument&) {  // no number: text, a label
    }
  }
  return true;
}

bool detect_header(const TextRecord& record, EntryReading reading, const std::string& source) {
  const std::size_t line = record.line;
  if (fixed_width_bit_strings(record)) return true;
  const std::string yes =
      can_be_labels(record, reading) ? " (pass --header yes if it is a row of labels)" : "";
  bool some_text = false, some_probability = false;
  const TextCell* first_text = nullptr;
  const TextCell* first_probability = nullptr;
  const TextCell* first_empty = nullptr;
  for (const TextCell& c : record.cells) {
    std::string why;
    switch (classify_first_row_cell(c, reading, why)) {
      case FirstRowCell::kBrokenNumber:
      case FirstRowCell::kOtherNumber:
        throw InputError(source, line, c.column,
                         "the first row is neither data nor labels: " + why + yes);
      case FirstRowCell::kEmpty:
        if (!first_empty) first_empty = &c;
        break;
      case FirstRowCell::kText:
        some_text = true;
        if (!first_text) first_text = &c;
        break;
      case FirstRowCell::kProbability:
        some_probability = true;
        if (!first_probability) first_probability = &c;
        break;
    }
  }
  if (first_empty) {
    if (first_empty == &record.cells.front() && record.cells.size() > 1) {
      throw InputError(source, line, first_empty->column,
                       "the first row starts with an empty cell, as pandas to_csv writes its "
                       "index column: write the file with index=False (or drop the first column)");
    }
    throw InputError(source, line, first_empty->column,
                     some_probability ? "the first row has an empty cell, neither a probability "
                                        "nor a label"
                                      : "empty output label");
  }
  if (some_text && some_probability) {
    throw InputError(source, line, first_text->column,
                     "the first row mixes text ('" + message_excerpt(first_text->text) +
                         "') with probabilities ('" + message_excerpt(first_probability->text) +
                         "'): a broken row of data or labels that look like numbers" + yes);
  }
  if (some_text) {
    if (record.cells.size() == 1) {
      throw InputError(source, line, 1,
                       "the first row is one cell of text, '" +
                           message_excerpt(record.cells[0].text) + "': a broken entry or a label" +
                           yes);
    }
    return true;
  }
  // Every cell is a probability. Increasing digit strings ("0,1") are also what an exporter
  // writes as output labels, so such a row could be either.
  if (record.cells.size() < 2) return false;
  for (std::size_t i = 0; i < record.cells.size(); ++i) {
    if (!digits_only(record.cells[i].text)) return false;
    if (i > 0 && !(record.cells[i - 1].text < record.cells[i].text)) return false;
  }
  throw InputError(source, line, 1,
                   "the first row '" + message_excerpt(row_text(record)) +
                       "' could be output labels or a row of probabilities; pass --header yes "
                       "or --header no");
}

// "# header: yes" / "# header: no" before the first row, as `uldp mechanism --format csv` writes.
std::optional<std::pair<bool, std::size_t>> header_directive(const DelimitedText& text) {
  for (const LeadingComment& c : text.leading_comments()) {
    if (c.text == "header: yes") return std::pair{true, c.line};
    if (c.text == "header: no") return std::pair{false, c.line};
  }
  return std::nullopt;
}

// Whether the first row is labels, and what decided it (nullopt: data).
std::optional<HeaderRow> decide_header(const TextRecord& first, const DelimitedText& text,
                                       const MatrixReadOptions& options,
                                       const std::string& source) {
  const auto directive = header_directive(text);
  if (directive && options.header != HeaderChoice::kDetect &&
      directive->first != (options.header == HeaderChoice::kYes)) {
    throw InputError(source, directive->second, 1,
                     std::string("'# header: ") + (directive->first ? "yes" : "no") +
                         "' contradicts --header " +
                         (options.header == HeaderChoice::kYes ? "yes" : "no"));
  }
  if (options.header != HeaderChoice::kDetect) {
    if (options.header == HeaderChoice::kNo) return std::nullopt;
    return HeaderRow{first.line, HeaderSource::kFlag, 0};
  }
  if (directive) {
    if (!directive->first) return std::nullopt;
    return HeaderRow{first.line, HeaderSource::kFileLine, directive->second};
  }
  if (!detect_header(first, options.reading, source)) return std::nullopt;
  return HeaderRow{first.line, HeaderSource::kDetected, 0};
}

std::vector<std::string> header_labels(const TextRecord& record, const std::string& source) {
  std::vector<std::string> labels;
  for (const TextCell& c : record.cells) {
    if (c.text.empty()) {
      if (&c == &record.cells.front() && record.cells.size() > 1) {
        throw InputError(source, record.line, c.column,
                         "empty output label: pandas to_csv writes its index column so; write "
                         "the file with index=False (or drop the first column)");
      }
      throw InputError(source, record.line, c.column, "empty output label");
    }
    labels.push_back(c.text);
  }
  std::vector<std::string> sorted = labels;
  std::sort(sorted.begin(), sorted.end());
  if (const auto twice = std::adjacent_find(sorted.begin(), sorted.end()); twice != sorted.end()) {
    throw InputError(source, record.line, 1,
                     "output label '" + message_excerpt(*twice) + "' appears twice");
  }
  return labels;
}

void check_entry_count(std::size_t rows, std::size_t columns, const std::string& source) {
  if (columns != 0 && rows > kMaxMatrixEntries / columns) {
    throw InputError(source, "matrix of " + std::to_string(rows) + " x " + std::to_string(columns) +
                                 " entries exceeds the limit of " +
                                 std::to_string(kMaxMatrixEntries));
  }
}

// Builds the DOM but keeps every JSON number as the exact text it was written as, and refuses a
// duplicate key (JSON readers differ on which of the two counts, so the file means two things).
// The entries of the rows (values of an array in an array: {"Q": [[...]]} or [[...]]) and the
// "bits" of a structured file are counted as they are parsed, and refused past kMaxMatrixEntries
// before the tree holds them.
class ExactNumberSax : public internal::UniqueKeySax {
 public:
  ExactNumberSax(json& root, const std::string& source)
      : UniqueKeySax(root, source, "invalid JSON",
                     [this, &source](const std::vector<Frame>& frames) { count(frames, source); }) {
  }
  bool number_float(json::number_float_t, const json::string_t& raw) {
    json::string_t copy = raw;
    return UniqueKeySax::string(copy);
  }
  bool number_integer(json::number_integer_t value) {
    json::string_t text = std::to_string(value);
    return UniqueKeySax::string(text);
  }
  bool number_unsigned(json::number_unsigned_t value) {
    json::string_t text = std::to_string(value);
    return UniqueKeySax::string(text);
  }

 private:
  void count(const std::vector<Frame>& frames, const std::string& source) {
    const std::size_t depth = frames.size();
    if (depth >= 2 && frames[depth - 1].array && frames[depth - 2].array &&
        ++entries_ > kMaxMatrixEntries) {
      throw InputError(source, "Q[" + std::to_string(frames[depth - 2].elements - 1) + "][" +
                                   std::to_string(frames[depth - 1].elements - 1) +
                                   "]: more than " + std::to_string(kMaxMatrixEntries) +
                                   " entries, the limit of a matrix file");
    }
    if (depth == 2 && !frames[0].array && frames[0].key == "bits" && frames[1].array &&
        frames[1].elements > kMaxMatrixEntries) {
      throw InputError(source, "bits[" + std::to_string(frames[1].elements - 1) + "]: more than " +
                                   std::to_string(kMaxMatrixEntries) +
                                   " bits, the limit of a matrix file");
    }
  }

  std::size_t entries_ = 0;
};

std::pair<std::size_t, std::size_t> line_and_column(std::string_view text, std::size_t byte) {
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return {line, column};
}

}  // namespace

namespace {

// One data row as the general reading takes it: its size, the size limit (`row` is its index
// among the data rows), then each entry in order.
void read_row(const TextRecord& record, std::size_t row, std::size_t columns, EntryReading reading,
              const std::string& source, std::vector<Rational>& entries) {
  if (record.cells.size() != columns) {
    throw InputError(source, record.line, 1,
                     "row has " + std::to_string(record.cells.size()) + " entries, expected " +
                         std::to_string(columns));
  }
  if (columns != 0 && row + 1 > kMaxMatrixEntries / columns) {
    throw InputError(source, record.line, 1,
                     "row " + std::to_string(row + 1) + " of " + std::to_string(columns) +
                         " entries takes the matrix past " + std::to_string(kMaxMatrixEntries) +
                         " entries, the limit of a matrix file");
  }
  for (const TextCell& c : record.cells)
    entries.push_back(probability_at(c.text, reading, source, c.line, c.column));
}

// The general reading: every entry a rational.
MatrixFile parse_csv_rationals(std::string_view text, const std::string& source,
                               const MatrixReadOptions& options) {
  DelimitedText records(text, source, options.delimiter);
  TextLayout layout{records.delimiter(), records.delimiter_detected(), std::nullopt};
  std::vector<std::string> labels;
  std::vector<Rational> entries;
  std::vector<std::string> locations;
  std::size_t columns = 0;
  bool first_row = true;
  ProgressTask progress("reading " + source,
                        static_cast<std::uint64_t>(std::count(text.begin(), text.end(), '\n')));
  while (std::optional<TextRecord> record = records.next()) {
    progress.set_done(record->line);
    if (first_row) {
      first_row = false;
      columns = record->cells.size();
      layout.header = decide_header(*record, records, options, source);
      if (layout.header) {
        labels = header_labels(*record, source);
        continue;
      }
    }
    read_row(*record, locations.size(), columns, options.reading, source, entries);
    locations.push_back("line " + std::to_string(record->line));
  }
  if (locations.empty()) throw InputError(source, "no matrix rows found");
  if (labels.empty()) labels = DenseMechanism::index_labels(columns);
  const std::size_t rows = locations.size();
  return {DenseMechanism(rows, std::move(labels), std::move(entries)), source, std::move(locations),
          layout};
}

// With --binary64, when every entry is a binary64 value (every decimal is): the same matrix as
// parse_csv_rationals, and the same error for the same first bad line, with the entries kept as
// binary64 patterns and the data rows read by internal::read_binary64_rows. nullopt when the
// general reading is needed (quotes after the first row, an entry such as 1/3).
std::optional<MatrixFile> parse_csv_binary64(std::string_view text, const std::string& source,
                                             const MatrixReadOptions& options) {
  DelimitedText records(text, source, options.delimiter);
  TextLayout layout{records.delimiter(), records.delimiter_detected(), std::nullopt};
  const std::optional<TextRecord> first = records.next();
  if (!first) throw InputError(source, "no matrix rows found");
  const std::size_t columns = first->cells.size();
  layout.header = decide_header(*first, records, options, source);
  std::vector<std::string> labels;
  std::vector<std::uint64_t> first_row;
  if (layout.header) {
    labels = header_labels(*first, source);
  } else {
    std::vector<Rational> values;
    read_row(*first, 0, columns, options.reading, source, values);
    for (const Rational& value : values) {
      const auto bits = binary64_bits(value);
      if (!bits) return std::nullopt;
      first_row.push_back(*bits);
    }
  }
  if (text.find('"', records.offset()) != std::string_view::npos) return std::nullopt;
  const std::size_t leading = first_row.empty() ? 0 : 1;
  // Rows 0 .. limit - 1 (counting the first) fit in kMaxMatrixEntries; row `limit` is refused.
  const std::size_t limit = kMaxMatrixEntries / columns;
  internal::Binary64RowsRequest request;
  request.offset = records.offset();
  request.line = records.line();
  request.delimiter = layout.delimiter;
  request.columns = columns;
  request.leading_rows = leading;
  request.max_rows = limit - leading;
  internal::Binary64Rows rows = internal::read_binary64_rows(text, source, request);
  if (rows.untaken) {
    // The general reading of that line throws its error (the first in the file), or shows that
    // the line is good but not binary64 (or the file has rows beyond the limit: it throws).
    DelimitedText again(text, source, layout.delimiter, rows.untaken->offset, rows.untaken->line);
    std::vector<Rational> scratch;
    read_row(*again.next(), leading + rows.untaken->row, columns, options.reading, source, scratch);
    return std::nullopt;
  }
  std::copy(first_row.begin(), first_row.end(), rows.entries.begin());
  std::vector<std::string> locations;
  if (leading) locations.push_back("line " + std::to_string(first->line));
  for (std::size_t line : rows.lines) locations.push_back("line " + std::to_string(line));
  if (locations.empty()) throw InputError(source, "no matrix rows found");
  if (labels.empty()) labels = DenseMechanism::index_labels(columns);
  const std::size_t count = locations.size();
  return MatrixFile{
      DenseMechanism::from_binary64(count, std::move(labels), std::move(rows.entries)), source,
      std::move(locations), layout};
}

}  // namespace

MatrixFile parse_matrix_csv(std::string_view text, const std::string& source,
                            const MatrixReadOptions& options) {
  if (options.reading == EntryReading::kBinary64) {
    if (std::optional<MatrixFile> file = parse_csv_binary64(text, source, options))
      return std::move(*file);
  }
  return parse_csv_rationals(text, source, options);
}

std::string describe_reading(const MatrixFile& file) {
  if (!file.layout) return "JSON";
  const TextLayout& layout = *file.layout;
  std::string text = std::string(delimiter_name(layout.delimiter)) + "-separated text (" +
                     (layout.delimiter_detected ? "detected" : "--delimiter") + ")";
  if (!layout.header) return text + "; every row is data";
  text += "; line " + std::to_string(layout.header->line) + " holds the output labels (";
  switch (layout.header->decided_by) {
    case HeaderSource::kFlag:
      return text + "--header yes)";
    case HeaderSource::kFileLine:
      return text + "the file's '# header: yes', line " +
             std::to_string(layout.header->directive_line) + ")";
    case HeaderSource::kDetected:
      return text + "detected: its cells are labels, not numbers)";
  }
  return text + ")";
}

namespace {

// nlohmann's "[...] parse error at line 1, column 5: syntax error ...; last read: 'TOKEN';
// expected ']'" without its prefix, the token cut (it can be a million-digit number).
std::string json_parse_message(const std::string& what) {
  std::string message = what;
  if (const auto place = what.find(", column "); place != std::string::npos) {
    if (const auto colon = what.find(": ", place); colon != std::string::npos) {
      message = what.substr(colon + 2);
    }
  }
  const std::string opening = "last read: '";
  const auto start = message.find(opening);
  if (start == std::string::npos) return message;
  const auto token = start + opening.size();
  auto end = message.rfind("'; expected");
  if (end == std::string::npos || end < token) end = message.rfind('\'');
  if (end == std::string::npos || end < token) return message.substr(0, token) + "...'";
  return message.substr(0, token) + message_excerpt(message.substr(token, end - token)) +
         message.substr(end);
}

json parse_json_exact(std::string_view text, const std::string& source) {
  json root;
  ExactNumberSax sax(root, source);
  try {
    json::sax_parse(text, &sax);
  } catch (const json::parse_error& e) {
    const auto [line, column] = line_and_column(text, e.byte == 0 ? 0 : e.byte - 1);
    throw InputError(source, line, column, "invalid JSON: " + json_parse_message(e.what()));
  } catch (const json::out_of_range& e) {
    // nlohmann refuses a number whose double overflows before the exact reading sees its text.
    std::string what = e.what();
    const auto open = what.find('\'');
    const auto close = what.rfind('\'');
    const std::string number =
        open != std::string::npos && close > open ? what.substr(open + 1, close - open - 1) : "";
    throw InputError(source, "invalid JSON: the number " + message_excerpt(number) +
                                 " overflows a double; write it as a string, \"" +
                                 message_excerpt(number) + "\", to have it read exactly");
  }
  return root;
}

Rational json_probability(const json& value, EntryReading reading, const std::string& source,
                          const std::string& where) {
  if (!value.is_string()) throw InputError(source, where + " is not a number or a string");
  Rational p;
  try {
    p = read_entry(value.get<std::string>(), reading, "entry");
  } catch (const InvalidArgument& e) {
    throw InputError(source, where + ": " + e.what());
  }
  if (!is_probability(p)) {
    throw InputError(source, where + ": entry " + message_excerpt(to_string(p)) +
                                 " is a probability outside [0,1]");
  }
  return p;
}

MechanismFile parse_unary_json(const json& root, EntryReading reading, const std::string& source) {
  const json& bits = root["bits"];
  if (!bits.is_array() || bits.empty())
    throw InputError(source, "\"bits\" must be a non-empty array");
  if (bits.size() > kMaxMatrixEntries) {
    throw InputError(source, "\"bits\" has " + std::to_string(bits.size()) +
                                 " entries, more than the limit of " +
                                 std::to_string(kMaxMatrixEntries));
  }
  std::vector<BitChannel> channels;
  for (std::size_t j = 0; j < bits.size(); ++j) {
    const std::string where = "bits[" + std::to_string(j) + "]";
    if (!bits[j].is_object() || !bits[j].contains("one_if_on") || !bits[j].contains("one_if_off")) {
      throw InputError(source, where + " must be {\"one_if_on\": p, \"one_if_off\": q}");
    }
    channels.push_back(
        {json_probability(bits[j]["one_if_on"], reading, source, where + ".one_if_on"),
         json_probability(bits[j]["one_if_off"], reading, source, where + ".one_if_off")});
  }
  BitProductFile file{BitProductMechanism(std::move(channels)), std::nullopt};
  if (root.contains("protected_zero_bits")) {
    const json& zero = root["protected_zero_bits"];
    if (!zero.is_array()) throw InputError(source, "\"protected_zero_bits\" must be an array");
    if (zero.size() > bits.size()) {
      throw InputError(source, "\"protected_zero_bits\" lists " + std::to_string(zero.size()) +
                                   " indices, more than the " + std::to_string(bits.size()) +
                                   " bits");
    }
    std::vector<std::size_t> indices;
    for (std::size_t i = 0; i < zero.size(); ++i) {
      // Numbers arrive as their text; only a plain decimal integer is a bit index.
      const std::string text = zero[i].is_string() ? zero[i].get<std::string>() : zero[i].dump();
      const std::string where = "protected_zero_bits[" + std::to_string(i) + "]";
      if (!digits_only(text) || text.size() > 19) {
        throw InputError(source, where + ": '" + message_excerpt(text) + "' is not a bit index");
      }
      const std::size_t index = std::stoull(text);
      if (index >= bits.size()) {
        throw InputError(source, where + ": bit " + text + " is out of range 0.." +
                                     std::to_string(bits.size() - 1));
      }
      if (std::find(indices.begin(), indices.end(), index) != indices.end()) {
        throw InputError(source, where + ": bit " + text + " is listed twice");
      }
      indices.push_back(index);
    }
    file.protected_zero_bits = std::move(indices);
  }
  return file;
}

MatrixFile dense_from_json(const json& root, EntryReading reading, const std::string& source) {
  // {"Q": rows, "outputs": labels} or a bare array of rows (numpy's tolist()).
  if (!root.is_array() && !(root.is_object() && root.contains("Q"))) {
    throw InputError(source,
                     "expected an object with a \"Q\" member: {\"Q\": [[\"3/7\", ...], ...]}, "
                     "or an array of rows");
  }
  const json& q = root.is_array() ? root : root["Q"];
  if (!q.is_array() || q.empty())
    throw InputError(source, "\"Q\" must be a non-empty array of rows");
  const std::size_t rows = q.size();
  std::size_t columns = 0;
  std::vector<Rational> entries;
  std::vector<std::string> locations;
  for (std::size_t x = 0; x < rows; ++x) {
    const std::string where = "Q[" + std::to_string(x) + "]";
    if (!q[x].is_array()) throw InputError(source, where + " is not an array");
    if (x == 0) {
      columns = q[x].size();
      if (columns == 0) throw InputError(source, "Q[0] is empty");
      check_entry_count(rows, columns, source);
      entries.reserve(rows * columns);
    }
    if (q[x].size() != columns) {
      throw InputError(source, where + " has " + std::to_string(q[x].size()) +
                                   " entries, expected " + std::to_string(columns));
    }
    for (std::size_t y = 0; y < columns; ++y) {
      entries.push_back(
          json_probability(q[x][y], reading, source, where + "[" + std::to_string(y) + "]"));
    }
    locations.push_back(where);
  }
  std::vector<std::string> labels;
  if (root.is_object() && root.contains("outputs")) {
    const json& out = root["outputs"];
    if (!out.is_array() || out.size() != columns) {
      throw InputError(source,
                       "\"outputs\" must be an array of " + std::to_string(columns) + " labels");
    }
    for (const json& label : out) {
      if (!label.is_string()) throw InputError(source, "\"outputs\" labels must be strings");
      labels.push_back(label.get<std::string>());
    }
    std::vector<std::string> sorted = labels;
    std::sort(sorted.begin(), sorted.end());
    if (const auto twice = std::adjacent_find(sorted.begin(), sorted.end());
        twice != sorted.end()) {
      throw InputError(source,
                       "\"outputs\" lists the label '" + message_excerpt(*twice) + "' twice");
    }
  } else {
    labels = DenseMechanism::index_labels(columns);
  }
  return {DenseMechanism(rows, std::move(labels), std::move(entries)), source, std::move(locations),
          std::nullopt};
}

}  // namespace

MatrixFile parse_matrix_json(std::string_view text, const std::string& source,
                             const MatrixReadOptions& options) {
  return dense_from_json(parse_json_exact(text, source), options.reading, source);
}

namespace {
// JSON when the name says so or the text opens with '{' or '[' (after a BOM and blanks): no
// delimited matrix starts with either.
bool is_json(std::string_view text, const std::string& path) {
  if (path.size() >= 5 && path.compare(path.size() - 5, 5, ".json") == 0) return true;
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  const auto first = text.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && (text[first] == '{' || text[first] == '[');
}

// Options that only delimited text has are an error with JSON, not ignored.
void refuse_text_options(const MatrixReadOptions& options, const std::string& source) {
  if (options.header != HeaderChoice::kDetect)
    throw InvalidArgument("header: " + source + " is JSON; only delimited text has a header row");
  if (options.delimiter)
    throw InvalidArgument("delimiter: " + source + " is JSON, not delimited text");
}
}  // namespace

MatrixFile read_matrix_file(const std::string& path, const MatrixReadOptions& options) {
  const std::string text = read_input_text(path, "a matrix file");
  const std::string source = path == "-" ? "<stdin>" : path;
  if (!is_json(text, path)) return parse_matrix_csv(text, source, options);
  refuse_text_options(options, source);
  return parse_matrix_json(text, source, options);
}

MechanismFile parse_mechanism_json(std::string_view text, const std::string& source,
                                   const MatrixReadOptions& options) {
  const json root = parse_json_exact(text, source);
  if (root.is_object() && root.contains("bits")) {
    if (root.contains("Q")) {
      throw InputError(source,
                       "has both \"bits\" (a structured mechanism) and \"Q\" (a dense "
                       "matrix); a mechanism file is one or the other");
    }
    return parse_unary_json(root, options.reading, source);
  }
  return dense_from_json(root, options.reading, source);
}

MechanismFile parse_mechanism_text(std::string_view text, const std::string& source,
                                   const MatrixReadOptions& options) {
  if (!is_json(text, source)) return parse_matrix_csv(text, source, options);
  refuse_text_options(options, source);
  return parse_mechanism_json(text, source, options);
}

MechanismFile read_mechanism_file(const std::string& path, const MatrixReadOptions& options) {
  const std::string text = read_input_text(path, "a matrix file");
  return parse_mechanism_text(text, path == "-" ? "<stdin>" : path, options);
}

}  // namespace uldp
