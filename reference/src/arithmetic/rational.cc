#include "uldp/arithmetic/rational.h"

#include <cctype>
#include <cmath>
#include <string>

#include "uldp/error.h"

namespace uldp {
namespace {

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

[[noreturn]] void reject(std::string_view text, std::string_view what, const char* why) {
  throw InvalidArgument(std::string(what) + ": '" + message_excerpt(text) + "' is not " + why);
}

// Exponents beyond this are refused: 10^100000 already has more digits than any sane input.
constexpr long kMaxDecimalExponent = 100000;
// The binary counterpart for hex floats (2^400000 is about 10^120412).
constexpr long kMaxBinaryExponent = 400000;

bool all_hex_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// "1.8p-2" after the "0x": hex digits [. hex digits] [p|P [+|-] decimal digits], exactly.
Rational parse_hex_body(std::string_view original, std::string_view body, std::string_view what) {
  std::string_view mantissa = body;
  long exponent = 0;
  if (const auto p = body.find_first_of("pP"); p != std::string_view::npos) {
    mantissa = body.substr(0, p);
    std::string_view exp_text = body.substr(p + 1);
    bool exp_negative = false;
    if (!exp_text.empty() && (exp_text.front() == '+' || exp_text.front() == '-')) {
      exp_negative = exp_text.front() == '-';
      exp_text.remove_prefix(1);
    }
    if (!all_digits(exp_text) || exp_text.size() > 7) {
      reject(original, what, "a hex float (bad exponent)");
    }
    exponent = std::stol(std::string(exp_text));
    if (exponent > kMaxBinaryExponent) reject(original, what, "a hex float of sane size");
    if (exp_negative) exponent = -exponent;
  }
  std::string digits(mantissa);
  long fraction_digits = 0;
  if (const auto dot = mantissa.find('.'); dot != std::string_view::npos) {
    const std::string_view int_part = mantissa.substr(0, dot);
    const std::string_view frac_part = mantissa.substr(dot + 1);
    if ((int_part.empty() && frac_part.empty()) ||
        (!int_part.empty() && !all_hex_digits(int_part)) ||
        (!frac_part.empty() && !all_hex_digits(frac_part))) {
      reject(original, what, "a hex float like 0x1.8p-2");
    }
    digits = std::string(int_part) + std::string(frac_part);
    fraction_digits = static_cast<long>(frac_part.size());
  } else if (!all_hex_digits(mantissa)) {
    reject(original, what, "a hex float like 0x1.8p-2");
  }
  const long shift = exponent - 4 * fraction_digits;  // each hex fraction digit is 4 bits
  if (shift < -kMaxBinaryExponent) reject(original, what, "a hex float of sane size");
  Integer n;
  mpz_set_str(n.backend().data(), digits.c_str(), 16);
  if (shift >= 0) return Rational(Integer(n << static_cast<unsigned>(shift)));
  return Rational(n, Integer(1) << static_cast<unsigned>(-shift));
}

// Boost reads "025" as octal: hand it decimal digits without leading zeros.
Integer decimal_integer(std::string_view digits) {
  const auto first = digits.find_first_not_of('0');
  return first == std::string_view::npos ? Integer(0) : Integer(std::string(digits.substr(first)));
}

Integer pow10(unsigned long e) {
  Integer r;
  mpz_ui_pow_ui(r.backend().data(), 10, e);
  return r;
}

}  // namespace

Rational parse_rational(std::string_view text, std::string_view what) {
  const std::string_view original = text;
  if (text.empty()) reject(original, what, "a number (it is empty)");
  if (text.size() > kMaxNumberCharacters) {
    reject(original, what,
           ("a number of at most " + std::to_string(kMaxNumberCharacters) + " characters").c_str());
  }
  bool negative = false;
  std::string_view body = text;
  if (body.front() == '+' || body.front() == '-') {
    negative = body.front() == '-';
    body.remove_prefix(1);
  }
  if (body.size() > 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X')) {
    const Rational r = parse_hex_body(original, body.substr(2), what);
    return negative ? Rational(-r) : r;
  }
  if (const auto slash = body.find('/'); slash != std::string_view::npos) {
    const std::string_view num = body.substr(0, slash);
    const std::string_view den = body.substr(slash + 1);
    if (!all_digits(num) || !all_digits(den)) {
      reject(original, what, "a rational a/b with decimal integers a and b");
    }
    const Integer n = decimal_integer(num), d = decimal_integer(den);
    if (d == 0) reject(original, what, "a rational (the denominator is 0)");
    Rational r(n, d);
    return negative ? Rational(-r) : r;
  }
  // Decimal: digits [. digits] [e|E [+|-] digits]
  std::string_view mantissa = body;
  long exponent = 0;
  if (const auto e = body.find_first_of("eE"); e != std::string_view::npos) {
    mantissa = body.substr(0, e);
    // "one" is not a number; only a decimal mantissa makes the exponent worth judging.
    if (mantissa.empty() || mantissa.find_first_not_of("0123456789.") != std::string_view::npos)
      reject(original, what, "a number");
    std::string_view exp_text = body.substr(e + 1);
    bool exp_negative = false;
    if (!exp_text.empty() && (exp_text.front() == '+' || exp_text.front() == '-')) {
      exp_negative = exp_text.front() == '-';
      exp_text.remove_prefix(1);
    }
    if (!all_digits(exp_text) || exp_text.size() > 7) {
      reject(original, what, "a number (bad exponent)");
    }
    exponent = std::stol(std::string(exp_text));
    if (exponent > kMaxDecimalExponent) reject(original, what, "a number of sane size");
    if (exp_negative) exponent = -exponent;
  }
  std::string digits;
  long fraction_digits = 0;
  if (const auto dot = mantissa.find('.'); dot != std::string_view::npos) {
    const std::string_view int_part = mantissa.substr(0, dot);
    const std::string_view frac_part = mantissa.substr(dot + 1);
    if ((int_part.empty() && frac_part.empty()) || (!int_part.empty() && !all_digits(int_part)) ||
        (!frac_part.empty() && !all_digits(frac_part))) {
      reject(original, what, "a number");
    }
    digits = std::string(int_part) + std::string(frac_part);
    fraction_digits = static_cast<long>(frac_part.size());
  } else {
    if (!all_digits(mantissa)) reject(original, what, "a number");
    digits = std::string(mantissa);
  }
  const long scale = exponent - fraction_digits;
  if (scale < -kMaxDecimalExponent) reject(original, what, "a number of sane size");
  Rational r{decimal_integer(digits)};
  if (scale >= 0) {
    r *= pow10(static_cast<unsigned long>(scale));
  } else {
    r /= pow10(static_cast<unsigned long>(-scale));
  }
  return negative ? Rational(-r) : r;
}

std::string to_string(const Rational& value) {
  if (denominator(value) == 1) return numerator(value).str();
  return numerator(value).str() + "/" + denominator(value).str();
}

std::string to_decimal(const Rational& value, int digits) {
  if (value == 0) return "0";
  const bool negative = value < 0;
  const Rational a = negative ? Rational(-value) : value;
  // Find e with 10^(e-1) <= a < 10^e, then scale to `digits` significant digits.
  long e = static_cast<long>(msb(numerator(a))) - static_cast<long>(msb(denominator(a)));
  e = static_cast<long>(std::floor(static_cast<double>(e) * 0.30102999566398120));
  auto pow10r = [](long k) {
    return k >= 0 ? Rational(pow10(static_cast<unsigned long>(k)))
                  : Rational(Integer(1), pow10(static_cast<unsigned long>(-k)));
  };
  while (a >= pow10r(e)) ++e;
  while (a < pow10r(e - 1)) --e;
  const long shift = digits - e;  // a * 10^shift has `digits` integer digits
  const Rational scaled = a * pow10r(shift);
  Integer q = numerator(scaled) / denominator(scaled);
  const Rational rest = scaled - Rational(q);
  if (rest * 2 >= 1) ++q;  // round half up
  std::string s = q.str();
  long point = static_cast<long>(s.size()) - shift;  // position of the decimal point
  std::string out;
  if (point <= 0) {
    out = "0." + std::string(static_cast<std::size_t>(-point), '0') + s;
  } else if (point >= static_cast<long>(s.size())) {
    out = s + std::string(static_cast<std::size_t>(point - static_cast<long>(s.size())), '0');
  } else {
    out = s.substr(0, static_cast<std::size_t>(point)) + "." +
          s.substr(static_cast<std::size_t>(point));
  }
  if (out.find('.') != std::string::npos) {
    while (out.back() == '0') out.pop_back();
    if (out.back() == '.') out.pop_back();
  }
  return negative ? "-" + out : out;
}

double to_double(const Rational& value) { return value.convert_to<double>(); }

Rational from_double(double value) {
  if (!std::isfinite(value)) throw InvalidArgument("from_double: value is not finite");
  Rational r;
  mpq_set_d(r.backend().data(), value);  // exact
  return r;
}

Rational round_down_dyadic(const Rational& value, unsigned bits) {
  Integer scaled = numerator(value) << bits;
  Integer q, rem;
  mpz_fdiv_qr(q.backend().data(), rem.backend().data(), scaled.backend().data(),
              denominator(value).backend().data());
  return Rational(q, Integer(1) << bits);
}

Rational round_up_dyadic(const Rational& value, unsigned bits) {
  Integer scaled = numerator(value) << bits;
  Integer q;
  mpz_cdiv_q(q.backend().data(), scaled.backend().data(), denominator(value).backend().data());
  return Rational(q, Integer(1) << bits);
}

}  // namespace uldp
