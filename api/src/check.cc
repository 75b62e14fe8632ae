// The check workflow: the subject as an exact form, row sums against the tolerance, the four
// verdicts, what a tolerance makes of a failing ratio, the per-pair losses with their notions,
// and the SMT re-check.
#include "uldp/api/check.h"

#include <chrono>
#include <sstream>

#include "uldp/error.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/verify/solvers.h"

namespace uldp::api {
namespace {

constexpr std::array<Property, 4> kProperties = {Property::kLdp, Property::kUldp,
                                                 Property::kUldpStrict, Property::kOsldp};

// The form with the caller's Y_P, if given, in place of the declared one.
ExactForm with_protected(ExactForm form, const std::optional<IndexSelection>& given) {
  if (!given) return form;
  std::visit(
      Overloaded{
          [&](DenseForm& f) { f.protected_outputs = given->resolve(f.q.num_outputs()); },
          [&](BitProductForm& f) { f.protected_outputs.zero_bits = given->resolve(f.q.k()); },
          [&](ClassForm&) {
            throw InvalidArgument(given->name +
                                  ": the class-structured form declares Y_P by its output "
                                  "classes; check the dense form (k <= 4096) for another Y_P");
          },
          [&](BloomForm&) {
            throw InvalidArgument(given->name +
                                  ": a Bloom filter's Y_P is every output; check the dense form "
                                  "(C 2^m <= 4096) for another Y_P");
          }},
      form);
  return form;
}

void describe(CheckResult& r, const ExactForm& form) {
  std::visit(
      Overloaded{[&](const DenseForm& f) {
                   r.inputs = f.q.num_inputs();
                   r.outputs_description = std::to_string(f.q.num_outputs()) + " outputs";
                   r.protected_description = "{" + f.protected_outputs.to_string() + "}";
                   r.protected_json = f.protected_outputs.indices();
                 },
                 [&](const BitProductForm& f) {
                   r.inputs = f.q.k();
                   r.outputs_description = "{0,1}^" + std::to_string(f.q.k()) + " (structured)";
                   const IndexSet& zero = f.protected_outputs.zero_bits;
                   r.protected_description = "{y : y_j = 0 for j in {" + zero.to_string() + "}}";
                   r.protected_json = {{"zero_bits", zero.indices()}};
                 },
                 [&](const ClassForm& f) {
                   r.inputs = f.q.num_inputs();
                   r.outputs_description =
                       f.q.mechanism_outputs()
                           ? f.q.mechanism_outputs()->str() + " outputs, checked as " +
                                 f.q.num_outputs().str() +
                                 " (class-structured; one of them pools the rest, a "
                                 "post-processing that keeps every ratio decided)"
                           : f.q.num_outputs().str() + " outputs (class-structured)";
                   std::string names;
                   for (const OutputClass& o : f.q.output_classes()) {
                     if (o.is_protected) names += (names.empty() ? "" : ", ") + o.name;
                   }
                   if (f.protected_outputs) {
                     r.protected_description = "{" + f.protected_outputs->to_string() + "}";
                     r.protected_json = f.protected_outputs->indices();
                   } else {
                     r.protected_description = "the output classes {" + names + "}";
                     r.protected_json = {{"classes", names}};
                   }
                 },
                 [&](const BloomForm& f) {
                   r.inputs = f.q.num_inputs();
                   r.outputs_description = std::to_string(f.q.cohorts()) + " x 2^" +
                                           std::to_string(f.q.bits()) +
                                           " outputs (cohort, bits; Bloom-filter structured)";
                   r.protected_description = "every output";
                   r.protected_json = "all";
                 }},
      form);
}

// What the reader made of a dense file, for both reports: never a silent reading.
void record_file_reading(CheckResult& r, const MatrixFile& m) {
  r.file_reading = describe_reading(m);
  if (!m.layout) {
    r.file_reading_json = {{"format", "json"}, {"structured", false}};
    return;
  }
  nlohmann::json header = nullptr;
  if (m.layout->header) {
    const char* by[] = {"flag", "file_line", "detected"};
    header = {{"line", m.layout->header->line},
              {"decided_by", by[static_cast<int>(m.layout->header->decided_by)]},
              {"labels", m.matrix.output_labels()}};
  }
  r.file_reading_json = {{"format", "delimited"},
                         {"delimiter", delimiter_name(m.layout->delimiter)},
                         {"delimiter_detected", m.layout->delimiter_detected},
                         {"header", header}};
}

// Row sums: exact without a tolerance; with one, rows within it are listed, not refused.
void review_rows(CheckResult& r, const MatrixFile& m, const std::string& source) {
  auto location = [&](std::size_t row) {
    return row < m.row_locations.size() ? m.row_locations[row] : std::string();
  };
  RowSumReview review = review_row_sums(m.matrix, r.tolerance);
  for (RowSumExcess& row : review.within) {
    const std::string where = location(row.row);
    r.tolerated_rows.push_back({std::move(row), where});
  }
  if (!review.beyond) return;
  const std::string where = location(review.beyond->row);
  r.stochastic_problem =
      (m.source.empty() ? source : m.source) + ": " + (where.empty() ? "" : where + ": ") + "row " +
      std::to_string(review.beyond->row) + " sums to " + row_sum_text(*review.beyond) +
      (r.tolerance ? ", beyond the tolerance " + r.tolerance_text : "");
}

IndexSet sensitive_of(const MatrixSubject& s, std::size_t inputs) {
  return s.sensitive ? s.sensitive->resolve(inputs) : IndexSet::all(inputs);
}

ExactForm form_of_matrix(CheckResult& r, const MatrixSubject& s,
                         const std::optional<IndexSelection>& protected_outputs) {
  r.subject = s.source;
  if (s.entry_reading) r.entry_reading = entry_reading_description(*s.entry_reading);
  return std::visit(
      Overloaded{[&](const MatrixFile& m) -> ExactForm {
                   if (s.entry_reading) record_file_reading(r, m);
                   review_rows(r, m, s.source);
                   r.sensitive = sensitive_of(s, m.matrix.num_inputs());
                   if (protected_outputs)
                     return with_protected(DenseForm{m.matrix, {}}, protected_outputs);
                   r.protected_inferred = true;
                   IndexSet inferred = minimal_protected_outputs(m.matrix, r.sensitive);
                   return DenseForm{m.matrix, std::move(inferred)};
                 },
                 [&](const BitProductFile& f) -> ExactForm {
                   r.file_reading = "JSON (structured)";
                   r.file_reading_json = {{"format", "json"}, {"structured", true}};
                   r.sensitive = sensitive_of(s, f.q.k());
                   // Declared by the file, else the uRAP convention: the non-sensitive bits are 0.
                   IndexSet zero = f.protected_zero_bits
                                       ? IndexSet::from_indices(*f.protected_zero_bits, f.q.k(),
                                                                s.source + ": protected_zero_bits")
                                       : r.sensitive.complement();
                   return with_protected(BitProductForm{f.q, ZeroMaskOutputs{std::move(zero)}},
                                         protected_outputs);
                 }},
      s.file);
}

ExactForm form_of_mechanism(CheckResult& r, const MechanismSubject& s, const CheckRequest& q) {
  const MechanismEntry& entry = entry_of(s.spec);
  if (r.budget && entry.takes(kBudgetParameter.declaration) == Takes::kNo &&
      entry.claim != Claim::kNone) {
    // A per-pair claim (geometric, idue) has no single budget: one given would be required of
    // nothing; its matrix answers for eps-LDP.
    throw InvalidArgument(std::string(r.budget->epsilon() ? "eps" : "exp_eps") + ": mechanism " +
                          std::string(entry.name) +
                          " has no single budget to check (its claim is its own); check its "
                          "matrix for eps-LDP");
  }
  if (!r.budget) r.budget = budget_of(s.spec);  // a built-in is checked at its own budget
  r.subject = "built-in " + std::string(entry_of(s.spec).name);
  r.sensitive = s.spec.sensitive;
  r.claim = entry_of(s.spec).claim;
  if (entry.stated_bounds) r.stated_bounds = entry.stated_bounds(s.spec);
  // A class-structured form declares its Y_P and has no SMT encoding: another Y_P and the SMT
  // re-check take the dense expansion instead (k <= 4096).
  ExactForm natural = exact_form(s.spec, s.form);
  const bool needs_dense = std::holds_alternative<ClassForm>(natural) &&
                           (q.protected_outputs.has_value() || q.smt.has_value());
  return with_protected(needs_dense ? exact_form(s.spec, FormChoice::kDense) : std::move(natural),
                        q.protected_outputs);
}

// Independent SMT re-check of a dense form: its verdicts must be the hand-written checkers' ones.
SmtResult smt_recheck(const CheckResult& r, const ExactForm& form, const SmtRecheck& request) {
  const auto* dense = std::get_if<DenseForm>(&form);
  if (!dense) {
    throw InvalidArgument(request.name +
                          ": needs a dense matrix (built-in rappor/urap: the dense form, k <= 16)");
  }
  const SmtSolvers solvers = request.solvers;
  if (solvers == SmtSolvers::kZ3AndCvc5 && !verify::cvc5_on_path())
    throw InvalidArgument(request.name + ": z3 and cvc5 asked for, but no cvc5 on PATH");
  const bool with_cvc5 = solvers == SmtSolvers::kZ3AndCvc5 ||
                         (solvers == SmtSolvers::kAvailable && verify::cvc5_on_path());
  SmtResult s{
      verify::smt_recheck(dense->q, r.sensitive, dense->protected_outputs, r.budget), {}, {}};
  const verify::SmtCertificate& cert = s.certificate;
  const std::pair<const verify::SmtPropertyCheck*, Property> pairs[] = {
      {&cert.ldp, Property::kLdp},
      {&cert.uldp_reachable, Property::kUldp},
      {&cert.uldp_literal, Property::kUldpStrict},
      {&cert.osldp, Property::kOsldp}};
  for (const auto& [smt, property] : pairs) {
    if (smt->holds() && *smt->holds() != r[property].verdict.holds)
      throw std::runtime_error("Z3 re-check disagrees with the checkers");
  }
  if (!with_cvc5) return s;
  // The second solver: cvc5 re-runs the certificate and must give the same sat/unsat answers.
  const verify::Cvc5Rerun rerun = verify::rerun_with_cvc5(cert.script, 60000);
  s.cvc5 = SmtResult::Cvc5{rerun.answers.size(), 0, rerun.seconds, false};
  if (rerun.answers.size() != cert.expected_answers.size()) {
    s.problem = "cvc5 answered " + std::to_string(rerun.answers.size()) + " of " +
                std::to_string(cert.expected_answers.size()) + " certificate queries";
    return s;
  }
  for (std::size_t i = 0; i < rerun.answers.size() && !s.problem; ++i) {
    if (rerun.answers[i] == "unknown") {
      ++s.cvc5->unknown;
    } else if (rerun.answers[i] != cert.expected_answers[i]) {
      s.cvc5->disagrees = true;
      s.problem = "disagreement: on certificate query [" + std::to_string(i + 1) + "] z3 says " +
                  cert.expected_answers[i] + ", cvc5 says " + rerun.answers[i];
    }
  }
  s.cvc5->agrees = !s.problem && s.cvc5->unknown == 0;
  if (!s.problem && s.cvc5->unknown > 0)
    s.problem = "cvc5 left certificate queries unknown (not a verdict)";
  return s;
}

// Without a list: a mechanism's claim (LDP for the non-private baseline, which claims nothing;
// nothing for a per-pair claim, metric LDP or MinID-LDP, which claimed_metric and
// claimed_input_budgets in api/pair_loss.h decide);
// for a matrix, ULDP when X_S or Y_P is given, else LDP.
std::vector<Property> required_properties(const CheckRequest& q, const CheckResult& r) {
  if (q.required) return *q.required;
  if (r.claim == Claim::kMetricLdp || r.claim == Claim::kMinIdLdp) {
    return {};  // a per-pair notion: the pair losses decide it
  }
  if (r.claim) return {*r.claim == Claim::kUldp ? Property::kUldp : Property::kLdp};
  const auto* matrix = std::get_if<MatrixSubject>(&q.subject);
  const bool given = (matrix && matrix->sensitive) || q.protected_outputs;
  return {given ? Property::kUldp : Property::kLdp};
}

}  // namespace

bool CheckResult::passes() const {
  if (stochastic_problem || (smt && smt->problem)) return false;
  for (Property p : required) {
    if (!(*this)[p].accepted()) return false;
  }
  return !pairs || pairs->holds();
}

CheckResult check(const CheckRequest& q) {
  const auto start = std::chrono::steady_clock::now();
  CheckResult r;
  r.budget = q.budget;
  if (q.tolerance) {
    r.tolerance = validate_tolerance(*q.tolerance, to_string(*q.tolerance), "tolerance");
    r.tolerance_text =
        q.tolerance_text.empty() ? to_string(*q.tolerance) : message_excerpt(q.tolerance_text);
  }
  const ExactForm form = std::visit(
      Overloaded{[&](const MatrixSubject& s) { return form_of_matrix(r, s, q.protected_outputs); },
                 [&](const MechanismSubject& s) { return form_of_mechanism(r, s, q); }},
      q.subject);
  describe(r, form);
  const PropertyVerdicts verdicts = check_all_properties(form, r.sensitive, r.budget);
  for (Property p : kProperties) {
    PropertyResult& result = r.properties[static_cast<std::size_t>(p)];
    result.verdict = verdicts[p];
    const Verdict& v = result.verdict;
    if (v.holds || v.violated != Condition::kRatio || !r.budget || v.tight_exp_eps.is_infinite())
      continue;
    result.excess = excess_digits(v.tight_exp_eps.value(), *r.budget);
    if (r.tolerance)
      result.within_tolerance =
          ratio_within_tolerance(v.tight_exp_eps.value(), *r.budget, *r.tolerance);
  }
  r.required = required_properties(q, r);
  if (q.pairs || q.notions.any() || claims_pair_notion(q.subject)) {
    PairLossRequest pairs(q.subject);
    pairs.outputs = q.pair_outputs;
    pairs.notions = q.notions;
    add_claimed_notions(q.subject, q.pair_outputs, pairs.notions);
    pairs.tolerance = q.tolerance;  // relaxes every per-pair notion too
    pairs.tolerance_text = q.tolerance_text;
    r.pairs = pair_losses(pairs);
  }
  if (q.smt) {
    r.smt = smt_recheck(r, form, *q.smt);
    r.dense_matrix = std::get<DenseForm>(form).q;
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

std::optional<std::string> smt_agreement_text(const CheckResult& r) {
  if (!r.smt || !r.smt->cvc5) return std::nullopt;
  const SmtResult::Cvc5& c = *r.smt->cvc5;
  if (c.disagrees || c.answers != r.smt->certificate.expected_answers.size()) return std::nullopt;
  std::ostringstream s;
  s << "z3 and cvc5 agree on " << c.answers - c.unknown << " of " << c.answers
    << " certificate queries (cvc5 unknown on " << c.unknown << ", " << c.seconds << " s)";
  return s.str();
}

}  // namespace uldp::api
