// The conformance workflows: samples tested at once, a client driven look by look, a plan.
#include "uldp/api/conform.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <tuple>

#include "uldp/cancellation.h"
#include "uldp/error.h"

namespace uldp::api {
namespace {

using estimate::Conformance;
using estimate::ConformanceReport;
using estimate::SampleTallies;

void check_alpha(double alpha) {
  if (!(alpha > 0 && alpha < 1)) throw InvalidArgument("alpha: must be in (0,1)");
}

std::string reference_source(const ReferenceRequest& request) {
  return std::holds_alternative<MatrixReference>(request) ? "matrix" : "registry";
}

bool is_finding(const ConformanceReport& r) {
  return r.verdict == Conformance::kDeviates || r.verdict == Conformance::kViolates;
}

// The planned look's share of alpha; the other looks share the rest, halving.
constexpr double kPlannedShare = 0.75;

}  // namespace

const char* alpha_spending_name(AlphaSpending spending) {
  return spending == AlphaSpending::kPlanned ? "planned" : "halving";
}

AlphaSpending parse_alpha_spending(std::string_view text, const std::string& name) {
  if (text == "planned") return AlphaSpending::kPlanned;
  if (text == "halving") return AlphaSpending::kHalving;
  throw InvalidArgument(name + ": '" + message_excerpt(text) +
                        "' is no alpha spending (planned or halving)");
}

ConformResult conform_samples(const ConformSamplesRequest& request) {
  check_alpha(request.alpha);
  ConformResult result;
  result.reference = build_reference(request.reference);
  result.reference_source = reference_source(request.reference);
  result.source = request.source;
  result.demand = request.demand;
  const estimate::OutputSyntax syntax =
      sample_syntax(result.reference, request.output_index, request.output_index_name);
  std::optional<estimate::SampleTallies> tallies;
  if (request.columns) {
    tallies = estimate::tally_symbol_columns(request.columns->inputs, request.columns->outputs,
                                             result.reference.model, syntax);
    if (tallies && tallies->first_impossible_line)
      tallies->first_impossible_source = request.source;
  }
  result.tallies =
      tallies ? std::move(*tallies)
              : estimate::tally_samples(*request.samples(), request.source, result.reference.model,
                                        result.reference.scope, syntax);
  result.report =
      estimate::check_conformance(result.tallies, result.reference.model, result.reference.scope,
                                  request.alpha, request.demand);
  if (is_finding(result.report)) {
    result.diagnosis = diagnose(request.reference, result.reference, request.samples,
                                request.source, request.output_index, request.alpha);
  }
  return result;
}

SequentialConformance::SequentialConformance(const ConformClientRequest& request)
    : request_(request), reference_(build_reference(request.reference)) {
  check_alpha(request.alpha);
  if (request.first_look == 0) throw InvalidArgument("first_look: must be at least 1");
  k_ = estimate::num_symbols(reference_.model);
  if (request.max_samples < k_) {
    throw InvalidArgument(request.max_samples_name + ": " + std::to_string(request.max_samples) +
                          " cannot give each of the " + std::to_string(k_) + " inputs a sample");
  }
  syntax_ = sample_syntax(reference_, request.output_index, request.output_index_name);
  summary_.client = request.client;
  summary_.alpha = request.alpha;
  summary_.spending = request.spending;
  target_ = request.first_look;
  if (request.spending == AlphaSpending::kPlanned) {
    planned_ = std::max(request.first_look,
                        estimate::per_input_for_demand(
                            reference_.model, kPlannedShare * request.alpha, request.demand));
    summary_.planned_look = planned_;
  }
  target_ = std::min<std::uint64_t>(target_, request.max_samples / k_);
}

double SequentialConformance::look_level() {
  if (planned_ && per_input_ >= *planned_) {
    planned_.reset();  // spent
    return kPlannedShare * request_.alpha;
  }
  const double others = request_.spending == AlphaSpending::kPlanned ? 1 - kPlannedShare : 1;
  return others * request_.alpha / std::exp2(++other_looks_);
}

std::vector<std::uint32_t> SequentialConformance::next_inputs() const {
  std::vector<std::uint32_t> inputs;
  if (decided_) return inputs;
  inputs.reserve((target_ - per_input_) * k_);
  for (std::uint64_t i = per_input_; i < target_; ++i) {
    for (std::uint32_t x = 0; x < k_; ++x) inputs.push_back(x);
  }
  return inputs;
}

void SequentialConformance::add_outputs(std::span<const std::string> outputs) {
  if (decided_) throw InvalidArgument("conform client: the test is already decided");
  const std::vector<std::uint32_t> inputs = next_inputs();
  if (outputs.size() != inputs.size()) {
    throw InvalidArgument("conform client: " + request_.client + " returned " +
                          std::to_string(outputs.size()) + " outputs for " +
                          std::to_string(inputs.size()) + " inputs");
  }
  // This look's samples, read once and added to the tallies of the earlier looks. An output is
  // one line: a line end inside it would smuggle in samples of its own.
  std::string chunk;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    if (outputs[i].find_first_of("\r\n") != std::string::npos) {
      throw InputError(request_.client, lines_ + i + 1, std::to_string(inputs[i]).size() + 2,
                       "an output holds a line end: '" + message_excerpt(outputs[i]) + "'");
    }
    chunk += std::to_string(inputs[i]);
    chunk += ',';
    chunk += outputs[i];
    chunk += '\n';
  }
  std::istringstream in(chunk);
  SampleTallies more;
  try {
    more =
        estimate::tally_samples(in, request_.client, reference_.model, reference_.scope, syntax_);
  } catch (const InputError& e) {
    // Its line counts from this look's first sample: name the line of all the samples.
    if (e.line() == 0) throw;
    const std::string prefix =
        request_.client + ":" + std::to_string(e.line()) + ":" + std::to_string(e.column()) + ": ";
    const std::string what = e.what();
    if (!what.starts_with(prefix)) throw;
    throw InputError(request_.client, e.line() + lines_, e.column(), what.substr(prefix.size()));
  }
  if (summary_.looks.empty()) {
    tallies_ = std::move(more);
  } else {
    estimate::add_tallies(tallies_, more, lines_);
  }
  lines_ += inputs.size();
  samples_ += chunk;
  per_input_ = target_;
  summary_.looks.push_back(per_input_);
  summary_.look_alpha = look_level();
  summary_.look_alphas.push_back(summary_.look_alpha);
  report_ =
      estimate::check_conformance(tallies_, reference_.model, reference_.scope, summary_.look_alpha,
                                  request_.demand, estimate::ResolutionDetail::kCellOnly);
  const bool last = (per_input_ + 1) * k_ > request_.max_samples;
  if (is_finding(report_)) {
    finding_.emplace(report_, tallies_);
    if (report_.verdict == Conformance::kDeviates && !summary_.deviation_look)
      summary_.deviation_look = per_input_;
  }
  // A deviation can hide a privacy break that more samples show: look on for it (each further
  // look spends its own share of alpha, so the union bound still holds).
  const bool break_search = finding_ && finding_->first.verdict == Conformance::kDeviates &&
                            reference_.scope.claimed && per_input_ < request_.violation_search;
  const bool done = report_.verdict == Conformance::kViolates ||
                    (report_.verdict == Conformance::kConforms && !finding_) ||
                    (finding_ && !break_search);
  if (done || last) {
    decided_ = true;
    // A look of the break search that finds nothing does not undo the finding before it.
    if (finding_ && !is_finding(report_)) std::tie(report_, tallies_) = *finding_;
    // The report that stands, with its full resolution (the e^eps excess it could see).
    report_ = estimate::check_conformance(tallies_, reference_.model, reference_.scope,
                                          report_.alpha, request_.demand);
    return;
  }
  std::uint64_t next = 2 * per_input_;
  if (planned_ && !finding_) next = std::min(next, *planned_);  // the planned look, not past it
  next = std::min<std::uint64_t>(next, request_.max_samples / k_);
  if (break_search) next = std::min(next, std::max(request_.violation_search, per_input_ + 1));
  target_ = next;
}

