// Random exact matrices written in a random accepted dialect (BOM, CRLF, quotes, separators,
// padding, comments, header row or not, decided by detection, flag or "# header:" line; JSON
// object or bare array), driven by a byte source so that a fuzzer and a RapidCheck property share
// it. The round trip requires the reader to return exactly the matrix written; the corruption
// writes one data cell (the first row's included) as something invalid and requires a refusal.
// Header-only: the fuzz targets include it without linking the test support library.
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/io/matrix_reader.h"
#include "uldp/testing/byte_choices.h"

namespace uldp::testing {

/// What was written, to compare with what is read.
struct WrittenMatrix {
  std::string text;
  MatrixReadOptions options;
  std::size_t rows = 0, columns = 0;
  std::vector<Rational> entries;    // row-major
  std::vector<std::string> labels;  // empty: none written (index labels expected)
  bool json = false;
  bool corrupted = false;
};

namespace internal {

// An exact probability and a text that spells it, in one of the forms exporters write.
inline std::pair<Rational, std::string> random_entry(ByteChoices& c) {
  char buffer[64];
  switch (c.below(5)) {
    case 0: {  // decimal with m places: "0.125", "1", "0.50"
      const int places = static_cast<int>(c.below(7));
      long long scale = 1;
      for (int i = 0; i < places; ++i) scale *= 10;
      const long long d = static_cast<long long>(c.below(static_cast<std::size_t>(scale) + 1));
      std::string text = std::to_string(d / scale);
      if (places > 0) {
        std::string fraction = std::to_string(d % scale);
        text +=
            "." + std::string(static_cast<std::size_t>(places) - fraction.size(), '0') + fraction;
      }
      return {Rational(d, scale), text};
    }
    case 1: {  // scientific: "1234e-4"
      const long long d = static_cast<long long>(c.below(10000));
      return {Rational(d, 10000), std::to_string(d) + "e-4"};
    }
    case 2: {  // numpy savetxt's %.18e of a dyadic double (exact: at most 16 significant digits)
      const int m = static_cast<int>(c.below(17));
      const long long a = static_cast<long long>(c.below((std::size_t{1} << m) + 1));
      const double value = static_cast<double>(a) / static_cast<double>(1LL << m);
      std::snprintf(buffer, sizeof buffer, "%.18e", value);
      return {Rational(a, 1LL << m), buffer};
    }
    case 3: {  // a/b
      const long long b = 1 + static_cast<long long>(c.below(1000));
      const long long a = static_cast<long long>(c.below(static_cast<std::size_t>(b) + 1));
      return {Rational(a, b), std::to_string(a) + "/" + std::to_string(b)};
    }
    default: {  // printf's %a of a dyadic double
      const int m = static_cast<int>(c.below(30));
      const long long a = static_cast<long long>(c.below((std::size_t{1} << m) + 1));
      std::snprintf(buffer, sizeof buffer, "%a",
                    static_cast<double>(a) / static_cast<double>(1LL << m));
      return {Rational(a, 1LL << m), buffer};
    }
  }
}

// A label that no reader can take for a number: "h3", "{1,3}", "0110", "say \"x\"", "a b".
inline std::string random_label(ByteChoices& c, std::size_t y) {
  const std::string n = std::to_string(y);
  switch (c.below(5)) {
    case 0:
      return "h" + n;
    case 1:
      return "{" + n + "," + std::to_string(y + 3) + "}";
    case 2: {
      std::string bits = "0";  // a leading zero: a bit string, never a written number
      for (std::size_t j = 0; j < 6; ++j) bits += (y >> j) & 1 ? '1' : '0';
      return bits;
    }
    case 3:
      return "say \"" + n + "\"";
    default:
      return "out " + n + ";#";
  }
}

inline std::string csv_quote(const std::string& text) {
  std::string quoted = "\"";
  for (const char ch : text) quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return quoted + "\"";
}

// Whether a cell must be quoted to survive splitting in any dialect.
inline bool needs_quotes(const std::string& text) {
  return text.empty() || text.find_first_of(",;\t \"#") != std::string::npos;
}

inline std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (const char ch : text) {
    if (ch == '"' || ch == '\\') out += '\\';
    out += ch;
  }
  return out + "\"";
}

// Values a corrupted cell takes: none is a probability, none is a label a row could hide behind.
inline std::string invalid_entry(ByteChoices& c) {
  static const char* const kInvalid[] = {
      "-1/3",  "3/2",         "1.5", "nan", "NaN",     "inf",   "-inf",        "Infinity",
      "1e999", "1e999999999", "abc", "",    "0x1.gp0", "1/0",   "2",           "-0.5",
      "0.5.5", "1,5",         "10",  "+",   "0.5e",    "1e-3x", "\xef\xbc\x91"};
  return kInvalid[c.below(std::size(kInvalid))];
}

inline bool ambiguous_digits(const std::vector<std::string>& cells) {
  if (cells.size() < 2) return false;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (cells[i].empty() || cells[i].find_first_not_of("0123456789") != std::string::npos)
      return false;
    if (i > 0 && !(cells[i - 1] < cells[i])) return false;
  }
  return true;
}

