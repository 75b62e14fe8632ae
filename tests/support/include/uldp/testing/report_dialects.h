// Random report files (`uldp estimate --reports`, read_reports in uldp/estimate/report_file.h) in
// a random accepted layout (line_dialects.h): one symbol or bit string per report, or "# counts"
// (bit vectors: "# counts n=N") and k counts. The round trip requires exactly the histogram,
// reports and bit counts written; the corruption makes one value (the first half the time, the
// header's n included) invalid and requires a refusal. Header-only (the fuzz targets include it).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "uldp/estimate/report_file.h"
#include "uldp/testing/line_dialects.h"

namespace uldp::testing {

/// What was written, to compare with what is read.
struct WrittenReports {
  std::string text;
  std::size_t k = 0;
  bool bit_vectors = false;
  bool per_report = false;
  std::vector<std::uint64_t> symbol_counts;         // symbols: the histogram
  std::vector<std::vector<std::uint32_t>> reports;  // bits, per report: the set bits
  std::vector<std::uint64_t> ones;                  // bits: per-bit counts
  std::uint64_t n = 0;
  bool corrupted = false;
};

/// k in 1..12, symbols or bits, per report or counts; with `corrupt`, one value made invalid.
inline WrittenReports write_random_reports(ByteChoices& c, bool corrupt) {
  WrittenReports w;
  w.k = 1 + c.below(12);
  w.bit_vectors = c.coin();
  w.per_report = c.coin();
  w.symbol_counts.assign(w.k, 0);
  w.ones.assign(w.k, 0);
  std::vector<std::string> lines;
  if (w.per_report) {
    w.n = 1 + c.below(12);
    for (std::uint64_t i = 0; i < w.n; ++i) {
      if (!w.bit_vectors) {
        const std::size_t symbol = c.below(w.k);
        ++w.symbol_counts[symbol];
        lines.push_back(spell_unsigned(c, symbol));
        continue;
      }
      const std::string bits = random_bits(c, w.k);
      w.reports.emplace_back();
      for (std::uint32_t j = 0; j < w.k; ++j) {
        if (bits[j] == '1') {
          w.reports.back().push_back(j);
          ++w.ones[j];
        }
      }
      lines.push_back(bits);
    }
  } else if (!w.bit_vectors) {
    for (std::uint64_t& count : w.symbol_counts) w.n += count = random_count(c);
    if (w.n == 0) w.n = w.symbol_counts[c.below(w.k)] = 1;
    lines.push_back(std::string("# counts").append(random_blanks(c)));
    for (std::uint64_t count : w.symbol_counts) lines.push_back(spell_unsigned(c, count));
  } else {
    w.n = 1 + random_count(c);
    for (std::uint64_t& ones : w.ones) ones = c.below(4) == 0 ? w.n : c.below(w.n + 1);
    lines.push_back(std::string("# counts")
                        .append(1 + c.below(2), ' ')
                        .append("n=")
                        .append(spell_unsigned(c, w.n)));
    for (std::uint64_t ones : w.ones) lines.push_back(spell_unsigned(c, ones));
  }
  if (corrupt) {
    w.corrupted = true;
    const bool header = !w.per_report;  // lines[0] is "# counts ..."
    std::size_t at = header ? 1 + line_to_corrupt(c, w.k) : line_to_corrupt(c, lines.size());
    if (header && w.bit_vectors && c.below(4) == 0) at = 0;  // the header's n
    std::string& line = lines[at];
    if (at == 0 && header) {
      const std::uint64_t most = *std::max_element(w.ones.begin(), w.ones.end());
      switch (c.below(3)) {
        case 0:
          line = "# counts";  // no n
          break;
        case 1:
          line = "# counts n=" + invalid_unsigned(c, true);
          break;
        default:  // fewer reports than a bit is set in
          line = most > 0 ? "# counts n=" + std::to_string(most - 1) : "# counts n=x";
      }
    } else if (w.per_report && w.bit_vectors) {
      line = invalid_bits(c, w.k, false);  // an empty line is a blank line, skipped
    } else if (c.below(4) == 0 && (w.per_report || w.bit_vectors)) {
      // Out of range: a symbol past k - 1, a bit count past n.
      line = std::to_string((w.per_report ? w.k : w.n + 1) + c.below(1000));
    } else {
      // Counts: an empty line is a count line too few, also refused.
      line = invalid_unsigned(c, !w.per_report);
    }
  }
  w.text = write_lines(c, random_line_style(c), lines);
  return w;
}

/// Whether `read` is exactly what was written.
inline bool reads_back(const estimate::ReportData& read, const WrittenReports& w) {
  if (read.bit_vectors != w.bit_vectors || read.per_report != w.per_report || read.n != w.n) {
    return false;
  }
  if (!w.bit_vectors) return read.symbol_counts == w.symbol_counts;
  if (read.bit_counts.n != w.n || read.bit_counts.ones != w.ones) return false;
  if (!w.per_report) return true;
  if (read.bit_reports.size() != w.reports.size()) return false;
  for (std::size_t i = 0; i < w.reports.size(); ++i) {
    const auto bits = read.bit_reports.report(i);
    if (!std::equal(bits.begin(), bits.end(), w.reports[i].begin(), w.reports[i].end())) {
      return false;
    }
  }
  return true;
}

}  // namespace uldp::testing
