#include "uldp/api/render.h"

#include <charconv>
#include <iomanip>
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
  if (parse_rational(decimal, "decimal") == value) return decimal;
  return exact.size() <= kShort ? decimal + " (" + exact + ")" : "~" + decimal;
}

std::string readable(const ExtendedRational& value) {
  return value.is_infinite() ? "inf" : readable(value.value());
}

std::string scientific(const Rational& value, int digits) {
  if (value == 0) return "0";
  if (value < 0) {
    std::string out(1, '-');
    out.append(scientific(-value, digits));
    return out;
  }
  // value = m * 10^e with 1 <= m < 10.
  long e = static_cast<long>(msb(numerator(value))) - static_cast<long>(msb(denominator(value)));
  e = e * 30103 / 100000;
  auto power = [](long k) {
    return k >= 0 ? Rational(pow10(static_cast<int>(k)))
                  : Rational(1) / Rational(pow10(static_cast<int>(-k)));
  };
  while (value >= power(e + 1)) ++e;
  while (value < power(e)) --e;
  const Rational scaled = value / power(e) * Rational(pow10(digits - 1));
  const Integer truncated = numerator(scaled) / denominator(scaled);
  const std::string significand = truncated.str();
  std::string mantissa(1, significand[0]);
  if (significand.size() > 1) {
    mantissa.push_back('.');
    mantissa.append(significand, 1, std::string::npos);
  }
  mantissa.push_back('e');
  mantissa.push_back(e < 0 ? '-' : '+');
  mantissa.append(std::to_string(e < 0 ? -e : e));
  return mantissa;
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
  // Certified bounds on ln(ratio), printed to the digits they share (display only).
  const LogBounds b = log_bounds(ratio.value(), 40);
  return to_decimal((b.lower + b.upper) / 2, 8);
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
  std::string text = (v.holds ? "holds" : "FAILS") + std::string("; tight exp_eps = ") +
                     readable(v.tight_exp_eps) + ", eps ~ " + approx_epsilon(v.tight_exp_eps);
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
