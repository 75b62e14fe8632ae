// Every decimal a report shows is true as written (issue 53): read back, it lies in the interval
// its form states. Correctly rounded ("2.7"): the value is within half a unit of the last digit.
// Cut ("2.6..."): the digits are a prefix of the value's own, so the value lies at or beyond them,
// within one unit of the last digit. Tested on random exact values and certified brackets, with
// values on rounding ties and brackets that straddle them.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>

#include "generators.h"
#include "uldp/api/render.h"

namespace uldp::properties {
namespace {

using api::RealBracket;

Rational power_of_ten(int e) {
  Rational p = 1;
  for (int i = 0; i < (e < 0 ? -e : e); ++i) p *= 10;
  return e < 0 ? Rational(1) / p : p;
}

// A shown number read back: its value, the unit of its last digit and how it is marked.
struct ReadBack {
  Rational value;
  Rational unit;
  bool cut = false;
  int significant = 0;  ///< digits from the first nonzero one
};

ReadBack read_back(std::string text) {
  ReadBack r;
  const std::size_t dots = text.find("...");
  if (dots != std::string::npos) {
    r.cut = true;
    text.erase(dots, 3);
  }
  const std::size_t e = text.find('e');
  const std::string mantissa = text.substr(0, e);
  const int exponent = e == std::string::npos ? 0 : std::stoi(text.substr(e + 1));
  const std::size_t point = mantissa.find('.');
  const int fraction =
      point == std::string::npos ? 0 : static_cast<int>(mantissa.size() - point - 1);
  r.value = parse_rational(text, "shown");
  r.unit = power_of_ten(exponent - fraction);
  const std::size_t first = mantissa.find_first_of("123456789");
  if (first != std::string::npos) {
    for (std::size_t i = first; i < mantissa.size(); ++i) r.significant += mantissa[i] != '.';
  }
  return r;
}

Rational magnitude(const Rational& v) { return v < 0 ? Rational(-v) : v; }

// Every value of the bracket lies in the interval the text states.
bool states_truly(const std::string& text, const RealBracket& v) {
  if (text.starts_with("~")) return v.lower != v.upper;  // approximate: only for a bracket
  const ReadBack r = read_back(text);
  for (const Rational& end : {v.lower, v.upper}) {
    if (r.cut) {
      // A prefix: |value| in [|digits|, |digits| + unit), on the digits' side of zero.
      const Rational beyond = magnitude(end) - magnitude(r.value);
      if (beyond < 0 || beyond >= r.unit || (r.value != 0 && (end < 0) != (r.value < 0)))
        return false;
    } else if (magnitude(end - r.value) * 2 > r.unit) {
      return false;
    }
  }
  return true;
}

// A value m / d * 10^e, sometimes exactly on a rounding tie (x.xx5), as an exact bracket or a
// narrow one around it (sometimes across the tie).
struct ShownCase {
  RealBracket value;
  int significant;
};

rc::Gen<Rational> real_value() {
  return rc::gen::apply(
      [](std::int64_t m, int d, int e, bool tie, bool negative) {
        Rational v = tie ? Rational(2 * (m % 100000) + 1, 2 * 10000)  // a tie at the 4th digit
                         : Rational(m, d);
        v *= power_of_ten(e);
        return negative ? Rational(-v) : v;
      },
      uniform<std::int64_t>(1, std::int64_t{1} << 53), uniform(1, 1000000), uniform(-25, 25),
      coin(), coin());
}

rc::Gen<RealBracket> real_bracket() {
  return rc::gen::apply(
      [](const Rational& v, int width_digits, bool exact, int skew) {
        if (exact) return RealBracket::exact(v);
        // A relative width 10^-width_digits, placed anywhere around v.
        const Rational width = magnitude(v) * power_of_ten(-width_digits);
        return RealBracket{v - width * skew / 8, v + width * (8 - skew) / 8};
      },
      real_value(), uniform(1, 40), coin(), uniform(0, 9));
}

RC_GTEST_PROP(ShownNumber, ADecimalReadBackLiesInItsStatedInterval, ()) {
  const RealBracket v = *real_bracket();
  const int significant = *uniform(2, 18);
  const std::string text = api::decimal_text(v, significant);
  RC_LOG() << text << " for [" << to_string(v.lower) << ", " << to_string(v.upper) << "]";
  RC_ASSERT(states_truly(text, v));
  if (!text.starts_with("~")) {
    const ReadBack r = read_back(text);
    // Never more digits than asked, but one: a bracket that rounds certainly to them and not to
    // one fewer after rounding up to a power of ten (9.9996 -> "10.000").
    RC_ASSERT(r.significant <= significant + 1);
    if (v.lower == v.upper) RC_ASSERT(!r.cut);  // an exact value is always rounded
  }
  RC_CLASSIFY(text.find("...") != std::string::npos, "cut");
}

RC_GTEST_PROP(ShownNumber, AScientificNumberReadBackLiesInItsStatedInterval, ()) {
  const RealBracket v = *real_bracket();
  const int digits = *uniform(1, 18);
  const std::string text = api::scientific(v, digits);
  RC_LOG() << text << " for [" << to_string(v.lower) << ", " << to_string(v.upper) << "]";
  RC_ASSERT(states_truly(text, v));
  if (v.lower == v.upper) RC_ASSERT(read_back(text).significant == digits);
}

// As the callers give them (a claimed e^eps from 256-bit bounds against an exact or bracketed
// tight value): brackets far narrower than the two values' distance and than a unit of the last
// of the 70 digits after the point distinguishing_decimals tries (a wider one reads "~").
RC_GTEST_PROP(ShownNumber, TwoComparedNumbersReadDifferentlyAndTruly, ()) {
  const Rational a = *real_value();
  const int apart_digits = *uniform(0, 20);
  const Rational b = a * (1 + power_of_ten(-apart_digits) * *uniform(1, 1000) / 100);
  const auto narrow = [](const Rational& v, bool exact, int skew) {
    const Rational width = magnitude(v) * power_of_ten(-60);
    return exact ? RealBracket::exact(v)
                 : RealBracket{v - width * skew / 8, v + width * (8 - skew) / 8};
  };
  const RealBracket shown_a = narrow(a, *coin(), *uniform(0, 9));
  const RealBracket shown_b = narrow(b, *coin(), *uniform(0, 9));
  const auto [text_a, text_b] = api::distinguishing_decimals(shown_a, shown_b);
  RC_LOG() << text_a << " vs " << text_b;
  RC_ASSERT(states_truly(text_a, shown_a));
  RC_ASSERT(states_truly(text_b, shown_b));
  RC_ASSERT(text_a != text_b);
  RC_ASSERT(read_back(text_a).significant >= 2);
  RC_ASSERT(read_back(text_b).significant >= 2);
}

RC_GTEST_PROP(ShownNumber, ADoubleFigureReadsAsItsSixDigitRounding, (double value)) {
  RC_PRE(std::isfinite(value));
  const std::string text = api::decimal_text(value);
  RC_ASSERT(states_truly(text, RealBracket::exact(from_double(value))));
  RC_ASSERT(read_back(text).significant <= 6);
}

}  // namespace
}  // namespace uldp::properties
