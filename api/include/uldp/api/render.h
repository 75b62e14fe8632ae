// How results are shown: exact values for people, verdicts as text and JSON, the version stamp.
// One renderer per thing, used by the command, Python's __str__ and the GoogleTest messages.
#pragma once

#include <string>
#include <utility>
#include <vector>

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

/// A real number known to lie in [lower, upper]; lower == upper: exactly that rational (e^eps
/// from certified bounds, ln of a ratio, an exact ratio, a double's exact value).
struct RealBracket {
  Rational lower;
  Rational upper;
  static RealBracket exact(const Rational& value) { return {value, value}; }
};

// Every decimal shown is true as written: either correctly rounded (half away from zero; the
// value lies within half a unit of the last digit shown) or cut and marked "..." ("2.6...": the
// digits are a prefix of the value's own, which lies beyond them), the latter only when the
// bracket is too wide to know the rounding. These functions are the one place that decides it.

/// `value` rounded to `significant` significant digits, trailing zeros dropped, as printf's %g
/// ("0.00833333", "22.6274", "1.1259e-35"; "e" form below 1e-5 and from 10^significant up).
std::string decimal_text(const RealBracket& value, int significant);
/// The exact value of a double, the same way (6 significant digits: a conformance figure).
std::string decimal_text(double value, int significant = 6);
/// A figure of a conformance report: decimal_text(value, 6), or every digit of the double
/// (double_text) when exact_numbers() is set.
std::string figure_text(double value);
/// Figures compared in one sentence ("eps >= a; claimed eps = b", "accepts [lo, hi] ... c"):
/// each as figure_text, with more significant digits (up to the double's own) where 6 would
/// make two different values read alike.
std::vector<std::string> figure_texts(const std::vector<double>& values);

/// Two numbers compared side by side (a claimed and a tight exp_eps): fixed decimals with the
/// same number of digits after the point, as few as make them read differently, but at least two
/// significant digits each (an exact 0 reads "0"); each correctly rounded, or cut and marked "...".
std::pair<std::string, std::string> distinguishing_decimals(const RealBracket& a,
                                                            const RealBracket& b);

/// "1.67e-16" for 1.67e-16: `digits` significant digits, correctly rounded (trailing zeros
/// kept: "1.00e-1"); "0" for zero; a leading "-" when negative.
std::string scientific(const Rational& value, int digits = 3);
/// The same for a bracketed value (cut and marked "..." when the bracket is too wide).
std::string scientific(const RealBracket& value, int digits = 3);

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
