// The one line that says what a verdict is, for people: the first line of a failing assertion
// (EXPECT_PRIVATE, EXPECT_CONFORMS, EXPECT_ESTIMATES_MATCH and uldp.testing's assert_*) and what
// `uldp check`, `uldp conform` and `uldp conform estimates` write on standard error when they
// exit 1. One renderer per result, so that the three front ends word a failure alike; the full
// report (to_text) follows it where there is room.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "uldp/api/check.h"
#include "uldp/api/conform.h"
#include "uldp/api/estimates_comparison.h"
#include "uldp/forms/form_checks.h"

namespace uldp::api {

/// "Q is not eps-LDP at exp_eps = 3: tight exp_eps = 4 (eps ~ 1.386); ratio violated at x = 1,
/// x' = 2, y = 2", "Q is not a mechanism: ...", "Q is ULDP with X_S = {0,1}, Y_P = {0,1} at
/// exp_eps = 3" (the subject is the result's). Without a property: the first per-pair notion
/// that fails ("Q: metric LDP, ...: FAILS; ..."), or the first required property that fails.
std::string check_headline(const CheckResult& result, std::optional<Property> property);

/// "client violates rr with k = 5 (eps-LDP at exp_eps 3.000000): eps >= 1.09952 with confidence
/// 1 - false_alarm/2, claimed 1.09861 (y = 0, x = 0: 527/972, x' = 1: 102/972) (2714 samples
/// drawn ...)": a run's outputs the reference never produces first, then a ratio beyond the
/// claim, a rejected fit or why the run is insufficient; `subject` names the client or samples.
std::string conformance_headline(const ConformResult& result, std::string_view subject);

/// "server does not match the golden vectors: 3 estimate(s) differ in 2 of 3 case(s) (case-0,
/// case-2), the first emp of case case-0 at item 1; 1 case(s) unanswered (case-1)" (at most five
/// ids each, then "..."); `subject` names the server as the caller does.
std::string estimates_headline(const EstimatesComparison& result, std::string_view subject);

}  // namespace uldp::api
