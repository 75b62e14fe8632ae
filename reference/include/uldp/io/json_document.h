// A JSON document as uldp's readers take it: parsed into nlohmann's DOM, with a key that appears
// twice in one object refused (readers differ on which of the two counts, so such a file means
// two things; nlohmann would keep the last silently).
#pragma once

#include <functional>
#include <istream>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace uldp {

/// Parses `text`; `source` names it in errors. Throws InputError "SOURCE: not valid JSON: byte
/// N", "SOURCE: not valid JSON: the number 1e400 overflows a double", or "SOURCE: not valid JSON:
/// the key "n" appears twice in an object (readers differ on which one counts)".
nlohmann::json parse_json_document(std::string_view text, const std::string& source);

/// Reads a JSON array from `in` one element at a time: `each(element, index)` is called with each
/// (index 0-based) and none is kept, so the footprint is one element whatever the length. Errors
/// as parse_json_document's (bytes counted from the stream's start); a stream of more than
/// kMaxInputBytes bytes, or an element of more than kMaxJsonValues values, throws InputError naming
/// the limit before it is held; a document that is no array throws InputError "SOURCE: " +
/// `not_array`.
void for_each_json_element(std::istream& in, const std::string& source,
                           const std::string& not_array,
                           const std::function<void(const nlohmann::json&, std::size_t)>& each);

}  // namespace uldp
