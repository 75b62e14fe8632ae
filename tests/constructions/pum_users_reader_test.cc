// The two PUM users layouts and the background weights: what they read, and one exact
// file:line:column message per bad-input class.
#include "uldp/io/pum_users_reader.h"

#include <gtest/gtest.h>

#include <sstream>

#include "uldp/error.h"
#include "uldp/input_limits.h"

namespace uldp {
namespace {

const std::vector<std::string> kTags = {"home", "work"};
const IndexSet kXs = IndexSet::from_indices({0}, 6, "x_s");

PumPopulation read(const std::string& text, PumUsersLayout layout) {
  std::istringstream in(text);
  return read_pum_users(in, "u.txt", layout, kTags, kXs);
}

std::string error_of(const std::string& text, PumUsersLayout layout) {
  try {
    read(text, layout);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(PumUsersReader, OneUserPerLine) {
  const PumPopulation p =
      read("# users\nhome=2 work=3-4\n\n-\n  work=5\n", PumUsersLayout::kOneUserPerLine);
  ASSERT_EQ(p.groups().size(), 3u);
  EXPECT_EQ(p.num_users(), 3u);
  EXPECT_EQ(p.groups()[0].tag_of[2], std::optional<std::size_t>(0));
  EXPECT_EQ(p.groups()[0].tag_of[4], std::optional<std::size_t>(1));
  EXPECT_FALSE(p.groups()[1].tag_of[2]);
  EXPECT_EQ(p.groups()[2].source, "u.txt:5");
}

TEST(PumUsersReader, CountedGroups) {
  const PumPopulation p = read("120 home=2\n45 -\n", PumUsersLayout::kCountedGroups);
  EXPECT_EQ(p.num_users(), 165u);
  EXPECT_EQ(p.groups()[1].users, 45u);
}

// Lone-CR line ends (classic Mac OS, some exporters) end lines as "\n" and "\r\n" do: read as one
// line, the file merged its users into one.
TEST(PumUsersReader, EveryLineEndEndsALine) {
  for (const char* text :
       {"# users\nhome=2 work=3-4\n-\nwork=5\n", "# users\r\nhome=2 work=3-4\r\n-\r\nwork=5\r\n",
        "# users\rhome=2 work=3-4\r-\rwork=5\r", "# users\rhome=2 work=3-4\r-\rwork=5"}) {
    const PumPopulation p = read(text, PumUsersLayout::kOneUserPerLine);
    EXPECT_EQ(p.num_users(), 3u) << text;
    ASSERT_EQ(p.groups().size(), 3u) << text;
    EXPECT_EQ(p.groups()[2].source, "u.txt:4") << text;
  }
  EXPECT_EQ(read("120 home=2\r45 -\r", PumUsersLayout::kCountedGroups).num_users(), 165u);
}

TEST(PumUsersReader, EveryBadInputNamesFileLineColumn) {
  const auto one = PumUsersLayout::kOneUserPerLine;
  const auto counted = PumUsersLayout::kCountedGroups;
  EXPECT_EQ(error_of("", one), "u.txt: no users found");
  EXPECT_EQ(error_of("home=2\nhome2\n", one),
            "u.txt:2:1: expected TAG=LIST (like home=3,7-9), found 'home2'");
  EXPECT_EQ(error_of("gym=2\n", one), "u.txt:1:1: unknown tag 'gym' (--tags: home, work)");
  EXPECT_EQ(error_of("home=2 home=3\n", one), "u.txt:1:8: tag 'home' appears twice on the line");
  EXPECT_EQ(error_of("home=9\n", one), "u.txt:1:6: home: index 9 is out of range 0..5");
  EXPECT_EQ(error_of("home=\n", one), "u.txt:1:6: home: the list of symbols is empty");
  EXPECT_EQ(error_of("home=0\n", one),
            "u.txt:1:6: home: symbol 0 is in the common X_S (--sensitive); a user's own "
            "sensitive symbols must be non-sensitive for everyone else");
  EXPECT_EQ(error_of("home=2 work=1-2\n", one),
            "u.txt:1:13: work: symbol 2 already has the tag home");
  EXPECT_EQ(error_of("- home=2\n", one), "u.txt:1:3: nothing may follow '-'");
  EXPECT_EQ(error_of("x home=2\n", counted),
            "u.txt:1:1: expected a user count from 1 to 1000000000, found 'x'");
  EXPECT_EQ(error_of("0 -\n", counted),
            "u.txt:1:1: expected a user count from 1 to 1000000000, found '0'");
  EXPECT_EQ(error_of("12\n", counted),
            "u.txt:1:3: expected TAG=LIST items or '-' for a user without tagged symbols");
  EXPECT_EQ(error_of("1000000000 -\n1 -\n", counted),
            "u.txt:2:1: more than 1000000000 users in total");
}

// Users with the same tagging are one group: a file of many users costs its distinct taggings.
TEST(PumUsersReader, UsersWithTheSameTaggingAreOneGroup) {
  const PumPopulation p =
      read("home=2 work=3\n-\nhome=2 work=3\n", PumUsersLayout::kOneUserPerLine);
  ASSERT_EQ(p.groups().size(), 2u);
  EXPECT_EQ(p.num_users(), 3u);
  EXPECT_EQ(p.groups()[0].users, 2u);
  EXPECT_EQ(p.groups()[0].source, "u.txt:1");
  const PumPopulation counted = read("5 home=2\n3 -\n4 home=2\n", PumUsersLayout::kCountedGroups);
  ASSERT_EQ(counted.groups().size(), 2u);
  EXPECT_EQ(counted.groups()[0].users, 9u);
}

// The distinct taggings are bounded (k entries each), refused at the line that passes the bound.
TEST(PumUsersReader, TooManyDistinctTaggingsAreRefusedAtTheirLine) {
  std::istringstream in("home=2\nhome=3\nhome=2\nwork=4\n");
  try {
    read_pum_users(in, "u.txt", PumUsersLayout::kOneUserPerLine, kTags, kXs, 12);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "u.txt:4:1: more than 2 different taggings of |X| = 6 symbols (at most 12 tag "
                 "entries in all)");
  }
}

// A line without an end is refused once past the line limit, before memory grows further.
TEST(PumUsersReader, ALineLongerThanTheLimitIsRefused) {
  std::istringstream in(std::string(kMaxTextLine + 1, 'h'));
  EXPECT_EQ(error_of(in.str(), PumUsersLayout::kOneUserPerLine),
            "u.txt:1:1: line too long (more than 16777216 bytes)");
}

}  // namespace
}  // namespace uldp
