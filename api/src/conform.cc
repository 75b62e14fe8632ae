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

bool all_bits(std::string_view text) {
  return !text.empty() && text.find_first_not_of("01") == std::string_view::npos;
}

// The forms the reference's outputs take, for a message about an output that has none of them:
// "rr's outputs are 0..5", "oue's outputs are bit vectors: ...", "uhr's outputs are the labels
// ...". `output_index`: the samples name columns.
std::string output_forms(const ConformReference& reference, const estimate::OutputSyntax& syntax,
                         bool output_index) {
  const std::string k = std::to_string(estimate::num_symbols(reference.model));
  std::string text = reference.title() + "'s outputs are ";
  if (estimate::reports_are_bit_vectors(reference.model))
    return text + "bit vectors, strings of k = " + k + " characters 0/1 (bit j as character j)";
  if (syntax.cell_of_set) {
    const std::size_t universe = syntax.bit_strings_over ? syntax.bit_strings_over->universe() : 0;
    return text + "sets of symbols: {1,3}, a " + std::to_string(universe) +
           "-character 0/1 string, or one symbol";
  }
  if (syntax.labels.empty()) {
    return text + "0.." + std::to_string(estimate::report_size(reference.model) - 1) +
           (output_index ? " (0-based columns, as " + syntax.output_index_name + " reads them)"
                         : "");
  }
  text += "the labels uldp mechanism --format csv lists: ";
  const std::size_t shown = std::min<std::size_t>(syntax.labels.size(), 6);
  for (std::size_t i = 0; i < shown; ++i) text += (i ? ", '" : "'") + syntax.labels[i] + "'";
  if (shown < syntax.labels.size())
    text += ", ... (" + std::to_string(syntax.labels.size()) + " labels)";
  if (syntax.bit_strings_over) text += ", or a set's " + k + "-character 0/1 string";
  return text;
}

// What an unreadable output resembles, when it resembles another mechanism's outputs: a bit
// vector given to a symbol reference, an integer or a bit string of another length given to a
// bit-vector one. Empty otherwise.
std::string resemblance(const ConformReference& reference, std::string_view output) {
  const std::size_t k = estimate::num_symbols(reference.model);
  if (estimate::reports_are_bit_vectors(reference.model)) {
    if (all_bits(output) && output.size() != k && output.size() > 1) {
      return "it has " + std::to_string(output.size()) + " bits where " + reference.title() +
             " has k = " + std::to_string(k) + "; ";
    }
    if (!output.empty() && output.find_first_not_of("0123456789") == std::string_view::npos)
      return "it looks like an output index or an integer bit mask, not a bit vector; ";
    return "";
  }
  if (all_bits(output) && output.size() > 1)
    return "it looks like a bit vector, which " + reference.title() + "'s outputs are not; ";
  return "";
}

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
  // An output that cannot be read names the sample (counted over the run from 1), its input, the
  // text received and the forms the reference's outputs take: a client's outputs have no file
  // line or column.
  const auto unreadable = [&](std::size_t i, const std::string& why) {
    std::string message = "sample " + std::to_string(lines_ + i + 1) +
                          " (input x = " + std::to_string(inputs[i]) + ") returned '" +
                          message_excerpt(outputs[i]) + "', " + why;
    if (!request_.reading_hint.empty()) message += " (" + request_.reading_hint + ")";
    return InputError(request_.client, message);
  };
  // This look's samples, read once and added to the tallies of the earlier looks. An output is
  // one line: a line end inside it would smuggle in samples of its own.
  std::string chunk;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    if (outputs[i].find_first_of("\r\n") != std::string::npos)
      throw unreadable(i, "which holds a line end; an output is one line");
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
    // Line L of this look's chunk is its sample L; the inputs are uldp's own, so the output is
    // what could not be read.
    if (e.line() == 0 || e.line() > inputs.size()) throw;
    const std::size_t i = e.line() - 1;
    throw unreadable(i, "which is no output of " + reference_.title() + ": " +
                            resemblance(reference_, outputs[i]) +
                            output_forms(reference_, syntax_, request_.output_index));
  }
  if (summary_.looks.empty()) {
    tallies_ = std::move(more);
  } else {
    estimate::add_tallies(tallies_, more, lines_);
  }
  lines_ += inputs.size();
  summary_.samples_drawn = lines_;
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
