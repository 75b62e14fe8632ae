// Inputs read whole are bounded: a file by its size before it is read, a directory refused.
#include "uldp/io/input_text.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "uldp/error.h"
#include "uldp/input_limits.h"
#include "uldp/io/json_document.h"

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

// Issue 53: /proc files are regular files of size 0 that may not seek to their end; the size was
// taken as given ("file of 18446744073709551615 bytes exceeds the limit"). They are read as a
// stream is, bounded while read.
TEST(InputText, AProcFileReadsWhole) {
  if (!std::filesystem::exists("/proc/self/status")) GTEST_SKIP() << "no /proc";
  const std::string text = read_input_text("/proc/self/status", "a matrix file");
  EXPECT_TRUE(text.starts_with("Name:")) << text.substr(0, 80);
  EXPECT_NE(text.find("\nPid:"), std::string::npos);
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

// Issue 53: the line limit holds while a stream is read, before the text grows past it: /dev/zero
// given as a notion file was read to 1 GB. Lines end as read_line ends them; JSON, whose line ends
// mean nothing, is bounded by its values instead (json_document.h).
std::string stream_error(const std::string& text) {
  std::istringstream in(text);
  try {
    read_input_stream(in, "s");
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(InputText, ALinePastTheLimitIsRefusedWhileRead) {
  const std::string line(kMaxTextLine, 'x');
  EXPECT_EQ(stream_error(line + "x"), "s:1:1: line too long (more than 16777216 bytes)");
  EXPECT_EQ(stream_error("a\r\nb\rc\n" + line + "x"),
            "s:4:1: line too long (more than 16777216 bytes)");
  EXPECT_EQ(stream_error(line + "\r\n" + line), "no error");
  EXPECT_EQ(stream_error("\xEF\xBB\xBF [" + line + "1]"), "no error");  // JSON
}

TEST(JsonElements, EachElementIsHandedOnInOrderAndNoneKept) {
  std::istringstream in(R"([{"x": 0, "y": [1, 2]}, 3, "a", [4]])");
  std::vector<std::string> seen;
  for_each_json_element(in, "s", "not an array", [&](const nlohmann::json& element, std::size_t i) {
    seen.push_back(std::to_string(i) + ":" + element.dump());
  });
  EXPECT_EQ(seen, (std::vector<std::string>{R"(0:{"x":0,"y":[1,2]})", "1:3", R"(2:"a")", "3:[4]"}));
  const auto error = [](const std::string& text) {
    std::istringstream stream(text);
    try {
      for_each_json_element(stream, "s", "not an array", [](const nlohmann::json&, std::size_t) {});
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error(R"({"x": 1})"), "s: not an array");
  EXPECT_EQ(error("7"), "s: not an array");
  EXPECT_EQ(error(R"([{"x": 1, "x": 2}])"),
            "s: not valid JSON: the key \"x\" appears twice in an object (readers differ on which "
            "one counts)");
  EXPECT_EQ(error("[1, 2"), "s: not valid JSON: byte 6");
}

}  // namespace
}  // namespace uldp
