// The fast reading of the data rows of a delimited matrix with --binary64: plain decimals straight
// to binary64 patterns, lines split without building records, in two threads. It takes only what
// it reads exactly as the general reader (DelimitedText + read_entry) would and stops at the first
// line (in file order) it does not take; the caller has the general reader read that line, which
// either throws the error naming it or shows the matrix needs the general reading after all.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "uldp/io/delimited_text.h"

namespace uldp::internal {

/// A data line the fast reading did not take.
struct UntakenLine {
  std::size_t offset = 0;  ///< byte offset of the line's start
  std::size_t line = 0;    ///< its line number
  std::size_t row = 0;     ///< its index among the data rows read here
};

struct Binary64Rows {
  /// Row-major patterns: `leading_rows` rows left for the caller, then the rows read.
  std::vector<std::uint64_t> entries;
  /// The line of each row read.
  std::vector<std::size_t> lines;
  /// The first data line not taken; the rows before it are all read.
  std::optional<UntakenLine> untaken;
};

/// How a text is read: where its data rows start and what they must be.
struct Binary64RowsRequest {
  std::size_t offset = 0;  ///< the first byte after the first record, at the start of a line
  std::size_t line = 1;    ///< that line's number
  Delimiter delimiter = Delimiter::kComma;
  std::size_t columns = 1;
  std::size_t leading_rows = 0;  ///< rows to leave at the front of `entries`
  /// The most rows to read; the next data line is returned as untaken (the size limit's row).
  std::size_t max_rows = 0;
};

/// Reads the data rows of `text` (which has no '"' after `request.offset`): each a line of exactly
/// `columns` cells, each a probability whose binary64 reading is exact (plain decimals through
/// from_chars; other numbers through read_entry when they are binary64 values). Blank and '#'
/// lines are skipped as DelimitedText skips them. Reports progress as "reading `source`".
Binary64Rows read_binary64_rows(std::string_view text, const std::string& source,
                                const Binary64RowsRequest& request);

}  // namespace uldp::internal
