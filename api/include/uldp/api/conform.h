// The conformance workflows: do a black-box client's samples (x, y) behave like the reference
// mechanism? `conform_samples` tests samples already drawn; `SequentialConformance` drives a
// client look by look (samples tallied as they arrive) and stops as soon as it can decide;
// `plan_conformance_run` says how many samples a given deviation needs. What `uldp conform`,
// Python's uldp.conform_* and the GoogleTest assertions call; each result has one JSON writer and
// one text renderer.
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "uldp/api/conform_diagnosis.h"
#include "uldp/api/conform_reference.h"
#include "uldp/api/workflow_options.h"
#include "uldp/estimate/conformance.h"
#include "uldp/estimate/targeted_test.h"

namespace uldp::api {

/// Opens the samples ("x,y" lines) from their start; the diagnosis reads them once per reading.
using SampleSource = std::function<std::unique_ptr<std::istream>()>;

/// Symbol samples held as two integer columns (inputs[i], outputs[i]), an output the integer text
/// of its label: tallied without text. The columns must outlive the call.
struct SampleColumns {
  std::span<const std::int64_t> inputs;
  std::span<const std::int64_t> outputs;
};

/// Samples already drawn.
struct ConformSamplesRequest {
  ConformSamplesRequest(ReferenceRequest against, SampleSource open, std::string name)
      : reference(std::move(against)), samples(std::move(open)), source(std::move(name)) {}

