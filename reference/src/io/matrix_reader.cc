#include "uldp/io/matrix_reader.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "uldp/error.h"
#include "uldp/probability.h"

namespace uldp {
namespace {

using nlohmann::json;

struct Cell {
  std::string text;
  std::size_t column;  // 1-based character column of the cell start
  bool quoted;
};

std::string trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return "";
  const auto last = s.find_last_not_of(" \t\r");
  return std::string(s.substr(first, last - first + 1));
}

std::vector<Cell> split_csv_line(const std::string& line, const std::string& source,
                                 std::size_t line_number) {
  std::vector<Cell> cells;
  std::size_t pos = 0;
  while (true) {
    std::size_t start = pos;
    while (start < line.size() && (line[start] == ' ' || line[start] == '\t')) ++start;
    Cell cell{"", start + 1, false};
    std::size_t end;
    if (start < line.size() && line[start] == '"') {
      const std::size_t close = line.find('"', start + 1);
      if (close == std::string::npos) {
        throw InputError(source, line_number, start + 1, "unterminated quoted field");
      }
      cell.text = line.substr(start + 1, close - start - 1);
      cell.quoted = true;
      end = line.find(',', close);
      if (!trim(line.substr(close + 1, (end == std::string::npos ? line.size() : end) - close - 1))
               .empty()) {
        throw InputError(source, line_number, close + 2, "text after a closing quote");
      }
    } else {
      end = line.find(',', start);
      cell.text = trim(line.substr(start, (end == std::string::npos ? line.size() : end) - start));
    }
    cells.push_back(std::move(cell));
    if (end == std::string::npos) break;
    pos = end + 1;
  }
  return cells;
}

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

// What a cell of the first CSV row can be.
enum class FirstRowCell {
  kProbability,      // a number in [0,1]: data, or a digit label such as "0" or "01"
  kOtherNumber,      // a number outside [0,1] ("010"): a label, never data
  kLabel,            // quoted, or text that is no number ("a", "3rd"): a label
  kMalformedNumber,  // looks like a number and does not read as one ("1e999999999")
};

bool digits_only(std::string_view text) {
  return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

// Whether `text` has the shape of a number (decimal with exponent, a/b, hex float) whatever its
// size: such a cell that does not read is a broken number, not a label ("1-2" is a label).
bool looks_numeric(std::string_view text) {
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) text.remove_prefix(1);
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

FirstRowCell classify_first_row_cell(const Cell& cell, EntryReading reading, std::string& why) {
  if (cell.quoted) return FirstRowCell::kLabel;
  try {
    const Rational value = read_entry(cell.text, reading, "entry");
    return value < 0 || value > 1 ? FirstRowCell::kOtherNumber : FirstRowCell::kProbability;
  } catch (const InvalidArgument& e) {
    why = e.what();
    return looks_numeric(cell.text) ? FirstRowCell::kMalformedNumber : FirstRowCell::kLabel;
  }
}

// Whether the first row is labels, by the rules of parse_matrix_csv (errors when neither or both).
bool first_row_is_header(const std::vector<Cell>& cells, const std::string& line,
                         const MatrixReadOptions& options, const std::string& source,
                         std::size_t line_number) {
  if (options.header != HeaderChoice::kDetect) return options.header == HeaderChoice::kYes;
  bool some_label = false;
  for (const Cell& c : cells) {
    std::string why;
    switch (classify_first_row_cell(c, options.reading, why)) {
      case FirstRowCell::kMalformedNumber:
        throw InputError(source, line_number, c.column,
                         "the first row is neither data nor labels: " + why +
                             " (pass --header yes if it is a row of labels)");
      case FirstRowCell::kOtherNumber:
      case FirstRowCell::kLabel:
        some_label = true;
        break;
      case FirstRowCell::kProbability:
        break;
    }
  }
  if (some_label) return true;
  // Every cell is a probability. Increasing digit strings ("0,1", "00,01") are also what an
  // exporter writes as output labels, so such a row could be either.
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (!digits_only(cells[i].text)) return false;
    if (i > 0 && !(cells[i - 1].text < cells[i].text)) return false;
  }
  throw InputError(source, line_number, 1,
                   "the first row '" + message_excerpt(trim(line)) +
                       "' could be output labels or a row of probabilities; pass --header yes "
                       "or --header no");
}

std::vector<std::string> header_labels(const std::vector<Cell>& cells, const std::string& source,
                                       std::size_t line_number) {
  std::vector<std::string> labels;
  for (const Cell& c : cells) {
    if (c.text.empty()) throw InputError(source, line_number, c.column, "empty output label");
    labels.push_back(c.text);
  }
  std::vector<std::string> sorted = labels;
  std::sort(sorted.begin(), sorted.end());
  if (const auto twice = std::adjacent_find(sorted.begin(), sorted.end()); twice != sorted.end()) {
    throw InputError(source, line_number, 1,
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

// Builds the DOM but keeps every JSON number as the exact text it was written as.
class ExactNumberSax : public nlohmann::detail::json_sax_dom_parser<json> {
 public:
  using Base = nlohmann::detail::json_sax_dom_parser<json>;
  explicit ExactNumberSax(json& root) : Base(root, true) {}
  bool number_float(json::number_float_t, const json::string_t& raw) {
    json::string_t copy = raw;
    return Base::string(copy);
  }
  bool number_integer(json::number_integer_t value) {
    json::string_t text = std::to_string(value);
    return Base::string(text);
  }
  bool number_unsigned(json::number_unsigned_t value) {
    json::string_t text = std::to_string(value);
    return Base::string(text);
  }
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

MatrixFile parse_matrix_csv(std::string_view text, const std::string& source,
                            const MatrixReadOptions& options) {
  std::vector<std::string> labels;
  std::vector<Rational> entries;
  std::vector<std::string> locations;
  std::size_t columns = 0;
  std::size_t line_number = 0;
  bool first_row = true;
  std::istringstream in{std::string(text)};
  std::string line;
  while (std::getline(in, line)) {
    ++line_number;
    const std::string content = trim(line);
    if (content.empty() || content[0] == '#') continue;  // blank lines and comments
    const std::vector<Cell> cells = split_csv_line(line, source, line_number);
    if (first_row) {
      first_row = false;
      columns = cells.size();
      if (first_row_is_header(cells, line, options, source, line_number)) {
        labels = header_labels(cells, source, line_number);
        continue;
      }
    }
    if (cells.size() != columns) {
      throw InputError(source, line_number, 1,
                       "row has " + std::to_string(cells.size()) + " entries, expected " +
                           std::to_string(columns));
    }
    check_entry_count(locations.size() + 1, columns, source);
    for (const Cell& c : cells)
      entries.push_back(probability_at(c.text, options.reading, source, line_number, c.column));
    locations.push_back("line " + std::to_string(line_number));
  }
  if (locations.empty()) throw InputError(source, "no matrix rows found");
  if (labels.empty()) labels = DenseMechanism::index_labels(columns);
  const std::size_t rows = locations.size();
  return {DenseMechanism(rows, std::move(labels), std::move(entries)), source,
          std::move(locations)};
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
  ExactNumberSax sax(root);
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
  BitProductFile file{UnaryMechanism(std::move(channels)), std::nullopt};
  if (root.contains("protected_zero_bits")) {
    const json& zero = root["protected_zero_bits"];
    if (!zero.is_array()) throw InputError(source, "\"protected_zero_bits\" must be an array");
    if (zero.size() > bits.size()) {
      throw InputError(source, "\"protected_zero_bits\" lists " + std::to_string(zero.size()) +
                                   " indices, more than the " + std::to_string(bits.size()) +
                                   " bits");
    }
    std::vector<std::size_t> indices;
    for (const json& z : zero) {
      std::size_t index = 0;
      try {
        index = std::stoull(z.is_string() ? z.get<std::string>() : z.dump());
      } catch (const std::exception&) {
        throw InputError(source, "\"protected_zero_bits\" must hold bit indices");
      }
      indices.push_back(index);
    }
    file.protected_zero_bits = std::move(indices);
  }
  return file;
}

MatrixFile dense_from_json(const json& root, EntryReading reading, const std::string& source) {
  if (!root.is_object() || !root.contains("Q")) {
    throw InputError(source,
                     "expected an object with a \"Q\" member: {\"Q\": [[\"3/7\", ...], ...]}");
  }
  const json& q = root["Q"];
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
  if (root.contains("outputs")) {
    const json& out = root["outputs"];
    if (!out.is_array() || out.size() != columns) {
      throw InputError(source,
                       "\"outputs\" must be an array of " + std::to_string(columns) + " labels");
    }
    for (const json& label : out) {
      if (!label.is_string()) throw InputError(source, "\"outputs\" labels must be strings");
      labels.push_back(label.get<std::string>());
    }
  } else {
    labels = DenseMechanism::index_labels(columns);
  }
  return {DenseMechanism(rows, std::move(labels), std::move(entries)), source,
          std::move(locations)};
}

}  // namespace

MatrixFile parse_matrix_json(std::string_view text, const std::string& source,
                             const MatrixReadOptions& options) {
  return dense_from_json(parse_json_exact(text, source), options.reading, source);
}

namespace {
// Generous for kMaxMatrixEntries entries of binary64 text (about 25 characters each).
constexpr std::size_t kMaxFileBytes = kMaxMatrixEntries * 64;

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, "cannot open file");
  in.seekg(0, std::ios::end);
  const auto size = static_cast<std::size_t>(in.tellg());
  // A file far larger than any matrix we accept is refused before reading it.
  if (size > kMaxFileBytes) {
    throw InputError(path, "file of " + std::to_string(size) + " bytes exceeds the limit of " +
                               std::to_string(kMaxFileBytes) + " bytes");
  }
  in.seekg(0);
  std::string text(size, '\0');
  in.read(text.data(), static_cast<std::streamsize>(size));
  return text;
}
bool is_json_path(const std::string& path) {
  return path.size() >= 5 && path.substr(path.size() - 5) == ".json";
}
}  // namespace

MatrixFile read_matrix_file(const std::string& path, const MatrixReadOptions& options) {
  const std::string text = read_text(path);
  return is_json_path(path) ? parse_matrix_json(text, path, options)
                            : parse_matrix_csv(text, path, options);
}

MechanismFile parse_mechanism_json(std::string_view text, const std::string& source,
                                   const MatrixReadOptions& options) {
  const json root = parse_json_exact(text, source);
  if (root.is_object() && root.contains("bits"))
    return parse_unary_json(root, options.reading, source);
  return dense_from_json(root, options.reading, source);
}

MechanismFile read_mechanism_file(const std::string& path, const MatrixReadOptions& options) {
  const std::string text = read_text(path);
  if (!is_json_path(path)) return parse_matrix_csv(text, path, options);
  return parse_mechanism_json(text, path, options);
}

}  // namespace uldp
