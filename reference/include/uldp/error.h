// The one exception family of uldp. Every validator throws one of these with a message
// that names the argument (or file, line and column) and the bad value; the CLI maps
// them to exit code 2.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace uldp {

/// Longest piece of user text quoted in an error message, in bytes; longer text is cut.
inline constexpr std::size_t kMaxQuotedCharacters = 40;

/// The length in bytes (1 to 4) of the UTF-8 character `text` starts with, or 0 when its first
/// bytes are not one: a Latin-1 byte, a character cut short, an overlong or surrogate form (what
/// a strict reader of UTF-8, a JSON parser among them, refuses).
inline std::size_t utf8_character_length(std::string_view text) {
  if (text.empty()) return 0;
  const auto byte = [&text](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const auto continues = [&](std::size_t i, unsigned char low, unsigned char high) {
    return i < text.size() && byte(i) >= low && byte(i) <= high;
  };
  const unsigned char lead = byte(0);
  if (lead <= 0x7f) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return continues(1, 0x80, 0xbf) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    // E0 needs A0.. (no overlong form); ED stops at 9F (no surrogate).
    const unsigned char low = lead == 0xe0 ? 0xa0 : 0x80;
    const unsigned char high = lead == 0xed ? 0x9f : 0xbf;
    return continues(1, low, high) && continues(2, 0x80, 0xbf) ? 3 : 0;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    // F0 needs 90.. (no overlong form); F4 stops at 8F (nothing above U+10FFFF).
    const unsigned char low = lead == 0xf0 ? 0x90 : 0x80;
    const unsigned char high = lead == 0xf4 ? 0x8f : 0xbf;
    return continues(1, low, high) && continues(2, 0x80, 0xbf) && continues(3, 0x80, 0xbf) ? 4 : 0;
  }
  return 0;
}

/// `byte` as uldp shows a byte it cannot print: `\xNN` (two lowercase hex digits).
inline std::string hex_escaped(unsigned char byte) {
  constexpr char kHex[] = "0123456789abcdef";
  return {'\\', 'x', kHex[byte >> 4], kHex[byte & 15]};
}

/// `text` as quoted in one-line errors: itself when short, else its first 40 bytes (never half a
/// UTF-8 character: the cut falls before a character that would not fit), an ellipsis and its
/// length ("123...(100000 characters)"), so no error line grows with the input. Control
/// characters and bytes that are not UTF-8 (a Latin-1 name) are written \xNN, so the message
/// stays one line of valid UTF-8 that shows which byte was there.
inline std::string message_excerpt(std::string_view text) {
  std::string quoted;
  std::size_t at = 0;
  while (at < text.size() && at < kMaxQuotedCharacters) {
    const auto byte = static_cast<unsigned char>(text[at]);
    const std::size_t length = utf8_character_length(text.substr(at));
    if (length == 0 || byte < 0x20 || byte == 0x7f) {
      quoted += hex_escaped(byte);
      ++at;
      continue;
    }
    if (at + length > kMaxQuotedCharacters) break;
    quoted.append(text.substr(at, length));
    at += length;
  }
  if (at == text.size()) return quoted;
  return quoted + "... (" + std::to_string(text.size()) + " characters)";
}

/// Base of every error uldp throws on purpose.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A function argument is out of its domain; the message names the argument and value.
class InvalidArgument : public Error {
 public:
  using Error::Error;
};

/// Malformed input text; the message reads "<source>:<line>:<column>: <what>".
class InputError : public Error {
 public:
  InputError(const std::string& source, std::size_t line, std::size_t column,
             const std::string& what)
      : Error(source + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + what),
        line_(line),
        column_(column) {}
  /// A whole-input problem without a position.
  InputError(const std::string& source, const std::string& what) : Error(source + ": " + what) {}

  std::size_t line() const { return line_; }
  std::size_t column() const { return column_; }

 private:
  std::size_t line_ = 0;
  std::size_t column_ = 0;
};

}  // namespace uldp
