// Unsigned integers typed by a user (--seed, --n, --cases, --jobs, counts, sizes): decimal
// digits only, checked against their range, never wrapped (CLI11 reads "-1" as 2^64 - 1 and
// "010" as octal 8; this parser refuses the first and reads the second as 10).
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace uldp {

inline constexpr std::uint64_t kMaxUnsigned = std::numeric_limits<std::uint64_t>::max();

/// `text` as an integer in [min, max]: one or more decimal digits (leading zeros are decimal),
/// nothing else (no sign, no space, no exponent). Anything else, and any value outside the range,
/// is refused with InvalidArgument "<what>: '<text>' is not an integer from <min> to <max>"
/// (`text` cut by message_excerpt), never read as another value.
std::uint64_t parse_unsigned(std::string_view text, std::uint64_t min, std::uint64_t max,
                             std::string_view what);

/// The message of parse_unsigned's refusal (also for values read by other means).
std::string unsigned_range_message(std::string_view text, std::uint64_t min, std::uint64_t max,
                                   std::string_view what);

}  // namespace uldp
