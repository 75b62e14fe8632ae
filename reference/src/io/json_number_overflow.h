// nlohmann-json refuses a number whose double overflows (1e400) with out_of_range 406, not with
// a parse_error: the readers turn it into a one-line InputError quoting the number, cut.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "uldp/error.h"

namespace uldp::internal {

/// "<source>: not valid JSON: the number 1e400 overflows a double".
inline InputError json_number_overflow(const nlohmann::json::out_of_range& error,
                                       const std::string& source) {
  const std::string what = error.what();
  const auto open = what.find('\'');
  const auto close = what.rfind('\'');
  const std::string number =
      open != std::string::npos && close > open ? what.substr(open + 1, close - open - 1) : "";
  return InputError(
      source, "not valid JSON: the number " + message_excerpt(number) + " overflows a double");
}

}  // namespace uldp::internal
