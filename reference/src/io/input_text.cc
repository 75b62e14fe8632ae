// Bounded whole reads of every input that is held in memory.
#include "uldp/io/input_text.h"

#include <filesystem>
#include <fstream>
#include <iostream>

#include "uldp/error.h"
#include "uldp/input_limits.h"

namespace uldp {

void require_input_size(std::size_t bytes, const std::string& source) {
  if (bytes > kMaxInputBytes) {
    throw InputError(source, std::to_string(bytes) + " bytes exceed the limit of " +
                                 std::to_string(kMaxInputBytes) + " bytes");
  }
}

std::string read_input_stream(std::istream& in, const std::string& source) {
  std::string text;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxInputBytes) {
      throw InputError(
          source, "the stream exceeds the limit of " + std::to_string(kMaxInputBytes) + " bytes");
    }
  }
  return text;
}

std::string read_input_text(const std::string& path, const std::string& what) {
  if (path == "-") return read_input_stream(std::cin, path);
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw InputError(path, "is a directory, not " + what);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, "cannot open file");
  if (!std::filesystem::is_regular_file(path, error)) return read_input_stream(in, path);
  in.seekg(0, std::ios::end);
  const auto size = static_cast<std::size_t>(in.tellg());
  if (size > kMaxInputBytes) {
    throw InputError(path, "file of " + std::to_string(size) + " bytes exceeds the limit of " +
                               std::to_string(kMaxInputBytes) + " bytes");
  }
  in.seekg(0);
  std::string text(size, '\0');
  in.read(text.data(), static_cast<std::streamsize>(size));
  if (static_cast<std::size_t>(in.gcount()) != size) throw InputError(path, "cannot read file");
  return text;
}

}  // namespace uldp
