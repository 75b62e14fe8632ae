#include "uldp/io/delimited_text.h"

#include <gtest/gtest.h>

#include "uldp/error.h"

namespace uldp {
namespace {

// Every record's cells, joined by '|', records by '/'.
std::string cells_of(std::string_view text, std::optional<Delimiter> delimiter = std::nullopt) {
  DelimitedText records(text, "t.csv", delimiter);
  std::string out;
  while (const auto record = records.next()) {
    if (!out.empty()) out += "/";
    for (std::size_t i = 0; i < record->cells.size(); ++i)
      out += (i ? "|" : "") + record->cells[i].text;
  }
  return out;
}

Delimiter detected(std::string_view text) { return DelimitedText(text, "t.csv", {}).delimiter(); }

std::string error_of(std::string_view text) {
  try {
    cells_of(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(DelimitedText, DetectsTheDelimiterOfTheFirstRecord) {
  EXPECT_EQ(detected("0.5,0.5\n"), Delimiter::kComma);
  EXPECT_EQ(detected("0.5\t0.5\n"), Delimiter::kTab);
  EXPECT_EQ(detected("0.5;0.5\n"), Delimiter::kSemicolon);
  EXPECT_EQ(detected("5.000000000000000000e-01 5.000000000000000000e-01\n"),
            Delimiter::kWhitespace);
  EXPECT_EQ(detected("# a comment, with a comma\n0.5 0.5\n"), Delimiter::kWhitespace);
  EXPECT_EQ(detected("\"a b\",c\n"), Delimiter::kComma);
  EXPECT_EQ(detected("\"a,b\" c\n"), Delimiter::kWhitespace);  // the comma is quoted
  EXPECT_EQ(detected("1\n"), Delimiter::kComma);               // one cell: nothing to split
}

TEST(DelimitedText, ARowThatSplitsTwoWaysNamesTheFlag) {
  EXPECT_EQ(error_of("0,5;0,5\n"),
            "t.csv:1:1: the first row holds both ',' and ';' outside quotes, so its cells could "
            "be split two ways; pass --delimiter comma, tab, semicolon or whitespace");
  EXPECT_EQ(error_of("\n\n0.5,\t0.5\n").substr(0, 45),
            "t.csv:3:1: the first row holds both ',' and a");
  // Given, the delimiter decides: the semicolon splits, "0,5" is then one (bad) cell.
  EXPECT_EQ(cells_of("0,5;0,5\n", Delimiter::kSemicolon), "0,5|0,5");
}

TEST(DelimitedText, QuotesFollowRfc4180) {
  EXPECT_EQ(cells_of("\"9/10\",\"1/10\"\n"), "9/10|1/10");
  EXPECT_EQ(cells_of("\"say \"\"hi\"\"\",\"{1,3}\"\n"), "say \"hi\"|{1,3}");
  EXPECT_EQ(cells_of("\"two\nlines\",x\n1,0\n"), "two\nlines|x/1|0");
  EXPECT_EQ(cells_of(" \"a\" , b \n"), "a|b");
  EXPECT_EQ(error_of("\"a\"x,b\n"), "t.csv:1:4: text after a closing quote");
  EXPECT_EQ(error_of("1,0\n\"a,b\n"), "t.csv:2:1: unterminated quoted field");
}

TEST(DelimitedText, BomCrlfBlankAndCommentLines) {
  EXPECT_EQ(cells_of("\xEF\xBB\xBF"
                     "0.9,0.1\r\n\r\n# note\r\n0.4,0.6\r\n"),
            "0.9|0.1/0.4|0.6");
  EXPECT_EQ(error_of("\xFF\xFE"
                     "0\x00"),
            "t.csv: UTF-16 text (it starts with a UTF-16 byte order mark); save it as UTF-8");
  DelimitedText records("# header: yes\n#\n a,b\n", "t.csv", {});
  ASSERT_EQ(records.leading_comments().size(), 2u);
  EXPECT_EQ(records.leading_comments()[0].text, "header: yes");
  EXPECT_EQ(records.leading_comments()[1].line, 2u);
  const auto record = records.next();
  ASSERT_TRUE(record);
  EXPECT_EQ(record->line, 3u);
  EXPECT_EQ(record->cells[1].column, 4u);
}

TEST(DelimitedText, EmptyCellsAreKeptNeverMerged) {
  EXPECT_EQ(cells_of("a,,c\n"), "a||c");
  EXPECT_EQ(cells_of("a\t\tc\n"), "a||c");
  EXPECT_EQ(cells_of("0.5,0.5,\n"), "0.5|0.5|");
  // Whitespace-separated: runs of blanks are one separator (numpy savetxt pads nothing, but
  // people align columns by hand).
  EXPECT_EQ(cells_of("  0.5   0.5  \n0.25\t0.75\n"), "0.5|0.5/0.25|0.75");
  // Found by the round-trip property: blanks after a closing quote are the separator.
  EXPECT_EQ(cells_of(" \"0\"   \"1\" \n\"a b\" c\n"), "0|1/a b|c");
}

TEST(DelimitedText, DelimiterNamesRoundTrip) {
  for (Delimiter d :
       {Delimiter::kComma, Delimiter::kTab, Delimiter::kSemicolon, Delimiter::kWhitespace}) {
    EXPECT_EQ(parse_delimiter(delimiter_name(d), "--delimiter"), d);
  }
  EXPECT_THROW(parse_delimiter("pipe", "--delimiter"), InvalidArgument);
}

}  // namespace
}  // namespace uldp
