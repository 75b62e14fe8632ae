// How results are shown: exact values for people, verdicts as text and JSON, the version stamp.
// One renderer per thing, used by the command, Python's __str__ and the GoogleTest messages.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "uldp/arithmetic/extended_rational.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/forms/verdict.h"

namespace uldp::api {

/// How text shows an exact value on this thread: readable (the default) or the exact rational.
/// JSON always carries the exact value. The command sets it from --exact for one run.
void set_exact_numbers(bool exact);
bool exact_numbers();

/// An exact value for people: itself when it is short and terminates ("3", "0.25"), a decimal
/// of 10 significant digits with the exact value beside it when that is short ("0.4285714286
/// (3/7)"), else the decimal alone marked approximate ("~2.718281828"); the exact rational when
/// exact_numbers() is set. "inf" for infinity.
std::string readable(const Rational& value);
std::string readable(const ExtendedRational& value);

/// "1.67e-16" for 1.67e-16, `digits` significant digits, truncated; "0" for zero; a leading "-"
/// when negative.
std::string scientific(const Rational& value, int digits = 3);

/// A duration for people, in one unit and one format everywhere: seconds, fixed, 6 decimals
/// ("0.000167 s", "36.123456 s").
std::string duration_text(double seconds);

/// A double as text: the shortest decimal that reads back as the same double, so a value prints
/// with the same digits in the text output as in the JSON (nlohmann prints it so).
std::string double_text(double value);

/// ln of a tight ratio for display ("0.4055", "inf").
std::string approx_epsilon(const ExtendedRational& ratio);

/// Verdict as JSON: {"holds", "tight_exp_eps", "violated", "witness", "tight_attained_by", ...}.
nlohmann::json verdict_to_json(const Verdict& verdict);
/// Witness as JSON: {"x", "x_prime", "y", "y_label", "q_x", "q_x_prime", ...}.
nlohmann::json witness_to_json(const Witness& witness);
/// One line for people: "holds; tight exp_eps = 3/2, eps ~ 0.405" or "FAILS; ...", and the
/// witness on a second line when a condition is violated.
std::string verdict_to_text(const Verdict& verdict);

/// The version of uldp (project() VERSION of the top CMakeLists.txt).
const char* uldp_version();

/// `j` with a "uldp_version" member, so that every JSON report cites what produced it.
nlohmann::json versioned(nlohmann::json j);

}  // namespace uldp::api
