// Entry readings: exact decimals, or the nearest binary64 double taken exactly.
#include "uldp/io/entry_reading.h"

#include <cmath>
#include <cstdlib>
#include <string>

#include "uldp/error.h"

namespace uldp {

const char* entry_reading_description(EntryReading reading) {
  switch (reading) {
    case EntryReading::kExact:
      return "exact decimals";
    case EntryReading::kBinary64:
      return "binary64 (each decimal read as the nearest double, then exactly)";
  }
  return "";
}

Rational read_entry(std::string_view text, EntryReading reading, std::string_view what) {
  // Validates the syntax and size in every reading; strtod alone would accept "nan" or "1e".
  Rational exact = parse_rational(text, what);
  const bool is_decimal = text.find('/') == std::string_view::npos &&
                          text.find_first_of("xX") == std::string_view::npos;
  if (reading == EntryReading::kExact || !is_decimal) return exact;
  const std::string copy(text);
  // glibc's strtod rounds correctly to nearest: the double the exporting program held.
  const double nearest = std::strtod(copy.c_str(), nullptr);
  if (!std::isfinite(nearest)) {
    throw InvalidArgument(std::string(what) + ": '" + message_excerpt(text) +
                          "' is beyond the binary64 range (its nearest double is infinite)");
  }
  return from_double(nearest);
}

}  // namespace uldp
