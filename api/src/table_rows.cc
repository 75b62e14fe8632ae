#include "uldp/api/table_rows.h"

#include <algorithm>
#include <numeric>
#include <set>

#include "uldp/api/reference_arguments.h"
#include "uldp/arithmetic/certified_exp.h"
#include "uldp/error.h"
#include "uldp/forms/form_checks.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/losses/fundamental_limit.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/progress.h"
#include "uldp/verify/smt_recheck.h"

namespace uldp::api {
namespace {

// ε intervals are shown to about 12 digits: 48 bits is plenty.
constexpr unsigned kLogBits = 48;

Interval log_interval(const Rational& r) {
  const LogBounds b = log_bounds(r, kLogBits);
  return {b.lower, b.upper};
}

const char* form_name(const ExactForm& form) {
  return std::visit(Overloaded{[](const DenseForm&) { return "dense"; },
                               [](const BitProductForm&) { return "per-bit"; },
                               [](const ClassForm&) { return "class"; },
                               [](const BloomForm&) { return "bloom"; }},
                    form);
}

// Z3 is given the dense form only when it is small: few inputs and, for a family whose outputs
// grow with its other parameters (a hash family's seeds, a Bloom filter's cohorts), few outputs.
bool small_enough_for_smt(const MechanismSpec& spec, const ExactForm& natural) {
  return std::visit(
      Overloaded{[&](const DenseForm& f) {
                   return spec.k <= kMaxSmtSymbols && f.q.num_outputs() <= kMaxSmtOutputs;
                 },
                 [&](const BitProductForm&) { return spec.k <= kMaxSmtBits; },
                 [&](const ClassForm& f) {
                   return spec.k <= kMaxSmtSymbols && f.q.num_outputs() <= kMaxSmtOutputs;
                 },
                 [&](const BloomForm& f) {
                   return spec.k <= kMaxSmtSymbols && f.q.listable() &&
                          (f.q.cohorts() << f.q.bits()) <= kMaxSmtOutputs;
                 }},
      natural);
}

// Z3 re-decides the claimed property on the dense form; it must prove it with the same tight
// value as the exact checker.
void smt_check(TableRow& row, const MechanismSpec& spec, Property property,
               const std::optional<PrivacyBudget>& budget, const ExtendedRational& exact_tight) {
  const DenseForm dense = std::get<DenseForm>(exact_form(spec, FormChoice::kDense));
  verify::SmtRecheckOptions options;
  options.timeout_ms = 20000;
  const verify::SmtCertificate cert =
      verify::smt_recheck(dense.q, spec.sensitive, dense.protected_outputs, budget, options);
  const verify::SmtPropertyCheck& check =
      property == Property::kLdp ? cert.ldp : cert.uldp_reachable;
  const std::string name = "z3 " + row.property;
  const bool agrees = cert.stochastic == verify::ProofStatus::kProved &&
                      check.status == verify::ProofStatus::kProved && check.tight_exp_eps &&
                      *check.tight_exp_eps == exact_tight;
  (agrees ? row.checks : row.failures)
      .push_back(agrees ? name : name + " (" + verify::proof_status_name(check.status) + ")");
}

}  // namespace

std::string TableRow::status() const {
  auto join = [](const std::vector<std::string>& items) {
    std::string s;
    for (const auto& item : items) s += (s.empty() ? "" : ", ") + item;
    return s;
  };
  if (!verified())
    return "FAILED: " + join(failures) + (checks.empty() ? "" : "; passed: ") + join(checks);
  return "verified: " + join(checks);
}

TableRow evaluate_table_row(const TableSetting& setting) {
  const MechanismEntry& entry = *setting.entry;
  MechanismArguments arguments;
  arguments.k = entry.fixed_k ? *entry.fixed_k : setting.k;
  // X_S matters to mechanisms that require it and to `none` (its Y_P); RR and RAPPOR are over X.
  if (!entry.fixed_k && (entry.takes(kSensitiveParameter.declaration) == Takes::kRequired ||
                         entry.claim == Claim::kNone)) {
    std::vector<std::size_t> first(setting.sensitive_count);
    std::iota(first.begin(), first.end(), std::size_t{0});
    arguments.sensitive = IndexSet::from_indices(first, arguments.k, "sensitive_count");
  }
  if (entry.takes(kBudgetParameter.declaration) != Takes::kNo) arguments.budget = setting.budget;
  if (setting.parameters) {
    for (const auto& [keyword, given] : *setting.parameters) {
      if (entry.takes(*parameter_of_keyword(keyword)) != Takes::kNo)
        read_parameter(entry, keyword, given.text, given.name, arguments);
    }
  }
  if (entry.takes(kThetaParameter.declaration) != Takes::kNo)
    arguments.values.set(kThetaParameter,
                         resolve_theta(setting.theta_text, entry, arguments, "theta"));
  const MechanismSpec spec = make_mechanism(entry, arguments);

  TableRow row;
  row.mechanism = std::string(entry.name);
  row.k = spec.k;
  row.sensitive_count = spec.sensitive.size();
  const std::optional<PrivacyBudget> budget = budget_of(spec);
  if (budget) {
    row.exp_eps = budget->exp_eps();
    row.eps_asked = budget->epsilon();
    row.eps_used = log_interval(budget->exp_eps());
  }
  row.parameters = mechanism_parameters(spec);

  if (entry.claim == Claim::kNone) {
    // Q = I: no privacy to verify, and its natural form is dense (skipped when large).
    if (spec.k <= kMaxDenseSymbols && !is_stochastic(exact_form(spec)))
      row.failures.push_back("stochastic");
    row.checks.push_back("no privacy claim");
  } else {
    const ExactForm form = exact_form(spec, FormChoice::kStructured);
    (is_stochastic(form) ? row.checks : row.failures).push_back("stochastic");
    const Property property = entry.claim == Claim::kLdp ? Property::kLdp : Property::kUldp;
    row.property = std::string(property_name(property));
    const Verdict verdict = check_property(form, property, spec.sensitive, budget);
    row.tight_exp_eps = verdict.tight_exp_eps;
    if (!verdict.tight_exp_eps.is_infinite())
      row.tight_eps = log_interval(verdict.tight_exp_eps.value());
    const std::string name = std::string("exact ") + form_name(form) + " " + row.property;
    (verdict.holds ? row.checks : row.failures).push_back(name);
    if (small_enough_for_smt(spec, form))
      smt_check(row, spec, property, budget, verdict.tight_exp_eps);
  }

  // A biased estimator (local hashing, count-mean sketch over a finite hash family) has no
  // variance quadratic: its loss columns stay empty and the row says why.
  if (!entry.unbiased_estimator) {
    row.loss_note = "no exact loss: the estimator is biased over the finite hash family";
    return row;
  }
  // l2 from the quadratic (the coordinate model's, or uBD's own): the same exact values.
  const L2Quadratic quadratic = l2_quadratic(spec);
  const std::vector<Rational> uniform(spec.k, Rational(1, static_cast<long>(spec.k)));
  row.l2_uniform = expected_l2_loss(quadratic, uniform, setting.n);
  row.l2_worst = worst_case_l2_loss(quadratic, setting.n);
  if (has_coordinate_model(spec))
    row.l1_worst = worst_case_l1_loss(coordinate_model(spec), setting.n);
  if (setting.vs_limit && budget && budget->exp_eps() > 1 && spec.sensitive.size() >= 2 &&
      spec.sensitive.size() < spec.k) {  // the limit's domain (validate_limit_setting)
    const FundamentalLimit limit =
        fundamental_limit({spec.k, spec.sensitive.size(), budget->exp_eps()});
    const Rational n(static_cast<long long>(setting.n));
    row.limit = Interval{limit.value.lower / n, limit.value.upper / n};
    row.limit_ratio = Interval::exact(row.l2_worst->value) / *row.limit;
  }
  return row;
}

std::vector<TableRow> table_rows(const TableRequest& request) {
  for (const std::size_t count : request.sensitive_counts) {
    for (const std::size_t k : request.ks) {
      if (count > k) {
        throw InvalidArgument("sensitive_count: " + std::to_string(count) + " exceeds k " +
                              std::to_string(k) +
                              " (each pair of k and sensitive count is a row; a count is at most "
                              "k)");
      }
    }
  }
  std::vector<TableRow> rows;
  std::set<std::string> seen;  // fixed-k and X_S-free mechanisms repeat settings
  ProgressTask progress("table rows", request.mechanisms.size() * request.ks.size() *
                                          request.sensitive_counts.size() *
                                          std::max<std::size_t>(request.budgets.size(), 1));
  for (const MechanismEntry* entry : request.mechanisms) {
    std::vector<std::optional<PrivacyBudget>> row_budgets;
    if (entry->takes(kBudgetParameter.declaration) == Takes::kNo || request.budgets.empty())
      row_budgets.push_back(std::nullopt);
    for (const PrivacyBudget& b : request.budgets) {
      if (entry->takes(kBudgetParameter.declaration) != Takes::kNo) row_budgets.push_back(b);
    }
    for (const std::size_t k : request.ks) {
      for (const std::size_t count : request.sensitive_counts) {
        for (const std::optional<PrivacyBudget>& budget : row_budgets) {
          TableRow row = evaluate_table_row({entry, k, count, budget, request.theta, request.n,
                                             request.vs_limit, &request.parameters});
          progress.advance();
          const std::string key = row.mechanism + "|" + std::to_string(row.k) + "|" +
                                  std::to_string(row.sensitive_count) + "|" +
                                  (budget ? budget->describe() : "");
          if (seen.insert(key).second) rows.push_back(std::move(row));
        }
      }
    }
  }
  return rows;
}

bool all_verified(const std::vector<TableRow>& rows) {
  return std::all_of(rows.begin(), rows.end(), [](const TableRow& r) { return r.verified(); });
}

}  // namespace uldp::api
