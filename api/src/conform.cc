// The conformance workflows: samples tested at once, a client driven look by look, a plan.
#include "uldp/api/conform.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <tuple>

#include "uldp/api/false_alarm.h"
#include "uldp/api/render.h"
#include "uldp/cancellation.h"
#include "uldp/error.h"

namespace uldp::api {
namespace {

using estimate::Conformance;
using estimate::ConformanceReport;
using estimate::SampleTallies;

// The options a conformance test of samples takes, each checked by its declaration.
void check_test_options(double false_alarm, const estimate::EvidenceDemand& demand) {
  check_option(kFalseAlarmOption, false_alarm);
  check_option(kPowerOption, demand.power);
  check_option(kResolutionOption, demand.resolution);
}

std::string reference_source(const ReferenceRequest& request) {
  return std::holds_alternative<MatrixReference>(request) ? "matrix" : "registry";
}

bool is_finding(const ConformanceReport& r) {
  return r.verdict == Conformance::kDeviates || r.verdict == Conformance::kViolates;
}

// The planned look's share of alpha; the other looks share the rest, halving.
constexpr double kPlannedShare = 0.75;
// The targeted stage's share of a client run's alpha; the looks share the rest.
constexpr double kTargetedShare = 0.5;
// The level at which the targeted stage rules an excess out: a client exactly that far over its
// claim conforms with probability at most 1e-3 (a level of 1 - power, 0.1, let one run in ten of
// a client 10 % over pass), for about 40 % more samples than 0.1 costs a correct client.
constexpr double kRuleOutLevel = 1e-3;

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
  if (syntax.cell_of_report) return text + syntax.report_form;
  if (const auto* dense = std::get_if<estimate::DenseParams>(&reference.model);
      dense && dense->bloom_bits) {
    return text + "c:bits, c a " + dense->bloom_bits->prefix + " 0.." +
           std::to_string(dense->bloom_bits->cohorts - 1) +
           ", ':' and m = " + std::to_string(dense->bloom_bits->bits) + " characters 0/1";
  }
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

static_assert(choice_is(kSpendingOption, AlphaSpending::kPlanned, "planned") &&
              choice_is(kSpendingOption, AlphaSpending::kHalving, "halving"));

const char* alpha_spending_name(AlphaSpending spending) {
  return choice_word(kSpendingOption, spending);
}

AlphaSpending parse_alpha_spending(std::string_view text, const std::string& name) {
  return choice_of<AlphaSpending>(kSpendingOption, text, name);
}

ConformResult conform_samples(const ConformSamplesRequest& request) {
  check_test_options(request.false_alarm, request.demand);
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
                                  request.false_alarm, request.demand);
  if (is_finding(result.report)) {
    result.diagnosis = diagnose(request.reference, result.reference, request.samples,
                                request.source, request.output_index, request.false_alarm);
  }
  return result;
}

const char* targeted_outcome_name(estimate::TargetedOutcome outcome) {
  switch (outcome) {
    case estimate::TargetedOutcome::kViolates:
      return "violates";
    case estimate::TargetedOutcome::kRuledOut:
      return "excess ruled out";
    case estimate::TargetedOutcome::kUndecided:
      return "undecided";
  }
  return "?";
}

SequentialConformance::SequentialConformance(const ConformClientRequest& request)
    : request_(request), reference_(build_reference(request.reference)) {
  check_test_options(request.false_alarm, request.demand);
  check_option(kFirstLookOption, static_cast<double>(request.first_look));
  check_option(kViolationSearchOption, static_cast<double>(request.violation_search));
  check_option(kMaxSamplesOption, static_cast<double>(request.max_samples),
               request.max_samples_name);
  if (!(request.excess >= 0 && request.excess <= 1e6)) {
    throw InvalidArgument(request.excess_name + ": " + double_text(request.excess) +
                          " is no relative excess of e^eps (0 for none, else above 0)");
  }
  k_ = estimate::num_symbols(reference_.model);
  if (request.max_samples < k_) {
    throw InvalidArgument(request.max_samples_name + ": " + std::to_string(request.max_samples) +
                          " cannot give each of the " + std::to_string(k_) + " inputs a sample");
  }
  syntax_ = sample_syntax(reference_, request.output_index, request.output_index_name);
  summary_.client = request.client;
  summary_.alpha = request.false_alarm;
  summary_.spending = request.spending;
  looks_alpha_ = request.false_alarm;
  // The targeted stage, when the claim has a witness to test: half of alpha, the looks the other.
  // Pooled and folded references (block families beyond their dense size, uHR) tally sets and
  // folds, not the outputs a witness's event names: no targeted stage (yet).
  if (request.excess > 0 && !reference_.pooling && !syntax_.cell_of_set &&
      !syntax_.folded_symbols) {
    if (const std::optional<estimate::TargetedWitness> witness = estimate::structural_witness(
            reference_.model, reference_.scope, reference_.syntax.labels, request.excess)) {
      TargetedSummary t;
      t.witness = *witness;
      t.claimed_exp_eps = reference_.scope.claimed_exp_eps;
      t.excess = request.excess;
      t.alpha = kTargetedShare * request.false_alarm;
      t.beta = kRuleOutLevel;
      const double faulty_q =
          std::min(witness->p_x_prime, witness->p_x / (t.claimed_exp_eps * (1 + t.excess)));
      t.information_bound = estimate::information_bound(request.false_alarm, witness->p_x, faulty_q,
                                                        t.claimed_exp_eps);
      t.rule_out_bound = estimate::information_bound(t.beta, witness->p_x, witness->p_x_prime,
                                                     t.claimed_exp_eps * (1 + t.excess));
      t.ratio_upper_bound = std::numeric_limits<double>::infinity();
      targeted_.emplace(t.claimed_exp_eps, t.excess, t.alpha, t.beta,
                        std::make_pair(witness->p_x, witness->p_x_prime));
      targeted_summary_ = t;
      if (!witness->bits) {
        const auto label = [&](std::size_t y) {
          return syntax_.labels.empty() ? std::to_string(y) : syntax_.labels[y];
        };
        event_label_ = label(witness->symbol);
        const std::size_t outputs = syntax_.labels.empty() ? estimate::report_size(reference_.model)
                                                           : syntax_.labels.size();
        for (std::size_t y = 0; y < outputs; ++y) {
          if (y != witness->symbol) other_labels_.insert(label(y));
        }
      }
      looks_alpha_ = request.false_alarm - t.alpha;
    }
  }
  summary_.looks_alpha = looks_alpha_;
  target_ = request.first_look;
  if (request.spending == AlphaSpending::kPlanned) {
    planned_ = std::max(request.first_look,
                        estimate::per_input_for_demand(
                            reference_.model, kPlannedShare * looks_alpha_, request.demand));
    summary_.planned_look = planned_;
  }
  target_ = std::min<std::uint64_t>(target_, request.max_samples / k_);
  plan_round();
}

double SequentialConformance::look_level() {
  if (planned_ && per_input_ >= *planned_) {
    planned_.reset();  // spent
    return kPlannedShare * looks_alpha_;
  }
  const double others = request_.spending == AlphaSpending::kPlanned ? 1 - kPlannedShare : 1;
  return others * looks_alpha_ / std::exp2(++other_looks_);
}

std::vector<std::uint32_t> SequentialConformance::next_inputs() const {
  std::vector<std::uint32_t> inputs;
  if (decided_) return inputs;
  const std::uint64_t looked = look_in_round_ ? (target_ - per_input_) * k_ : 0;
  inputs.reserve(looked + 2 * batch_pairs_);
  for (std::uint64_t i = per_input_; look_in_round_ && i < target_; ++i) {
    for (std::uint32_t x = 0; x < k_; ++x) inputs.push_back(x);
  }
  for (std::uint64_t i = 0; i < batch_pairs_; ++i) {
    inputs.push_back(static_cast<std::uint32_t>(targeted_summary_->witness.x));
    inputs.push_back(static_cast<std::uint32_t>(targeted_summary_->witness.x_prime));
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
  // The samples [begin, end) as "x,y" lines, read once. An output is one line: a line end inside
  // it would smuggle in samples of its own.
  const auto lines_of = [&](std::size_t begin, std::size_t end) {
    std::string chunk;
    for (std::size_t i = begin; i < end; ++i) {
      if (outputs[i].find_first_of("\r\n") != std::string::npos)
        throw unreadable(i, "which holds a line end; an output is one line");
      chunk += std::to_string(inputs[i]);
      chunk += ',';
      chunk += outputs[i];
      chunk += '\n';
    }
    return chunk;
  };
  const auto tally = [&](const std::string& chunk, std::size_t begin, std::size_t end) {
    std::istringstream in(chunk);
    try {
      return estimate::tally_samples(in, request_.client, reference_.model, reference_.scope,
                                     syntax_);
    } catch (const InputError& e) {
      // Line L of the chunk is its sample begin + L - 1; the inputs are uldp's own, so the output
      // is what could not be read.
      if (e.line() == 0 || e.line() > end - begin) throw;
      const std::size_t i = begin + e.line() - 1;
      throw unreadable(i, "which is no output of " + reference_.title() + ": " +
                              resemblance(reference_, outputs[i]) +
                              output_forms(reference_, syntax_, request_.output_index));
    }
  };
  const std::size_t looked = look_in_round_ ? (target_ - per_input_) * k_ : 0;
  std::string look_chunk = lines_of(0, looked);
  const std::string pair_chunk = lines_of(looked, inputs.size());
  std::optional<SampleTallies> more;
  if (looked > 0) more = tally(look_chunk, 0, looked);
  if (looked < inputs.size()) tally(pair_chunk, looked, inputs.size());  // every output readable
  lines_ += inputs.size();
  summary_.samples_drawn = lines_;
  // Counted before the look, which gives the looks what the pairs leave of max_samples.
  if (looked < inputs.size()) targeted_summary_->pairs_drawn += (inputs.size() - looked) / 2;
  if (more) {
    samples_ += look_chunk;
    look(std::move(*more));
  }
  if (looked < inputs.size()) test_pairs(outputs.subspan(looked));
  plan_round();
}

// One look of the fit at the tallies so far.
void SequentialConformance::look(SampleTallies more) {
  if (summary_.looks.empty()) {
    tallies_ = std::move(more);
  } else {
    estimate::add_tallies(tallies_, more, look_lines_);
  }
  look_lines_ += (target_ - per_input_) * k_;
  summary_.looks_drawn = look_lines_;
  per_input_ = target_;
  summary_.looks.push_back(per_input_);
  summary_.look_alpha = look_level();
  summary_.look_alphas.push_back(summary_.look_alpha);
  report_ =
      estimate::check_conformance(tallies_, reference_.model, reference_.scope, summary_.look_alpha,
                                  request_.demand, estimate::ResolutionDetail::kCellOnly);
  // max_samples counts every sample of the run: the looks have what the targeted pairs left.
  const std::uint64_t pair_samples = targeted_summary_ ? 2 * targeted_summary_->pairs_drawn : 0;
  const std::uint64_t looks_room =
      request_.max_samples - std::min(pair_samples, request_.max_samples);
  const bool last = (per_input_ + 1) * k_ > looks_room;
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
    finish_looks();
    return;
  }
  std::uint64_t next = 2 * per_input_;
  if (planned_ && !finding_) next = std::min(next, *planned_);  // the planned look, not past it
  next = std::min<std::uint64_t>(next, looks_room / k_);
  if (break_search) next = std::min(next, std::max(request_.violation_search, per_input_ + 1));
  target_ = next;
}

// The looks' report that stands, with its full resolution (the e^eps excess it could see).
void SequentialConformance::finish_looks() {
  looks_done_ = true;
  // A look of the break search that finds nothing does not undo the finding before it.
  if (finding_ && !is_finding(report_)) std::tie(report_, tallies_) = *finding_;
  report_ = estimate::check_conformance(tallies_, reference_.model, reference_.scope, report_.alpha,
                                        request_.demand);
}

// The targeted stage's pairs (x's sample, then x''s), each output's membership in the event read
// once per distinct output, by the same reader as the looks'.
void SequentialConformance::test_pairs(std::span<const std::string> outputs) {
  TargetedSummary& t = *targeted_summary_;
  const std::size_t inputs[2] = {t.witness.x, t.witness.x_prime};
  const auto in_event = [&](int side, const std::string& output) {
    // A bit vector as its k characters 0/1 is read here: its 2^k values are too many to cache,
    // and a single-line tally holds k^3 pair counts.
    if (t.witness.bits && output.size() == k_ &&
        output.find_first_not_of("01") == std::string::npos) {
      return t.witness.contains_bits(output);
    }
    // A symbol written as its label (or index), as the looks read it: the witness's, or another.
    if (!t.witness.bits) {
      if (output == event_label_) return true;
      if (other_labels_.contains(output)) return false;
    }
    auto& cache = in_event_[side];
    if (const auto found = cache.find(output); found != cache.end()) return found->second;
    std::istringstream line(std::to_string(inputs[side]) + "," + output + "\n");
    const SampleTallies one =
        estimate::tally_samples(line, request_.client, reference_.model, reference_.scope, syntax_);
    const bool member = t.witness.contains(one, inputs[side]);
    cache.emplace(output, member);
    return member;
  };
  for (std::size_t i = 0; i + 1 < outputs.size(); i += 2) {
    if (targeted_->outcome() != estimate::TargetedOutcome::kUndecided) break;
    targeted_->add_pair(in_event(0, outputs[i]), in_event(1, outputs[i + 1]));
  }
  t.outcome = targeted_->outcome();
  t.pairs = targeted_->pairs();
  t.count_x = targeted_->count_x();
  t.count_x_prime = targeted_->count_x_prime();
}

void SequentialConformance::plan_round() {
  batch_pairs_ = 0;
  // The next look gets what the pairs drawn since it was planned leave of max_samples; none left,
  // the looks end where they are.
  if (!looks_done_ && targeted_summary_ && !summary_.looks.empty()) {
    const std::uint64_t pairs = 2 * targeted_summary_->pairs_drawn;
    target_ =
        std::min(target_, (request_.max_samples - std::min(pairs, request_.max_samples)) / k_);
    if (target_ <= per_input_) finish_looks();
  }
  const bool targeted_open = targeted_ && !targeted_stopped_ &&
                             targeted_->outcome() == estimate::TargetedOutcome::kUndecided;
  const bool violated = targeted_ && targeted_->outcome() == estimate::TargetedOutcome::kViolates;
  // A deviation of the looks leaves the targeted stage running, like their break search: it may
  // name the break behind it.
  if (violated || (looks_done_ && (!targeted_open || report_.verdict == Conformance::kViolates))) {
    decided_ = true;
    if (!looks_done_) finish_looks();
    if (targeted_summary_) {
      TargetedSummary& t = *targeted_summary_;
      t.exp_eps_lower_bound = targeted_->exp_eps_lower_bound();
      t.ratio_upper_bound = targeted_->ratio_upper_bound();
      // The targeted stage's violation stands for the run, with its certified bound, when the
      // looks found none: the event, the two inputs and the counts of its pairs.
      if (violated && report_.verdict != Conformance::kViolates) {
        report_.verdict = Conformance::kViolates;
        report_.ratio_violated = true;
        report_.exp_eps_lower_bound = t.exp_eps_lower_bound;
        report_.event = t.witness.event;
        report_.x = t.witness.x;
        report_.x_prime = t.witness.x_prime;
        report_.count_x = t.count_x;
        report_.n_x = t.pairs;
        report_.count_x_prime = t.count_x_prime;
        report_.n_x_prime = t.pairs;
        report_.insufficient_because.clear();
      }
    }
    return;
  }
  // The looks take at most a third of what the targeted stage drew while both run: a client over
  // its claim on the witness is named at close to the targeted stage's cost, and the looks still
  // see the first look at once (a gross break) and finish beside it.
  const std::uint64_t pair_samples = targeted_summary_ ? 2 * targeted_summary_->pairs_drawn : 0;
  look_in_round_ =
      !looks_done_ && (!targeted_open || summary_.looks.empty() || 3 * look_lines_ <= pair_samples);
  if (targeted_open) {
    // Batches of an eighth of the pairs so far: the e-process looks after every pair, so a batch
    // costs at most its unused rest. The run draws at most max_samples in all.
    const std::uint64_t looked = look_in_round_ ? (target_ - per_input_) * k_ : 0;
    const std::uint64_t room =
        (request_.max_samples - std::min(lines_ + looked, request_.max_samples)) / 2;
    batch_pairs_ = std::min(room, std::max(request_.first_look, targeted_->pairs() / 8));
    if (batch_pairs_ == 0) {
      targeted_stopped_ = true;
      look_in_round_ = !looks_done_;  // the looks go on alone
    }
  }
  if (!look_in_round_ && batch_pairs_ == 0) {
    decided_ = true;  // neither stage has samples left to ask for
    if (!looks_done_) finish_looks();
  }
}

ConformResult SequentialConformance::result() const {
  ConformResult result;
  result.reference = reference_;
  result.reference_source = reference_source(request_.reference);
  result.source = request_.client;
  result.tallies = tallies_;
  result.report = report_;
  result.sequential = summary_;
  result.targeted = targeted_summary_;
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
  check_option(kFalseAlarmOption, request.false_alarm);
  check_option(kPowerOption, request.power);
  check_option(kResolutionOption, request.resolution);
  check_option(kExcessOption, request.excess);
  // A plan sizes a test for a deviation below 1 and an excess above 0 (the options' other uses
  // take 1 and 0).
  if (request.resolution >= 1) {
    std::string message = "resolution: ";
    message += double_text(request.resolution);
    throw InvalidArgument(message + " is no deviation a plan can size (it must be below 1)");
  }
  if (request.excess <= 0) {
    std::string message = "excess: ";
    message += double_text(request.excess);
    throw InvalidArgument(message + " is no excess a plan can size (it must be above 0)");
  }
  ConformPlanResult result{build_reference(request.reference), request, {}};  // plan set below
  result.plan = estimate::plan_conformance(result.reference.model, result.reference.scope,
                                           request.false_alarm, request.power, request.resolution,
                                           request.excess, result.reference.syntax.labels);
  return result;
}

}  // namespace uldp::api
