// A Bloom map (rappor-bloom --bloom-map FILE): the filter B_c(x) of every input in every cohort,
// for an encoder whose hashing is not Google's. One line per (input, cohort), in any order, as
// the reports' labels write a cohort's filter:
//
//   # x,cohort:bits   (character j = bit j; m characters)
//   0,0:01000100
//   0,1:00010001
//
// '#' comments, blank lines, blanks around a line, CRLF or a lone CR and a UTF-8 byte order mark
// are taken. The workflow layer reads the file (bounded); this parses its text.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "uldp/mechanisms/rappor_bloom/rappor_bloom.h"

namespace uldp {

/// What the map must cover: inputs 0..k-1 in cohorts 0..C-1, filters of m bits.
struct BloomMapShape {
  std::size_t inputs = 0;
  std::uint32_t cohorts = 1;
  std::uint32_t bits = 0;
};

/// The most set bits a map may hold in all (its filters are lists of bit indices).
inline constexpr std::uint64_t kMaxBloomMapBits = std::uint64_t{1} << 24;

/// Parses the map's text; `source` names it in errors. Throws InputError "SOURCE:LINE:COLUMN: ..."
/// for a line that is not x,c:bits, an input or cohort outside the shape, a filter of another
/// length or with a character other than 0 and 1, a pair given twice (naming its first line), more
/// than kMaxBloomMapBits set bits; "SOURCE: ..." naming the first (input, cohort) without a line.
BloomTable parse_bloom_map(std::string_view text, const std::string& source,
                           const BloomMapShape& shape);

}  // namespace uldp
