// --out never destroys what it replaces: the new content lands by a rename only when the run
// succeeded (issue "Nothing lost, nothing unbounded").
#include "replacing_file.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace uldp::cli {
namespace {

namespace fs = std::filesystem;

class ReplacingFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() /
              ("uldp-replacing-" + std::to_string(::getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(folder_);
    fs::create_directories(folder_);
  }
  void TearDown() override { fs::remove_all(folder_); }

  std::string path(const std::string& name) const { return (folder_ / name).string(); }
  static std::string contents(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }
  static void write(const std::string& file, const std::string& text) {
    std::ofstream(file, std::ios::binary) << text;
  }
  std::size_t files_in_folder() const {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(folder_), {}));
  }

  fs::path folder_;
};

TEST_F(ReplacingFileTest, ACommittedFileReplacesTheTargetAndLeavesNothingElse) {
  write(path("out.txt"), "precious");
  {
    ReplacingFile file;
    ASSERT_TRUE(file.open(path("out.txt")));
    file.stream() << "new";
    EXPECT_EQ(contents(path("out.txt")), "precious");  // not yet
    ASSERT_TRUE(file.commit());
  }
  EXPECT_EQ(contents(path("out.txt")), "new");
  EXPECT_EQ(files_in_folder(), 1u);
}

TEST_F(ReplacingFileTest, AnUncommittedFileLeavesTheTargetAsItWas) {
  write(path("out.txt"), "precious");
  {
    ReplacingFile file;
    ASSERT_TRUE(file.open(path("out.txt")));
    file.stream() << "half a report";
  }  // the run failed: no commit
  EXPECT_EQ(contents(path("out.txt")), "precious");
  EXPECT_EQ(files_in_folder(), 1u);  // the temporary file is gone
  {
    ReplacingFile file;
    ASSERT_TRUE(file.open(path("new.txt")));
  }
  EXPECT_FALSE(fs::exists(path("new.txt")));  // nothing created either
}

TEST_F(ReplacingFileTest, ALinkStaysALinkAndTheFileItNamesIsReplaced) {
  write(path("real.txt"), "old");
  fs::create_symlink(path("real.txt"), path("link.txt"));
  ReplacingFile file;
  ASSERT_TRUE(file.open(path("link.txt")));
  file.stream() << "new";
  ASSERT_TRUE(file.commit());
  EXPECT_TRUE(fs::is_symlink(path("link.txt")));
  EXPECT_EQ(contents(path("real.txt")), "new");
}

TEST_F(ReplacingFileTest, TheReplacedFileKeepsItsMode) {
  write(path("out.txt"), "old");
  ASSERT_EQ(::chmod(path("out.txt").c_str(), 0640), 0);
  ReplacingFile file;
  ASSERT_TRUE(file.open(path("out.txt")));
  file.stream() << "new";
  ASSERT_TRUE(file.commit());
  struct stat st {};
  ASSERT_EQ(::stat(path("out.txt").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
}

TEST_F(ReplacingFileTest, ADeviceIsWrittenDirectlyAndAFullOneFails) {
  {
    ReplacingFile file;
    ASSERT_TRUE(file.open("/dev/null"));
    file.stream() << "discarded";
    EXPECT_TRUE(file.commit());
  }
  EXPECT_TRUE(fs::is_character_file("/dev/null"));  // not replaced by a regular file
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full here";
  ReplacingFile full;
  ASSERT_TRUE(full.open("/dev/full"));
  full.stream() << std::string(1 << 16, 'x');
  EXPECT_FALSE(full.commit());
}

TEST_F(ReplacingFileTest, AFolderThatCannotTakeAFileIsRefused) {
  ReplacingFile file;
  EXPECT_FALSE(file.open(path("no/such/folder/out.txt")));
}

}  // namespace
}  // namespace uldp::cli
