// What every fuzz target checks beyond "no crash, no sanitizer report": the only exception that
// may escape a parser is uldp::Error, and its message stays one short line whatever the input
// (docs/inputs.md: a quoted value is cut to 40 characters).
#pragma once

#include <cstddef>
#include <cstring>

#include "uldp/error.h"

namespace uldp::fuzz {

/// Longer than any message a parser writes with the short source names the targets use: at most
/// two quoted excerpts of 40 characters each, a control character written as 4 (\x0a).
inline constexpr std::size_t kMaxMessageLength = 1000;

/// Traps (a libFuzzer crash, with the input saved) when the message is long or not one line.
inline void require_short_message(const uldp::Error& error) {
  const char* what = error.what();
  if (std::strlen(what) > kMaxMessageLength || std::strchr(what, '\n') != nullptr) {
    __builtin_trap();
  }
}

}  // namespace uldp::fuzz
