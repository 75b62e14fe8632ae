// A hash family (olh, blh, ulh, cms, hcms --hash-family FILE): for an encoder whose hash is not
// xxh32 of the decimal text, the family as a table, one hash function a line (its seed is the
// line's rank among the data lines, from 0), h(0), h(1), ..., h(k-1) separated by commas:
//
//   # h(0),h(1),h(2),h(3)   (g = 3)
//   0,2,1,1
//   2,2,0,1
//
// Blanks around a value, '#' comments, blank lines, CRLF or a lone CR and a UTF-8 byte order mark
// are taken. The workflow layer reads the file (bounded); this parses its text.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "uldp/mechanisms/olh/olh.h"

namespace uldp {

/// The most hash functions a family file may give (every layer enumerates the family).
inline constexpr std::uint64_t kMaxGivenHashes = std::uint64_t{1} << 16;

/// Parses the family's text for k inputs and range g; `source` names it in errors. Throws
/// InputError "SOURCE:LINE:COLUMN: ..." for a value that is not a whole number or is outside
/// 0..g-1, a line with another number of values than k, more than kMaxGivenHashes lines or more
/// than kMaxEnumeratedHashes values in all; "SOURCE: ..." for a file without a hash function.
HashTable parse_hash_family(std::string_view text, const std::string& source, std::size_t inputs,
                            std::uint64_t range);

}  // namespace uldp
