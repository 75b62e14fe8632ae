#include "uldp/io/pum_users_reader.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <optional>
#include <string>
#include <unordered_map>

#include "uldp/arithmetic/rational.h"
#include "uldp/error.h"
#include "uldp/io/text_lines.h"

namespace uldp {
namespace {

// A whitespace-separated item of a line and its 1-based column.
struct Item {
  std::string text;
  std::size_t column = 0;
};

std::vector<Item> split_items(const std::string& line) {
  std::vector<Item> items;
  std::size_t at = 0;
  while (true) {
    const std::size_t begin = line.find_first_not_of(" \t\r", at);
    if (begin == std::string::npos) break;
    std::size_t end = line.find_first_of(" \t\r", begin);
    if (end == std::string::npos) end = line.size();
    items.push_back({line.substr(begin, end - begin), begin + 1});
    at = end;
  }
  return items;
}

std::size_t tagging_hash(const std::vector<std::optional<std::size_t>>& tag_of) {
  std::size_t h = tag_of.size();
  for (const std::optional<std::size_t>& t : tag_of)
    h = h * 1000003 ^ (t ? *t + 1 : 0);  // FNV-style mixing; equality decides, not the hash
  return h;
}

std::string tag_list(const std::vector<std::string>& tags) {
  std::string s;
  for (const std::string& t : tags) s += (s.empty() ? "" : ", ") + t;
  return s;
}

std::uint64_t parse_count(const Item& item, const std::string& source, std::size_t line) {
  const bool digits = !item.text.empty() && item.text.size() <= 10 &&
                      item.text.find_first_not_of("0123456789") == std::string::npos;
  const std::uint64_t count = digits ? std::stoull(item.text) : 0;
  if (count == 0 || count > kMaxPumUsers) {
    throw InputError(source, line, item.column,
                     "expected a user count from 1 to " + std::to_string(kMaxPumUsers) +
                         ", found '" + message_excerpt(item.text) + "'");
  }
  return count;
}

// The tagging of one line's items (after the count, if any).
std::vector<std::optional<std::size_t>> parse_tagging(const std::vector<Item>& items,
                                                      std::size_t first, const std::string& source,
                                                      std::size_t line,
                                                      const std::vector<std::string>& tags,
                                                      const IndexSet& common_sensitive) {
  const std::size_t k = common_sensitive.universe();
  std::vector<std::optional<std::size_t>> tag_of(k);
  if (first >= items.size()) {
    throw InputError(source, line, items.back().column + items.back().text.size(),
                     "expected TAG=LIST items or '-' for a user without tagged symbols");
  }
  if (items[first].text == "-") {
    if (first + 1 < items.size())
      throw InputError(source, line, items[first + 1].column, "nothing may follow '-'");
    return tag_of;
  }
  std::vector<bool> tag_seen(tags.size(), false);
  for (std::size_t i = first; i < items.size(); ++i) {
    const Item& item = items[i];
    const std::size_t equals = item.text.find('=');
    if (equals == std::string::npos) {
      throw InputError(
          source, line, item.column,
          "expected TAG=LIST (like home=3,7-9), found '" + message_excerpt(item.text) + "'");
    }
    const std::string name = item.text.substr(0, equals);
    std::size_t tag = 0;
    while (tag < tags.size() && tags[tag] != name) ++tag;
    if (tag == tags.size()) {
      throw InputError(
          source, line, item.column,
          "unknown tag '" + message_excerpt(name) + "' (--tags: " + tag_list(tags) + ")");
    }
    if (tag_seen[tag])
      throw InputError(source, line, item.column, "tag '" + name + "' appears twice on the line");
    tag_seen[tag] = true;
    const std::size_t list_column = item.column + equals + 1;
    IndexSet symbols;
    try {
      symbols = IndexSet::parse(item.text.substr(equals + 1), k, name);
    } catch (const InvalidArgument& e) {
      throw InputError(source, line, list_column, e.what());
    }
    if (symbols.empty())
      throw InputError(source, line, list_column, name + ": the list of symbols is empty");
    for (std::size_t x : symbols.indices()) {
      if (common_sensitive.contains(x)) {
        throw InputError(source, line, list_column,
                         name + ": symbol " + std::to_string(x) +
                             " is in the common X_S (--sensitive); a user's own sensitive "
                             "symbols must be non-sensitive for everyone else");
      }
      if (tag_of[x]) {
        throw InputError(
            source, line, list_column,
            name + ": symbol " + std::to_string(x) + " already has the tag " + tags[*tag_of[x]]);
      }
      tag_of[x] = tag;
    }
  }
  return tag_of;
}

}  // namespace

PumPopulation read_pum_users(std::istream& in, const std::string& source, PumUsersLayout layout,
                             const std::vector<std::string>& tags, const IndexSet& common_sensitive,
                             std::size_t max_tag_entries) {
  std::vector<PumUserGroup> groups;
  // Groups by the hash of their tagging: a user like one already read joins its group.
  std::unordered_multimap<std::size_t, std::size_t> group_of;
  std::uint64_t total = 0;
  std::string text;
  std::size_t line = 0;
  while (read_line(in, text, source, line + 1)) {
    ++line;
    const std::vector<Item> items = split_items(text);
    if (items.empty() || items.front().text[0] == '#') continue;
    PumUserGroup group;
    std::size_t first = 0;
    if (layout == PumUsersLayout::kCountedGroups) {
      group.users = parse_count(items.front(), source, line);
      first = 1;
    }
    group.tag_of = parse_tagging(items, first, source, line, tags, common_sensitive);
    total += group.users;
    if (total > kMaxPumUsers) {
      throw InputError(source, line, items.front().column,
                       "more than " + std::to_string(kMaxPumUsers) + " users in total");
    }
    const std::size_t hash = tagging_hash(group.tag_of);
    const auto [first_match, end] = group_of.equal_range(hash);
    const auto same = std::find_if(first_match, end, [&](const auto& entry) {
      return groups[entry.second].tag_of == group.tag_of;
    });
    if (same != end) {
      groups[same->second].users += group.users;
      continue;
    }
    if ((groups.size() + 1) * group.tag_of.size() > max_tag_entries) {
      throw InputError(source, line, items.front().column,
                       "more than " + std::to_string(groups.size()) +
                           " different taggings of |X| = " + std::to_string(group.tag_of.size()) +
                           " symbols (at most " + std::to_string(max_tag_entries) +
                           " tag entries in all)");
    }
    group.source = source + ":" + std::to_string(line);
    group_of.emplace(hash, groups.size());
    groups.push_back(std::move(group));
  }
  if (groups.empty()) throw InputError(source, "no users found");
  return PumPopulation::make(tags, common_sensitive, std::move(groups));
}

PumPopulation read_pum_users_file(const std::string& path, PumUsersLayout layout,
                                  const std::vector<std::string>& tags,
                                  const IndexSet& common_sensitive) {
  std::ifstream in(path);
  if (!in) throw InputError(path, "cannot open file");
  return read_pum_users(in, path, layout, tags, common_sensitive);
}

std::vector<double> read_weight_file(const std::string& path, std::size_t k) {
  std::ifstream in(path);
  if (!in) throw InputError(path, "cannot open file");
  std::vector<double> weights;
  double total = 0;
  std::string text;
  std::size_t line = 0;
  while (read_line(in, text, path, line + 1)) {
    ++line;
    const std::vector<Item> items = split_items(text);
    if (items.empty() || items.front().text[0] == '#') continue;
    const Item& item = items.front();
    if (items.size() > 1)
      throw InputError(path, line, items[1].column, "expected one weight per line");
    if (weights.size() == k)
      throw InputError(path, line, item.column, "more than k = " + std::to_string(k) + " weights");
    Rational w;
    try {
      w = parse_rational(item.text, "weight");
    } catch (const InvalidArgument&) {
      throw InputError(
          path, line, item.column,
          "expected a non-negative number, found '" + message_excerpt(item.text) + "'");
    }
    if (w < 0) {
      throw InputError(path, line, item.column,
                       "weight " + message_excerpt(item.text) + " is negative");
    }
    weights.push_back(to_double(w));
    total += weights.back();
  }
  if (weights.size() != k) {
    throw InputError(
        path, line + 1, 1,
        "expected k = " + std::to_string(k) + " weights, found " + std::to_string(weights.size()));
  }
  if (!(total > 0.0) || !std::isfinite(total))
    throw InputError(path, "the weights must have a positive, finite sum");
  for (double& w : weights) w /= total;
  return weights;
}

}  // namespace uldp
