// Random count files (`uldp golden --from-counts`, parse_counts in uldp/io/counts_file.h): one
// count per line (bit vectors with "n=N" or "# counts n=N" anywhere; symbols may state n too) in
// a random accepted layout (line_dialects.h), or JSON: an array of counts, an array of cases,
// {"n": N, "ones": [...]} or an array of those, with a BOM and CRLF or not. The round trip
// requires exactly the cases written; the corruption makes one value (the first half the time,
// n included) invalid and requires a refusal. Header-only (the fuzz targets include it).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include "uldp/io/counts_file.h"
#include "uldp/testing/line_dialects.h"

namespace uldp::testing {

/// What was written, to compare with what is read.
struct WrittenCounts {
  std::string text;
  std::size_t k = 0;
  bool bit_vectors = false;
  bool json = false;
  std::vector<CountsCase> cases;
  bool corrupted = false;
};

namespace internal {

// JSON values that are no count.
inline std::string invalid_json_count(ByteChoices& c) {
  static const char* const kInvalid[] = {"-1",    "-0",   "1.5",  "1.0", "1e3",
                                         "\"3\"", "null", "true", "NaN", "1e400",
                                         "[]",    "{}",   "0x1",  "",    "18446744073709551616"};
  return kInvalid[c.below(std::size(kInvalid))];
}

inline CountsCase random_case(ByteChoices& c, std::size_t k, bool bit_vectors) {
  CountsCase one;
  if (bit_vectors) {
    one.n = 1 + random_count(c);
    for (std::size_t j = 0; j < k; ++j)
      one.counts.push_back(c.below(4) == 0 ? one.n : c.below(one.n + 1));
    return one;
  }
  for (std::size_t j = 0; j < k; ++j) one.n += one.counts.emplace_back(random_count(c));
  if (one.n == 0) one.n = one.counts[c.below(k)] = 1;
  return one;
}

// The JSON text of the cases, `bad` (when not empty) in place of value `bad_at` of case
// `bad_case` (value k stands for n).
inline std::string write_counts_json(ByteChoices& c, const WrittenCounts& w, std::size_t bad_case,
                                     std::size_t bad_at, const std::string& bad) {
  const std::string newline = c.coin() ? "\r\n" : "\n";
  auto space = [&] { return c.below(3) == 0 ? newline : std::string(c.below(2), ' '); };
  auto value = [&](std::size_t i, std::size_t at, std::uint64_t v) {
    return w.corrupted && i == bad_case && at == bad_at ? bad : std::to_string(v);
  };
  const bool several = w.cases.size() > 1 || c.coin();
  std::string text = c.below(4) == 0 ? "\xEF\xBB\xBF" : "";
  text.append(space());
  if (several) text.append("[").append(space());
  for (std::size_t i = 0; i < w.cases.size(); ++i) {
    std::string counts = "[";
    for (std::size_t j = 0; j < w.k; ++j) {
      counts.append(j ? "," : "").append(space()).append(value(i, j, w.cases[i].counts[j]));
    }
    counts.append(space()).append("]");
    if (w.bit_vectors) {
      const std::string n = "\"n\":" + space() + value(i, w.k, w.cases[i].n);
      const std::string ones = "\"ones\":" + space() + counts;
      counts = c.coin() ? "{" + n + "," + space() + ones + "}" : "{" + ones + ", " + n + "}";
    }
    text.append(i ? "," : "").append(space()).append(counts);
  }
  if (several) text.append(space()).append("]");
  return text.append(space());
}

}  // namespace internal

/// k in 1..10, symbols or bits, lines (one case) or JSON (1-3 cases); with `corrupt`, one value
/// made invalid.
inline WrittenCounts write_random_counts(ByteChoices& c, bool corrupt) {
  using namespace internal;
  WrittenCounts w;
  w.k = 1 + c.below(10);
  w.bit_vectors = c.coin();
  w.json = c.coin();
  const std::size_t cases = w.json ? 1 + c.below(3) : 1;
  for (std::size_t i = 0; i < cases; ++i) w.cases.push_back(random_case(c, w.k, w.bit_vectors));
  w.corrupted = corrupt;
  const CountsCase& first = w.cases[0];
  const std::uint64_t most = *std::max_element(first.counts.begin(), first.counts.end());
  if (w.json) {
    std::string bad;
    const std::size_t bad_case = c.coin() ? 0 : c.below(cases);
    std::size_t bad_at = line_to_corrupt(c, w.k);
    if (corrupt) {
      const CountsCase& hit = w.cases[bad_case];
      const std::uint64_t hit_most = *std::max_element(hit.counts.begin(), hit.counts.end());
      bad = invalid_json_count(c);
      if (w.bit_vectors && c.below(3) == 0) {
        if (c.coin() && hit_most > 0) {  // n below a bit count
          bad_at = w.k;
          bad = std::to_string(hit_most - 1);
        } else {  // a bit count above n
          bad = std::to_string(hit.n + 1 + c.below(1000));
        }
      }
    }
    w.text = write_counts_json(c, w, bad_case, bad_at, bad);
    return w;
  }
  std::vector<std::string> lines;
  for (std::uint64_t count : first.counts) lines.push_back(spell_unsigned(c, count));
  // n: needed for bit vectors, stated or not for symbols, anywhere in the file.
  bool n_line = w.bit_vectors || c.coin();
  std::string n_text = spell_unsigned(c, first.n);
  if (corrupt) {
    const std::size_t at = line_to_corrupt(c, w.k + (n_line ? 1 : 0));
    if (at == w.k) {  // n
      switch (c.below(3)) {
        case 0:
          n_text = invalid_unsigned(c, true);
          break;
        case 1:  // symbols: not the sum of the counts; bits: below a bit count
          n_text = w.bit_vectors ? (most > 0 ? std::to_string(most - 1) : "x")
                                 : std::to_string(first.n + 1 + c.below(1000));
          break;
        default:  // bits: no n at all; symbols: a negative one
          n_line = !w.bit_vectors;
          n_text = "-" + n_text;
      }
    } else if (w.bit_vectors && c.below(4) == 0) {
      lines[at] = std::to_string(first.n + 1 + c.below(1000));  // a bit count above n
    } else {
      lines[at] = invalid_unsigned(c, true);  // empty: a count too few, also refused
    }
  }
  if (n_line) {
    const std::string prefix = c.coin() ? "# counts n=" : "n=";
    lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(c.below(w.k + 1)), prefix + n_text);
  }
  w.text = write_lines(c, random_line_style(c), lines);
  return w;
}

/// Whether `read` is exactly the cases written.
inline bool reads_back(const std::vector<CountsCase>& read, const WrittenCounts& w) {
  if (read.size() != w.cases.size()) return false;
  for (std::size_t i = 0; i < read.size(); ++i) {
    if (read[i].counts != w.cases[i].counts || read[i].n != w.cases[i].n) return false;
  }
  return true;
}

}  // namespace uldp::testing
