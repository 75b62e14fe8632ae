// The repository's text files under given top-level entries: the git-tracked ones when the
// source tree is a git checkout, otherwise every regular file found by walking the entries.
#pragma once

#include <string>
#include <vector>

namespace uldp::testing {

/// Paths relative to `root` ("docs/cli.md"), sorted, of the text files (no NUL byte) under
/// `entries` (directories or files relative to `root`).
std::vector<std::string> repository_text_files(const std::string& root,
                                               const std::vector<std::string>& entries);

/// The lines of a file (without their line ends); throws std::runtime_error if unreadable.
std::vector<std::string> read_lines(const std::string& path);

}  // namespace uldp::testing
