#include "binary64_rows.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <exception>
#include <functional>
#include <thread>

#include "uldp/arithmetic/binary64.h"
#include "uldp/arithmetic/probability.h"
#include "uldp/cancellation.h"
#include "uldp/error.h"
#include "uldp/io/entry_reading.h"
#include "uldp/progress.h"

namespace uldp::internal {
namespace {

// Below this many bytes one thread reads everything.
constexpr std::size_t kParallelBytes = 1 << 20;
// Progress and cancellation are looked at every so many lines.
constexpr std::size_t kLinesPerTick = 1024;

// The pattern of a cell that is a probability, read as the general reader reads it; nullopt when
// it is not one (an error) or no binary64 value (1/3): the general reader must read the line.
std::optional<std::uint64_t> cell_bits(std::string_view cell) {
  if (const auto bits = parse_plain_decimal_binary64(cell)) {
    if (*bits <= kBinary64One) return bits;  // patterns are ordered as their values
    return std::nullopt;
  }
  try {
    const Rational value = read_entry(cell, EntryReading::kBinary64, "entry");
    if (!is_probability(value)) return std::nullopt;
    return binary64_bits(value);
  } catch (const Error&) {
    return std::nullopt;
  }
}

// Whether DelimitedText skips the line: blank (spaces, tabs, CRs) or a '#' comment.
bool blank_or_comment(std::string_view line) {
  const std::size_t first = line.find_first_not_of(" \t\r");
  return first == std::string_view::npos || line[first] == '#';
}

// The cells of one line (no '\n', no '"') as DelimitedText splits and trims them, read into
// `out`; false when the line does not have exactly `columns` cells that all read.
bool read_line(std::string_view line, Delimiter delimiter, std::size_t columns,
               std::uint64_t* out) {
  // "\r\n" and a final "\r" end the line; other CRs belong to cells (trimmed at their end).
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  auto trim_end = [](std::string_view cell, bool tab_pads) {
    while (!cell.empty() &&
           (cell.back() == ' ' || cell.back() == '\r' || (tab_pads && cell.back() == '\t')))
      cell.remove_suffix(1);
    return cell;
  };
  std::size_t column = 0;
  const std::size_t n = line.size();
  if (delimiter == Delimiter::kWhitespace) {
    std::size_t i = 0;
    while (true) {
      while (i < n && (line[i] == ' ' || line[i] == '\t')) ++i;
      if (i == n) break;
      std::size_t j = i;
      while (j < n && line[j] != ' ' && line[j] != '\t') ++j;
      if (column == columns) return false;
      const auto bits = cell_bits(trim_end(line.substr(i, j - i), true));
      if (!bits) return false;
      out[column++] = *bits;
      i = j;
    }
    return column == columns;
  }
  const char separator = delimiter == Delimiter::kTab         ? '\t'
                         : delimiter == Delimiter::kSemicolon ? ';'
                                                              : ',';
  const bool tab_pads = separator != '\t';
  std::size_t i = 0;
  while (true) {
    std::size_t j = line.find(separator, i);
    if (j == std::string_view::npos) j = n;
    if (column == columns) return false;
    std::string_view cell = line.substr(i, j - i);
    while (!cell.empty() && (cell.front() == ' ' || (tab_pads && cell.front() == '\t')))
      cell.remove_prefix(1);
    const auto bits = cell_bits(trim_end(cell, tab_pads));
    if (!bits) return false;
    out[column++] = *bits;
    if (j == n) break;
    i = j + 1;
  }
  return column == columns;
}

// One thread's share: the lines in [begin, end), written from row `base_row` of the entries.
struct Chunk {
  std::size_t begin = 0, end = 0;
  std::size_t first_line = 0;
  std::size_t base_row = 0;
  std::size_t row_cap = 0;  // rows it may write
  std::size_t rows = 0;
  std::vector<std::size_t> lines;
  std::optional<UntakenLine> untaken;  // row: index within the chunk
  std::exception_ptr error;
};

// Reads one chunk; `tick` is called every kLinesPerTick lines and returns false to stop.
void read_chunk(std::string_view text, const Binary64RowsRequest& request, Chunk& chunk,
                std::uint64_t* entries, const std::function<bool()>& tick) {
  std::size_t pos = chunk.begin, line = chunk.first_line, since_tick = 0;
  while (pos < chunk.end) {
    const void* newline = std::memchr(text.data() + pos, '\n', chunk.end - pos);
    const std::size_t line_end =
        newline ? static_cast<std::size_t>(static_cast<const char*>(newline) - text.data())
                : chunk.end;
    if (++since_tick == kLinesPerTick) {
      since_tick = 0;
      if (!tick()) return;
    }
    const std::string_view content = text.substr(pos, line_end - pos);
    if (!blank_or_comment(content)) {
      if (chunk.rows == chunk.row_cap ||
          !read_line(content, request.delimiter, request.columns,
                     entries + (chunk.base_row + chunk.rows) * request.columns)) {
        chunk.untaken = UntakenLine{pos, line, chunk.rows};
        return;
      }
      chunk.lines.push_back(line);
      ++chunk.rows;
    }
    pos = line_end + 1;
    ++line;
  }
}

// Runs f(0) .. f(n - 1), f(0) on this thread and the others on their own; rethrows what f(0)
// throws after the others have stopped (they see `stop`).
void run_parallel(unsigned n, std::atomic<bool>& stop, const std::function<void(unsigned)>& f) {
  std::vector<std::thread> others;
  for (unsigned i = 1; i < n; ++i) others.emplace_back(f, i);
  try {
    f(0);
  } catch (...) {
    stop = true;
    for (std::thread& t : others) t.join();
    throw;
  }
  for (std::thread& t : others) t.join();
}

}  // namespace

Binary64Rows read_binary64_rows(std::string_view text, const std::string& source,
                                const Binary64RowsRequest& request) {
  const std::size_t begin = request.offset, end = text.size();
  unsigned threads =
      end - begin >= kParallelBytes ? std::clamp(std::thread::hardware_concurrency(), 1u, 2u) : 1u;
  // Chunks end just after a '\n' (the last at the end of the text).
  std::vector<std::size_t> bounds{begin};
  for (unsigned i = 1; i < threads; ++i) {
    const std::size_t at =
        text.find('\n', std::max(begin + (end - begin) / threads * i, bounds.back()));
    bounds.push_back(at == std::string_view::npos ? end : at + 1);
  }
  bounds.push_back(end);
  std::vector<std::size_t> newlines(threads);
  std::atomic<bool> stop = false;
  run_parallel(threads, stop, [&](unsigned i) {
    newlines[i] = static_cast<std::size_t>(
        std::count(text.begin() + static_cast<std::ptrdiff_t>(bounds[i]),
                   text.begin() + static_cast<std::ptrdiff_t>(bounds[i + 1]), '\n'));
  });
  std::size_t lines = 0;
  for (std::size_t n : newlines) lines += n;
  const bool last_line_open = end > begin && text[end - 1] != '\n';
  if (lines + (last_line_open ? 1 : 0) > request.max_rows) {
    // More lines than rows allowed: one chunk, which stops at the row over the limit.
    threads = 1;
    bounds = {begin, end};
    newlines = {lines};
  }
  std::vector<Chunk> chunks(threads);
  std::size_t row = request.leading_rows, line = request.line;
  for (unsigned i = 0; i < threads; ++i) {
    Chunk& c = chunks[i];
    c.begin = bounds[i];
    c.end = bounds[i + 1];
    c.first_line = line;
    c.base_row = row;
    c.row_cap =
        std::min(newlines[i] + (i + 1 == threads && last_line_open ? 1 : 0), request.max_rows);
    line += newlines[i];
    row += c.row_cap;
  }
  Binary64Rows result;
  result.entries.resize(row * request.columns);

  const auto before = static_cast<std::uint64_t>(
      std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(begin), '\n'));
  ProgressTask progress("reading " + source, before + lines);
  std::atomic<std::size_t> lines_done = 0;
  std::atomic<unsigned> earliest_untaken = threads;  // later chunks need not be read
  run_parallel(threads, stop, [&](unsigned i) {
    Chunk& chunk = chunks[i];
    // Only this thread reports progress and polls for cancellation (the poll may not be callable
    // from other threads).
    const std::function<bool()> tick = [&] {
      const std::size_t done = lines_done.fetch_add(kLinesPerTick) + kLinesPerTick;
      if (i == 0) {
        progress.set_done(before + done);
        check_cancelled();
      }
      return !stop && i <= earliest_untaken;
    };
    try {
      read_chunk(text, request, chunk, result.entries.data(), tick);
      unsigned earliest = earliest_untaken;
      while (chunk.untaken && i < earliest &&
             !earliest_untaken.compare_exchange_weak(earliest, i)) {
      }
    } catch (const Cancelled&) {
      throw;
    } catch (...) {
      if (i == 0) throw;
      chunk.error = std::current_exception();
    }
  });

  // The rows in file order, up to the first line not taken.
  std::size_t rows = request.leading_rows;
  for (Chunk& chunk : chunks) {
    if (chunk.error) std::rethrow_exception(chunk.error);
    if (chunk.base_row != rows) {
      const auto from =
          result.entries.begin() + static_cast<std::ptrdiff_t>(chunk.base_row * request.columns);
      std::copy(from, from + static_cast<std::ptrdiff_t>(chunk.rows * request.columns),
                result.entries.begin() + static_cast<std::ptrdiff_t>(rows * request.columns));
    }
    result.lines.insert(result.lines.end(), chunk.lines.begin(), chunk.lines.end());
    if (chunk.untaken) {
      result.untaken = *chunk.untaken;
      result.untaken->row = rows - request.leading_rows + chunk.untaken->row;
      rows += chunk.rows;
      break;
    }
    rows += chunk.rows;
  }
  result.entries.resize(rows * request.columns);
  return result;
}

}  // namespace uldp::internal
