// nlohmann's DOM builder refusing a key that an object already has (readers differ on which of
// the two counts, so such a file means two things). The JSON readers parse through it.
#pragma once

#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "uldp/error.h"

namespace uldp::internal {

class UniqueKeySax : public nlohmann::detail::json_sax_dom_parser<nlohmann::json> {
 public:
  using Base = nlohmann::detail::json_sax_dom_parser<nlohmann::json>;
  /// `invalid`: how the reader calls a bad document ("invalid JSON", "not valid JSON").
  UniqueKeySax(nlohmann::json& root, const std::string& source, std::string invalid)
      : Base(root, true), source_(source), invalid_(std::move(invalid)) {}
  bool start_object(std::size_t elements) {
    keys_.emplace_back();
    at_root_.push_back(depth_++ == 0);
    return Base::start_object(elements);
  }
  bool end_object() {
    keys_.pop_back();
    at_root_.pop_back();
    --depth_;
    return Base::end_object();
  }
  bool start_array(std::size_t elements) {
    ++depth_;
    return Base::start_array(elements);
  }
  bool end_array() {
    --depth_;
    return Base::end_array();
  }
  bool key(nlohmann::json::string_t& name) {
    if (!keys_.empty() && !keys_.back().insert(name).second) {
      throw InputError(source_, invalid_ + ": the key \"" + message_excerpt(name) +
                                    "\" appears twice in " +
                                    (at_root_.back() ? "the top-level object" : "an object") +
                                    " (readers differ on which one counts)");
    }
    return Base::key(name);
  }

 private:
  const std::string& source_;
  std::string invalid_;
  std::vector<std::set<std::string>> keys_;
  std::vector<bool> at_root_;  // per open object: whether it is the document itself
  std::size_t depth_ = 0;      // open objects and arrays
};

}  // namespace uldp::internal
