#include "uldp/io/text_lines.h"

#include <algorithm>
#include <ios>

#include "uldp/error.h"
#include "uldp/input_limits.h"

namespace uldp {

bool read_line(std::istream& in, std::string& line, const std::string& source,
               std::size_t line_number) {
  line.clear();
  std::streambuf* buffer = in.rdbuf();
  if (buffer == nullptr || !in.good()) return false;
  bool any = false;
  for (;;) {
    std::istream::int_type c;
    try {
      c = buffer->sbumpc();
    } catch (const std::ios_base::failure& e) {  // a directory, an I/O error: the read failed
      const std::string why = e.what();
      const std::size_t colon = why.rfind(": ");
      throw InputError(source, line_number, 1,
                       "cannot read it" +
                           (colon == std::string::npos ? "" : " (" + why.substr(colon + 2) + ")"));
    }
    if (std::istream::traits_type::eq_int_type(c, std::istream::traits_type::eof())) {
      in.setstate(any ? std::ios::eofbit : std::ios::eofbit | std::ios::failbit);
      return any;
    }
    any = true;
    const char ch = std::istream::traits_type::to_char_type(c);
    if (ch == '\n') return true;
    if (ch == '\r') {
      if (std::istream::traits_type::to_char_type(buffer->sgetc()) == '\n') buffer->sbumpc();
      return true;
    }
    if (line.size() == kMaxTextLine) {
      throw InputError(source, line_number, 1,
                       "line too long (more than " + std::to_string(kMaxTextLine) + " bytes)");
    }
    line.push_back(ch);
  }
}

bool TextLines::next(std::string_view& line) {
  if (at_ >= text_.size()) return false;
  ++number_;
  const std::size_t end = std::min(text_.find_first_of("\r\n", at_), text_.size());
  if (end - at_ > kMaxTextLine) {
    throw InputError(source_, number_, 1,
                     "line too long (more than " + std::to_string(kMaxTextLine) + " bytes)");
  }
  line = text_.substr(at_, end - at_);
  at_ = end;
  if (at_ < text_.size() && text_[at_++] == '\r' && at_ < text_.size() && text_[at_] == '\n')
    ++at_;  // "\r\n" is one line end
  return true;
}

}  // namespace uldp
