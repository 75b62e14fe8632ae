// Listing the repository's text files (see repository_files.h).
#include "repository_files.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace uldp::testing {
namespace {

namespace fs = std::filesystem;

// `git ls-files` output, or nothing when git or the checkout is missing.
std::vector<std::string> git_tracked(const std::string& root,
                                     const std::vector<std::string>& entries) {
  std::string command = "git -C '" + root + "' ls-files -z --";
  for (const auto& e : entries) command += " '" + e + "'";
  command += " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return {};
  std::string output;
  char buffer[4096];
  for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
  if (pclose(pipe) != 0) return {};
  std::vector<std::string> files;
  for (std::size_t start = 0, end; (end = output.find('\0', start)) != std::string::npos;
       start = end + 1) {
    files.push_back(output.substr(start, end - start));
  }
  return files;
}

std::vector<std::string> walked(const std::string& root, const std::vector<std::string>& entries) {
  std::vector<std::string> files;
  for (const auto& e : entries) {
    const fs::path top = fs::path(root) / e;
    if (fs::is_regular_file(top)) files.push_back(e);
    if (!fs::is_directory(top)) continue;
    for (const auto& item : fs::recursive_directory_iterator(top)) {
      if (item.is_regular_file()) files.push_back(fs::relative(item.path(), root).generic_string());
    }
  }
  return files;
}

bool is_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return in.good() || in.eof() ? content.find('\0') == std::string::npos : false;
}

}  // namespace

std::vector<std::string> repository_text_files(const std::string& root,
                                               const std::vector<std::string>& entries) {
  std::vector<std::string> files = git_tracked(root, entries);
  if (files.empty()) files = walked(root, entries);
  std::erase_if(files, [&](const std::string& f) {
    return !fs::is_regular_file(fs::path(root) / f) || !is_text(root + "/" + f);
  });
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace uldp::testing
