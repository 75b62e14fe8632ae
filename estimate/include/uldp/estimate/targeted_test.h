// The targeted stage of a conformance run: a sequential test on one candidate witness (inputs x,
// x' and an event E) alone, which says `violates` as soon as the client's P(E|x) / P(E|x') is
// shown above the claimed e^ε, or rules out an excess of a stated size, in close to the fewest
// samples any test can use (the Chernoff–Stein information bound log(1/alpha) / D).
//
// The test is anytime-valid: it may look after every pair of samples and stop whenever it likes,
// and still falsely says `violates` of a client whose ratio on E is within the claim with
// probability at most its level. Its verdict is statistical, at that stated level; nothing exact
// is decided here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "uldp/estimate/conformance.h"
#include "uldp/estimate/estimation_model.h"

namespace uldp::estimate {

/// A candidate witness (x, x', E) and the reference's P(E|x), P(E|x').
struct TargetedWitness {
  std::size_t x = 0, x_prime = 0;
  std::string event;  ///< "y = 0", "bits 0,1 = 1,0", "bit 2 = 1 within Y_P"
  double p_x = 0, p_x_prime = 0;
  /// What E holds. Symbols: the outputs of column `symbol`. Bits: bit `bit_i` = `value_i` (and,
  /// with `pair`, bit `bit_j` = `value_j`), within Y_P when `within_protected`.
  bool bits = false;
  std::size_t symbol = 0;
  std::size_t bit_i = 0, bit_j = 0;
  int value_i = 0, value_j = 0;
  bool pair = false;
  bool within_protected = false;
  std::vector<std::size_t> zero_bits;  ///< within_protected: the bits Y_P holds at 0

  /// Whether the one sample that `sample` tallies (input `input`) lies in E.
  bool contains(const SampleTallies& sample, std::size_t input) const;
  /// Bits: whether the report written as its k characters 0/1 (character j is bit j) lies in E.
  bool contains_bits(std::string_view report) const;
};

/// The witness the mechanism's structure points at: among the events the claim covers (the
/// output family check_conformance bounds), one of largest reference ratio P(E|x) / P(E|x'), and
/// among those the one where a client `excess` over the claim is cheapest to show (the largest
/// D below). nullopt without a claim or a finite ratio event.
std::optional<TargetedWitness> structural_witness(const EstimationModel& model,
                                                  const RatioScope& scope,
                                                  const std::vector<std::string>& labels,
                                                  double excess);

/// P(E | x) under `model` for the witness's event E (its reference probabilities are these for
/// the model it was chosen on; a client's model gives the client's).
double event_probability(const EstimationModel& model, const TargetedWitness& witness,
                         std::size_t x);

/// D: the Kullback–Leibler distance, per pair of samples (one of x, one of x'), from two
/// Bernoulli streams of means p and q to the nearest pair (p', q') on the ratio boundary
/// p' = ratio · q'. 0 when p <= ratio · q is what is tested against and holds, and so on: the
/// caller asks for the side it needs.
double ratio_divergence(double p, double q, double ratio);

/// log(1/alpha) / D, in pairs of samples: about the fewest pairs any sequential test at level
/// alpha needs to tell the pair (p, q) from every pair on the boundary p' = ratio · q'
/// (Chernoff–Stein). Infinity when D is 0.
double information_bound(double alpha, double p, double q, double ratio);

/// How a targeted test ended.
enum class TargetedOutcome {
  kUndecided,  ///< neither, yet (or ever: the run stopped first)
  kViolates,   ///< P(E|x) / P(E|x') > claimed e^ε, at level alpha
  kRuledOut,   ///< P(E|x) / P(E|x') < e^ε (1 + excess): an excess that large is ruled out
};

/// The two e-processes on the pairs (A, B) = (1[y in E] under x, 1[y in E] under x'):
///   violation: a mixture over bets c of prod (1 + (c / t) (A - t B)), t the claimed e^ε. For
///     any client with P(E|x) <= t P(E|x') each factor has mean <= 1, so the product is a
///     nonnegative supermartingale and by Ville's inequality it ever reaches 1/alpha with
///     probability <= alpha: `violates` at level alpha however often the test looks.
///   rule-out: the same with the roles swapped, prod (1 + c (t' B - A)) at t' = t (1 + excess),
///     reaching 1/beta with probability <= beta for any client whose ratio is >= t'.
/// Bets c run over a geometric grid in (0, 1) with half the weight, and with the other half over
/// bets around the best one for the clients looked for (given the reference's P(E|x), P(E|x'))
/// — weights fixed in advance, so the mixture is an e-process too. It grows at nearly the best
/// single bet's rate, which is D (ratio_divergence) for the true pair: a client at e^ε
/// (1 + excess) is caught in about information_bound pairs plus log(1/weight near the best bet)
/// / D.
class TargetedTest {
 public:
  /// Throws InvalidArgument for levels outside (0, 1), claimed_exp_eps < 1, excess <= 0.
  /// `reference`: P(E|x), P(E|x') of the reference, around which the bets are focused.
  TargetedTest(double claimed_exp_eps, double excess, double alpha, double beta,
               std::optional<std::pair<double, double>> reference = std::nullopt);

  /// One pair: whether E held for the sample of x and for that of x'. Decides at most once.
  TargetedOutcome add_pair(bool in_event_x, bool in_event_x_prime);
  TargetedOutcome outcome() const { return outcome_; }
  std::uint64_t pairs() const { return pairs_; }
  std::uint64_t count_x() const { return n11_ + n10_; }        ///< samples of x in E
  std::uint64_t count_x_prime() const { return n11_ + n01_; }  ///< samples of x' in E

  /// The certified lower bound on P(E|x) / P(E|x'), and so on the client's e^ε (a ratio of events
  /// bounds a ratio of outputs from below): the largest r whose violation e-process stands at
  /// 1/alpha or more now. Valid at confidence 1 - alpha at any stopping time: the e-process is
  /// decreasing in r, so r > the true ratio r* only when the e-process at r* (a true null) has
  /// reached 1/alpha, which Ville's inequality bounds by alpha. 1 when no r > 1 qualifies.
  double exp_eps_lower_bound() const;
  /// The certified upper bound (confidence 1 - beta, the same way): the smallest r whose rule-out
  /// e-process stands at 1/beta or more now; infinity when none does.
  double ratio_upper_bound() const;

 private:
  double log_violation(double ratio) const;  // log of the violation e-process at `ratio`
  double log_rule_out(double ratio) const;   // log of the rule-out e-process at `ratio`

  double claimed_ = 1, excess_ = 0, alpha_ = 0, beta_ = 0;
  std::vector<double> violation_bets_, violation_weights_;  // weights as logs
  std::vector<double> rule_out_bets_, rule_out_weights_;
  std::uint64_t n11_ = 0, n10_ = 0, n01_ = 0, pairs_ = 0;
  TargetedOutcome outcome_ = TargetedOutcome::kUndecided;
};

}  // namespace uldp::estimate
