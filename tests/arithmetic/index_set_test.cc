#include "uldp/arithmetic/index_set.h"

#include <gtest/gtest.h>

#include "uldp/error.h"

namespace uldp {
namespace {

TEST(IndexSet, ParsesListsAndRanges) {
  const IndexSet s = IndexSet::parse("0-3,7,9-10", 12, "--sensitive");
  EXPECT_EQ(s.indices(), (std::vector<std::size_t>{0, 1, 2, 3, 7, 9, 10}));
  EXPECT_TRUE(s.contains(7));
  EXPECT_FALSE(s.contains(8));
  EXPECT_FALSE(s.contains(100));
  EXPECT_EQ(s.to_string(), "0-3,7,9-10");
  EXPECT_EQ(s.complement().to_string(), "4-6,8,11");
  EXPECT_TRUE(IndexSet::parse("", 5, "x").empty());
}

TEST(IndexSet, RejectsBadListsNamingTheFlag) {
  for (const char* bad : {"1,,2", "a", "3-1", "0-12", "12", "1,1", "1,", "-1", "1-"}) {
    try {
      IndexSet::parse(bad, 12, "--sensitive");
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const InvalidArgument& e) {
      EXPECT_NE(std::string(e.what()).find("--sensitive"), std::string::npos) << e.what();
    }
  }
}

// Found by fuzz_numbers: the list and its bad item were quoted in full.
TEST(IndexSet, LongListsAreQuotedCut) {
  const std::string items = "1," + std::string(100, 'a');
  try {
    IndexSet::parse(items, 12, "--sensitive");
    ADD_FAILURE() << "accepted a list of letters";
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(
        std::string(e.what()),
        "--sensitive: '1,aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa... (102 characters)' is not a "
        "list of indices like 0,3,7 or 0-14 (bad item "
        "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa... (100 characters)')");
  }
  try {
    IndexSet::parse(std::string(100, '1') + ",", 12, "--sensitive");
    ADD_FAILURE() << "accepted a trailing comma";
  } catch (const InvalidArgument& e) {
    EXPECT_LT(std::string(e.what()).size(), 200u) << e.what();
  }
}

}  // namespace
}  // namespace uldp
