#include "uldp/counts_header.h"

#include <cctype>
#include <string>

namespace uldp {

CommentLine classify_comment(std::string_view text) {
  std::size_t at = 1;
  while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
  std::size_t end = at;
  std::string word;
  while (end < text.size() && std::isalpha(static_cast<unsigned char>(text[end])))
    word.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(text[end++]))));
  // "# counts:" is the header with a colon (as "# header: yes" is written), not a comment that
  // would have the counts read as reports.
  const bool colon = end < text.size() && text[end] == ':' && (word == "counts" || word == "count");
  if (colon) ++end;
  const bool word_ends = end == text.size() || text[end] == ' ' || text[end] == '\t';
  if (!word_ends) return {};
  std::string_view rest = text.substr(end);
  while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
  if (word == "counts") return {CommentLine::Kind::kCountsHeader, end};
  if (word == "count" && (rest.empty() || rest.starts_with("n=")))
    return {CommentLine::Kind::kNearMiss, end};
  return {};
}

}  // namespace uldp
