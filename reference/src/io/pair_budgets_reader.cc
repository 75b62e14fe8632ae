#include "uldp/io/pair_budgets_reader.h"

#include <algorithm>
#include <sstream>
#include <utility>

#include "uldp/error.h"
#include "uldp/io/text_lines.h"

namespace uldp {

PairBudgetMatrix parse_pair_budgets(std::string_view text, const std::string& source) {
  std::istringstream in{std::string(text)};
  PairBudgetMatrix rows;
  std::string line;
  for (std::size_t number = 1; read_line(in, line, source, number); ++number) {
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    // Entries and their 1-based columns: split at commas when the line has one (each entry
    // trimmed), else at runs of white space.
    std::vector<std::pair<std::string, std::size_t>> entries;
    const bool commas = line.find(',') != std::string::npos;
    std::size_t at = 0;
    while (at <= line.size()) {
      const std::size_t end = commas ? std::min(line.find(',', at), line.size())
                                     : std::min(line.find_first_of(" \t", at), line.size());
      const std::size_t begin = line.find_first_not_of(" \t", at);
      const std::size_t last = line.find_last_not_of(" \t", end == 0 ? 0 : end - 1);
      if (begin != std::string::npos && begin < end && last != std::string::npos && last >= begin)
        entries.emplace_back(line.substr(begin, last - begin + 1), begin + 1);
      else if (commas)
        throw InputError(source, number, std::min(at, line.size()) + 1, "an empty entry");
      if (end == line.size()) break;
      at = commas ? end + 1 : line.find_first_not_of(" \t", end);
      if (at == std::string::npos) break;
    }
    std::vector<std::optional<Rational>> row;
    for (const auto& [entry, column] : entries) {
      if (entry == "inf") {
        row.emplace_back(std::nullopt);
        continue;
      }
      Rational value;
      try {
        value = parse_rational(entry, "entry");
      } catch (const InvalidArgument&) {
        throw InputError(source, number, column,
                         "'" + message_excerpt(entry) +
                             "' is no bound (an exact rational or decimal >= 1, or inf)");
      }
      if (value < 1) {
        throw InputError(source, number, column,
                         "the bound " + entry + " is below 1 (a bound is e^eps >= 1)");
      }
      row.emplace_back(std::move(value));
    }
    if (!rows.empty() && row.size() != rows.front().size()) {
      throw InputError(source, number, 1,
                       "a row of " + std::to_string(row.size()) + " bounds, the first has " +
                           std::to_string(rows.front().size()));
    }
    rows.push_back(std::move(row));
  }
  if (rows.empty()) throw InputError(source, "no rows of bounds");
  if (rows.size() != rows.front().size()) {
    throw InputError(source, std::to_string(rows.size()) + " rows of " +
                                 std::to_string(rows.front().size()) +
                                 " bounds: a pair budget matrix is square (k x k)");
  }
  return rows;
}

}  // namespace uldp
