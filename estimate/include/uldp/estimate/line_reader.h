// The lines of a stream, read in large blocks: the readers of report files and sample files hand
// each line to their parser as a view into the block, so that memory does not grow with the number
// of lines and no line is copied (a line split across two blocks is moved to the front of the
// buffer before the next block is read behind it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "uldp/error.h"
#include "uldp/input_limits.h"

namespace uldp::estimate {

/// The block size of the line readers (1 MiB); tests pass tiny ones to split lines across blocks.
inline constexpr std::size_t kReadBlock = std::size_t{1} << 20;
/// The longest line any report or sample reader takes: every text reader's (input_limits.h).
inline constexpr std::size_t kMaxTextLine = uldp::kMaxTextLine;

/// Splits a stream into lines at '\n' (a '\r' before it stays in the line, a last line without
/// '\n' is a line), as std::getline does, reading `block` bytes at a time.
class LineReader {
 public:
  /// `source` names the stream in errors; a line longer than `max_line` bytes is an InputError
  /// "source:LINE:1: line too long (more than MAX bytes)" (memory: one block plus the longest
  /// line).
  LineReader(std::istream& in, const std::string& source, std::size_t block = kReadBlock,
             std::size_t max_line = SIZE_MAX)
      : in_(in), source_(source), block_(block == 0 ? 1 : block), max_line_(max_line) {
    buffer_.resize(block_);
  }

  /// The next line without its '\n', or false at the end of the stream; the view is valid until
  /// the next call.
  bool next(std::string_view& line) {
    for (;;) {
      const char* data = buffer_.data();
      const void* newline = std::memchr(data + scanned_, '\n', end_ - scanned_);
      if (newline != nullptr) {
        const std::size_t at = static_cast<std::size_t>(static_cast<const char*>(newline) - data);
        return give(line, at, at + 1);
      }
      scanned_ = end_;
      if (end_ - begin_ > max_line_) throw too_long(number_ + 1);
      if (at_end_) {
        if (begin_ == end_) return false;
        return give(line, end_, end_);
      }
      fill();
    }
  }

  /// The 1-based number of the line next() returned last.
  std::size_t line_number() const { return number_; }

 private:
  bool give(std::string_view& line, std::size_t end, std::size_t next_begin) {
    ++number_;
    if (end - begin_ > max_line_) throw too_long(number_);
    line = std::string_view(buffer_.data() + begin_, end - begin_);
    begin_ = scanned_ = next_begin;
    return true;
  }

  InputError too_long(std::size_t line) const {
    return InputError(source_, line, 1,
                      "line too long (more than " + std::to_string(max_line_) + " bytes)");
  }

  // Moves the unread tail to the front and reads one more block behind it.
  void fill() {
    const std::size_t tail = end_ - begin_;
    if (begin_ > 0 && tail > 0) std::memmove(buffer_.data(), buffer_.data() + begin_, tail);
    begin_ = 0;
    scanned_ = end_ = tail;
    if (buffer_.size() < tail + block_) buffer_.resize(tail + block_);
    in_.read(buffer_.data() + end_, static_cast<std::streamsize>(block_));
    const auto got = static_cast<std::size_t>(in_.gcount());
    end_ += got;
    if (got == 0 || !in_) at_end_ = true;
  }

  std::istream& in_;
  const std::string& source_;
  std::size_t block_, max_line_;
  std::vector<char> buffer_;
  std::size_t begin_ = 0, end_ = 0, scanned_ = 0, number_ = 0;
  bool at_end_ = false;
};

/// A line without its leading blanks and trailing blanks and '\r' (a report's text);
/// `first_column` is set to the 1-based column where it starts.
inline std::string_view trim_blanks(std::string_view text, std::size_t& first_column) {
  std::size_t begin = 0;
  while (begin < text.size() && (text[begin] == ' ' || text[begin] == '\t')) ++begin;
  std::size_t end = text.size();
  while (end > begin && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[end - 1] == '\r')) {
    --end;
  }
  first_column = begin + 1;
  return text.substr(begin, end - begin);
}

/// A line's content: without a UTF-8 byte order mark on line 1 (Excel's "CSV UTF-8",
/// PowerShell's Out-File) and trimmed as trim_blanks trims it; `first_column` as there.
inline std::string_view line_content(std::string_view raw, std::size_t line,
                                     std::size_t& first_column) {
  if (line == 1 && raw.starts_with("\xEF\xBB\xBF")) raw.remove_prefix(3);
  return trim_blanks(raw, first_column);
}

}  // namespace uldp::estimate
