#include "uldp/io/delimited_text.h"

#include "uldp/error.h"
#include "uldp/input_limits.h"

namespace uldp {
namespace {

char delimiter_char(Delimiter d) {
  switch (d) {
    case Delimiter::kComma:
      return ',';
    case Delimiter::kTab:
      return '\t';
    case Delimiter::kSemicolon:
      return ';';
    case Delimiter::kWhitespace:
      return ' ';
  }
  return ',';
}

constexpr std::string_view kDelimiterChoice =
    "pass --delimiter comma, tab, semicolon or whitespace";

}  // namespace

std::string_view delimiter_name(Delimiter delimiter) {
  switch (delimiter) {
    case Delimiter::kComma:
      return "comma";
    case Delimiter::kTab:
      return "tab";
    case Delimiter::kSemicolon:
      return "semicolon";
    case Delimiter::kWhitespace:
      return "whitespace";
  }
  return "comma";
}

Delimiter parse_delimiter(std::string_view name, std::string_view flag) {
  for (Delimiter d :
       {Delimiter::kComma, Delimiter::kTab, Delimiter::kSemicolon, Delimiter::kWhitespace}) {
    if (name == delimiter_name(d)) return d;
  }
  throw InvalidArgument(std::string(flag) + ": '" + message_excerpt(name) +
                        "' is not one of comma, tab, semicolon, whitespace");
}

DelimitedText::DelimitedText(std::string_view text, std::string source,
                             std::optional<Delimiter> delimiter)
    : text_(text), source_(std::move(source)) {
  if (text_.starts_with("\xEF\xBB\xBF")) {
    pos_ = line_start_ = 3;  // a UTF-8 byte order mark (Excel's "CSV UTF-8") is not content
  } else if (text_.starts_with("\xFF\xFE") || text_.starts_with("\xFE\xFF")) {
    throw InputError(source_,
                     "UTF-16 text (it starts with a UTF-16 byte order mark); save it as "
                     "UTF-8");
  }
  skip_blank_and_comment_lines(true);
  if (delimiter) {
    delimiter_ = *delimiter;
  } else {
    delimiter_ = detect_delimiter();
    detected_ = true;
  }
}

DelimitedText::DelimitedText(std::string_view text, std::string source, Delimiter delimiter,
                             std::size_t offset, std::size_t line)
    : text_(text),
      source_(std::move(source)),
      pos_(offset),
      line_(line),
      line_start_(offset),
      delimiter_(delimiter) {}

void DelimitedText::skip_blank_and_comment_lines(bool record_comments) {
  while (pos_ < text_.size()) {
    std::size_t end = text_.find('\n', pos_);
    if (end == std::string_view::npos) end = text_.size();
    const std::string_view line = text_.substr(pos_, end - pos_);
    // Before any cell of it is kept: a matrix line holds at most kMaxTextLine bytes.
    if (line.size() - (line.ends_with('\r') ? 1 : 0) > kMaxTextLine) {
      throw InputError(source_, line_, 1,
                       "line too long (more than " + std::to_string(kMaxTextLine) + " bytes)");
    }
    const std::size_t first = line.find_first_not_of(" \t\r");
    if (first != std::string_view::npos && line[first] != '#') return;
    if (first != std::string_view::npos && record_comments) {
      std::string_view comment = line.substr(first + 1);
      const std::size_t begin = comment.find_first_not_of(" \t");
      const std::size_t last = comment.find_last_not_of(" \t\r");
      comment = begin == std::string_view::npos ? std::string_view{}
                                                : comment.substr(begin, last - begin + 1);
      leading_comments_.push_back({line_, std::string(comment)});
    }
    pos_ = end == text_.size() ? end : end + 1;
    if (end < text_.size()) {
      ++line_;
      line_start_ = pos_;
    }
  }
}

// The delimiter of the first record: the one separator character it holds outside quotes, else
// whitespace between cells, else comma (a one-cell row). Two kinds of separator: an error.
Delimiter DelimitedText::detect_delimiter() const {
  std::size_t commas = 0, tabs = 0, semicolons = 0;
  bool in_quotes = false, whitespace_between = false, seen_content = false, pending_space = false;
  for (std::size_t i = pos_; i < text_.size(); ++i) {
    const char c = text_[i];
    if (c == '"') in_quotes = !in_quotes;
    if (in_quotes) {
      seen_content = true;
      continue;
    }
    if (c == '\n') break;
    if (c == ',') ++commas;
    if (c == '\t') ++tabs;
    if (c == ';') ++semicolons;
    if (c == ' ' || c == '\t' || c == '\r') {
      pending_space = seen_content;
    } else {
      if (pending_space) whitespace_between = true;
      pending_space = false;
      seen_content = true;
    }
  }
  const int kinds = (commas > 0) + (tabs > 0) + (semicolons > 0);
  if (kinds > 1) {
    std::string found;
    if (commas > 0) found += "','";
    if (tabs > 0) found += std::string(found.empty() ? "" : " and ") + "a tab";
    if (semicolons > 0) found += std::string(found.empty() ? "" : " and ") + "';'";
    throw InputError(source_, line_, 1,
                     "the first row holds both " + found +
                         " outside quotes, so its cells could be split two ways; " +
                         std::string(kDelimiterChoice));
  }
  if (commas > 0) return Delimiter::kComma;
  if (tabs > 0) return Delimiter::kTab;
  if (semicolons > 0) return Delimiter::kSemicolon;
  return whitespace_between ? Delimiter::kWhitespace : Delimiter::kComma;
}

bool DelimitedText::at_line_end() const {
  if (pos_ >= text_.size() || text_[pos_] == '\n') return true;
  return text_[pos_] == '\r' && (pos_ + 1 >= text_.size() || text_[pos_ + 1] == '\n');
}

TextCell DelimitedText::read_cell() {
  const bool whitespace = delimiter_ == Delimiter::kWhitespace;
  const char separator = delimiter_char(delimiter_);
  auto is_padding = [&](char c) { return c == ' ' || (c == '\t' && separator != '\t'); };
  while (pos_ < text_.size() && is_padding(text_[pos_])) ++pos_;
  TextCell cell{"", line_, pos_ - line_start_ + 1, false};
  auto at_separator = [&] {
    return whitespace ? pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t')
                      : pos_ < text_.size() && text_[pos_] == separator;
  };
  if (pos_ < text_.size() && text_[pos_] == '"') {
    cell.quoted = true;
    ++pos_;
    while (true) {
      const std::size_t close = text_.find('"', pos_);
      if (close == std::string_view::npos) {
        throw InputError(source_, cell.line, cell.column, "unterminated quoted field");
      }
      for (std::size_t i = pos_; i < close; ++i) {
        if (text_[i] == '\n') {
          ++line_;
          line_start_ = i + 1;
        }
      }
      cell.text.append(text_.substr(pos_, close - pos_));
      pos_ = close + 1;
      if (pos_ < text_.size() && text_[pos_] == '"') {  // "" inside quotes is one quote
        cell.text += '"';
        ++pos_;
        continue;
      }
      break;
    }
    const std::size_t after_quote = pos_;
    while (pos_ < text_.size() && is_padding(text_[pos_])) ++pos_;
    const bool blank_after = whitespace && pos_ > after_quote;  // the blanks were the separator
    if (!at_line_end() && !at_separator() && !blank_after) {
      throw InputError(source_, line_, pos_ - line_start_ + 1, "text after a closing quote");
    }
    return cell;
  }
  const std::size_t start = pos_;
  while (!at_line_end() && !at_separator()) ++pos_;
  std::string_view text = text_.substr(start, pos_ - start);
  while (!text.empty() && (is_padding(text.back()) || text.back() == '\r')) text.remove_suffix(1);
  cell.text = std::string(text);
  return cell;
}

std::optional<TextRecord> DelimitedText::next() {
  skip_blank_and_comment_lines(false);
  if (pos_ >= text_.size()) return std::nullopt;
  TextRecord record{line_, {}};
  while (true) {
    record.cells.push_back(read_cell());
    if (delimiter_ == Delimiter::kWhitespace) {
      while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
    } else if (!at_line_end()) {
      ++pos_;  // the separator
      continue;
    }
    if (at_line_end()) break;
  }
  // Past the line end ("\n" or "\r\n").
  if (pos_ < text_.size() && text_[pos_] == '\r') ++pos_;
  if (pos_ < text_.size() && text_[pos_] == '\n') {
    ++pos_;
    ++line_;
    line_start_ = pos_;
  }
  return record;
}

}  // namespace uldp