  ReferenceRequest reference;
  SampleSource samples;
  std::string source;  ///< how messages name the samples ("their_client.txt")
  double false_alarm = default_in(kFalseAlarmOption, "conform_samples");
  estimate::EvidenceDemand demand{default_in(kPowerOption, "conform_samples"),
                                  default_in(kResolutionOption, "conform_samples")};
  bool output_index = false;                       ///< outputs are 0-based columns, not labels
  std::string output_index_name = "output_index";  ///< how errors name output_index
  /// The same samples as columns, when the caller has them so: tallied directly, `samples` read
  /// only for a diagnosis or for a sample the columns cannot name (whose error it gives).
  std::optional<SampleColumns> columns;
};

/// How a sequential test spends its false-alarm level alpha over its looks (a union bound: the
/// looks' levels sum to at most alpha). Both double the samples per input from first_look.
enum class AlphaSpending {
  /// The planned look, the fewest samples per input whose resolution at 3/4 alpha meets the demand
  /// (where a correct client conforms), spends 3/4 alpha; each other look (the earlier ones, which
  /// stop a faulty client early, and those of a break search) alpha / 4 / 2^(i+1). A correct client
  /// costs within a few percent of the fixed-size plan at alpha.
  kPlanned,
  /// Look j at alpha / 2^(j+1) until the resolution meets the demand: no size is planned, and a
  /// correct client costs about 2.5 times the fixed-size plan (the default before 2026-11-29).
  kHalving,
};
const char* alpha_spending_name(AlphaSpending spending);
/// "planned" or "halving"; throws InvalidArgument "<name>: ..." otherwise.
AlphaSpending parse_alpha_spending(std::string_view text, const std::string& name);

/// What a sequential run adds to a result.
struct SequentialSummary {
  std::vector<std::uint64_t> looks;  ///< samples per input at each look
  std::vector<double> look_alphas;   ///< the level each look was tested at
  double alpha = 0;                  ///< the level over all looks
  double look_alpha = 0;             ///< the level of the last look
  AlphaSpending spending = AlphaSpending::kPlanned;
  /// kPlanned: the samples per input of the look that spends 3/4 alpha.
  std::optional<std::uint64_t> planned_look;
  std::string client;
  /// Set when a deviation made the run look on for a privacy break: the samples per input at
  /// the look that first found the deviation.
  std::optional<std::uint64_t> deviation_look;
  /// Every sample the client was asked for, over all looks (a break search's too) and the
  /// targeted test's: the verdict's tallies may be those of an earlier look, when a later one
  /// found nothing more.
  std::uint64_t samples_drawn = 0;
  /// The level the fit looks share (alpha, or alpha/2 beside a targeted test).
  double looks_alpha = 0;
  /// The samples of the fit looks (the tallies' samples, and the later looks of a break search).
  std::uint64_t looks_drawn = 0;
};

/// The targeted stage of a client run (uldp/estimate/targeted_test.h): a sequential test on the
/// witness the mechanism's structure points at, beside the fit looks, at alpha/2 of the run's
/// alpha (the looks share the other half, so the run's false-alarm level stays alpha).
struct TargetedSummary {
  estimate::TargetedWitness witness;
  double claimed_exp_eps = 1;
  double excess = 0.1;  ///< the smallest relative excess of e^eps it looks for
  double alpha = 0;     ///< its level for `violates` (alpha/2)
  double beta = 1e-3;   ///< its level for ruling out the excess
  estimate::TargetedOutcome outcome = estimate::TargetedOutcome::kUndecided;
  /// Pairs of samples (one of x, one of x') the outcome rests on; the pairs drawn may be more
  /// (the rest of the last batch).
  std::uint64_t pairs = 0, pairs_drawn = 0;
  std::uint64_t count_x = 0, count_x_prime = 0;  ///< of those pairs, the samples in the event
  double exp_eps_lower_bound = 1;                ///< certified, confidence 1 - alpha (TargetedTest)
  double ratio_upper_bound = 0;  ///< certified, confidence 1 - beta; infinity: none yet
  /// log(1/alpha_run) / D in pairs, D the KL distance from a client `excess` over the claim on
  /// the witness (P(E|x) kept, P(E|x') lowered) to the nearest pair the claim allows: about the
  /// fewest pairs any test at the run's level needs to name such a client (Chernoff–Stein).
  double information_bound = 0;
  /// The same for ruling out the excess for a client that matches the reference, at beta.
  double rule_out_bound = 0;
};
const char* targeted_outcome_name(estimate::TargetedOutcome outcome);

struct ConformResult {
  ConformReference reference;
  std::string reference_source;  ///< "registry" or "matrix"
  std::string source;            ///< the samples' name
  estimate::SampleTallies tallies;
  estimate::ConformanceReport report;
  /// The readings people get wrong, tried when the verdict is a finding.
  std::optional<DiagnosisReport> diagnosis;
  std::optional<SequentialSummary> sequential;
  /// A client run's targeted stage, when it had one.
  std::optional<TargetedSummary> targeted;
  /// kCounted: the samples came as counts ("x,y,count"), from conform_counts.
  estimate::SampleLine sample_lines = estimate::SampleLine::kOneSample;
  /// What the run had to show before it could conform.
  estimate::EvidenceDemand demand;
  /// The level the verdict holds at (over all looks for a sequential run).
  double false_alarm() const { return sequential ? sequential->alpha : report.alpha; }
  bool conforms() const { return report.verdict == estimate::Conformance::kConforms; }
  /// The samples drawn for the run: every sample a client was asked for (a sequential run), else
  /// the samples tallied.
  std::uint64_t samples_drawn() const { return sequential ? sequential->samples_drawn : tallies.n; }
};

/// Tallies the samples and tests them. Throws InvalidArgument ("false_alarm: 2 is not a
/// false-alarm level in (0, 1)") and
/// InputError "source:line:column: ..." on a malformed line.
ConformResult conform_samples(const ConformSamplesRequest& request);

/// One file of counted samples, a shard: its counts add to those of the other shards.
struct CountsShard {
  std::string source;  ///< how messages name it
  /// "x,y,count" lines (x and y as in conform_samples; '#' comments), or a JSON array of records
  /// {"x": 0, "y": "1", "count": 12} (y a label, or an integer label).
  SampleSource open;
  /// The file `open` reads, if any: two shards of one file (by identity: a link, another spelling
  /// of its path, the same FIFO) are refused, since its counts would be counted twice.
  std::string path = {};
};

/// Samples tallied elsewhere: a GROUP BY x, y in a warehouse, or shards counted apart.
struct ConformCountsRequest {
  ConformCountsRequest(ReferenceRequest against, std::vector<CountsShard> files)
      : reference(std::move(against)), shards(std::move(files)) {}

