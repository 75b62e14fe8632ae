// The steps of the utility proofs as claims: each step is decided with the hypotheses the paper
// has at that point (query "at_step") and with those of its statement (query "at_top"). A model
// with fractional set sizes is searched again with integral sizes, and a refutation stands only
// when exact evaluation (internal/exact_step_check.h) confirms the model.
#include "internal/proof_step_claims.h"

#include <algorithm>
#include <optional>

#include "internal/coq_terms.h"
#include "internal/exact_step_check.h"
#include "internal/z3_query.h"

namespace uldp::verify::internal {
namespace {

std::string smt_text(const StepSpec& spec, const std::vector<std::string>& hypotheses,
                     bool integral_sizes) {
  std::string text = "; " + spec.paper_reference + ": " + spec.statement + "\n";
  for (const auto& c : spec.constants) text += "(declare-const " + c + " Real)\n";
  for (const auto& [name, radicand] : spec.roots)
    text += "(declare-const " + name + " Real) ; " + name + " = sqrt(" + radicand + ")\n";
  for (const auto& [name, term] : spec.definitions)
    text += "(define-fun " + name + " () Real " + term + ")\n";
  for (const auto& [name, radicand] : spec.roots)
    text += "(assert (>= " + name + " 0.0))\n(assert (= (* " + name + " " + name + ") " + radicand +
            "))\n";
  if (!spec.named_facts.empty()) text += "; named factors\n";
  for (const auto& f : spec.named_facts) text += "(assert " + f + ")\n";
  text += "; hypotheses\n";
  for (const auto& h : hypotheses) text += "(assert " + h + ")\n";
  if (integral_sizes) {
    text += "; set sizes are integers\n";
    for (const auto& c : spec.integers) text += "(assert (is_int " + c + "))\n";
  }
  text += "; the step, negated\n(assert (not " + spec.conclusion + "))\n";
  return text;
}

bool sizes_integral(const StepSpec& spec, const std::map<std::string, Rational>& values) {
  return std::all_of(spec.integers.begin(), spec.integers.end(), [&](const std::string& c) {
    const auto v = values.find(c);
    return v == values.end() || boost::multiprecision::denominator(v->second) == 1;
  });
}

/// The base constants of the model (not the roots: those are recomputed exactly).
std::map<std::string, Rational> parameter_values(const StepSpec& spec, const std::string& model) {
  const std::map<std::string, Rational> all = rational_model_values(model);
  std::map<std::string, Rational> values;
  for (const auto& c : spec.constants) {
    if (const auto v = all.find(c); v != all.end()) values[c] = v->second;
  }
  return values;
}

/// A step's verdict is that of the solvers that answered: cvc5 1.0.3 (without libpoly) answers
/// unknown on most nonlinear queries, which must not hide Z3's proof; a proved/refuted split
/// stays a disagreement, and each solver's own answer is kept for the per-solver columns.
void keep_answering_solvers(QueryResult& result) {
  std::vector<SolverAnswer> answered;
  for (const auto& a : result.answers) {
    if (a.status != ProofStatus::kUnknown) answered.push_back(a);
  }
  if (answered.empty()) return;
  result.status = combine_answers(answered);
  if (result.status != ProofStatus::kDisagreement) result.reason_unknown.clear();
}

/// A refutation with integral set sizes, given one with fractional or missing sizes: first with
/// each size fixed to the floor or ceiling of the model's value or to 1..4
/// (ground queries nlsat decides at once), then with integrality asserted under a short limit.
/// nullopt when neither finds one.
/// The integral search is the one place a wall clock decides: Z3's nonlinear integer search does
/// not always stop at its resource limit. It only chooses which counterexample is shown (the
/// step is refuted by the fractional model's exact check either way), never the verdict.
constexpr unsigned kIntegralSearchMs = 2000;

std::optional<QueryResult> integral_refutation(const StepSpec& spec, const std::string& query,
                                               const std::string& title,
                                               const std::vector<std::string>& hypotheses,
                                               const QueryResult& fractional) {
  const std::map<std::string, Rational> values = parameter_values(spec, fractional.model);
  std::vector<std::pair<std::string, std::vector<Integer>>> choices;
  for (const auto& c : spec.integers) {
    // The floor and ceiling of the model's value first, then small sizes (a size eliminated by
    // Z3's preprocessing is absent from its model).
    std::vector<Integer> options;
    if (const auto v = values.find(c); v != values.end()) {
      const Integer down = boost::multiprecision::numerator(v->second) /
                           boost::multiprecision::denominator(v->second);
      options = {down, down + 1};
    }
    for (int small = 1; small <= 4; ++small) options.push_back(small);
    std::vector<Integer> distinct;
    for (const Integer& o : options) {
      if (o >= 0 && std::find(distinct.begin(), distinct.end(), o) == distinct.end())
        distinct.push_back(o);
    }
    choices.push_back({c, distinct});
  }
  std::size_t combinations = 1;
  for (const auto& choice : choices) combinations *= choice.second.size();
  for (std::size_t index = 0; index < combinations; ++index) {
    std::vector<std::string> fixed = hypotheses;
    std::size_t rest = index;
    for (const auto& [name, options] : choices) {
      fixed.push_back("(= " + name + " " + to_string(options[rest % options.size()]) + ".0)");
      rest /= options.size();
    }
    QueryResult r = prove_smtlib(query, title + " (set sizes fixed)", smt_text(spec, fixed, false),
                                 kIntegralSearchMs);
    keep_answering_solvers(r);
    if (r.status == ProofStatus::kRefuted) {
      // The file a user re-runs stays the step's own query; the sizes fixed are noted.
      std::string note = "; uldp: the reported counterexample was found with the set sizes fixed:";
      for (std::size_t i = hypotheses.size(); i < fixed.size(); ++i) note += " " + fixed[i];
      r.smt2 = fractional.smt2 + note + "\n";
      return r;
    }
  }
  QueryResult r = prove_smtlib(query, title + " (integral sizes)", smt_text(spec, hypotheses, true),
                               kIntegralSearchMs);
  keep_answering_solvers(r);
  if (r.status == ProofStatus::kRefuted) {
    r.smt2 = fractional.smt2 +
             "; uldp: the reported counterexample was found with the set sizes "
             "asserted integral (is_int)\n";
    return r;
  }
  return std::nullopt;
}

QueryResult decide(const StepSpec& spec, const std::string& query,
                   const std::vector<std::string>& hypotheses, unsigned timeout_ms) {
  const std::string title = spec.name + " (" + spec.paper_reference + "), " + query;
  QueryResult result = prove_smtlib(query, title, smt_text(spec, hypotheses, false), timeout_ms);
  keep_answering_solvers(result);
  if (result.status != ProofStatus::kRefuted) return result;
  if (!spec.integers.empty() &&
      (!sizes_integral(spec, parameter_values(spec, result.model)) ||
       parameter_values(spec, result.model).size() < spec.constants.size())) {
    if (auto integral = integral_refutation(spec, query, title, hypotheses, result))
      result = std::move(*integral);
  }
  const std::map<std::string, Rational> values = parameter_values(spec, result.model);
  std::vector<std::string> checked = spec.named_facts;
  checked.insert(checked.end(), hypotheses.begin(), hypotheses.end());
  StepTerms terms{spec.definitions, spec.roots, checked, spec.conclusion};
  const ExactCheck check = check_counterexample(terms, values);
  result.exact_check = check.detail;
  if (!check.confirmed) {
    result.status = ProofStatus::kUnknown;
    result.reason_unknown =
        "the solvers' model is not confirmed by exact evaluation: " + check.detail;
  } else if (!sizes_integral(spec, values)) {
    result.exact_check += " (set sizes not integral: no integral model was found)";
  }
  return result;
}

}  // namespace

ClaimInfo step_claim_info(const StepSpec& spec) {
  ClaimInfo info;
  info.name = spec.name;
  info.paper_reference = spec.paper_reference;
  info.statement = spec.statement;
  info.shape = spec.scope;
  StepInfo step;
  step.expected_at_step = spec.expected_at_step;
  step.expected_at_top = spec.expected_at_top;
  step.not_encoded = spec.not_encoded;
  step.erratum = spec.erratum;
  if (const std::optional<CoqOmission> omission = coq_step_omission(spec)) {
    step.coq_not_done_brief = omission->brief;
    step.coq_not_done = omission->reason;
  } else {
    info.coq = step_coq_theorem(spec);
  }
  info.expected = !spec.not_encoded.empty() ? ProofStatus::kUnknown
                  : (spec.expected_at_step == ProofStatus::kRefuted ||
                     spec.expected_at_top == ProofStatus::kRefuted)
                      ? ProofStatus::kRefuted
                      : ProofStatus::kProved;
  info.step = step;
  return info;
}

std::vector<QueryResult> step_queries(const StepSpec& spec, unsigned timeout_ms) {
  if (!spec.not_encoded.empty()) return {};
  QueryResult at_step = decide(spec, "at_step", spec.at_step, timeout_ms);
  if (spec.at_top != spec.at_step)
    return {at_step, decide(spec, "at_top", spec.at_top, timeout_ms)};
  // The statement adds nothing at this step: one decision serves both rows.
  QueryResult at_top = at_step;
  at_top.name = "at_top";
  at_top.seconds = 0;
  for (auto& a : at_top.answers) a.seconds = 0;
  return {at_step, at_top};
}

}  // namespace uldp::verify::internal
