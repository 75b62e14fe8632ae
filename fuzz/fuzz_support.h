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

/// The two meaning checks on one input, for a writer `write(corrupt)` of a random file that knows
/// what it must read as (tests/support/include/uldp/testing/*_dialects.h): written valid, `read`
/// returns what `same` accepts (a refusal traps too); with one value made invalid, `read` refuses
/// it with one short line (an accepted file traps).
template <typename Write, typename Read, typename Same>
void require_meaning(Write write, Read read, Same same) {
  const auto valid = write(false);
  try {
    if (!same(read(valid), valid)) __builtin_trap();
  } catch (const uldp::Error&) {
    __builtin_trap();
  }
  const auto corrupted = write(true);
  try {
    read(corrupted);
  } catch (const uldp::Error& e) {
    require_short_message(e);
    return;
  }
  __builtin_trap();
}

}  // namespace uldp::fuzz
