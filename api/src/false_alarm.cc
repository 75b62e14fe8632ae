#include "uldp/api/false_alarm.h"

#include <charconv>
#include <cstdlib>

#include "uldp/api/render.h"
#include "uldp/error.h"

namespace uldp::api {

double parse_false_alarm_level(std::string_view text, const std::string& source) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !(value > 0 && value < 1)) {
    throw InvalidArgument(source + ": '" + message_excerpt(text) +
                          "' is not a false-alarm level in (0, 1)");
  }
  return value;
}

double suite_false_alarm_level() {
  // ULDP_ALPHA is the variable's former name, read when the new one is not set.
  for (const char* name : {"ULDP_FALSE_ALARM", "ULDP_ALPHA"}) {
    const char* text = std::getenv(name);
    if (text != nullptr && *text != '\0') return parse_false_alarm_level(text, name);
  }
  return kSuiteFalseAlarmLevel;
}

}  // namespace uldp::api
