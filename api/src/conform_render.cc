// The one JSON writer and the one text renderer of the conformance results.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "uldp/api/conform.h"
#include "uldp/api/render.h"

namespace uldp::api {

using estimate::Conformance;

namespace {

// How the looks spent alpha, in words (the report's "method"): all of it, or the half a targeted
// stage leaves them.
std::string spending_method(const SequentialSummary& sequential) {
  const bool halved = sequential.looks_alpha < sequential.alpha;
  const std::string a = halved ? "alpha/2" : "alpha";
  if (sequential.spending == AlphaSpending::kHalving) return "look j at " + a + "/2^(j+1)";
  std::string text = "planned: the look at ";
  text += sequential.planned_look ? std::to_string(*sequential.planned_look) : "?";
  return text + " samples per input at 3/4 " + (halved ? "of alpha/2" : "alpha") +
         ", each other look i at " + a + "/4/2^(i+1)";
}

nlohmann::json number_or_null(double value) {
  return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(nullptr);
}

// The targeted stage in one paragraph: the witness, what it found, the samples it used beside the
// information bound.
std::string targeted_text(const TargetedSummary& t) {
  std::ostringstream out;
  const estimate::TargetedWitness& w = t.witness;
  out << "  targeted test (alpha/2 = " << figure_text(t.alpha) << "): event " << w.event
      << ", x = " << w.x << " vs x' = " << w.x_prime << " (reference " << figure_text(w.p_x)
      << " vs " << figure_text(w.p_x_prime) << "), looking for e^eps "
      << figure_text(100 * t.excess) << "% above the claim: " << targeted_outcome_name(t.outcome);
  if (t.outcome == estimate::TargetedOutcome::kViolates) {
    out << ", e^eps >= " << figure_text(t.exp_eps_lower_bound) << " with confidence 1 - alpha/2";
  } else if (t.outcome == estimate::TargetedOutcome::kRuledOut) {
    out << ", P(E|x)/P(E|x') <= " << figure_text(t.ratio_upper_bound) << " with confidence "
        << figure_text(1 - t.beta);
  } else {
    out << " (neither a violation nor the excess shown before the run stopped)";
  }
  out << "\n    " << 2 * t.pairs << " samples used (" << t.pairs << " pairs: " << t.count_x
      << " of x, " << t.count_x_prime << " of x' in the event); information bound log(1/alpha)/D = "
      << figure_text(std::ceil(t.information_bound)) << " pairs for a client "
      << figure_text(100 * t.excess) << "% over the claim on this event, "
      << figure_text(std::ceil(t.rule_out_bound)) << " to rule that out at "
      << figure_text(1 - t.beta) << " for a client that matches the reference\n";
  return out.str();
}

nlohmann::json targeted_json(const TargetedSummary& t) {
  const estimate::TargetedWitness& w = t.witness;
  return {{"event", w.event},
          {"x", w.x},
          {"x_prime", w.x_prime},
          {"reference_p_x", w.p_x},
          {"reference_p_x_prime", w.p_x_prime},
          {"claimed_exp_eps", t.claimed_exp_eps},
          {"excess", t.excess},
          {"false_alarm", t.alpha},
          {"alpha", t.alpha},  // the former key, written beside it (docs/cli.md)
          {"beta", t.beta},
          {"outcome", targeted_outcome_name(t.outcome)},
          {"pairs", t.pairs},
          {"pairs_drawn", t.pairs_drawn},
          {"samples_used", 2 * t.pairs},
          {"count_x", t.count_x},
          {"count_x_prime", t.count_x_prime},
          {"exp_eps_lower_bound", t.exp_eps_lower_bound},
          {"ratio_upper_bound", number_or_null(t.ratio_upper_bound)},
          {"information_bound_pairs", number_or_null(std::ceil(t.information_bound))},
          {"rule_out_bound_pairs", number_or_null(std::ceil(t.rule_out_bound))},
          {"method",
           "mixture-of-bets e-processes on the pairs (1[y in E] under x, under x'), anytime-valid "
           "(Ville): violates at 1/alpha, the excess ruled out at 1/beta"}};
}

}  // namespace

nlohmann::json to_json(const ConformResult& result) {
  const ConformReference& reference = result.reference;
  const estimate::RatioScope& scope = reference.scope;
  const estimate::ConformanceReport& r = result.report;
  const estimate::SampleTallies& tallies = result.tallies;
  const double eps_lower = std::log(r.exp_eps_lower_bound);
  nlohmann::json j;
  j["verdict"] = conformance_name(r.verdict);
  j["mechanism"] = reference.name;
  j["reference"] = {
      {"source", result.reference_source},
      {"name", reference.name},
      {"parameters", reference.parameters},
      {"reading", reference.reading ? nlohmann::json(*reference.reading) : nlohmann::json(nullptr)},
      {"pooling", reference.pooling ? nlohmann::json(*reference.pooling) : nlohmann::json(nullptr)},
      {"claim", reference.claim},
      {"breaks_own_claim", reference.breaks_own_claim ? nlohmann::json(*reference.breaks_own_claim)
                                                      : nlohmann::json(nullptr)}};
  j["samples"] = tallies.n;
  j["samples_drawn"] = result.samples_drawn();
  j["samples_from"] = result.source;  // the file(s), or the client
  j["counted"] = result.sample_lines == estimate::SampleLine::kCounted;
  j["false_alarm"] = result.false_alarm();
  j["alpha"] = result.false_alarm();  // the former key, written beside it (docs/cli.md)
  j["fit"] = {
      {"tests", r.fit_tests},         {"threshold", r.fit_threshold},
      {"min_p_value", r.min_p_value}, {"worst", r.worst_test},
      {"rejected", r.fit_rejected},   {"correction", "Bonferroni over all tests at alpha/2"}};
  j["eps_lower_bound"] = {{"exp_eps", r.exp_eps_lower_bound},
                          {"eps", eps_lower},
                          {"claimed_exp_eps", scope.claimed ? nlohmann::json(scope.claimed_exp_eps)
                                                            : nlohmann::json(nullptr)},
                          {"event", r.event},
                          {"x", r.x},
                          {"x_prime", r.x_prime},
                          {"count_x", r.count_x},
                          {"n_x", r.n_x},
                          {"count_x_prime", r.count_x_prime},
                          {"n_x_prime", r.n_x_prime},
                          {"intervals", r.intervals},
                          {"violated", r.ratio_violated}};
  j["samples_per_input"] = r.samples_per_input;
  j["inputs_without_samples"] = r.inputs_without_samples;
  j["resolution"] = {
      {"power", r.resolution.power},
      {"fewest_samples", r.resolution.fewest_samples},
      {"fewest_input", r.resolution.fewest_input},
      {"cell_deviation", r.resolution.cell_deviation},
      {"required_cell_deviation", result.demand.resolution},
      {"eps_excess", r.resolution.eps_excess ? nlohmann::json(*r.resolution.eps_excess)
                                             : nlohmann::json(nullptr)},
      {"event", r.resolution.event}};
  j["insufficient_because"] = r.verdict == Conformance::kInsufficient
                                  ? nlohmann::json(r.insufficient_because)
                                  : nlohmann::json(nullptr);
  if (result.diagnosis) {
    const DiagnosisReport& diagnosis = *result.diagnosis;
    nlohmann::json fits = nlohmann::json::array();
    for (const Diagnosis& d : diagnosis.fits) {
      fits.push_back({{"reading", d.reading},
                      {"min_p_value", d.min_p_value},
                      {"exp_eps_lower_bound", d.exp_eps_lower_bound}});
    }
    j["diagnosis"] = {
        {"tried", diagnosis.tried},
        {"fits", fits},
        {"fitted_exp_eps",
         diagnosis.fitted_exp_eps
             ? nlohmann::json({diagnosis.fitted_exp_eps->first, diagnosis.fitted_exp_eps->second})
             : nlohmann::json(nullptr)},
        {"best_exp_eps", diagnosis.best_exp_eps ? nlohmann::json(*diagnosis.best_exp_eps)
                                                : nlohmann::json(nullptr)},
        {"fitted_theta", diagnosis.fitted_theta ? nlohmann::json({diagnosis.fitted_theta->first,
                                                                  diagnosis.fitted_theta->second})
                                                : nlohmann::json(nullptr)},
        {"best_theta",
         diagnosis.best_theta ? nlohmann::json(*diagnosis.best_theta) : nlohmann::json(nullptr)}};
  } else {
    j["diagnosis"] = nullptr;
  }
  j["impossible"] = {
      {"count", tallies.impossible},
      {"first_line", tallies.first_impossible_line ? nlohmann::json(*tallies.first_impossible_line)
                                                   : nlohmann::json(nullptr)},
      {"first", tallies.first_impossible}};
  if (result.sequential) {
    j["sequential"] = {{"client", result.sequential->client},
                       {"looks", result.sequential->looks},
                       {"look_alpha", result.sequential->look_alpha},
                       {"look_alphas", result.sequential->look_alphas},
                       {"spending", alpha_spending_name(result.sequential->spending)},
                       {"planned_look", result.sequential->planned_look
                                            ? nlohmann::json(*result.sequential->planned_look)
                                            : nlohmann::json(nullptr)},
                       {"deviation_look", result.sequential->deviation_look
                                              ? nlohmann::json(*result.sequential->deviation_look)
                                              : nlohmann::json(nullptr)},
                       {"method", spending_method(*result.sequential)},
                       {"looks_alpha", result.sequential->looks_alpha},
                       {"looks_drawn", result.sequential->looks_drawn}};
  }
  j["targeted"] = result.targeted ? targeted_json(*result.targeted) : nlohmann::json(nullptr);
  return j;
}

std::string samples_drawn_text(const ConformResult& result) {
  std::string text = std::to_string(result.samples_drawn()) + " samples drawn";
  if (result.targeted) {
    const TargetedSummary& t = *result.targeted;
    text += " (" + std::to_string(result.sequential->looks_drawn) + " by the fit looks, " +
            std::to_string(2 * t.pairs_drawn) + " by the targeted test; information bound " +
            figure_text(std::ceil(2 * t.information_bound)) + " samples)";
  }
  if (result.sequential && result.sequential->looks_drawn != result.tallies.n && result.targeted) {
    text += "; the verdict of the looks rests on their first " + std::to_string(result.tallies.n) +
            " (the later looks of the break search found no more)";
  } else if (!result.targeted && result.samples_drawn() != result.tallies.n) {
    text += "; the verdict rests on the first " + std::to_string(result.tallies.n) +
            " (the later looks of the break search found no more)";
  }
  return text;
}

std::string to_text(const ConformResult& result) {
  const ConformReference& reference = result.reference;
  const estimate::RatioScope& scope = reference.scope;
  const estimate::ConformanceReport& r = result.report;
  const estimate::SampleTallies& tallies = result.tallies;
  const std::optional<SequentialSummary>& sequential = result.sequential;
  const double eps_lower = std::log(r.exp_eps_lower_bound);
  const bool bounded = !r.event.empty();  // some event seen under two inputs with samples
  std::ostringstream out;
  const bool counted = result.sample_lines == estimate::SampleLine::kCounted;
  out << (sequential ? "conform client: "
          : counted  ? "conform counts: "
                     : "conform samples: ")
      << tallies.n << " samples of " << reference.title() << " from " << result.source
      << " (false-alarm level " << result.false_alarm() << ")\n";
  if (sequential) {
    out << "  sequential: " << sequential->looks.size() << " looks (";
    for (std::size_t i = 0; i < sequential->looks.size(); ++i) {
      out << (i ? ", " : "") << sequential->looks[i];
    }
    out << " samples per input), " << spending_method(*sequential) << "; the last at "
        << figure_text(sequential->look_alpha) << "\n"
        << "  " << samples_drawn_text(result) << "\n";
    if (result.targeted) out << targeted_text(*result.targeted);
    if (sequential->deviation_look) {
      out << "  break search: the fit was rejected at " << *sequential->deviation_look
          << " samples per input; the run looked on for a ratio beyond the claim: "
          << (r.verdict == Conformance::kViolates ? "found" : "none seen") << "\n";
    }
  }
  if (reference.reading) out << "  reference read as: " << *reference.reading << "\n";
  if (reference.pooling) out << "  reference pooled: " << *reference.pooling << "\n";
  if (reference.breaks_own_claim) {
    out << "  the reference breaks its own claim: " << *reference.breaks_own_claim << "\n";
  }
  const std::vector<std::string> fit = figure_texts({r.min_p_value, r.fit_threshold});
  out << "  fit: " << r.fit_tests << " tests, smallest p = " << fit[0] << " (" << r.worst_test
      << ") vs Bonferroni threshold " << fit[1]
      << (r.fit_rejected ? ": REJECTED" : ": not rejected") << "\n";
  out << "  samples per input: " << r.resolution.fewest_samples
      << " (x = " << r.resolution.fewest_input << ") to "
      << (r.samples_per_input.empty()
              ? std::uint64_t{0}
              : *std::max_element(r.samples_per_input.begin(), r.samples_per_input.end()));
  if (!r.inputs_without_samples.empty()) {
    out << "; no samples for " << r.inputs_without_samples.size()
        << " input(s), the first x = " << r.inputs_without_samples.front();
  }
  out << "\n";
  // The bound and the claim in the same sentence: digits enough to tell them apart.
  const std::vector<std::string> eps =
      figure_texts({eps_lower, scope.claimed ? std::log(scope.claimed_exp_eps) : eps_lower});
  if (bounded) {
    out << "  eps >= " << eps[0] << " with confidence 1 - alpha/2 (event " << r.event
        << ", x = " << r.x << ": " << r.count_x << "/" << r.n_x << ", x' = " << r.x_prime << ": "
        << r.count_x_prime << "/" << r.n_x_prime << ")";
  } else {
    out << "  eps: no bound above 0 (no event's samples of two inputs put e^eps above 1 at this "
           "confidence)";
  }
  if (scope.claimed) {
    out << "; claimed eps = " << eps[1] << (r.ratio_violated ? ": VIOLATED" : "");
  }
  out << "\n";
  if (tallies.impossible > 0) {
    out << "  impossible outputs: " << tallies.impossible << " sample(s) the reference "
        << "never produces; first at " << tallies.first_impossible_source << ":"
        << *tallies.first_impossible_line << " (" << tallies.first_impossible << ")\n";
  }
  out << "  resolution (power " << figure_text(r.resolution.power) << "): a deviation of "
      << figure_text(r.resolution.cell_deviation) << " in any cell's probability";
  if (r.resolution.eps_excess) {
    out << ", or e^eps " << figure_text(100 * *r.resolution.eps_excess)
        << "% above the claim (event " << r.resolution.event << ")";
  }
  out << " would be detected at this size\n";
  if (result.diagnosis) {
    const DiagnosisReport& diagnosis = *result.diagnosis;
    for (const Diagnosis& d : diagnosis.fits) {
      out << "  diagnosis: the samples fit the reference read with " << d.reading
          << " (smallest fit p = " << figure_text(d.min_p_value)
          << ", e^eps >= " << figure_text(d.exp_eps_lower_bound) << ")\n";
    }
    if (diagnosis.fitted_exp_eps && diagnosis.best_exp_eps) {
      const double claimed = scope.claimed_exp_eps;
      const bool claim_fits =
          diagnosis.fitted_exp_eps->first <= claimed && claimed <= diagnosis.fitted_exp_eps->second;
      const std::vector<std::string> fits =
          figure_texts({*diagnosis.best_exp_eps, diagnosis.fitted_exp_eps->first,
                        diagnosis.fitted_exp_eps->second, claimed});
      out << "  diagnosis: the samples fit " << reference.title() << " best at e^eps " << fits[0]
          << " (the fit test accepts [" << fits[1] << ", " << fits[2] << "])"
          << (claim_fits ? ", which holds the claimed " : ", not at the claimed ") << fits[3]
          << (claim_fits ? ": a wrong budget is not the cause" : "") << "\n";
    }
    if (diagnosis.fitted_theta && diagnosis.best_theta) {
      const std::optional<double>& claimed = diagnosis.claimed_theta;
      const bool claim_fits = claimed && diagnosis.fitted_theta->first <= *claimed &&
                              *claimed <= diagnosis.fitted_theta->second;
      const std::vector<std::string> fits =
          figure_texts({*diagnosis.best_theta, diagnosis.fitted_theta->first,
                        diagnosis.fitted_theta->second, claimed.value_or(*diagnosis.best_theta)});
      out << "  diagnosis: the samples fit best at theta " << fits[0] << " (the fit test accepts ["
          << fits[1] << ", " << fits[2] << "])";
      if (claimed) {
        out << (claim_fits ? ", which holds the reference's " : ", not at the reference's ")
            << fits[3] << (claim_fits ? ": a wrong theta is not the cause" : "");
      }
      out << "\n";
    }
    if (diagnosis.fits.empty() && !diagnosis.fitted_exp_eps && !diagnosis.fitted_theta) {
      out << "  diagnosis: no reading tried fits (";
      for (std::size_t i = 0; i < diagnosis.tried.size(); ++i) {
        out << (i ? "; " : "") << diagnosis.tried[i];
      }
      out << ")\n";
    }
  }
  out << "verdict: " << conformance_name(r.verdict);
  if (r.verdict == Conformance::kConforms) {
    out << " at that resolution";
  } else if (r.verdict == Conformance::kInsufficient) {
    out << ": " << r.insufficient_because;
  }
  out << "\n";
  return out.str();
}

nlohmann::json to_json(const ConformPlanResult& result) {
  const ConformReference& reference = result.reference;
  const ConformPlanRequest& c = result.request;
  const estimate::ConformancePlan& plan = result.plan;
  return {
      {"mechanism", reference.name},
      {"parameters", reference.parameters},
      {"false_alarm", c.false_alarm},
      {"power", c.power},
      {"fit_tests", plan.fit_tests},
      {"intervals", plan.intervals},
      {"resolution", c.resolution},
      {"per_input_for_resolution", plan.per_input_for_delta},
      {"excess", c.excess},
      {"per_input_for_excess", plan.per_input_for_excess
                                   ? nlohmann::json(*plan.per_input_for_excess)
                                   : nlohmann::json(nullptr)},
      {"event", plan.event},
      {"p_x", plan.p_x},
      {"p_x_prime", plan.p_x_prime},
      {"pooling", reference.pooling ? nlohmann::json(*reference.pooling) : nlohmann::json(nullptr)},
      // The former keys, written beside the new ones (docs/cli.md).
      {"alpha", c.false_alarm},
      {"delta", c.resolution},
      {"per_input_for_delta", plan.per_input_for_delta},
      {"eps_excess", c.excess},
      {"per_input_for_eps_excess", plan.per_input_for_excess
                                       ? nlohmann::json(*plan.per_input_for_excess)
                                       : nlohmann::json(nullptr)}};
}

std::string to_text(const ConformPlanResult& result) {
  const ConformReference& reference = result.reference;
  const ConformPlanRequest& c = result.request;
  const estimate::ConformancePlan& plan = result.plan;
  std::ostringstream out;
  out << "conform plan for " << reference.title() << " (false-alarm level " << c.false_alarm
      << ", power = " << c.power << "):\n";
  if (reference.pooling) out << "  reference pooled: " << *reference.pooling << "\n";
  out << "  a deviation of " << c.resolution << " in any cell: " << plan.per_input_for_delta
      << " samples per input (" << plan.fit_tests << " tests, Bonferroni)\n";
  if (plan.per_input_for_excess) {
    out << "  a tight ratio e^eps (1 + " << c.excess << "): " << *plan.per_input_for_excess
        << " samples per input (event " << plan.event << ", reference " << plan.p_x << " vs "
        << plan.p_x_prime << ")\n";
  } else {
    out << "  a ratio excess: not plannable (no claim, or no finite ratio event)\n";
  }
  out << "  events rarer than 1/n per input are invisible to any black-box test of n "
         "samples per input\n";
  return out.str();
}

}  // namespace uldp::api
