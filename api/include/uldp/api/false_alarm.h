// The false-alarm level of the conformance assertions a test suite runs, decided once for the C++
// assertions (uldp::testing) and Python's (uldp.testing): 1e-6 per assertion, so that a suite of
// 100 of them run 10,000 times expects at most one false alarm, or ULDP_ALPHA for the run.
#pragma once

#include <string>
#include <string_view>

namespace uldp::api {

inline constexpr double kSuiteFalseAlarmLevel = 1e-6;

/// What a level in (0, 1) is: the chance of a false alarm a conformance verdict allows (`conform
/// --alpha`, the assertions' `.alpha`), or the significance level of the thresholded estimate
/// (`estimate --alpha`, golden's thr).
enum class LevelKind { kFalseAlarm, kSignificance };

/// Throws InvalidArgument "NAME: VALUE is not a false-alarm level in (0, 1)" (or "a significance
/// level") unless 0 < level < 1: the one check of every such level.
void require_level(double level, const std::string& name, LevelKind kind);

/// A level in (0, 1), the whole text read as a number; throws InvalidArgument naming `source`.
double parse_false_alarm_level(std::string_view text, const std::string& source);

/// ULDP_ALPHA from the environment when set and not empty, else kSuiteFalseAlarmLevel.
double suite_false_alarm_level();

}  // namespace uldp::api
