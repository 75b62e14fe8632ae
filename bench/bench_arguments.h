// The benchmarks' own flags: a whole number after its flag, read by uldp's one checked parser, so
// "--runs 1e4" or "--runs -1" stops the run with the flag named instead of running some other
// count.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <limits>

#include "uldp/arithmetic/unsigned_integer.h"
#include "uldp/error.h"

namespace uldp::bench {

/// The whole number after argv[i] (advancing i); exits with code 2 naming the flag otherwise.
inline std::uint64_t parse_count(int& i, int argc, char** argv) {
  const char* flag = argv[i];
  if (i + 1 >= argc) {
    std::cerr << flag << ": needs a number\n";
    std::exit(2);
  }
  try {
    return parse_unsigned(argv[++i], 0, std::numeric_limits<std::uint64_t>::max(), flag);
  } catch (const Error& e) {
    std::cerr << e.what() << "\n";
    std::exit(2);
  }
}

}  // namespace uldp::bench
