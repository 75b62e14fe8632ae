// Indices as a caller gives them, resolved once the universe they index is known (the inputs of a
// matrix read later, the outputs or bits of a form derived later).
#pragma once

#include <cstddef>
#include <string>
#include <variant>
#include <vector>

#include "uldp/arithmetic/index_set.h"

namespace uldp::api {

struct IndexSelection {
  /// A list of indices, or text such as "0-14,20" (IndexSet::parse).
  std::variant<std::vector<std::size_t>, std::string> indices;
  /// How errors name the selection: the parameter ("protected") or the flag ("--protected").
  std::string name;

  /// The set over {0, ..., universe - 1}; throws InvalidArgument "NAME: ..." when an index is out
  /// of range, listed twice or unreadable.
  IndexSet resolve(std::size_t universe) const {
    if (const auto* list = std::get_if<std::vector<std::size_t>>(&indices))
      return IndexSet::from_indices(*list, universe, name);
    return IndexSet::parse(std::get<std::string>(indices), universe, name);
  }
};

}  // namespace uldp::api
