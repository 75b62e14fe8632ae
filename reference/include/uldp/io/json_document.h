// A JSON document as uldp's readers take it: parsed into nlohmann's DOM, with a key that appears
// twice in one object refused (readers differ on which of the two counts, so such a file means
// two things; nlohmann would keep the last silently).
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace uldp {

/// Parses `text`; `source` names it in errors. Throws InputError "SOURCE: not valid JSON: byte
/// N", "SOURCE: not valid JSON: the number 1e400 overflows a double", or "SOURCE: not valid JSON:
/// the key "n" appears twice in an object (readers differ on which one counts)".
nlohmann::json parse_json_document(std::string_view text, const std::string& source);

}  // namespace uldp
