#include "uldp/io/safe_regions_reader.h"

#include "uldp/error.h"
#include "uldp/input_limits.h"
#include "uldp/io/text_lines.h"

namespace uldp {

std::vector<SafeRegion> parse_safe_regions(std::string_view text, const std::string& source,
                                           TextPositions positions) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // a byte order mark, as --matrix
  TextLines lines(text, source);
  std::vector<SafeRegion> regions;
  for (std::string_view view; lines.next(view);) {
    const std::size_t number = lines.line_number();
    const std::string line(view);
    // Fields at runs of white space, with their 1-based columns.
    std::vector<std::pair<std::string, std::size_t>> fields;
    for (std::size_t at = line.find_first_not_of(" \t"); at != std::string::npos;) {
      const std::size_t end = line.find_first_of(" \t", at);
      fields.emplace_back(line.substr(at, end - at), at + 1);
      at = end == std::string::npos ? end : line.find_first_not_of(" \t", end);
    }
    if (fields.empty() || fields.front().first.front() == '#') continue;
    const std::size_t r = regions.size();
    const auto error = [&](std::size_t column, std::optional<std::size_t> field,
                           const std::string& what) {
      return error_at(positions, source, number, column, r, field, what);
    };
    if (r == kMaxSafeRegions) {
      throw error(fields.front().second, std::nullopt,
                  "more than " + std::to_string(kMaxSafeRegions) +
                      " safe regions, the limit of a safe regions file");
    }
    if (fields.size() == 1) {
      throw error(line.size() + 1, std::nullopt,
                  "a region needs its budget after its inputs (exp_eps=T or eps=E)");
    }
    if (fields.size() > 2) {
      throw error(fields[2].second, std::nullopt,
                  "'" + message_excerpt(fields[2].first) +
                      "': a region is its inputs and its budget, nothing more");
    }
    const auto& [budget, column] = fields[1];
    const std::size_t equals = budget.find('=');
    const std::string unit = budget.substr(0, equals);
    if (equals == std::string::npos || (unit != "exp_eps" && unit != "eps")) {
      throw error(column, 1, "'" + message_excerpt(budget) + "' is no budget (exp_eps=T or eps=E)");
    }
    const std::string where = positions == TextPositions::kLineColumn
                                  ? source + ":" + std::to_string(number)
                                  : source + "[" + std::to_string(r) + "]";
    const std::string value = budget.substr(equals + 1);
    const std::string inputs_where = positions == TextPositions::kLineColumn
                                         ? where + ":" + std::to_string(fields[0].second)
                                         : where + "[0]";
    SafeRegion region{fields[0].first, PrivacyBudget::from_exp_eps(Rational(1)), where,
                      inputs_where};
    try {
      const Rational r = parse_rational(value, unit);
      region.budget = unit == "exp_eps" ? PrivacyBudget::from_exp_eps(r, "exp_eps")
                                        : PrivacyBudget::from_epsilon(r, 64, "eps");
    } catch (const InvalidArgument& e) {
      throw error(column + equals + 1, 1, e.what());
    }
    regions.push_back(std::move(region));
  }
  if (regions.empty()) throw InputError(source, "no safe regions");
  return regions;
}

}  // namespace uldp
