// Reading an input whole, bounded: a regular file is refused by its size before it is read, a
// pipe, a FIFO, /dev/stdin or a process substitution is read once and refused once past the
// limit (kMaxInputBytes, input_limits.h).
#pragma once

#include <cstddef>
#include <istream>
#include <string>

namespace uldp {

/// The bytes of `path` ("-": standard input). `what` says what the file should be in the refusal
/// of a directory ("a matrix file"). Throws InputError naming the path.
std::string read_input_text(const std::string& path, const std::string& what);

/// Throws InputError "SOURCE: N bytes exceed the limit of 1073741824 bytes" for a text held in
/// memory (given by Python) above kMaxInputBytes.
void require_input_size(std::size_t bytes, const std::string& source);

/// The bytes of an open stream, refused once past the limit; `source` names it.
std::string read_input_stream(std::istream& in, const std::string& source);

}  // namespace uldp
