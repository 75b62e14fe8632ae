#include "uldp/arithmetic/index_set.h"

#include <algorithm>
#include <charconv>
#include <string>

#include "uldp/error.h"

namespace uldp {
namespace {

std::size_t parse_index(std::string_view token, std::string_view text, std::string_view what) {
  std::size_t value = 0;
  const auto* end = token.data() + token.size();
  const auto [ptr, ec] = std::from_chars(token.data(), end, value);
  if (token.empty() || ec != std::errc() || ptr != end) {
    throw InvalidArgument(std::string(what) + ": '" + message_excerpt(text) +
                          "' is not a list of indices like 0,3,7 or 0-14 (bad item '" +
                          message_excerpt(token) + "')");
  }
  return value;
}

}  // namespace

IndexSet IndexSet::from_indices(std::vector<std::size_t> indices, std::size_t universe,
                                std::string_view what) {
  std::sort(indices.begin(), indices.end());
  IndexSet set;
  set.universe_ = universe;
  set.member_.assign(universe, false);
  for (std::size_t i = 0; i < indices.size(); ++i) {
    if (indices[i] >= universe) {
      throw InvalidArgument(std::string(what) + ": index " + std::to_string(indices[i]) +
                            " is out of range 0.." +
                            std::to_string(universe == 0 ? 0 : universe - 1));
    }
    if (i > 0 && indices[i] == indices[i - 1]) {
      throw InvalidArgument(std::string(what) + ": index " + std::to_string(indices[i]) +
                            " is listed twice");
    }
    set.member_[indices[i]] = true;
  }
  set.indices_ = std::move(indices);
  return set;
}

IndexSet IndexSet::parse(std::string_view text, std::size_t universe, std::string_view what) {
  std::vector<std::size_t> indices;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string_view::npos) comma = text.size();
    const std::string_view item = text.substr(start, comma - start);
    if (const auto dash = item.find('-'); dash != std::string_view::npos) {
      const std::size_t lo = parse_index(item.substr(0, dash), text, what);
      const std::size_t hi = parse_index(item.substr(dash + 1), text, what);
      if (lo > hi) {
        throw InvalidArgument(std::string(what) + ": range '" + std::string(item) +
                              "' is empty (start > end)");
      }
      if (hi >= universe) {
        throw InvalidArgument(std::string(what) + ": index " + std::to_string(hi) +
                              " is out of range 0.." +
                              std::to_string(universe == 0 ? 0 : universe - 1));
      }
      for (std::size_t i = lo; i <= hi; ++i) indices.push_back(i);
    } else {
      indices.push_back(parse_index(item, text, what));
    }
    start = comma + 1;
    if (comma + 1 == text.size()) {  // trailing comma
      throw InvalidArgument(std::string(what) + ": '" + message_excerpt(text) +
                            "' ends with a comma");
    }
  }
  return from_indices(std::move(indices), universe, what);
}

IndexSet IndexSet::first(std::size_t count, std::size_t universe) {
  if (count > universe) {
    throw InvalidArgument("IndexSet::first: count " + std::to_string(count) + " exceeds universe " +
                          std::to_string(universe));
  }
  std::vector<std::size_t> indices(count);
  for (std::size_t i = 0; i < count; ++i) indices[i] = i;
  return from_indices(std::move(indices), universe, "indices");
}

IndexSet IndexSet::complement() const {
  std::vector<std::size_t> rest;
  rest.reserve(universe_ - indices_.size());
  for (std::size_t i = 0; i < universe_; ++i) {
    if (!member_[i]) rest.push_back(i);
  }
  IndexSet set;
  set.universe_ = universe_;
  set.member_.assign(universe_, false);
  for (std::size_t i : rest) set.member_[i] = true;
  set.indices_ = std::move(rest);
  return set;
}

std::string IndexSet::to_string() const {
  std::string out;
  for (std::size_t i = 0; i < indices_.size();) {
    std::size_t j = i;
    while (j + 1 < indices_.size() && indices_[j + 1] == indices_[j] + 1) ++j;
    if (!out.empty()) out += ',';
    out += std::to_string(indices_[i]);
    if (j > i) out += '-' + std::to_string(indices_[j]);
    i = j + 1;
  }
  return out;
}

}  // namespace uldp
