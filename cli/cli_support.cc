#include "cli_support.h"

#include <charconv>
#include <cmath>
#include <iomanip>
#include <sstream>

#include "uldp/arithmetic/certified_exp.h"
#include "uldp/error.h"

namespace uldp::cli {

CLI::Option* add_unsigned_option(CLI::App& command, const std::string& name,
                                 std::optional<std::uint64_t>& value, const std::string& help,
                                 std::uint64_t min, std::uint64_t max) {
  return command.add_option_function<std::string>(
      name,
      [&value, name, min, max](const std::string& text) {
        value = parse_unsigned(text, min, max, name);
      },
      help);
}

CLI::Option* add_text_option(CLI::App& command, const std::string& name,
                             std::optional<std::string>& value, const std::string& help) {
  return command.add_option_function<std::string>(
      name, [&value](const std::string& text) { value = text; }, help);
}

const Rational& max_tolerance() {
  static const Rational kMax(1, 10);
  return kMax;
}

Rational parse_tolerance(const std::string& text, const std::string& flag) {
  const Rational value = parse_rational(text, flag);
  if (value < 0) throw InvalidArgument(flag + ": " + message_excerpt(text) + " is negative");
  if (value > max_tolerance()) {
    throw InvalidArgument(flag + ": " + message_excerpt(text) + " is above " +
                          to_string(max_tolerance()) +
                          " (a larger tolerance would accept wrong values as right)");
  }
  return value;
}

CLI::Option* add_tolerance_option(CLI::App& command, const std::string& name, double& value,
                                  const std::string& help) {
  return command.add_option_function<std::string>(
      name,
      [&value, name](const std::string& text) { value = to_double(parse_tolerance(text, name)); },
      help);
}

CLI::Option* add_tolerance_option(CLI::App& command, const std::string& name,
                                  std::optional<double>& value, const std::string& help) {
  return command.add_option_function<std::string>(
      name,
      [&value, name](const std::string& text) { value = to_double(parse_tolerance(text, name)); },
      help);
}

const char* uldp_version() { return ULDP_VERSION; }

nlohmann::json versioned(nlohmann::json j) {
  j["uldp_version"] = uldp_version();
  return j;
}

void BudgetOptions::add_to(CLI::App& command, bool required) {
  auto* t = add_text_option(command, "--exp-eps", exp_eps,
                            "privacy budget as t = e^eps, an exact rational >= 1 (3/2, 2.5, 625)");
  auto* e = add_text_option(command, "--eps", eps,
                            "privacy budget eps >= 0 as an exact decimal or rational (1, 0.1, "
                            "1/2); mechanisms use a rational t <= e^eps");
  t->excludes(e);
  e->excludes(t);
  if (required) {
    auto* group = command.add_option_group("budget", "exactly one of --exp-eps, --eps");
    group->add_option(t);
    group->add_option(e);
    group->require_option(1);
  }
}

std::optional<PrivacyBudget> BudgetOptions::parse() const {
  if (exp_eps)
    return PrivacyBudget::from_exp_eps(parse_rational(*exp_eps, "--exp-eps"), "--exp-eps");
  if (eps) return PrivacyBudget::from_epsilon(parse_rational(*eps, "--eps"), 64, "--eps");
  return std::nullopt;
}

IndexSet parse_index_list(const std::string& text, std::size_t universe, const char* flag) {
  return IndexSet::parse(text, universe, flag);
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

std::string approx_epsilon(const ExtendedRational& ratio) {
  if (ratio.is_infinite()) return "inf";
  // Certified bounds on ln(ratio), printed to the digits they share (display only).
  const LogBounds b = log_bounds(ratio.value(), 40);
  return to_decimal((b.lower + b.upper) / 2, 8);
}

namespace {
std::string short_label(const std::string& label) {
  if (label.size() <= 40) return label;
  std::string ones;
  std::size_t count = 0;
  for (std::size_t j = 0; j < label.size(); ++j) {
    if (label[j] == '1') {
      if (count < 8) ones += (ones.empty() ? "" : ",") + std::to_string(j);
      ++count;
    }
  }
  if (count > 8) ones += ",...";
  return std::to_string(label.size()) + "-bit vector with ones at {" + ones + "}";
}
}  // namespace

namespace {
bool exact_numbers = false;
}  // namespace

void set_exact_numbers(bool exact) { exact_numbers = exact; }

std::string readable(const Rational& value) {
  const std::string exact = to_string(value);
  if (exact_numbers || denominator(value) == 1) return exact;
  constexpr std::size_t kShort = 15;
  // Terminating with few digits (1/4 = 0.25): the decimal is the exact value.
  const std::string decimal = to_decimal(value, 10);
  if (parse_rational(decimal, "decimal") == value) return decimal;
  return exact.size() <= kShort ? decimal + " (" + exact + ")" : "~" + decimal;
}

std::string readable(const ExtendedRational& value) {
  return value.is_infinite() ? "inf" : readable(value.value());
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

void add_exact_numbers_flag(CLI::App& app) {
  const auto subcommands = app.get_subcommands([](CLI::App*) { return true; });
  for (CLI::App* sub : subcommands) add_exact_numbers_flag(*sub);
  if (app.get_parent() == nullptr || !subcommands.empty()) return;
  if (app.get_option_no_throw("--exact") != nullptr) return;
  app.add_flag_callback(
      "--exact", [] { set_exact_numbers(true); },
      "print exact values as rationals (the default shows a decimal, and the rational when short)");
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

void check_size(std::size_t value, std::size_t limit, const char* flag) {
  if (value == 0) throw InvalidArgument(std::string(flag) + ": must be at least 1");
  if (value > limit) {
    throw InvalidArgument(std::string(flag) + ": " + std::to_string(value) + " exceeds the limit " +
                          std::to_string(limit));
  }
}

}  // namespace uldp::cli
