#include "uldp/arithmetic/unsigned_integer.h"

#include "uldp/error.h"

namespace uldp {

std::string unsigned_range_message(std::string_view text, std::uint64_t min, std::uint64_t max,
                                   std::string_view what) {
  return std::string(what) + ": '" + message_excerpt(text) + "' is not an integer from " +
         std::to_string(min) + " to " + std::to_string(max);
}

std::uint64_t parse_unsigned(std::string_view text, std::uint64_t min, std::uint64_t max,
                             std::string_view what) {
  const auto refuse = [&] { throw InvalidArgument(unsigned_range_message(text, min, max, what)); };
  if (text.empty()) refuse();
  std::uint64_t value = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') refuse();
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (value > (kMaxUnsigned - digit) / 10) refuse();  // value * 10 + digit would wrap
    value = value * 10 + digit;
  }
  if (value < min || value > max) refuse();
  return value;
}

}  // namespace uldp
