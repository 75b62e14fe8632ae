// Scratch files for tests, in a directory private to the process: CTest runs every test case
// as its own process, so `ctest -j` runs (and other build trees) never share a file.
#pragma once

#include <filesystem>
#include <string>

namespace uldp::testing {

/// This process's scratch directory: created empty on first use, removed at exit.
std::filesystem::path temp_dir();

/// temp_dir() / name as a string; nothing is created.
std::string temp_path(const std::string& name);

/// Writes `content` to temp_dir() / name (replacing it) and returns the path.
std::string temp_file(const std::string& name, const std::string& content);

/// The whole content of a file; empty if it cannot be read.
std::string read_file(const std::filesystem::path& path);

}  // namespace uldp::testing
