// A set of indices in [0, universe): sensitive inputs X_S, protected outputs Y_P, ...
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace uldp {

/// Sorted, duplicate-free indices below a fixed universe size. Invalid sets cannot be made.
class IndexSet {
 public:
  IndexSet() = default;
  /// Validates every index < universe and no duplicates; `what` names the argument in errors.
  static IndexSet from_indices(std::vector<std::size_t> indices, std::size_t universe,
                               std::string_view what);
  /// Parses "0,3,7", ranges "0-14", or "" (empty); `what` names the argument in errors.
  static IndexSet parse(std::string_view text, std::size_t universe, std::string_view what);
  /// {0, ..., count-1}: the paper's "sensitive symbols first" convention.
  static IndexSet first(std::size_t count, std::size_t universe);
  static IndexSet all(std::size_t universe) { return first(universe, universe); }

  std::size_t universe() const { return universe_; }
  std::size_t size() const { return indices_.size(); }
  bool empty() const { return indices_.empty(); }
  bool contains(std::size_t index) const { return index < universe_ && member_[index]; }
  const std::vector<std::size_t>& indices() const { return indices_; }
  /// The indices of the universe not in this set.
  IndexSet complement() const;
  /// Compact text: "0-14,20".
  std::string to_string() const;

  friend bool operator==(const IndexSet& a, const IndexSet& b) {
    return a.universe_ == b.universe_ && a.indices_ == b.indices_;
  }

 private:
  std::size_t universe_ = 0;
  std::vector<std::size_t> indices_;
  std::vector<bool> member_;
};

}  // namespace uldp
