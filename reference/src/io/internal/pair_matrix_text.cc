#include "pair_matrix_text.h"

#include <algorithm>
#include <utility>

#include "uldp/error.h"
#include "uldp/input_limits.h"
#include "uldp/io/text_lines.h"

namespace uldp::internal {

PairMatrixText read_pair_matrix(std::string_view text, const std::string& source,
                                const PairEntryRule& rule, TextPositions positions) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // a byte order mark, as --matrix
  TextLines lines(text, source);
  PairMatrixText matrix;
  for (std::string_view view; lines.next(view);) {
    const std::size_t number = lines.line_number();
    const std::string line(view);
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    // Entries and their 1-based columns: split at commas when the line has one (each entry
    // trimmed), else at runs of white space.
    std::vector<std::pair<std::string, std::size_t>> entries;
    const bool commas = line.find(',') != std::string::npos;
    const std::size_t row_index = matrix.entries.size();
    const auto error = [&](std::size_t column, std::optional<std::size_t> entry,
                           const std::string& what) {
      return error_at(positions, source, number, column, row_index, entry, what);
    };
    // Bounded while read: a row past the k rows of the first row's k entries, or past the k of
    // the per-pair check, is refused before it is kept.
    if (!matrix.entries.empty() && row_index == matrix.entries.front().size()) {
      throw error(first + 1, std::nullopt,
                  "a row past the " + std::to_string(row_index) + " rows of a " +
                      std::to_string(row_index) + " x " + std::to_string(row_index) +
                      " pair matrix (its first row has " + std::to_string(row_index) + " " +
                      rule.noun + "s)");
    }
    std::size_t at = 0;
    while (at <= line.size()) {
      const std::size_t end = commas ? std::min(line.find(',', at), line.size())
                                     : std::min(line.find_first_of(" \t", at), line.size());
      const std::size_t begin = line.find_first_not_of(" \t", at);
      const std::size_t last = line.find_last_not_of(" \t", end == 0 ? 0 : end - 1);
      if (entries.size() == kMaxPairInputs) {
        throw error(std::min(begin, line.size()) + 1, entries.size(),
                    "a row of more than " + std::to_string(kMaxPairInputs) + " " + rule.noun +
                        "s, the limit of a pair matrix (the per-pair check takes k <= " +
                        std::to_string(kMaxPairInputs) + ")");
      }
      if (begin != std::string::npos && begin < end && last != std::string::npos && last >= begin)
        entries.emplace_back(line.substr(begin, last - begin + 1), begin + 1);
      else if (commas)
        throw error(std::min(at, line.size()) + 1, entries.size(), "an empty entry");
      if (end == line.size()) break;
      at = commas ? end + 1 : line.find_first_not_of(" \t", end);
      if (at == std::string::npos) break;
    }
    std::vector<std::optional<Rational>> row;
    std::vector<std::size_t> columns;
    for (const auto& [entry, column] : entries) {
      columns.push_back(column);
      if (entry == "inf") {
        row.emplace_back(std::nullopt);
        continue;
      }
      Rational value;
      try {
        value = parse_rational(entry, "entry");
      } catch (const InvalidArgument&) {
        throw error(
            column, row.size(),
            "'" + message_excerpt(entry) + "' is no " + rule.noun + " (" + rule.what_it_is + ")");
      }
      if (value < rule.floor) {
        throw error(column, row.size(),
                    "the " + rule.noun + " " + entry + " is below " + to_string(rule.floor) + " " +
                        rule.below_floor);
      }
      row.emplace_back(std::move(value));
    }
    if (!matrix.entries.empty() && row.size() != matrix.entries.front().size()) {
      throw error(1, std::nullopt,
                  "a row of " + std::to_string(row.size()) + " " + rule.noun + "s, the first has " +
                      std::to_string(matrix.entries.front().size()));
    }
    matrix.entries.push_back(std::move(row));
    matrix.lines.push_back(number);
    matrix.columns.push_back(std::move(columns));
  }
  if (matrix.entries.empty()) throw InputError(source, "no rows of " + rule.noun + "s");
  if (matrix.entries.size() != matrix.entries.front().size()) {
    throw InputError(source, std::to_string(matrix.entries.size()) + " rows of " +
                                 std::to_string(matrix.entries.front().size()) + " " + rule.noun +
                                 "s: a pair matrix is square (k x k)");
  }
  return matrix;
}

}  // namespace uldp::internal
