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
#include <iosfwd>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/estimate/estimation_model.h"

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
  /// Samples the reference gives probability 0, and the first of them.
  std::uint64_t impossible = 0;
  std::optional<std::size_t> first_impossible_line;
  std::string first_impossible;  ///< "x = 3, y = 0110"

  static constexpr std::size_t kMaxPairBits = 64;
  static constexpr std::size_t kMaxBits = 1024;
  static constexpr std::size_t kMaxSymbols = 20000;
};

/// Reads "x,y" lines (y a symbol index, or a k-character 0/1 string for bit-vector models;
/// '#' comments and blank lines skipped) and tallies them against the model and the scope.
/// Throws InputError "source:line:column: ..." on malformed lines.
SampleTallies tally_samples(std::istream& in, const std::string& source,
                            const EstimationModel& model, const RatioScope& scope);

/// The verdict of a conformance test.
enum class Conformance { kConforms, kDeviates, kViolates };
const char* conformance_name(Conformance verdict);

/// The result.
struct ConformanceReport {
  Conformance verdict = Conformance::kConforms;
  double alpha = 0.05;
  // Goodness of fit: per input (symbols: one G-test; bits: one per bit, and one per pair of bits
  // when k <= kMaxPairBits), Bonferroni over all tests.
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
};

/// Runs every test at significance alpha (half for the fit, half for the ε bound).
ConformanceReport check_conformance(const SampleTallies& tallies, const EstimationModel& model,
                                    const RatioScope& scope, double alpha);

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

/// Plans a conformance test at significance alpha and power 1 - beta.
ConformancePlan plan_conformance(const EstimationModel& model, const RatioScope& scope,
                                 double alpha, double power, double delta, double excess);

}  // namespace uldp::estimate
