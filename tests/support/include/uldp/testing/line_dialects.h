// What the line-based data files (report files of `uldp estimate --reports`, sample files of
// `uldp conform samples --samples`, count files of `uldp golden --from-counts`) share: a random
// accepted layout (UTF-8 BOM, LF or CRLF, blanks around a value, comment and blank lines between
// lines, no final line break), unsigned integers as people write them, bit strings, and values
// none of those readers may take for data. Driven by ByteChoices like matrix_dialects.h, so a
// fuzzer and a RapidCheck property share the writers built on it (sample_dialects.h,
// report_dialects.h, counts_dialects.h). Header-only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include "uldp/testing/byte_choices.h"

namespace uldp::testing {

/// The file-level choices every line-based reader accepts.
struct LineStyle {
  bool bom = false;
  std::string newline = "\n";
  bool final_newline = true;
};

inline LineStyle random_line_style(ByteChoices& c) {
  LineStyle style;
  style.bom = c.below(4) == 3;  // 0, the choice past the end of the bytes, is the plain form
  style.newline = c.coin() ? "\r\n" : "\n";
  style.final_newline = c.below(4) != 3;
  return style;
}

/// Blanks a reader trims around a value: none, a space, two, a tab.
inline std::string random_blanks(ByteChoices& c) {
  static const char* const kBlanks[] = {"", "", "", " ", "  ", "\t"};
  return kBlanks[c.below(std::size(kBlanks))];
}

/// `lines` (the content lines, in order) with blanks around each and comment and blank lines
/// before and between them. No comment starts with "# counts" (a header in report files).
inline std::string write_lines(ByteChoices& c, const LineStyle& style,
                               const std::vector<std::string>& lines) {
  static const char* const kComments[] = {"# written by a test", "#", "  # 0,1 and 0110",
                                          "#count: 3", "\t# x,y"};
  std::string text = style.bom ? "\xEF\xBB\xBF" : "";
  for (const std::string& line : lines) {
    // Comment and blank lines (at most three: past the end of the bytes every choice is 0).
    for (int extra = 0; extra < 3 && c.below(6) == 0; ++extra) {
      if (c.coin()) {
        text.append(kComments[c.below(std::size(kComments))]);
      } else {
        text.append(random_blanks(c));
      }
      text.append(style.newline);
    }
    text.append(random_blanks(c)).append(line).append(random_blanks(c)).append(style.newline);
  }
  if (!style.final_newline && !lines.empty()) text.resize(text.size() - style.newline.size());
  return text;
}

/// An unsigned integer in decimal, sometimes with leading zeros (at most `max_zeros`).
inline std::string spell_unsigned(ByteChoices& c, std::uint64_t value, std::size_t max_zeros = 3) {
  const std::size_t zeros = c.below(4) == 0 ? c.below(max_zeros + 1) : 0;
  return std::string(zeros, '0').append(std::to_string(value));
}

/// A count: small mostly, sometimes large (up to 2^60, so that k of them add up in 64 bits).
inline std::uint64_t random_count(ByteChoices& c) {
  switch (c.below(4)) {
    case 0:
      return c.below(3);
    case 1:
      return c.below(100000);
    case 2:
      return (std::uint64_t{c.below(1u << 20)} << 40) + c.below(1u << 20);
    default:
      return c.below(1000);
  }
}

/// Text that is no unsigned integer (nor empty unless `may_be_empty`, nor a comment).
inline std::string invalid_unsigned(ByteChoices& c, bool may_be_empty) {
  static const char* const kInvalid[] = {"-1",
                                         "-0",
                                         "+1",
                                         "1.5",
                                         "1.0",
                                         "1e3",
                                         "nan",
                                         "NaN",
                                         "inf",
                                         "abc",
                                         "0x1",
                                         "1/2",
                                         "1 2",
                                         "1,000",
                                         "2a",
                                         "x1",
                                         "\xd9\xa3" /* Arabic-Indic 3 */,
                                         "18446744073709551616",
                                         "99999999999999999999999",
                                         ""};
  const std::size_t n = std::size(kInvalid) - (may_be_empty ? 0 : 1);
  return kInvalid[c.below(n)];
}

/// k random bits, character j is bit j.
inline std::string random_bits(ByteChoices& c, std::size_t k) {
  std::string bits(k, '0');
  for (char& bit : bits) bit = c.coin() ? '1' : '0';
  return bits;
}

/// Text that is no string of k bits: one character short or long, a foreign character inside,
/// or (if `may_be_empty`) nothing.
inline std::string invalid_bits(ByteChoices& c, std::size_t k, bool may_be_empty) {
  std::string bits = random_bits(c, k);
  switch (c.below(may_be_empty ? 4 : 3)) {
    case 0:
      if (k > 1) return bits.substr(1);
      return bits + "0";
    case 1:
      return bits + (c.coin() ? "1" : "0");
    case 2: {
      static const char kForeign[] = {'2', 'x', ' ', '.', '-', 'O', 'l', ','};
      const std::size_t at = k > 1 ? 1 + c.below(k - 1) : 0;  // inside: blanks at the ends trim
      bits[at] = kForeign[c.below(std::size(kForeign))];
      if (at == 0 && bits[at] == ' ') bits[at] = '2';
      return bits;
    }
    default:
      return "";
  }
}

/// Which of `count` lines to corrupt: the first half the time.
inline std::size_t line_to_corrupt(ByteChoices& c, std::size_t count) {
  return c.coin() ? 0 : c.below(count);
}

}  // namespace uldp::testing
