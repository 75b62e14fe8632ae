// The counts header of report and counts files: "# counts" (then "n=N" for bit vectors), with
// its word in any case and the blanks optional, told apart from comments and from near misses.
// Shared by the report reader (uldp::estimate) and the counts reader (uldp/io).
#pragma once

#include <cstddef>
#include <string_view>

namespace uldp {

/// A line of a report or counts file that starts with '#': a comment, the counts header ("#
/// counts" with its word in any case, a colon after it optional and the blanks optional:
/// "#counts", "# Counts n=5", "# counts: n=5"), or a near miss ("# count", "# count n=5",
/// "# count:"), which a reader refuses rather than skip as a comment.
struct CommentLine {
  enum class Kind { kComment, kCountsHeader, kNearMiss };
  Kind kind = Kind::kComment;
  std::size_t rest_offset = 0;  ///< where the text after the word starts (headers)
};
/// `text` starts with '#'.
CommentLine classify_comment(std::string_view text);

}  // namespace uldp
