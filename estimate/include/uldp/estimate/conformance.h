// Black-box conformance of a client to a reference mechanism: samples (x, y) that the client
// produced for known inputs x, tested against the reference Q(y|x) (goodness of fit, impossible
// outputs) and turned into a lower confidence bound on the ε the client really provides.
//
// What a pass means: at the sample size used, no deviation larger than the test can see was
// found. It cannot show the absence of rare events: an output with probability below ~1/n per
// input is invisible to any black-box test of n samples.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/estimate/estimation_model.h"
#include "uldp/estimate/line_reader.h"
#include "uldp/mechanisms/folded_symbols.h"

namespace uldp::estimate {

/// Which outputs the claim's ratio condition covers.
struct RatioScope {
  bool claimed = false;  ///< false: no privacy claim (the bound is reported only)
  double claimed_exp_eps = 1;
  /// Symbols: the protected outputs Y_P (ULDP), or nullopt for every output (LDP).
  std::optional<IndexSet> protected_symbols;
  /// Bit vectors: Y_P = the vectors whose bits in this set are 0 (ULDP), or nullopt (LDP).
  std::optional<IndexSet> protected_zero_bits;
};

/// Per-input tallies of a sample file, enough for every test below.
struct SampleTallies {
  std::size_t k = 0;
  bool bit_vectors = false;
  std::uint64_t n = 0;
  std::vector<std::uint64_t> per_input;  ///< n_x
  /// Symbols: per input, the count of each output seen.
  std::vector<std::unordered_map<std::uint32_t, std::uint64_t>> symbol_counts;
  /// Bits: ones[x * k + j] = samples of input x with bit j set; `protected_ones` counts the same
  /// within Y_P only; in_protected[x] = samples of input x in Y_P.
  std::vector<std::uint64_t> ones, protected_ones, in_protected;
  /// Bits, k <= kMaxPairBits: both_ones[(x * k + i) * k + j] for i < j.
  std::vector<std::uint64_t> both_ones;
  /// A pooled block family (DenseParams::membership, its B block sizes, v = |X_S|):
  /// membership[(x * B + b) * v + r] = samples of input x whose output is a block of size
  /// blocks[b] holding the sensitive symbol of rank r; sized[x * B + b] = those of that size.
  std::vector<std::uint64_t> membership, sized;
  /// rappor-bloom beyond its listing (DenseParams::bloom_bits, C cohorts of m bits):
  /// bloom_ones[(x * C + c) * m + j] = samples of input x in cohort c with bit j set.
  std::vector<std::uint64_t> bloom_ones;
  /// Cells relative to the input with events across inputs (DenseParams::input_event_name):
  /// event_hits[x * k + a] = samples of input x in a's event, event_reports[x] = samples of x in
  /// any event's range (its complement is event_reports - event_hits).
  std::vector<std::uint64_t> event_hits, event_reports;
  /// Samples the reference gives probability 0, and the first of them.
  std::uint64_t impossible = 0;
  std::optional<std::size_t> first_impossible_line;
  std::string first_impossible;         ///< "x = 3, y = 0110"
  std::string first_impossible_source;  ///< the file (or client) of that line
  /// Symbols: the outputs' labels when the samples named them so (events are named by them).
  std::vector<std::string> output_labels;

