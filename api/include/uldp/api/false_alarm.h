// The false-alarm level of the conformance assertions a test suite runs, decided once for the C++
// assertions (uldp::testing) and Python's (uldp.testing): 1e-6 per assertion, so that a suite of
// 100 of them run 10,000 times expects at most one false alarm, or ULDP_FALSE_ALARM for the run.
// (Every other option's check is check_option, uldp/api/workflow_options.h.)
#pragma once

#include <string>
#include <string_view>

namespace uldp::api {

inline constexpr double kSuiteFalseAlarmLevel = 1e-6;

/// A level in (0, 1), the whole text read as a number; throws InvalidArgument naming `source`.
double parse_false_alarm_level(std::string_view text, const std::string& source);

/// ULDP_FALSE_ALARM (or its former name ULDP_ALPHA) from the environment when set and not empty,
/// else kSuiteFalseAlarmLevel.
double suite_false_alarm_level();

}  // namespace uldp::api
