#include "uldp/api/headline.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "uldp/api/pair_loss.h"
#include "uldp/api/render.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/error.h"

namespace uldp::api {
namespace {

// "eps-LDP at exp_eps = 3", "ULDP with X_S = {0,1}, Y_P = {0-3} at eps = 1, within 1e-12".
std::string claim_text(const CheckResult& r, Property p) {
  std::string text;
  switch (p) {
    case Property::kLdp:
      text = "eps-LDP";
      break;
    case Property::kUldp:
    case Property::kUldpStrict:
      text = std::string(p == Property::kUldp ? "ULDP" : "ULDP (literal)") + " with X_S = {" +
             r.sensitive.to_string() + "}, Y_P = " + r.protected_description;
      break;
    case Property::kOsldp:
      text = "OSLDP with X_S = {" + r.sensitive.to_string() + "}";
      break;
  }
  if (r.budget) {
    text += r.budget->epsilon() ? " at eps = " + to_decimal(*r.budget->epsilon())
                                : " at exp_eps = " + to_string(r.budget->exp_eps());
  }
  if (r.tolerance) text += ", within " + r.tolerance_text;
  return text;
}

std::string property_line(const CheckResult& r, Property p) {
  const PropertyResult& result = r[p];
  const Verdict& v = result.verdict;
  const std::string tight = "tight exp_eps = " + readable(v.tight_exp_eps) + " (eps ~ " +
                            approx_epsilon(v.tight_exp_eps) + ")";
  if (v.holds || result.within_tolerance)
    return r.subject + " is " + claim_text(r, p) + ": " + tight;
  std::string line = r.subject + " is not " + claim_text(r, p) + ": " + tight;
  if (v.violated && v.witness) {
    line += "; " + std::string(condition_name(*v.violated)) +
            " violated at x = " + std::to_string(v.witness->x) +
            ", x' = " + std::to_string(v.witness->x_prime) +
            ", y = " + message_excerpt(v.witness->y_label);
  }
  return line;
}

// The first five ids, comma-separated, and "..." when there are more.
std::string listed(const std::vector<std::string>& ids) {
  constexpr std::size_t kShown = 5;
  std::string text;
  for (std::size_t i = 0; i < ids.size() && i < kShown; ++i) text += (i ? ", " : "") + ids[i];
  return ids.size() > kShown ? text + ", ..." : text;
}

}  // namespace

std::string check_headline(const CheckResult& result, std::optional<Property> property) {
  if (result.stochastic_problem) {
    return result.subject + " is not a mechanism: " + *result.stochastic_problem;
  }
  if (property) return property_line(result, *property);
  if (result.pairs) {
    for (const NotionVerdictLine& line : notion_verdict_lines(*result.pairs)) {
      if (!line.accepted) return result.subject + ": " + line.text;
    }
  }
  for (const Property p : result.required) {
    const PropertyResult& r = result[p];
    if (!r.verdict.holds && !r.within_tolerance) return property_line(result, p);
  }
  return result.subject + (result.passes() ? " passes the check" : " fails the check");
}

std::string conformance_headline(const ConformResult& result, std::string_view subject) {
  const estimate::ConformanceReport& r = result.report;
  std::string head = std::string(subject) + " " + estimate::conformance_name(r.verdict) + " " +
                     result.reference.title() +
                     " with k = " + std::to_string(result.tallies.per_input.size()) + " (" +
                     result.reference.claim + ")";
  // Outputs the reference never produces are named first: they make a run `violates` under a
  // claim, `deviates` without one, whatever the fit says.
  if (r.verdict == estimate::Conformance::kInsufficient) {
    head += ": " + r.insufficient_because;
  } else if (result.tallies.impossible > 0) {
    head += ": " + std::to_string(result.tallies.impossible) +
            " output(s) the reference never produces, the first " + result.tallies.first_impossible;
  } else if (r.verdict == estimate::Conformance::kViolates) {
    const std::vector<std::string> eps = figure_texts(
        {std::log(r.exp_eps_lower_bound), std::log(result.reference.scope.claimed_exp_eps)});
    head += ": eps >= " + eps[0] + " with confidence 1 - false_alarm/2, claimed " + eps[1] + " (" +
            r.event + ", x = " + std::to_string(r.x) + ": " + std::to_string(r.count_x) + "/" +
            std::to_string(r.n_x) + ", x' = " + std::to_string(r.x_prime) + ": " +
            std::to_string(r.count_x_prime) + "/" + std::to_string(r.n_x_prime) + ")";
  } else if (r.verdict == estimate::Conformance::kDeviates && r.fit_rejected) {
    head += ": fit rejected at " + r.worst_test + " (p = " + figure_text(r.min_p_value) + " < " +
            figure_text(r.fit_threshold) + ")";
  }
  return head + " (" + samples_drawn_text(result) + ")";
}

std::string estimates_headline(const EstimatesComparison& result, std::string_view subject) {
  std::string head(subject);
  if (result.matches()) {
    return head + " matches the golden vectors (" + std::to_string(result.compared) +
           " estimates compared)";
  }
  head += " does not match the golden vectors: ";
  if (!result.mismatches.empty()) {
    // The cases in the order the comparison lists them, each once.
    std::vector<std::string> cases;
    for (const EstimateMismatch& m : result.mismatches) {
      if (std::find(cases.begin(), cases.end(), m.case_id) == cases.end())
        cases.push_back(m.case_id);
    }
    const EstimateMismatch& first = result.mismatches.front();
    head += std::to_string(result.mismatches.size()) + " estimate(s) differ in " +
            std::to_string(cases.size()) + " of " + std::to_string(result.golden_cases) +
            " case(s) (" + listed(cases) + "), the first " + first.estimator + " of case " +
            first.case_id + " at item " + std::to_string(first.item);
  }
  if (!result.missing.empty()) {
    head += std::string(result.mismatches.empty() ? "" : "; ") +
            std::to_string(result.missing.size()) + " case(s) unanswered (" +
            listed(result.missing) + ")";
  }
  return head;
}

}  // namespace uldp::api
