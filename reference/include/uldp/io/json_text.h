// A JSON document as uldp writes it: nlohmann's text, and never an exception for a string that is
// not UTF-8.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace uldp {

/// `document` as JSON text (`indent` as nlohmann's dump: -1 one line, else spaces per level).
/// Never throws on text that is not UTF-8 (a Latin-1 file name or label), where nlohmann's dump
/// does: each byte that is not part of a UTF-8 character is written as the four characters \xNN,
/// as error lines quote it (message_excerpt), so the reader still sees which byte it was (a
/// replacement character would hide it). Everything else is nlohmann's dump unchanged.
std::string json_text(const nlohmann::json& document, int indent = -1);

}  // namespace uldp