  ReferenceRequest reference;
  std::vector<CountsShard> shards;
  double false_alarm = default_in(kFalseAlarmOption, "conform_counts");
  estimate::EvidenceDemand demand{default_in(kPowerOption, "conform_counts"),
                                  default_in(kResolutionOption, "conform_counts")};
  bool output_index = false;
  std::string output_index_name = "output_index";  ///< how errors name output_index
  std::string shards_name = "counts";              ///< how errors name the shards
};

/// The verdict, tallies and diagnosis conform_samples gives for the samples the counts tally,
/// exactly: a count of c for (x, y) is c lines "x,y". Throws InvalidArgument without a shard or
/// with two shards of one file ("counts: 'a.csv' and './a.csv' are the same file: ..."), before
/// any is opened, and InputError "source:line:column: ..." (JSON: "source: record N: ...") on a
/// malformed one.
ConformResult conform_counts(const ConformCountsRequest& request);

/// A client's outputs for the inputs given, one label (or column, with output_index) each.
using ClientFunction =
    std::function<std::vector<std::string>(std::span<const std::uint32_t> inputs)>;

struct ConformClientRequest {
  explicit ConformClientRequest(ReferenceRequest against, std::string name = "client")
      : reference(std::move(against)), client(std::move(name)) {}

  ReferenceRequest reference;
  std::string client;  ///< how messages name the client
  double false_alarm = default_in(kFalseAlarmOption, "conform_client");
  estimate::EvidenceDemand demand{default_in(kPowerOption, "conform_client"),
                                  default_in(kResolutionOption, "conform_client")};
  bool output_index = false;
  std::uint64_t max_samples = count_default_in(kMaxSamplesOption, "conform_client");
  /// Samples per input at the first look, doubled at each.
  std::uint64_t first_look = count_default_in(kFirstLookOption, "conform_client");
  AlphaSpending spending = choice_of_default<AlphaSpending>(kSpendingOption, "conform_client");
  /// After a deviation, the run looks on, up to this many samples per input (within
  /// max_samples), for a ratio beyond the claim: a privacy break is then named `violates`, not
  /// `deviates`. 0: stop at the first finding.
  std::uint64_t violation_search = count_default_in(kViolationSearchOption, "conform_client");
  std::string max_samples_name = "max_samples";    ///< how errors name max_samples
  std::string output_index_name = "output_index";  ///< how errors name output_index
  /// The smallest relative excess of e^eps over the claim the targeted stage looks for (0.1: a
  /// client 10 % over its claim); 0: no targeted stage (the fit looks alone, at alpha).
  double excess = default_in(kExcessOption, "conform_client");
  std::string excess_name = "excess";  ///< how errors name excess
  /// What the caller can change to have outputs read otherwise, appended to the message of an
  /// output that cannot be read (Python: "labels= maps ..., bit_mask= reads ..."); empty: none.
  std::string reading_hint;
};

/// The sequential test as a value: ask it which inputs to send, give it the outputs, and it
/// tallies them (each sample read once) and looks, each look at the level `spending` gives it. It
/// stops at a violation, at the first look whose resolution meets the demand, or at max_samples; a
/// deviation (the fit rejected) makes it look on, up to violation_search samples per input, for a
/// violation behind it. Beside the looks, while they run and after, a targeted stage (excess > 0,
/// a claim with a finite ratio event) draws pairs of samples of the witness's x and x' and decides
/// `violates` as soon as its e-process passes 1/(alpha/2), or rules the excess out; a run conforms
/// only when the looks conform and the targeted stage is no longer undecided or stopped at
/// max_samples. The looks' samples are tallied and written by samples(); the pairs are not.
class SequentialConformance {
 public:
  /// Builds the reference; throws InvalidArgument for false_alarm outside (0,1), first_look 0, or
  /// max_samples below one sample per input.
  explicit SequentialConformance(const ConformClientRequest& request);

