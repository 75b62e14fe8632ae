// The one exception family of uldp. Every validator throws one of these with a message
// that names the argument (or file, line and column) and the bad value; the CLI maps
// them to exit code 2.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace uldp {

/// Longest piece of user text quoted in an error message; longer text is cut.
inline constexpr std::size_t kMaxQuotedCharacters = 40;

/// `text` as quoted in one-line errors: itself when short, else its first 40 characters, an
/// ellipsis and its length ("123...(100000 characters)"), so no error line grows with the input;
/// control characters are written \xNN, so the message stays one line.
inline std::string message_excerpt(std::string_view text) {
  std::string quoted;
  for (const char c : text.substr(0, kMaxQuotedCharacters)) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte != 0x7f) {
      quoted += c;
    } else {
      constexpr char kHex[] = "0123456789abcdef";
      quoted += {'\\', 'x', kHex[byte >> 4], kHex[byte & 15]};
    }
  }
  if (text.size() <= kMaxQuotedCharacters) return quoted;
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
