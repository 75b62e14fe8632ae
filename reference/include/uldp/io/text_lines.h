// Lines of a text stream whatever ends them: "\n" (Unix), "\r\n" (Windows) or a lone "\r"
// (classic Mac OS, some spreadsheet exporters). Read with std::getline, a file of lone-CR line ends
// is one long line: a PUM users file merged all its users into one.
#pragma once

#include <cstddef>
#include <istream>
#include <string>
#include <string_view>

namespace uldp {

/// Reads the next line of `in` into `line`, without its end. False (and `in` at its end) when
/// nothing is left. A line longer than kMaxTextLine (input_limits.h) is an InputError
/// "SOURCE:LINE:1: line too long (more than 16777216 bytes)", thrown before memory grows past it;
/// `line_number` is the line being read (1 for the first).
bool read_line(std::istream& in, std::string& line, const std::string& source,
               std::size_t line_number);

/// The lines of a text held in memory, read as read_line reads a stream (any line end, the same
/// limit and message), without a copy of the text.
class TextLines {
 public:
  TextLines(std::string_view text, const std::string& source) : text_(text), source_(source) {}
  /// The next line without its end into `line` (a view into the text); false when nothing is left.
  bool next(std::string_view& line);
  /// The number of the line `next` gave last (1 for the first).
  std::size_t line_number() const { return number_; }

 private:
  std::string_view text_;
  const std::string& source_;
  std::size_t at_ = 0;
  std::size_t number_ = 0;
};

}  // namespace uldp
