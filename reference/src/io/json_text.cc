#include "uldp/io/json_text.h"

#include <string_view>

#include "uldp/error.h"

namespace uldp {

using json = nlohmann::json;

namespace {

std::string with_bytes_escaped(const std::string& text) {
  std::string shown;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t length = utf8_character_length(std::string_view(text).substr(at));
    if (length == 0) {
      shown += hex_escaped(static_cast<unsigned char>(text[at]));
      ++at;
    } else {
      shown.append(text, at, length);
      at += length;
    }
  }
  return shown;
}

// A copy of `document` whose strings, keys included, are valid UTF-8.
json with_bytes_escaped(const json& document) {
  if (document.is_string()) return with_bytes_escaped(document.get_ref<const std::string&>());
  if (document.is_array()) {
    json copy = json::array();
    for (const json& item : document) copy.push_back(with_bytes_escaped(item));
    return copy;
  }
  if (document.is_object()) {
    json copy = json::object();
    for (const auto& [key, value] : document.items()) {
      copy[with_bytes_escaped(key)] = with_bytes_escaped(value);
    }
    return copy;
  }
  return document;
}

}  // namespace

std::string json_text(const nlohmann::json& document, int indent) {
  try {
    return document.dump(indent);
  } catch (const json::type_error& e) {
    constexpr int kNotUtf8 = 316;  // nlohmann's id for a string that is not UTF-8
    if (e.id != kNotUtf8) throw;
    // The rare case pays for the copy.
    return with_bytes_escaped(document).dump(indent);
  }
}

}  // namespace uldp