inline WrittenMatrix write_json(ByteChoices& c, WrittenMatrix w,
                                const std::vector<std::vector<std::string>>& cells) {
  w.json = true;
  const bool object = !w.labels.empty() || c.coin();
  std::string rows = "[";
  for (std::size_t x = 0; x < w.rows; ++x) {
    rows += std::string(x ? ", " : "") + (c.coin() ? "\n" : "") + "[";
    for (std::size_t y = 0; y < w.columns; ++y) {
      const std::string& text = cells[x][y];
      // Fractions and hex floats are strings; decimals either way.
      const bool as_number =
          text.find_first_of("/xn\"") == std::string::npos && !text.empty() && c.coin();
      rows += (y ? "," : "") + (as_number ? text : json_string(text));
    }
    rows += "]";
  }
  rows += "]";
  if (!object) {
    w.text = rows;
    return w;
  }
  std::string outputs;
  if (!w.labels.empty()) {
    outputs = "\"outputs\": [";
    for (std::size_t y = 0; y < w.columns; ++y)
      outputs += (y ? ", " : "") + json_string(w.labels[y]);
    outputs += "]";
  }
  const std::string q = "\"Q\": " + rows;
  w.text = outputs.empty() ? "{" + q + "}"
           : c.coin()      ? "{" + q + ", " + outputs + "}"
                           : "{ " + outputs + ",\n " + q + "\n}";
  return w;
}

}  // namespace internal

/// A random matrix (1-5 rows, 1-5 columns, entries in [0,1], rows need not sum to 1) in a random
/// accepted dialect; with `corrupt`, one data cell is written as an invalid value.
inline WrittenMatrix write_random_matrix(ByteChoices& c, bool corrupt) {
  using namespace internal;
  WrittenMatrix w;
  w.rows = 1 + c.below(5);
  w.columns = 1 + c.below(5);
  const bool json = c.below(4) == 0;
  std::vector<std::vector<std::string>> cells(w.rows, std::vector<std::string>(w.columns));
  for (std::size_t x = 0; x < w.rows; ++x) {
    for (std::size_t y = 0; y < w.columns; ++y) {
      auto [value, text] = random_entry(c);
      w.entries.push_back(value);
      cells[x][y] = text;
    }
  }
  if (corrupt) {
    const std::size_t x = c.below(2) == 0 ? 0 : c.below(w.rows);  // the first row half the time
    cells[x][c.below(w.columns)] = invalid_entry(c);
    w.corrupted = true;
  }
  // Labels: text labels (detectable), index labels behind --header yes or "# header: yes", none.
  const std::size_t label_kind = c.below(4);
  if (label_kind == 1 || (label_kind == 0 && w.columns >= 2)) {
    for (std::size_t y = 0; y < w.columns; ++y) w.labels.push_back(random_label(c, y));
  } else if (label_kind == 2) {
    for (std::size_t y = 0; y < w.columns; ++y) w.labels.push_back(std::to_string(y));
  }
  if (json) return write_json(c, std::move(w), cells);

  const Delimiter delimiter = static_cast<Delimiter>(c.below(4));
  if (c.coin() || (w.columns == 1 && delimiter != Delimiter::kComma))
    w.options.delimiter = delimiter;
  const std::string separator = delimiter == Delimiter::kComma       ? ","
                                : delimiter == Delimiter::kTab       ? "\t"
                                : delimiter == Delimiter::kSemicolon ? ";"
                                                                     : " ";
  const std::string newline = c.coin() ? "\r\n" : "\n";
  const bool quote_all = c.below(4) == 0;
  auto cell_text = [&](const std::string& text) {
    const bool quote = quote_all || needs_quotes(text) || c.below(8) == 0;
    const std::string padding = c.below(4) == 0 ? " " : "";
    return padding + (quote ? csv_quote(text) : text) + padding;
  };
  auto line = [&](const std::vector<std::string>& row) {
    std::string out;
    for (std::size_t y = 0; y < row.size(); ++y) out += (y ? separator : "") + cell_text(row[y]);
    return out + newline;
  };
  std::string text = c.coin() ? "\xEF\xBB\xBF" : "";
  if (c.coin()) text += "# exported by a test" + newline;
  const bool index_labels = label_kind == 2;
  const bool text_labels = !w.labels.empty() && !index_labels;
  // How the reader learns whether the first row is labels.
  const std::size_t how = c.below(3);  // 0: detection, 1: --header, 2: "# header:" line
  const bool first_data_ambiguous = ambiguous_digits(cells[0]);
  // Detection takes only two or more cells of text as labels, and stops at an ambiguous row.
  const bool detectable = text_labels ? w.columns >= 2 : !first_data_ambiguous;
  if (index_labels || how == 1 || (how == 0 && !detectable)) {
    w.options.header = w.labels.empty() ? HeaderChoice::kNo : HeaderChoice::kYes;
  } else if (how == 2) {
    text += std::string("# header: ") + (w.labels.empty() ? "no" : "yes") + newline;
  }
  if (index_labels && c.coin()) {  // the file's line instead of the flag
    w.options.header = HeaderChoice::kDetect;
    text += "# header: yes" + newline;
  }
  if (!w.labels.empty()) text += line(w.labels);
  for (std::size_t x = 0; x < w.rows; ++x) {
    if (c.below(6) == 0) text += newline;  // a blank line
    text += line(cells[x]);
  }
  if (c.coin()) text.resize(text.size() - newline.size());  // no final line break
  w.text = text;
  return w;
}

/// Whether `file` is exactly the matrix written (entries, labels, header row).
inline bool reads_back(const MatrixFile& file, const WrittenMatrix& w) {
  if (file.matrix.num_inputs() != w.rows || file.matrix.num_outputs() != w.columns) return false;
  for (std::size_t x = 0; x < w.rows; ++x) {
    for (std::size_t y = 0; y < w.columns; ++y) {
      if (file.matrix(x, y) != w.entries[x * w.columns + y]) return false;
    }
  }
  const std::vector<std::string> labels =
      w.labels.empty() ? DenseMechanism::index_labels(w.columns) : w.labels;
  if (file.matrix.output_labels() != labels) return false;
  if (w.json) return !file.layout;
  return file.layout && file.layout->header.has_value() == !w.labels.empty();
}

}  // namespace uldp::testing
