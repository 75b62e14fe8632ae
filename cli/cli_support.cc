#include "cli_support.h"

#include <cmath>

#include "uldp/certified_exp.h"
#include "uldp/error.h"

namespace uldp::cli {

void BudgetOptions::add_to(CLI::App& command, bool required) {
  auto* t = command.add_option(
      "--exp-eps", exp_eps, "privacy budget as t = e^eps, an exact rational >= 1 (3/2, 2.5, 625)");
  auto* e =
      command.add_option("--eps", eps,
                         "privacy budget eps >= 0 as an exact decimal or rational (1, 0.1, 1/2); "
                         "mechanisms use a rational t <= e^eps");
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
  if (!exp_eps.empty())
    return PrivacyBudget::from_exp_eps(parse_rational(exp_eps, "--exp-eps"), "--exp-eps");
  if (!eps.empty()) return PrivacyBudget::from_epsilon(parse_rational(eps, "--eps"), 64, "--eps");
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
  return j;
}

nlohmann::json verdict_to_json(const Verdict& v) {
  nlohmann::json j;
  j["holds"] = v.holds;
  j["tight_exp_eps"] = v.tight_exp_eps.to_string();
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

std::string verdict_to_text(const Verdict& v) {
  std::string tight = v.tight_exp_eps.to_string();
  if (!v.tight_exp_eps.is_infinite() && denominator(v.tight_exp_eps.value()) != 1) {
    tight += " (~" + to_decimal(v.tight_exp_eps.value(), 10) + ")";
  }
  std::string text = (v.holds ? "holds" : "FAILS") + std::string("; tight exp_eps = ") + tight +
                     ", eps ~ " + approx_epsilon(v.tight_exp_eps);
  if (v.violated && v.witness) {
    const Witness& w = *v.witness;
    text += "\n      violated: " + std::string(condition_name(*v.violated)) +
            "; witness x = " + std::to_string(w.x) + ", x' = " + std::to_string(w.x_prime) +
            ", y = " + short_label(w.y_label);
    if (w.q_x && w.q_x_prime) {
      text += " (Q(y|x) = " + to_string(*w.q_x) + ", Q(y|x') = " + to_string(*w.q_x_prime) + ")";
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
