// Shared by uBD and uSS (whose protected outputs are the same K-subsets of X_S): listing the
// subsets for the dense expansion, their labels, and the witnesses' first members.
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace uldp::internal {

/// The smallest min(2, count) members from position `from` of `members`, skipping `except`.
inline std::vector<std::size_t> first_two(const std::vector<std::size_t>& members,
                                          std::size_t from = 0,
                                          std::optional<std::size_t> except = {}) {
  std::vector<std::size_t> first;
  for (std::size_t i = from; i < members.size() && first.size() < 2; ++i) {
    if (members[i] != except) first.push_back(members[i]);
  }
  return first;
}

/// "{a,b,...}" with the members in increasing order.
inline std::string set_label(std::vector<std::size_t> members) {
  std::sort(members.begin(), members.end());
  std::string s = "{";
  for (std::size_t i = 0; i < members.size(); ++i) {
    if (i > 0) s += ',';
    s += std::to_string(members[i]);
  }
  s += '}';
  return s;
}

/// The K-subsets of `members` in lexicographic order (only called for small C(v, K)).
inline std::vector<std::vector<std::size_t>> all_subsets(const std::vector<std::size_t>& members,
                                                         std::size_t block) {
  std::vector<std::vector<std::size_t>> subsets;
  std::vector<std::size_t> pos(block);
  for (std::size_t i = 0; i < block; ++i) pos[i] = i;
  const std::size_t v = members.size();
  while (true) {
    std::vector<std::size_t> subset(block);
    for (std::size_t i = 0; i < block; ++i) subset[i] = members[pos[i]];
    subsets.push_back(std::move(subset));
    std::size_t i = block;
    while (i > 0 && pos[i - 1] == v - block + i - 1) --i;
    if (i == 0) return subsets;
    ++pos[i - 1];
    for (std::size_t j = i; j < block; ++j) pos[j] = pos[j - 1] + 1;
  }
}

}  // namespace uldp::internal