  static constexpr std::size_t kMaxPairBits = 64;
  static constexpr std::size_t kMaxBits = 1024;
  static constexpr std::size_t kMaxSymbols = 20000;
};

/// How the y of a symbol-valued sample names its output.
struct OutputSyntax {
  /// The outputs' labels in column order, as `uldp mechanism NAME --format csv` lists them
  /// ("4", "h2", "{1,3}"); y is one of them, CSV-quoted or not. Empty: y is the 0-based column.
  std::vector<std::string> labels;
  /// Also read a k-character 0/1 string as the set of its 1 bits, "{1,3}" (or "4" for one bit
  /// outside this set): the reports of uBD, ubd-opt and uSS as `uldp simulate` writes them.
  std::optional<IndexSet> bit_strings_over;
  /// A pooled reference (uldp/mechanisms/pooled_form.h): y is a set of symbols ("{1,3}", a
  /// k-character 0/1 string with k = bit_strings_over's universe, or "4") tallied in the cell
  /// this returns; nullopt: no output of the reference is that set. `labels` name the cells.
  std::function<std::optional<std::size_t>(std::span<const std::uint32_t>)> cell_of_set;
  /// A reference pooled relative to the reporting input (local hashing folded by its own hash):
  /// y of input x is tallied in the cell this returns (nullopt: no output of the reference); it
  /// throws InvalidArgument saying what y should be when y has no form of an output.
  std::function<std::optional<std::size_t>(std::size_t, std::string_view)> cell_of_report;
  /// What an output of such a reference is, for messages: "seed,value (...)".
  std::string report_form;
  /// Such a reference's events across inputs (CellsByOwnHash::events_of), tallied beside the
  /// cells when the model names them (DenseParams::input_event_name).
  std::function<bool(std::string_view, std::vector<std::uint8_t>&)> input_events;
  /// uHR beyond its dense size: y a symbol of `symbols` is tallied in `own_cell` when it is the
  /// sample's x, else in `another_cell`; every other y by `labels` (which name those two cells,
  /// but no y names them).
  std::optional<FoldedSymbols> folded_symbols;
  /// How messages name the reading of y as the 0-based column ("--output-index", Python's
  /// "output_index=").
  std::string output_index_name = "--output-index";
};

/// The label of a block-family report given by its set bits (ascending): "{1,3}", or "4" for one
/// bit outside `over` (an X_N report of uBD, ubd-opt, uSS), as `uldp mechanism` lists outputs.
std::string report_label(std::span<const std::uint32_t> set_bits, const IndexSet& over);

/// What a line of samples holds.
enum class SampleLine {
  kOneSample,  ///< "x,y": one sample
  kCounted,    ///< "x,y,count": that many samples of (x, y), as a GROUP BY x, y tallies them
};

/// Reads "x,y" lines (y as `syntax` says for symbol models, a k-character 0/1 string for
/// bit-vector models, "c:bits" for rappor-bloom beyond its listing; '#' comments and blank lines
/// skipped), or "x,y,count" lines, and tallies
/// them against the model and the scope: counted lines give exactly the tallies of their samples
/// one per line. Throws InputError "source:line:column: ..." on malformed lines. Streams, `block`
/// bytes at a time: memory is the tallies' and one block, whatever the number of lines.
SampleTallies tally_samples(std::istream& in, const std::string& source,
                            const EstimationModel& model, const RatioScope& scope,
                            const OutputSyntax& syntax = {}, std::size_t block = kReadBlock,
                            SampleLine lines = SampleLine::kOneSample);

/// The same tallies from symbol samples given as columns (inputs[i], outputs[i]), an output the
/// integer text of its label (or its column, without labels): what tally_samples gives for the
/// lines "inputs[i],outputs[i]". nullopt when a sample is not of that plain form (an input out of
/// range, an output no label names, bit vectors, sets): the lines then give the error, naming it.
std::optional<SampleTallies> tally_symbol_columns(std::span<const std::int64_t> inputs,
                                                  std::span<const std::int64_t> outputs,
                                                  const EstimationModel& model,
                                                  const OutputSyntax& syntax = {});

/// Adds `more` — the tallies of later lines of the same samples, made against the same model,
/// scope and syntax — to `into`, so that a sequential test reads each sample once; the line
/// numbers of `more` are shifted by `lines_before` (the lines `into` was read from; 0 for the
/// tallies of another file, a shard of the same samples). Throws InvalidArgument when the total
/// would pass 2^64 - 1 samples.
void add_tallies(SampleTallies& into, const SampleTallies& more, std::size_t lines_before);

/// The verdict of a conformance test. `kInsufficient`: nothing was found, but the run is too small
/// to say so (an input without samples, or a resolution coarser than asked).
enum class Conformance { kConforms, kDeviates, kViolates, kInsufficient };
const char* conformance_name(Conformance verdict);

/// What a run of its size can see, with the stated power: a pass means "no deviation this large".
struct Resolution {
  double power = 0.9;
  std::uint64_t fewest_samples = 0;  ///< min over inputs of n_x: the run's weakest row
  std::size_t fewest_input = 0;      ///< an input with that many
  /// The smallest deviation in the probability of one cell (an output, a bit or a pair of bits)
  /// detected with `power` at `fewest_samples` (as conform plan counts, variance 1/4); 1 = none.
  double cell_deviation = 1;
  /// The smallest relative excess of e^ε over the claim detected with `power` on the reference's
  /// tightest event; unset without a claim, a finite tightest event, or any detectable excess.
  std::optional<double> eps_excess;
  std::string event;  ///< that event
};

/// What a run must show before it may conform.
struct EvidenceDemand {
  double power = 0.9;
  /// A conforming run detects every cell deviation of this size (the default 1/2 only asks that
  /// it tell a fair coin from a constant, about 17 samples per input at five inputs).
  double resolution = 0.5;
  /// How messages name the resolution: "resolution" (the command's --resolution, Python's
  /// resolution=), GoogleTest's ".resolution()".
  std::string resolution_name = "resolution";
};

/// The result.
struct ConformanceReport {
  Conformance verdict = Conformance::kConforms;
  double alpha = 0.05;
  // Goodness of fit: per input (symbols: one G-test, and for a pooled block family one more on
  // the blocks holding the input and those not, by size, for rappor-bloom beyond its listing one
  // per cohort and bit and one on their sum; bits: one per bit, and one per pair of bits when
  // k <= kMaxPairBits), Bonferroni over all tests.
  std::size_t fit_tests = 0;
  double fit_threshold = 0;  ///< alpha / 2 / fit_tests
  double min_p_value = 1;
  std::string worst_test;  ///< "x = 2, bit 5" ...
  bool fit_rejected = false;
  // ε: Clopper–Pearson intervals at alpha / 2 / intervals (Bonferroni), all simultaneously valid
  // with probability >= 1 - alpha/2; the largest lower(P(E|x)) / upper(P(E|x')) bounds the
  // real sup ratio from below (a ratio of events bounds a ratio of single outputs).
  std::size_t intervals = 0;
  double exp_eps_lower_bound = 1;
  std::string event;  ///< the event attaining it
  std::size_t x = 0, x_prime = 0;
  std::uint64_t count_x = 0, n_x = 0, count_x_prime = 0, n_x_prime = 0;
  bool ratio_violated = false;
  // Evidence: the samples of each input, those without any, and what the run could detect.
  std::vector<std::uint64_t> samples_per_input;
  std::vector<std::size_t> inputs_without_samples;
  Resolution resolution;
  std::string insufficient_because;  ///< set when the verdict is kInsufficient
};

/// How much of its resolution a report states. kFull adds the e^ε excess the run could see (a
/// search over Clopper–Pearson bounds: most of a test's time); kCellOnly states what the verdict
/// needs, for the looks of a sequential test before its last and the diagnosis's readings.
enum class ResolutionDetail { kFull, kCellOnly };

/// Runs every test at significance alpha (half for the fit, half for the ε bound). A run that
/// finds nothing conforms only when every input has samples and it meets `demand`; otherwise it
/// is insufficient. A violation or deviation found on the inputs that do have samples stands.
ConformanceReport check_conformance(const SampleTallies& tallies, const EstimationModel& model,
                                    const RatioScope& scope, double alpha,
                                    const EvidenceDemand& demand = {},
                                    ResolutionDetail detail = ResolutionDetail::kFull);

/// The fewest samples per input whose resolution at `alpha` meets `demand`: the size at which a
/// run of every input that finds nothing conforms (Resolution::cell_deviation inverted).
std::uint64_t per_input_for_demand(const EstimationModel& model, double alpha,
                                   const EvidenceDemand& demand);

/// How many samples per input the tests above need.
struct ConformancePlan {
  std::size_t fit_tests = 0;  ///< per the Bonferroni count of check_conformance
  std::size_t intervals = 0;
  /// Detects a deviation of `delta` in the probability of any cell (any output, bit or pair of
  /// bits) with the given power: conservative, at the largest variance 1/4.
  std::uint64_t per_input_for_delta = 0;
  /// Shows a client whose tight ratio is e^ε (1 + excess) to violate the claim, with the given
  /// power, on the reference's tightest event of the family (unset when the claim has no
  /// finite ratio event in the family).
  std::optional<std::uint64_t> per_input_for_excess;
  std::string event;              ///< that event
  double p_x = 0, p_x_prime = 0;  ///< its reference probabilities
};

/// Plans a conformance test at significance alpha and power 1 - beta; `labels` name the outputs
/// of a symbol model in the event where they are not their indices.
ConformancePlan plan_conformance(const EstimationModel& model, const RatioScope& scope,
                                 double alpha, double power, double delta, double excess,
                                 const std::vector<std::string>& labels = {});

}  // namespace uldp::estimate
