// The text format of report files (read by `uldp estimate`, written by `uldp simulate`).
//  Per-report, symbol mechanisms:  one output per line, by its label as `uldp mechanism NAME
//    --format csv` lists it: the index 0..k-1 for rr, urr, mangat and none, and for uhr
//    "h0".."h(V-1)" (the Hadamard columns) or the symbol of X_N itself ("4").
//  Per-report, bit-vector mechanisms: one string of k characters '0'/'1' per line, character j
//    is bit j.
//  Counts, symbol mechanisms: first line "# counts", then k lines, line y = count of symbol y.
//  Counts, bit-vector mechanisms: first line "# counts n=N", then k lines, line j = number of
//    the N reports with bit j set (enough for emp / thr, not for EM).
// Blank lines and other lines starting with '#' are ignored; spaces around a value are allowed.
// Every malformed line is an InputError "FILE:LINE:COL: what".
#pragma once

#include <cstdint>
#include <iosfwd>
#include <span>
#include <string>
#include <vector>

#include "uldp/estimate/line_reader.h"
#include "uldp/estimate/reports.h"
#include "uldp/estimate/unlisted_reports.h"

namespace uldp::estimate {

/// What a report file held.
struct ReportData {
  bool bit_vectors = false;                  ///< bit-vector mechanism data (else symbols)
  bool per_report = false;                   ///< one report per line (else counts)
  std::vector<std::uint64_t> symbol_counts;  ///< symbols: the histogram (size k)
  BitReports bit_reports;                    ///< bits, per-report: the reports
  BitCounts bit_counts;  ///< bits: per-bit counts (also filled for per-report files)
  std::uint64_t n = 0;   ///< number of reports
  /// An unlisted mechanism's reports (unlisted.h; per_report, nothing else filled).
  UnlistedReports unlisted_reports;
};

/// How read_reports reads.
struct ReportReadOptions {
  /// Per-report bit vectors: keep each report in ReportData::bit_reports (EM and ubd-opt's
  /// estimators need them; needs_each_report in estimation_model.h). false: only the bit counts
  /// are kept, bit_reports stays empty and memory does not grow with the reports.
  bool keep_bit_reports = true;
  std::size_t block = kReadBlock;  ///< bytes read at a time (tests split lines across blocks)
};

/// Reads a report file for a mechanism with k symbols or bits (its report size); `source` names it
/// in errors. `labels`: the outputs' labels in column order where they are not the indices (uHR,
/// report_labels in estimation_model.h); a per-report symbol line is then a label, while counts
/// stay positional. Empty: a symbol line is the index. Streams: memory is O(k) plus one block,
/// plus the kept bit-vector reports in their compact form.
ReportData read_reports(std::istream& in, const std::string& source, std::size_t k,
                        bool bit_vectors, std::span<const std::string> labels = {},
                        const ReportReadOptions& options = {});

/// Writes per-report symbol data / bit-vector data / counts in the format above.
void write_symbol_reports(std::ostream& out, const std::vector<std::uint32_t>& symbols,
                          std::span<const std::string> labels = {});
void write_bit_reports(std::ostream& out, const BitReports& reports);
void write_symbol_counts(std::ostream& out, const std::vector<std::uint64_t>& counts);
void write_bit_counts(std::ostream& out, const BitCounts& counts);

}  // namespace uldp::estimate
