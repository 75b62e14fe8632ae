// Reading report counts (`uldp golden --from-counts`): lines of counts or JSON arrays.
#include "uldp/io/counts_file.h"

#include <charconv>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "uldp/counts_header.h"
#include "uldp/error.h"
#include "uldp/io/json_document.h"
#include "uldp/io/text_lines.h"

namespace uldp {
namespace {

std::uint64_t json_count(const nlohmann::json& v, const std::string& path, const std::string& at) {
  if (!v.is_number_unsigned()) {
    throw InputError(path, at + ": expected a non-negative integer count");
  }
  return v.get<std::uint64_t>();
}

CountsCase json_case(const nlohmann::json& v, const std::string& path, std::size_t k,
                     bool bit_vectors, const std::string& at) {
  CountsCase c;
  const nlohmann::json* values = &v;
  if (bit_vectors) {
    if (!v.is_object() || !v.contains("n") || !v.contains("ones")) {
      throw InputError(path, at + ": bit vectors need {\"n\": N, \"ones\": [...]}");
    }
    c.n = json_count(v["n"], path, at + ".n");
    values = &v["ones"];
  }
  if (!values->is_array()) throw InputError(path, at + ": expected an array of counts");
  for (std::size_t i = 0; i < values->size(); ++i) {
    c.counts.push_back(json_count((*values)[i], path, at + "[" + std::to_string(i) + "]"));
  }
  if (c.counts.size() != k) {
    throw InputError(
        path, at + ": " + std::to_string(c.counts.size()) + " counts, k = " + std::to_string(k));
  }
  return c;
}

std::vector<CountsCase> read_json(std::string_view text, const std::string& path, std::size_t k,
                                  bool bit_vectors) {
  const nlohmann::json j = parse_json_document(text, path);
  const bool several = j.is_array() && !j.empty() && (j[0].is_array() || j[0].is_object());
  std::vector<CountsCase> cases;
  if (!several) {
    cases.push_back(json_case(j, path, k, bit_vectors, "$"));
  } else {
    for (std::size_t i = 0; i < j.size(); ++i) {
      cases.push_back(json_case(j[i], path, k, bit_vectors, "$[" + std::to_string(i) + "]"));
    }
  }
  return cases;
}

// The number of reports of a histogram, refusing a sum past 2^64 - 1 (it would wrap).
std::uint64_t sum_of_counts(const std::vector<std::uint64_t>& counts, const std::string& path) {
  std::uint64_t sum = 0;
  for (std::uint64_t count : counts) {
    if (sum + count < sum) throw InputError(path, "the counts sum past 2^64 - 1");
    sum += count;
  }
  return sum;
}

std::uint64_t parse_count(std::string_view text, const std::string& path, std::size_t line,
                          std::size_t column) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) {
    const std::string shown =
        text.size() > 40 ? std::string(text.substr(0, 40)) + "..." : std::string(text);
    throw InputError(path, line, column, "'" + shown + "' is not a non-negative integer count");
  }
  return value;
}

std::vector<CountsCase> read_lines(std::istream& in, const std::string& path, std::size_t k,
                                   bool bit_vectors) {
  CountsCase c;
  std::size_t n_line = 0, n_column = 0;  // where n was given (0: not given)
  std::string raw;
  for (std::size_t line = 1; read_line(in, raw, path, line); ++line) {
    const std::size_t first = raw.find_first_not_of(" \t\r");
    if (first == std::string::npos) continue;
    const std::size_t last = raw.find_last_not_of(" \t\r");
    std::string_view text = std::string_view(raw).substr(first, last - first + 1);
    if (text.starts_with("#")) {
      const CommentLine comment = classify_comment(text);
      if (comment.kind == CommentLine::Kind::kNearMiss) {
        throw InputError(path, line, first + 1,
                         "'" + message_excerpt(text) +
                             "' is not the counts header '# counts' (a comment otherwise)");
      }
      const std::size_t at = text.find("n=", comment.rest_offset);
      if (comment.kind != CommentLine::Kind::kCountsHeader || at == std::string_view::npos)
        continue;
      text = text.substr(at);
    }
    if (text.starts_with("n=")) {
      const std::size_t column = raw.find("n=") + 1;
      const std::uint64_t n = parse_count(text.substr(2), path, line, column + 2);
      if (n_line != 0 && n != c.n) {
        throw InputError(path, line, column,
                         "n = " + std::to_string(n) + ", but line " + std::to_string(n_line) +
                             " gives n = " + std::to_string(c.n));
      }
      if (n_line == 0) {
        n_line = line;
        n_column = column;
      }
      c.n = n;
      continue;
    }
    if (c.counts.size() == k) {
      throw InputError(path, line, first + 1, "more than k = " + std::to_string(k) + " counts");
    }
    c.counts.push_back(parse_count(text, path, line, first + 1));
  }
  if (c.counts.size() != k) {
    throw InputError(path, std::to_string(c.counts.size()) + " counts, k = " + std::to_string(k));
  }
  if (bit_vectors && n_line == 0) {
    throw InputError(path, "bit vectors need the number of reports: a line 'n=N'");
  }
  if (!bit_vectors &&
      n_line != 0) {  // n is the sum of the counts: a different one contradicts them
    const std::uint64_t sum = sum_of_counts(c.counts, path);
    if (c.n != sum) {
      throw InputError(
          path, n_line, n_column,
          "n = " + std::to_string(c.n) + ", but the counts sum to " + std::to_string(sum));
    }
  }
  return {c};
}

}  // namespace

std::vector<CountsCase> parse_counts(std::string_view text, const std::string& path, std::size_t k,
                                     bool bit_vectors) {
  // A UTF-8 byte order mark (Excel's "CSV UTF-8", PowerShell's Out-File) is not content.
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  std::vector<CountsCase> cases;
  if (first != std::string::npos && (text[first] == '[' || text[first] == '{')) {
    cases = read_json(text, path, k, bit_vectors);
  } else {
    std::istringstream lines{std::string(text)};
    cases = read_lines(lines, path, k, bit_vectors);
  }
  for (CountsCase& c : cases) {
    if (!bit_vectors) c.n = sum_of_counts(c.counts, path);
    if (c.n == 0) throw InputError(path, "a case with no reports (n = 0)");
    for (std::uint64_t ones : c.counts) {
      if (bit_vectors && ones > c.n) {
        throw InputError(
            path, "a bit count " + std::to_string(ones) + " exceeds n = " + std::to_string(c.n));
      }
    }
  }
  return cases;
}

}  // namespace uldp
