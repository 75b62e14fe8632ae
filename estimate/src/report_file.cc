// Reading and writing report files (format in report_file.h).
#include "uldp/estimate/report_file.h"

#include <charconv>
#include <istream>
#include <ostream>
#include <string>
#include <string_view>
#include <unordered_map>

#include "uldp/counts_header.h"
#include "uldp/error.h"
#include "uldp/estimate/line_reader.h"

namespace uldp::estimate {
namespace {

// Bit-vector reports are read packed (a k-character line never costs more than k/8 bytes) and
// switched to lists after the first kLayoutSample reports, and at the end, if lists are smaller.
constexpr std::size_t kLayoutSample = 1024;

void keep_smaller_layout(BitReports& reports, std::size_t k) {
  if (reports.size() == 0) return;
  const double mean_set_bits =
      static_cast<double>(reports.total_set_bits()) / static_cast<double>(reports.size());
  const BitLayout smaller = smaller_layout(k, mean_set_bits);
  if (smaller != reports.layout()) reports = reports.in_layout(smaller);
}

// A non-negative decimal integer, or an InputError at the offending column.
std::uint64_t parse_count(std::string_view value, const std::string& source, std::size_t line,
                          std::size_t column, const char* what) {
  for (std::size_t i = 0; i < value.size() || i == 0; ++i) {  // "" is no integer either
    if (i == value.size() || value[i] < '0' || value[i] > '9') {
      throw InputError(source, line, column + i,
                       std::string("expected ") + what + " (a non-negative integer), found '" +
                           message_excerpt(value) + "'");
    }
  }
  std::uint64_t result = 0;
  const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), result);
  if (ec != std::errc() || ptr != value.data() + value.size()) {
    throw InputError(source, line, column,
                     std::string(what) + " '" + message_excerpt(value) + "' is too large");
  }
  return result;
}

}  // namespace

