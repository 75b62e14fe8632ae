// nlohmann's DOM builder refusing a key that an object already has (readers differ on which of
// the two counts, so such a file means two things), and a document of more than kMaxJsonValues
// values while it is parsed, before its tree grows past them. The JSON readers parse through it.
#pragma once

#include <functional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "uldp/error.h"
#include "uldp/input_limits.h"

namespace uldp::internal {

class UniqueKeySax : public nlohmann::detail::json_sax_dom_parser<nlohmann::json> {
 public:
  using Base = nlohmann::detail::json_sax_dom_parser<nlohmann::json>;
  using json = nlohmann::json;

  /// An open array or object, from the document down to the value being read.
  struct Frame {
    bool array = false;
    std::size_t elements = 0;  ///< an array's values so far (the last is the one being read)
    std::string key;           ///< an object's last key
  };
  /// Called at each value, scalar or not, with the open containers above it (a reader's own
  /// limits: a matrix's entries); it throws to refuse.
  using ValueCheck = std::function<void(const std::vector<Frame>&)>;

  /// `invalid`: how the reader calls a bad document ("invalid JSON", "not valid JSON").
  UniqueKeySax(json& root, const std::string& source, std::string invalid, ValueCheck check = {})
      : Base(root, true), source_(source), invalid_(std::move(invalid)), check_(std::move(check)) {}

  bool null() { return counted() && Base::null(); }
  bool boolean(bool value) { return counted() && Base::boolean(value); }
  bool number_integer(json::number_integer_t value) {
    return counted() && Base::number_integer(value);
  }
  bool number_unsigned(json::number_unsigned_t value) {
    return counted() && Base::number_unsigned(value);
  }
  bool number_float(json::number_float_t value, const json::string_t& raw) {
    return counted() && Base::number_float(value, raw);
  }
  bool string(json::string_t& value) { return counted() && Base::string(value); }
  bool binary(json::binary_t& value) { return counted() && Base::binary(value); }

  bool start_object(std::size_t elements) {
    counted();
    keys_.emplace_back();
    frames_.push_back({false, 0, {}});
    return Base::start_object(elements);
  }
  bool end_object() {
    keys_.pop_back();
    frames_.pop_back();
    return Base::end_object();
  }
  bool start_array(std::size_t elements) {
    counted();
    frames_.push_back({true, 0, {}});
    return Base::start_array(elements);
  }
  bool end_array() {
    frames_.pop_back();
    return Base::end_array();
  }
  bool key(json::string_t& name) {
    if (!keys_.empty() && !keys_.back().insert(name).second) {
      throw InputError(source_, invalid_ + ": the key \"" + message_excerpt(name) +
                                    "\" appears twice in " +
                                    (frames_.size() == 1 ? "the top-level object" : "an object") +
                                    " (readers differ on which one counts)");
    }
    frames_.back().key = name;
    return Base::key(name);
  }

  /// "$[3].ones[5]": where the value being read sits.
  static std::string path(const std::vector<Frame>& frames) {
    std::string text = "$";
    for (const Frame& frame : frames) {
      if (frame.array) {
        text.append(1, '[').append(std::to_string(frame.elements - 1)).append(1, ']');
      } else {
        text.append(1, '.').append(message_excerpt(frame.key));
      }
    }
    return text;
  }

 private:
  // Counts a value (in its array, and in the document), refusing one past the limits.
  bool counted() {
    if (!frames_.empty() && frames_.back().array) ++frames_.back().elements;
    if (++values_ > kMaxJsonValues) {
      throw InputError(source_, path(frames_) + ": more than " + std::to_string(kMaxJsonValues) +
                                    " values (numbers, strings, arrays, objects), the limit of "
                                    "a JSON input");
    }
    if (check_) check_(frames_);
    return true;
  }

  const std::string& source_;
  std::string invalid_;
  ValueCheck check_;
  std::vector<std::set<std::string>> keys_;
  std::vector<Frame> frames_;
  std::size_t values_ = 0;
};

}  // namespace uldp::internal
