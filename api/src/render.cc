#include "uldp/api/render.h"

#include <charconv>
#include <cmath>
#include <iomanip>
#include <optional>
#include <sstream>

#include "uldp/arithmetic/certified_exp.h"

namespace uldp::api {
namespace {

// Per thread, so that two Python threads (or a test runner's) never share a setting.
thread_local bool exact_numbers_set = false;

Integer pow10(int e) {
  Integer r = 1;
  for (int i = 0; i < e; ++i) r *= 10;
  return r;
}

std::string short_label(const std::string& label) {
  if (label.size() <= 40) return label;
  std::string ones;
  std::size_t count = 0;
  for (std::size_t j = 0; j < label.size(); ++j) {
    if (label[j] == '1') {
      if (count < 8) {
        if (!ones.empty()) ones += ',';
        ones += std::to_string(j);
      }
      ++count;
    }
  }
  if (count > 8) ones += ",...";
  return std::to_string(label.size()) + "-bit vector with ones at {" + ones + "}";
}

}  // namespace

void set_exact_numbers(bool exact) { exact_numbers_set = exact; }
bool exact_numbers() { return exact_numbers_set; }

std::string readable(const Rational& value) {
  const std::string exact = to_string(value);
  if (exact_numbers_set || denominator(value) == 1) return exact;
  constexpr std::size_t kShort = 15;
  // Terminating with few digits (1/4 = 0.25): the decimal is the exact value.
  const std::string decimal = to_decimal(value, 10);
  // (A decimal longer than any number text is not the exact value of a huge one: not read back.)
  if (decimal.size() <= kMaxNumberCharacters && parse_rational(decimal, "decimal") == value)
    return decimal;
  return exact.size() <= kShort ? decimal + " (" + exact + ")" : "~" + decimal;
}

std::string readable(const ExtendedRational& value) {
  return value.is_infinite() ? "inf" : readable(value.value());
}

namespace {

// 10^e exactly, for any integer e.
Rational power_of_ten(long e) {
  const Rational p(pow10(static_cast<int>(e < 0 ? -e : e)));
  return e < 0 ? Rational(1) / p : p;
}

// floor(log10 |v|) for v != 0.
long decimal_exponent(const Rational& v) {
  const Rational a = v < 0 ? Rational(-v) : v;
  long e = static_cast<long>(msb(numerator(a))) - static_cast<long>(msb(denominator(a)));
  e = e * 30103 / 100000;
  while (a >= power_of_ten(e + 1)) ++e;
  while (a < power_of_ten(e)) --e;
  return e;
}

// v * 10^f rounded to an integer, half away from zero.
Integer scaled_rounded(const Rational& v, long f) {
  const Rational scaled = (v < 0 ? Rational(-v) : v) * power_of_ten(f);
  Integer q = numerator(scaled) / denominator(scaled);
  if ((scaled - Rational(q)) * 2 >= 1) ++q;
  return v < 0 ? Integer(-q) : q;
}

// v * 10^f truncated toward zero (GMP's division truncates).
Integer scaled_truncated(const Rational& v, long f) {
  const Rational scaled = v * power_of_ten(f);
  return numerator(scaled) / denominator(scaled);
}

std::size_t digit_count(const Integer& q) {
  return q == 0 ? 0 : (q < 0 ? Integer(-q) : q).str().size();
}

// The decimal scaled * 10^-f in fixed notation with f digits after the point (f >= 0).
std::string fixed_text(const Integer& scaled, long f) {
  const bool negative = scaled < 0;
  std::string digits = (negative ? Integer(-scaled) : scaled).str();
  if (f < 0) return (negative ? "-" : "") + digits + std::string(static_cast<std::size_t>(-f), '0');
  const auto fraction = static_cast<std::size_t>(f);
  if (digits.size() <= fraction) digits.insert(0, fraction + 1 - digits.size(), '0');
  std::string out = negative ? "-" : "";
  out.append(digits, 0, digits.size() - fraction);
  if (fraction > 0) out.append(1, '.').append(digits, digits.size() - fraction, fraction);
  return out;
}

// scaled * 10^-f (scaled != 0) as "d.ddde-N" with every digit of `scaled`.
std::string exponent_text(const Integer& scaled, long f) {
  const bool negative = scaled < 0;
  const std::string digits = (negative ? Integer(-scaled) : scaled).str();
  const long e = static_cast<long>(digits.size()) - 1 - f;
  std::string out = negative ? "-" : "";
  out.append(1, digits[0]);
  if (digits.size() > 1) out.append(1, '.').append(digits, 1, std::string::npos);
  out.append(1, 'e').append(1, e < 0 ? '-' : '+').append(std::to_string(e < 0 ? -e : e));
  return out;
}

std::string without_trailing_zeros(std::string text) {
  if (text.find('.') == std::string::npos) return text;
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text;
}

// What is shown of a bracketed value: scaled * 10^-f, rounded (both ends round alike) or cut
// (both ends truncate alike: the digits are a prefix of the value's).
struct ShownDigits {
  Integer scaled;
  long fraction_digits = 0;
  bool cut = false;
};

std::optional<ShownDigits> rounded_at(const RealBracket& v, long f) {
  const Integer lower = scaled_rounded(v.lower, f);
  if (lower != scaled_rounded(v.upper, f)) return std::nullopt;
  return ShownDigits{lower, f, false};
}

// The most digits after the point, at most f and at least `fewest`, that both ends share and
// that are not all zeros (none: nullopt).
std::optional<ShownDigits> cut_at(const RealBracket& v, long f, long fewest) {
  for (; f >= fewest; --f) {
    const Integer lower = scaled_truncated(v.lower, f);
    if (lower == scaled_truncated(v.upper, f)) {
      if (lower == 0) break;
      return ShownDigits{lower, f, true};
    }
  }
  return std::nullopt;
}

// `significant` significant digits of v, rounded when its bracket allows, else cut.
std::optional<ShownDigits> significant_digits(const RealBracket& v, int significant) {
  if (v.lower == 0 && v.upper == 0) return ShownDigits{Integer(0), 0, false};
  const long f = significant - 1 - decimal_exponent(v.lower != 0 ? v.lower : v.upper);
  const std::optional<ShownDigits> rounded = rounded_at(v, f);
  if (!rounded) return cut_at(v, f, f - significant - 20);
  if (digit_count(rounded->scaled) <= static_cast<std::size_t>(significant)) return rounded;
  // One digit too many: rounded up to a power of ten, or lower was below one. A coarser rounding
  // may be uncertain where this one was not: then this one is shown.
  const std::optional<ShownDigits> coarser = rounded_at(v, f - 1);
  return coarser ? coarser : rounded;
}

// kShortest: as printf's %g (trailing zeros dropped, "e" form when far from 1); kFixed: the
// same without the "e" form; kFixedAllDigits: every digit to the position rounded or cut at.
enum class Notation { kShortest, kFixed, kFixedAllDigits };

std::string shown_text(const ShownDigits& d, int significant, Notation notation) {
  if (d.scaled == 0 && !d.cut) return "0";
  const long e = static_cast<long>(digit_count(d.scaled)) - 1 - d.fraction_digits;
  const bool trim = !d.cut && notation != Notation::kFixedAllDigits;
  std::string text;
  // A cut above the units digit has no fixed form ("150000..." would claim the zeros).
  if ((d.cut && d.fraction_digits < 0) ||
      (notation == Notation::kShortest && (e < -5 || e >= significant))) {
    text = exponent_text(d.scaled, d.fraction_digits);
    const std::size_t mark = text.find('e');
    if (trim) text = without_trailing_zeros(text.substr(0, mark)) + text.substr(mark);
    return d.cut ? text.insert(text.find('e'), "...") : text;
  }
  text = fixed_text(d.scaled, d.fraction_digits);
  if (trim) text = without_trailing_zeros(text);
  return d.cut ? text + "..." : text;
}

// The last resort, for a bracket no digit of which is certain: its midpoint, marked "~".
std::string approximate_text(const RealBracket& v, int significant) {
  std::string text(1, '~');
  return text.append(to_decimal((v.lower + v.upper) / 2, significant));
}

}  // namespace

std::string decimal_text(const RealBracket& value, int significant) {
  const std::optional<ShownDigits> d = significant_digits(value, significant);
  return d ? shown_text(*d, significant, Notation::kShortest)
           : approximate_text(value, significant);
}

std::string decimal_text(double value, int significant) {
  if (!std::isfinite(value)) return std::isnan(value) ? "nan" : (value < 0 ? "-inf" : "inf");
  return decimal_text(RealBracket::exact(from_double(value)), significant);
}

std::string figure_text(double value) {
  return exact_numbers_set ? double_text(value) : decimal_text(value, 6);
}

std::vector<std::string> figure_texts(const std::vector<double>& values) {
  std::vector<std::string> texts;
  for (int significant = 6; significant <= 17; ++significant) {
    texts.clear();
    for (const double v : values) {
      texts.push_back(exact_numbers_set ? double_text(v) : decimal_text(v, significant));
    }
    bool apart = true;
    for (std::size_t i = 0; i < values.size(); ++i) {
      for (std::size_t j = i + 1; j < values.size(); ++j) {
        apart = apart && (values[i] == values[j] || texts[i] != texts[j]);
      }
    }
    if (apart || exact_numbers_set) return texts;
  }
  return texts;  // 17 significant digits tell any two doubles apart
}

std::pair<std::string, std::string> distinguishing_decimals(const RealBracket& a,
                                                            const RealBracket& b) {
  constexpr long kMaxFractionDigits = 70;
  const auto enough = [](const ShownDigits& d, const RealBracket& v) {
    return digit_count(d.scaled) >= 2 || (v.lower == 0 && v.upper == 0);
  };
  const auto text = [](const ShownDigits& d) {
    return shown_text(d, 0, Notation::kFixedAllDigits);
  };
  for (long f = 0; f <= kMaxFractionDigits; ++f) {
    const std::optional<ShownDigits> da = rounded_at(a, f), db = rounded_at(b, f);
    if (da && db && da->scaled != db->scaled && enough(*da, a) && enough(*db, b)) {
      // Fixed notation keeps the zeros: both read to the same position.
      return {text(*da), text(*db)};
    }
  }
  const auto last = [&](const RealBracket& v) {
    std::optional<ShownDigits> d = rounded_at(v, kMaxFractionDigits);
    if (!d) d = cut_at(v, kMaxFractionDigits, 0);
    return d ? text(*d) : approximate_text(v, 17);
  };
  return {last(a), last(b)};
}

std::string scientific(const Rational& value, int digits) {
  return scientific(RealBracket::exact(value), digits);
}

std::string scientific(const RealBracket& value, int digits) {
  if (value.lower == 0 && value.upper == 0) return "0";
  const std::optional<ShownDigits> d = significant_digits(value, digits);
  if (!d || d->scaled == 0) return approximate_text(value, digits);
  std::string text = exponent_text(d->scaled, d->fraction_digits);
  return d->cut ? text.insert(text.find('e'), "...") : text;
}

std::string double_text(double value) {
  char digits[32];
  const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
  return std::string(digits, end);
}

std::string duration_text(double seconds) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(6) << seconds << " s";
  return s.str();
}

