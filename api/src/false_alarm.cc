#include "uldp/api/false_alarm.h"

#include <charconv>
#include <cstdlib>

#include "uldp/api/render.h"
#include "uldp/error.h"

namespace uldp::api {

void require_level(double level, const std::string& name, LevelKind kind) {
  if (level > 0 && level < 1) return;
  throw InvalidArgument(name + ": " + double_text(level) + " is not " +
                        (kind == LevelKind::kFalseAlarm ? "a false-alarm" : "a significance") +
                        " level in (0, 1)");
}

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
  const char* text = std::getenv("ULDP_ALPHA");
  if (text == nullptr || *text == '\0') return kSuiteFalseAlarmLevel;
  return parse_false_alarm_level(text, "ULDP_ALPHA");
}

}  // namespace uldp::api