ReportData read_reports(std::istream& in, const std::string& source, std::size_t k,
                        bool bit_vectors, std::span<const std::string> labels,
                        const ReportReadOptions& options) {
  if (k == 0) throw InvalidArgument("read_reports: k must be >= 1");
  if (!labels.empty() && labels.size() != k) {
    throw InvalidArgument("read_reports: " + std::to_string(labels.size()) +
                          " labels for k = " + std::to_string(k));
  }
  std::unordered_map<std::string_view, std::uint32_t> column_of;
  for (std::size_t y = 0; y < labels.size(); ++y) {
    column_of.emplace(labels[y], static_cast<std::uint32_t>(y));
  }
  ReportData data;
  data.bit_vectors = bit_vectors;
  // Packed first; see keep_smaller_layout.
  data.bit_reports = BitReports(k, BitLayout::kPacked);
  data.bit_counts.ones.assign(k, 0);
  data.symbol_counts.assign(k, 0);
  LineReader reader(in, source, options.block, kMaxTextLine);
  std::string_view raw;
  std::size_t line = 0;
  bool first_content = true;
  bool counts_mode = false;
  std::size_t counts_read = 0;
  std::vector<std::uint32_t> set_bits(bit_vectors ? k : 0);
  // Symbol indices without blanks ("12", "12\r"), the bulk of a large file, skip the general
  // path below; anything else (blanks, comments, errors) takes it.
  const bool plain_indices = !bit_vectors && labels.empty();
  while (reader.next(raw)) {
    line = reader.line_number();
    if (plain_indices && !counts_mode) {
      std::size_t i = 0;
      std::uint64_t symbol = 0;
      while (i < raw.size() && i < 18 && raw[i] >= '0' && raw[i] <= '9') {
        symbol = symbol * 10 + static_cast<std::uint64_t>(raw[i++] - '0');
      }
      if (i > 0 && (i == raw.size() || (i + 1 == raw.size() && raw[i] == '\r')) && symbol < k) {
        ++data.symbol_counts[symbol];
        ++data.n;
        first_content = false;
        data.per_report = true;
        continue;
      }
    }
    std::size_t column = 1;
    const std::string_view text = line_content(raw, line, column);
    if (text.empty()) continue;
    if (text.front() == '#') {
      const CommentLine comment = classify_comment(text);
      if (comment.kind == CommentLine::Kind::kNearMiss) {
        throw InputError(source, line, column,
                         "'" + message_excerpt(text) +
                             "' is not the counts header '# counts' (a comment otherwise)");
      }
      if (first_content && comment.kind == CommentLine::Kind::kCountsHeader) {
        counts_mode = true;
        first_content = false;
        const std::size_t word_end = comment.rest_offset;
        std::size_t rest_column = column + word_end;
        const std::string_view rest = trim_blanks(text.substr(word_end), rest_column);
        rest_column += column + word_end - 1;
        if (bit_vectors) {
          if (rest.substr(0, 2) != "n=") {
            throw InputError(source, line, rest_column,
                             "bit-vector counts need the header '# counts n=N'");
          }
          data.bit_counts.n =
              parse_count(rest.substr(2), source, line, rest_column + 2, "the number of reports n");
          data.n = data.bit_counts.n;
        } else if (!rest.empty()) {
          throw InputError(source, line, rest_column,
                           "unexpected text after '# counts': '" + message_excerpt(rest) + "'");
        }
      }
      continue;
    }
    first_content = false;
    if (counts_mode) {
      if (counts_read == k) {
        throw InputError(source, line, column,
                         "more than k = " + std::to_string(k) + " count lines");
      }
      const std::uint64_t count = parse_count(text, source, line, column, "a count");
      if (bit_vectors) {
        if (count > data.bit_counts.n) {
          throw InputError(source, line, column,
                           "bit count " + std::to_string(count) +
                               " exceeds n = " + std::to_string(data.bit_counts.n));
        }
        data.bit_counts.ones[counts_read] = count;
      } else {
        if (data.n + count < data.n) throw InputError(source, line, column, "counts overflow");
        data.symbol_counts[counts_read] = count;
        data.n += count;
      }
      ++counts_read;
      continue;
    }
    data.per_report = true;
    // A report CSV-quoted as a spreadsheet writes text ("0110", "3") is its content: the quotes
    // are no part of it (a label keeps its own handling below). Left quoted, "0110" read as a bit
    // string of length 6.
    std::string_view report = text;
    std::size_t report_column = column;
    if (labels.empty() && report.size() >= 2 && report.front() == '"' && report.back() == '"') {
      report = report.substr(1, report.size() - 2);
      ++report_column;
    }
    if (bit_vectors) {
      if (report.size() != k) {
        throw InputError(source, line, report_column,
                         "expected a bit string of length k = " + std::to_string(k) +
                             ", found length " + std::to_string(report.size()));
      }
      std::size_t set = 0;
      for (std::size_t j = 0; j < k; ++j) {
        const char c = report[j];
        if ((c & ~1) != '0') {  // neither '0' nor '1'
          throw InputError(source, line, report_column + j,
                           std::string("expected '0' or '1', found '") + c + "'");
        }
        const auto one = static_cast<std::size_t>(c - '0');
        data.bit_counts.ones[j] += one;
        set_bits[set] = static_cast<std::uint32_t>(j);
        set += one;
      }
      if (options.keep_bit_reports) {
        for (std::size_t b = 0; b < set; ++b) data.bit_reports.push_bit(set_bits[b]);
        data.bit_reports.end_report();
        // Sparse reports (large k, high ε) go on as lists once the first ones show the density,
        // so a file never holds its reports packed when lists are smaller.
        if (data.bit_reports.size() == kLayoutSample) keep_smaller_layout(data.bit_reports, k);
      }
    } else if (!labels.empty()) {
      // A label as `uldp mechanism --format csv` lists it may be CSV-quoted ("h0").
      const bool quoted = text.size() >= 2 && text.front() == '"' && text.back() == '"';
      const auto found = column_of.find(quoted ? text.substr(1, text.size() - 2) : text);
      if (found == column_of.end()) {
        throw InputError(source, line, column,
                         "'" + message_excerpt(text) + "' is not an output label (" + labels[0] +
                             ", ..., " + labels[k - 1] +
                             ": the labels uldp mechanism --format csv lists; a column is named "
                             "by its label, never by its index)");
      }
      ++data.symbol_counts[found->second];
    } else {
      const std::uint64_t symbol =
          parse_count(report, source, line, report_column, "a symbol index");
      if (symbol >= k) {
        throw InputError(
            source, line, report_column,
            "symbol " + std::to_string(symbol) + " is outside 0.." + std::to_string(k - 1));
      }
      ++data.symbol_counts[symbol];
    }
    ++data.n;
  }
  if (in.bad()) throw InputError(source, "read error");
  if (counts_mode && counts_read != k) {
    throw InputError(
        source, line + 1, 1,
        "expected k = " + std::to_string(k) + " count lines, found " + std::to_string(counts_read));
  }
  if (bit_vectors && data.per_report) data.bit_counts.n = data.n;
  if (data.n == 0) throw InputError(source, "no reports");
  keep_smaller_layout(data.bit_reports, k);
  return data;
}

void write_symbol_reports(std::ostream& out, const std::vector<std::uint32_t>& symbols,
                          std::span<const std::string> labels) {
  std::string buffer;
  for (std::uint32_t s : symbols) {
    if (labels.empty()) {
      buffer += std::to_string(s);
    } else {
      buffer += labels[s];
    }
    buffer += '\n';
    if (buffer.size() > (1u << 16)) {
      out << buffer;
      buffer.clear();
    }
  }
  out << buffer;
}

void write_bit_reports(std::ostream& out, const BitReports& reports) {
  std::string row(reports.k(), '0');
  for (std::size_t i = 0; i < reports.size(); ++i) {
    const auto bits = reports.report(i);
    for (std::uint32_t bit : bits) row[bit] = '1';
    out << row << '\n';
    for (std::uint32_t bit : bits) row[bit] = '0';
  }
}

void write_symbol_counts(std::ostream& out, const std::vector<std::uint64_t>& counts) {
  out << "# counts\n";
  for (std::uint64_t c : counts) out << c << '\n';
}

void write_bit_counts(std::ostream& out, const BitCounts& counts) {
  out << "# counts n=" << counts.n << '\n';
  for (std::uint64_t c : counts.ones) out << c << '\n';
}

}  // namespace uldp::estimate
