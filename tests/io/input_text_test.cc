// Inputs read whole are bounded: a file by its size before it is read, a directory refused.
#include "uldp/io/input_text.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "uldp/error.h"
#include "uldp/input_limits.h"

namespace uldp {
namespace {

std::string error_of(const std::string& path) {
  try {
    read_input_text(path, "a counts file");
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(InputText, AFileAboveTheLimitIsRefusedByItsSizeBeforeItIsRead) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / "uldp_input_text_sparse.txt";
  { std::ofstream(path) << "1\n"; }
  std::filesystem::resize_file(path, kMaxInputBytes + 1);  // sparse: no disk, no memory
  EXPECT_EQ(error_of(path.string()), path.string() + ": file of 1073741825 bytes exceeds the " +
                                         "limit of 1073741824 bytes");
  std::filesystem::resize_file(path, 2);
  EXPECT_EQ(read_input_text(path.string(), "a counts file"), "1\n");
  std::filesystem::remove(path);
}

TEST(InputText, ADirectoryOrAMissingFileIsNamed) {
  const std::string directory = std::filesystem::temp_directory_path().string();
  EXPECT_EQ(error_of(directory), directory + ": is a directory, not a counts file");
  EXPECT_EQ(error_of("/nonexistent/c.txt"), "/nonexistent/c.txt: cannot open file");
}

TEST(InputText, TextGivenInMemoryIsBoundedAlike) {
  EXPECT_NO_THROW(require_input_size(kMaxInputBytes, "matrix"));
  EXPECT_THROW(
      {
        try {
          require_input_size(kMaxInputBytes + 1, "matrix");
        } catch (const InputError& e) {
          EXPECT_STREQ(e.what(), "matrix: 1073741825 bytes exceed the limit of 1073741824 bytes");
          throw;
        }
      },
      InputError);
}

}  // namespace
}  // namespace uldp
