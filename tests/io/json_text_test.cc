// Text uldp writes (JSON documents, quoted excerpts in error lines) is valid UTF-8 whatever the
// bytes of the input, and shows a byte that is not UTF-8 as \xNN.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "uldp/error.h"
#include "uldp/io/json_text.h"

namespace uldp {
namespace {

using nlohmann::json;

TEST(Utf8CharacterLength, AcceptsExactlyWellFormedUtf8) {
  EXPECT_EQ(utf8_character_length("a"), 1u);
  EXPECT_EQ(utf8_character_length("\xc3\xa9"), 2u);          // é
  EXPECT_EQ(utf8_character_length("\xe2\x82\xac"), 3u);      // €
  EXPECT_EQ(utf8_character_length("\xf0\x9f\x98\x80"), 4u);  // U+1F600
  EXPECT_EQ(utf8_character_length("\xf4\x8f\xbf\xbf"), 4u);  // U+10FFFF
  EXPECT_EQ(utf8_character_length(""), 0u);
  EXPECT_EQ(utf8_character_length("\xe9"), 0u);              // Latin-1 é
  EXPECT_EQ(utf8_character_length("\xc3"), 0u);              // cut short
  EXPECT_EQ(utf8_character_length("\xe2\x82"), 0u);          // cut short
  EXPECT_EQ(utf8_character_length("\xa9"), 0u);              // a continuation byte alone
  EXPECT_EQ(utf8_character_length("\xc0\xaf"), 0u);          // overlong '/'
  EXPECT_EQ(utf8_character_length("\xe0\x80\xaf"), 0u);      // overlong '/'
  EXPECT_EQ(utf8_character_length("\xed\xa0\x80"), 0u);      // surrogate U+D800
  EXPECT_EQ(utf8_character_length("\xf4\x90\x80\x80"), 0u);  // above U+10FFFF
  EXPECT_EQ(utf8_character_length("\xff"), 0u);
}

// Issue 53: the 40-byte cut fell inside a two-byte character; half a character is not UTF-8.
TEST(MessageExcerpt, NeverCutsAUtf8Character) {
  const std::string before(39, 'a');
  EXPECT_EQ(message_excerpt(before + "\xc3\xa9" + "b"), before + "... (42 characters)");
  EXPECT_EQ(message_excerpt(before + "\xc3\xa9"), before + "... (41 characters)");
  EXPECT_EQ(message_excerpt(std::string(38, 'a') + "\xc3\xa9"), std::string(38, 'a') + "\xc3\xa9");
  EXPECT_EQ(message_excerpt(std::string(40, 'a')), std::string(40, 'a'));
  EXPECT_EQ(message_excerpt(std::string(41, 'a')), std::string(40, 'a') + "... (41 characters)");
}

TEST(MessageExcerpt, BytesThatAreNotUtf8AreShownAsHex) {
  EXPECT_EQ(message_excerpt("caf\xe9.csv"), "caf\\xe9.csv");
  EXPECT_EQ(message_excerpt("\xc3"), "\\xc3");  // half a character at the end of the text
  EXPECT_EQ(message_excerpt("\xed\xa0\x80"), "\\xed\\xa0\\x80");
  EXPECT_EQ(message_excerpt("caf\xc3\xa9 \xe2\x82\xac"), "caf\xc3\xa9 \xe2\x82\xac");  // unchanged
}

// Issue 53, HIGH 1: nlohmann's dump throws on a string that is not UTF-8 (the CLI aborted).
TEST(JsonText, WritesBytesThatAreNotUtf8AsVisibleHex) {
  const json document = {
      {"file", "caf\xe9.csv"}, {"labels", {"a\xff", "\xc3\xa9"}}, {"caf\xe9", 1}, {"n", 2.5}};
  EXPECT_THROW((void)document.dump(), json::type_error);  // what json_text guards against
  const std::string text = json_text(document);
  const json read = json::parse(text);  // valid UTF-8 JSON
  EXPECT_EQ(read["file"], "caf\\xe9.csv");
  EXPECT_EQ(read["labels"], json({"a\\xff", "\xc3\xa9"}));
  EXPECT_EQ(read["caf\\xe9"], 1);
  EXPECT_EQ(read["n"], 2.5);
}

TEST(JsonText, ValidTextIsNlohmannsDump) {
  const json document = {{"label", "caf\xc3\xa9"}, {"q", {"1/2", "1/2"}}};
  EXPECT_EQ(json_text(document), document.dump());
  EXPECT_EQ(json_text(document, 2), document.dump(2));
}

}  // namespace
}  // namespace uldp
