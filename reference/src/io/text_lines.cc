#include "uldp/io/text_lines.h"

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
    const std::istream::int_type c = buffer->sbumpc();
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

}  // namespace uldp
