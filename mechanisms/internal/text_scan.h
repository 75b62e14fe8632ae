// What the mechanism folders' file parsers share (a Bloom map, a hash family): the lines of a text
// whatever ends them, and whole numbers as people write them. The workflow layer reads the file
// (bounded, uldp/io/input_text.h); these parse its text without I/O. Header-only.
#pragma once

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "uldp/error.h"

namespace uldp::internal {

/// A line of data (not blank, not a '#' comment): its text without blanks at its end, where its
/// first character is (0-based), its number (1-based), and the refusal of one of its columns.
struct DataLine {
  std::string_view text;
  std::size_t first = 0;
  std::size_t number = 0;
  const std::string* source = nullptr;
  InputError error(std::size_t at, const std::string& what) const {
    return InputError(*source, number, at + 1, what);
  }
};

/// Calls `take(line)` for each data line of `text`, whatever ends its lines ("\n", "\r\n" or a
/// lone "\r"), a byte order mark skipped; `source` names the text in errors.
template <class Take>
void for_each_data_line(std::string_view text, const std::string& source, Take take) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  std::size_t at = 0, number = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find_first_of("\r\n", at), text.size());
    const std::string_view line = text.substr(at, end - at);
    at = end;
    if (at < text.size()) {
      const bool carriage_return = text[at] == '\r';
      ++at;
      if (carriage_return && at < text.size() && text[at] == '\n') ++at;
    }
    ++number;
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos || line[first] == '#') continue;
    take(DataLine{line.substr(0, line.find_last_not_of(" \t") + 1), first, number, &source});
  }
}

/// A decimal whole number at `at` (digits only), advancing `at`; nullopt if none or too large.
inline std::optional<std::uint64_t> read_whole(std::string_view line, std::size_t& at) {
  std::uint64_t value = 0;
  const char* first = line.data() + at;
  const auto [end, error] = std::from_chars(first, line.data() + line.size(), value);
  if (error != std::errc() || end == first) return std::nullopt;
  at += static_cast<std::size_t>(end - first);
  return value;
}

}  // namespace uldp::internal