std::string approx_epsilon(const ExtendedRational& ratio) {
  if (ratio.is_infinite()) return "inf";
  if (ratio.value() == 1) return "0";
  // Certified bounds on ln(ratio), tightened until they round alike to 8 significant digits.
  RealBracket eps;
  for (const unsigned bits : {40u, 80u, 160u, 320u}) {
    const LogBounds b = log_bounds(ratio.value(), bits);
    eps = {b.lower, b.upper};
    const std::optional<ShownDigits> d = significant_digits(eps, 8);
    if (d && !d->cut) return shown_text(*d, 8, Notation::kFixed);
  }
  const std::optional<ShownDigits> d = significant_digits(eps, 8);
  return d ? shown_text(*d, 8, Notation::kFixed) : approximate_text(eps, 8);
}

nlohmann::json witness_to_json(const Witness& w) {
  nlohmann::json j = {{"x", w.x},
                      {"x_prime", w.x_prime},
                      {"y", w.y ? nlohmann::json(*w.y) : nlohmann::json(nullptr)},
                      {"y_label", w.y_label}};
  j["q_x"] = w.q_x ? nlohmann::json(to_string(*w.q_x)) : nlohmann::json(nullptr);
  j["q_x_prime"] = w.q_x_prime ? nlohmann::json(to_string(*w.q_x_prime)) : nlohmann::json(nullptr);
  j["q_x_decimal"] = w.q_x ? nlohmann::json(to_decimal(*w.q_x, 17)) : nlohmann::json(nullptr);
  j["q_x_prime_decimal"] =
      w.q_x_prime ? nlohmann::json(to_decimal(*w.q_x_prime, 17)) : nlohmann::json(nullptr);
  return j;
}

