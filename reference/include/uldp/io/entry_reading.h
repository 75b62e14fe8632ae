// How one matrix entry's text becomes an exact rational: as the exact number it spells, or as
// the binary64 double a program held when it printed that decimal (`--binary64`).
#pragma once

#include <string_view>

#include "uldp/arithmetic/rational.h"

namespace uldp {

/// The reading of decimal entries; rationals a/b and hex floats are exact under both.
enum class EntryReading {
  kExact,     ///< "0.1" is 1/10
  kBinary64,  ///< "0.1" is the double nearest to 1/10, 3602879701896397/36028797018963968
};

/// "exact decimals" or "binary64 (each decimal read as the nearest double, then exactly)".
const char* entry_reading_description(EntryReading reading);

/// The value of one entry under `reading`. Throws InvalidArgument naming `what` when the text is
/// not a number, or (binary64) when its nearest double is infinite.
Rational read_entry(std::string_view text, EntryReading reading, std::string_view what);

}  // namespace uldp