ConformResult SequentialConformance::result() const {
  ConformResult result;
  result.reference = reference_;
  result.reference_source = reference_source(request_.reference);
  result.source = request_.client;
  result.tallies = tallies_;
  result.report = report_;
  result.sequential = summary_;
  result.demand = request_.demand;
  if (is_finding(report_)) {
    const std::string samples = samples_;
    const SampleSource open = [samples]() -> std::unique_ptr<std::istream> {
      return std::make_unique<std::istringstream>(samples);
    };
    result.diagnosis = diagnose(request_.reference, reference_, open, request_.client,
                                request_.output_index, summary_.look_alpha);
  }
  return result;
}

ConformResult conform_client(const ConformClientRequest& request, const ClientFunction& client) {
  SequentialConformance test(request);
  while (!test.decided()) {
    check_cancelled();
    const std::vector<std::uint32_t> inputs = test.next_inputs();
    const std::vector<std::string> outputs = client(inputs);
    test.add_outputs(outputs);
  }
  return test.result();
}

ConformPlanResult plan_conformance_run(const ConformPlanRequest& request) {
  ConformPlanResult result{build_reference(request.reference), request, {}};  // plan set below
  result.plan = estimate::plan_conformance(result.reference.model, result.reference.scope,
                                           request.alpha, request.power, request.delta,
                                           request.eps_excess, result.reference.syntax.labels);
  return result;
}

}  // namespace uldp::api