nlohmann::json verdict_to_json(const Verdict& v) {
  nlohmann::json j;
  j["holds"] = v.holds;
  j["tight_exp_eps"] = v.tight_exp_eps.to_string();
  j["tight_exp_eps_decimal"] =
      v.tight_exp_eps.is_infinite() ? "inf" : to_decimal(v.tight_exp_eps.value(), 17);
  j["tight_eps_approx"] = approx_epsilon(v.tight_exp_eps);
  j["violated"] =
      v.violated ? nlohmann::json(condition_name(*v.violated)) : nlohmann::json(nullptr);
  j["witness"] = v.witness ? witness_to_json(*v.witness) : nlohmann::json(nullptr);
  j["tight_attained_by"] =
      v.tight_attained_by ? witness_to_json(*v.tight_attained_by) : nlohmann::json(nullptr);
  return j;
}

std::string verdict_to_text(const Verdict& v) {
  std::string text = v.holds ? "holds" : "FAILS";  // appended: GCC 12 warns falsely on the sum
  text += "; tight exp_eps = ";
  text += readable(v.tight_exp_eps);
  text += ", eps ~ ";
  text += approx_epsilon(v.tight_exp_eps);
  if (v.violated && v.witness) {
    const Witness& w = *v.witness;
    text += "\n      violated: " + std::string(condition_name(*v.violated)) +
            "; witness x = " + std::to_string(w.x) + ", x' = " + std::to_string(w.x_prime) +
            ", y = " + short_label(w.y_label);
    if (w.q_x && w.q_x_prime) {
      text += " (Q(y|x) = " + readable(*w.q_x) + ", Q(y|x') = " + readable(*w.q_x_prime) + ")";
    }
  }
  return text;
}

const char* uldp_version() { return ULDP_VERSION; }

nlohmann::json versioned(nlohmann::json j) {
  j["uldp_version"] = uldp_version();
  return j;
}

}  // namespace uldp::api
