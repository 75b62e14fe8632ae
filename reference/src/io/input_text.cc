// Bounded whole reads of every input that is held in memory.
#include "uldp/io/input_text.h"

#include <filesystem>
#include <fstream>
#include <iostream>

#include "uldp/error.h"
#include "uldp/input_limits.h"

namespace uldp {
namespace {

// The text of an input as it arrives, refused while it is read: a line past kMaxTextLine (unless
// the text is JSON, whose line ends mean nothing: a document is often one line) and the whole
// past kMaxInputBytes. Lines end as read_line ends them: "\n", "\r\n" or a lone "\r".
class BoundedText {
 public:
  BoundedText(const std::string& source, std::string stream_limit_message)
      : source_(source), too_large_(std::move(stream_limit_message)) {}

  void reserve(std::size_t bytes) { text_.reserve(bytes); }

  void append(const char* data, std::size_t size) {
    if (text_.size() + size > kMaxInputBytes) throw InputError(source_, too_large_);
    for (std::size_t i = 0; i < size && kind_ != Kind::kJson; ++i) see(data[i]);
    text_.append(data, size);
  }

  std::string take() { return std::move(text_); }

 private:
  enum class Kind { kUndecided, kJson, kLines };

  void see(char c) {
    if (c == '\n' || c == '\r') {
      if (!(c == '\n' && after_cr_)) ++line_;  // "\r\n" is one line end
      after_cr_ = c == '\r';
      line_length_ = 0;
      return;
    }
    after_cr_ = false;
    if (kind_ == Kind::kUndecided) decide(c);
    if (kind_ == Kind::kJson) return;
    if (++line_length_ > kMaxTextLine) {
      throw InputError(source_, line_, 1,
                       "line too long (more than " + std::to_string(kMaxTextLine) + " bytes)");
    }
  }

  // The first byte past blanks and a UTF-8 byte order mark says whether the text is JSON.
  void decide(char c) {
    const bool in_mark = position_ < 3 && static_cast<unsigned char>(c) ==
                                              static_cast<unsigned char>("\xEF\xBB\xBF"[position_]);
    ++position_;
    if (in_mark || c == ' ' || c == '\t') return;
    position_ = 3;  // a byte order mark only opens the text
    kind_ = c == '{' || c == '[' ? Kind::kJson : Kind::kLines;
  }

  const std::string& source_;
  std::string too_large_;
  std::string text_;
  Kind kind_ = Kind::kUndecided;
  std::size_t line_ = 1;
  std::size_t line_length_ = 0;
  std::size_t position_ = 0;  // bytes seen while undecided (the byte order mark's place)
  bool after_cr_ = false;
};

std::string read_bounded(std::istream& in, BoundedText& text) {
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0)
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
  return text.take();
}

}  // namespace

void require_input_size(std::size_t bytes, const std::string& source) {
  if (bytes > kMaxInputBytes) {
    throw InputError(source, std::to_string(bytes) + " bytes exceed the limit of " +
                                 std::to_string(kMaxInputBytes) + " bytes");
  }
}

std::string read_input_stream(std::istream& in, const std::string& source) {
  BoundedText text(source,
                   "the stream exceeds the limit of " + std::to_string(kMaxInputBytes) + " bytes");
  return read_bounded(in, text);
}

std::string read_input_text(const std::string& path, const std::string& what) {
  if (path == "-") return read_input_stream(std::cin, path);
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw InputError(path, "is a directory, not " + what);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, "cannot open file");
  if (!std::filesystem::is_regular_file(path, error)) return read_input_stream(in, path);
  in.seekg(0, std::ios::end);
  const std::streamoff end = in.tellg();
  // /proc and /sys files are regular but report size 0 and may not seek to an end: their bytes are
  // known only by reading them, bounded as a stream's.
  if (end <= 0) {
    std::ifstream again(path, std::ios::binary);
    if (!again) throw InputError(path, "cannot open file");
    return read_input_stream(again, path);
  }
  const auto size = static_cast<std::size_t>(end);
  const std::string too_large = "file of " + std::to_string(size) + " bytes exceeds the limit of " +
                                std::to_string(kMaxInputBytes) + " bytes";
  if (size > kMaxInputBytes) throw InputError(path, too_large);
  in.seekg(0);
  BoundedText text(path, too_large);
  text.reserve(size);
  std::string bytes = read_bounded(in, text);
  if (bytes.size() != size) throw InputError(path, "cannot read file");
  return bytes;
}

}  // namespace uldp