  /// The inputs of the next look (every input, interleaved 0..k-1); empty once decided.
  std::vector<std::uint32_t> next_inputs() const;
  /// The client's outputs for next_inputs(), in order. Throws InvalidArgument when their number
  /// differs, InputError for an output that cannot be read (no output of the reference, a line end
  /// in it): "client: sample N (input x = X) returned 'TEXT', ..." naming the forms the reference's
  /// outputs take (and the reading_hint), N counted over all the samples so far from 1.
  void add_outputs(std::span<const std::string> outputs);
  bool decided() const { return decided_; }
  /// Every sample so far as "x,y" lines (for --samples-out and the diagnosis).
  const std::string& samples() const { return samples_; }
  /// The result of the last look, with the diagnosis when it is a finding.
  ConformResult result() const;

 private:
  void look(estimate::SampleTallies more);  // one look of the fit
  void test_pairs(std::span<const std::string> outputs);
  void plan_round();  // what the next round asks for, or decided_
  void finish_looks();

  ConformClientRequest request_;
  ConformReference reference_;
  estimate::OutputSyntax syntax_;
  std::size_t k_ = 0;
  std::uint64_t per_input_ = 0;           // samples per input so far
  std::uint64_t target_ = 0;              // samples per input at the next look
  std::optional<std::uint64_t> planned_;  // kPlanned: the look at 3/4 alpha, until it is made
  int other_looks_ = 0;                   // looks made at alpha / 4 / 2^(i+1) (or alpha / 2^(j+1))
  double look_level();                    // the level of the look being made
  bool decided_ = false;
  std::string samples_;
  std::size_t lines_ = 0;
  estimate::SampleTallies tallies_;
  estimate::ConformanceReport report_;
  /// The last look that found something, kept when a later look of the break search does not.
  std::optional<std::pair<estimate::ConformanceReport, estimate::SampleTallies>> finding_;
  SequentialSummary summary_;
  double looks_alpha_ = 0;      // the level the looks share
  bool looks_done_ = false;     // the fit looks have decided (or reached max_samples)
  bool look_in_round_ = true;   // the next round holds a look
  std::size_t look_lines_ = 0;  // the looks' samples so far
  std::optional<estimate::TargetedTest> targeted_;
  std::optional<TargetedSummary> targeted_summary_;
  std::uint64_t batch_pairs_ = 0;                      // pairs in the next round
  bool targeted_stopped_ = false;                      // out of samples
  std::unordered_map<std::string, bool> in_event_[2];  // by output, for x and for x'
  std::string event_label_;                            // symbols: the event's output label
  std::unordered_set<std::string> other_labels_;       // and every other output's
};

/// Drives `client` with a SequentialConformance to the end.
ConformResult conform_client(const ConformClientRequest& request, const ClientFunction& client);

struct ConformPlanRequest {
  explicit ConformPlanRequest(ReferenceRequest against) : reference(std::move(against)) {}

  ReferenceRequest reference;
  double false_alarm = default_in(kFalseAlarmOption, "conform_plan");
  double power = default_in(kPowerOption, "conform_plan");
  double resolution =
      default_in(kResolutionOption, "conform_plan");  ///< a cell deviation to detect
  double excess =
      default_in(kExcessOption, "conform_plan");  ///< a relative excess of e^ε to detect
};

struct ConformPlanResult {
  ConformReference reference;
  ConformPlanRequest request;
  estimate::ConformancePlan plan;
};

/// How many samples per input the tests need.
ConformPlanResult plan_conformance_run(const ConformPlanRequest& request);

/// The results as JSON (the `--json` reports, without the version stamp) and for people.
nlohmann::json to_json(const ConformResult& result);
std::string to_text(const ConformResult& result);
/// "40960 samples drawn; the verdict rests on the first 320 (the later looks of the break search
/// found no more)": every sample the run asked for, in the text report, the GoogleTest message and
/// (as "samples_drawn") the JSON.
std::string samples_drawn_text(const ConformResult& result);
nlohmann::json to_json(const ConformPlanResult& result);
std::string to_text(const ConformPlanResult& result);

}  // namespace uldp::api
