// Double-precision parameters of the mechanisms the estimators and samplers work on: ε-RR
// (eq. (2)), uRR (Definition 3, eq. (6)), generalized / basic RAPPOR and uRAP
// (Definition 4, eq. (8)) as per-bit channels, and any dense Q. Built from the
// exact core (uldp::PrivacyBudget, exact constants), each double the closest to its rational.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/forms/bit_product_mechanism.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp::estimate {

/// ε-RR over k symbols: Q(x|x) = keep = t/(k+t-1), Q(y|x) = other = 1/(k+t-1) for y != x.
struct RrParams {
  std::size_t k = 0;
  double t = 1;
  double keep = 1;
  double other = 0;
};

/// (X_S, ε)-uRR over k symbols: c1 on the diagonal of X_S, c2 towards each sensitive symbol,
/// c3 on the diagonal of X_N. RR is the special case X_S = X (then c1 = keep, c2 = other).
struct UrrParams {
  std::size_t k = 0;
  IndexSet sensitive;  ///< X_S over k symbols (sorted indices and membership)
  double t = 1;
  double c1 = 1, c2 = 0, c3 = 1;
};

/// A product-of-bits mechanism over k symbols (generalized RAPPOR, basic RAPPOR, uRAP):
/// bit j of the report is 1 with probability on[j] when the input is x_j, off[j] otherwise.
struct UnaryParams {
  std::size_t k = 0;
  std::vector<double> on;
  std::vector<double> off;
};

/// A pooled block family's memberships (uldp/mechanisms/pooled_form.h), each double the nearest
/// to its exact value: for the block size blocks[b], P(|B| = K, a in B | x) is own[b] for a = x,
/// other[b] for sensitive x != a, open[b] for x in X_N; sized[b] = P(|B| = K | x), x in X_S.
struct PooledMembership {
  IndexSet sensitive;
  std::vector<std::size_t> blocks;  ///< K, ascending
  std::vector<double> own, other, open, sized;
  /// P(|B| = blocks[b], a in B | x), a sensitive.
  double holding(std::size_t x, std::size_t b, std::size_t a) const {
    if (!sensitive.contains(x)) return open[b];
    return x == a ? own[b] : other[b];
  }
};

/// A Bloom-filter mechanism's reports "c:bits" bit by bit beyond its listing (rappor-bloom's
/// cohorts, cms's hash indices; uldp/mechanisms/pooled_form.h), each probability the double
/// nearest its exact value: a report of input x with prefix c has bit j = 1 with probability
/// one_if_on when j is in B_c(x), one_if_off otherwise, independently.
struct BloomBitModel {
  std::size_t inputs = 0, cohorts = 1, bits = 0;
  std::string prefix = "cohort";  ///< what a report's c is: "cohort", "hash index" (cms)
  double one_if_on = 0, one_if_off = 0;
  /// B_c(x) as a bit mask of `words` 64-bit words at (x * cohorts + c) * words.
  std::vector<std::uint64_t> masks;
  std::size_t words = 0;
  bool in_filter(std::size_t x, std::size_t c, std::size_t j) const {
    return (masks[(x * cohorts + c) * words + j / 64] >> (j % 64)) & 1u;
  }
  /// P(bit j = 1 | x, cohort c).
  double one(std::size_t x, std::size_t c, std::size_t j) const {
    return in_filter(x, c, j) ? one_if_on : one_if_off;
  }
};

/// Any mechanism as a dense row-major matrix q[x * outputs + y] = Q(y|x).
struct DenseParams {
  std::size_t inputs = 0;
  std::size_t outputs = 0;
  std::vector<double> q;
  /// How report files name the outputs (local hashing's "seed,value"); empty: by their indices.
  std::vector<std::string> output_labels;
  /// The mechanism's empirical estimator as a linear map, outputs x inputs, row-major: p̂ = f B
  /// for the report frequencies f (local hashing's support count, where Q is not square).
  /// Empty: B = Q^{-1} (Q square).
  std::vector<double> estimator;
  /// Why the mechanism has no empirical estimator at these parameters (local hashing at e^eps =
  /// 1); emp and thr refuse with it.
  std::optional<std::string> not_estimable;
  /// A pooled block family: what its cells pool away that privacy depends on (conformance
  /// tallies the samples by it too); none for every other matrix.
  std::optional<PooledMembership> membership = std::nullopt;
  /// rappor-bloom beyond its listing: the outputs are its cohorts, each report tallied bit by bit
  /// too; none for every other matrix.
  std::optional<BloomBitModel> bloom_bits = std::nullopt;
  /// The outputs are cells relative to the reporting input (local hashing folded by its own
  /// hash): no cell is one event under two inputs, so none bounds a ratio.
  bool cells_relative_to_input = false;
  /// Such cells with their events across inputs (CellsByOwnHash::events_of): the samples are
  /// tallied per input x and event input a as well, each event bounding eps; its name, or (holds
  /// false) its complement's. Empty: no events.
  std::function<std::string(std::size_t, bool)> input_event_name;
  /// How many inputs have such an event (each with its complement: 2 per input in the family).
  std::size_t inputs_with_events = 0;
  double operator()(std::size_t x, std::size_t y) const { return q[x * outputs + y]; }
};

/// ε-RR for k >= 1 symbols from the exact budget.
RrParams rr_params(std::size_t k, const PrivacyBudget& budget);
/// (X_S, ε)-uRR with X_S = sensitive (k = sensitive.universe() >= 1) from the exact budget.
UrrParams urr_params(const IndexSet& sensitive, const PrivacyBudget& budget);
/// ε-RR seen as the uRR with X_S = X (same Q); lets every uRR routine serve RR.
UrrParams urr_params(const RrParams& rr);
/// Double uRR parameters straight from t (tests and benchmarks; t >= 1).
UrrParams urr_params_from_t(const IndexSet& sensitive, double t);

/// (θ, ε)-generalized RAPPOR: on = θ, off = ψ = θ / ((1-θ) t + θ) for every bit.
UnaryParams generalized_rappor_params(std::size_t k, const Rational& theta,
                                      const PrivacyBudget& budget);
/// Basic one-time RAPPOR: θ = default_rappor_theta(budget) (= e^{ε/2}/(e^{ε/2}+1)).
UnaryParams rappor_params(std::size_t k, const PrivacyBudget& budget);
/// (X_S, θ, ε)-uRAP: sensitive bits on = θ, off = d1; non-sensitive bits on = 1-d2, off = 0.
UnaryParams urap_params(const IndexSet& sensitive, const Rational& theta,
                        const PrivacyBudget& budget);
/// (X_S, ε)-uRAP with θ = default_rappor_theta(budget).
UnaryParams urap_params(const IndexSet& sensitive, const PrivacyBudget& budget);
/// Any exact product-of-bits mechanism, converted bit by bit.
UnaryParams unary_params(const BitProductMechanism& mechanism);

/// Any exact dense mechanism, converted entry by entry.
DenseParams dense_params(const DenseMechanism& mechanism);
/// The k x k matrix of a uRR / RR (for checking the structured code against the dense one).
DenseParams dense_params(const UrrParams& urr);

/// Throws InvalidArgument (naming `what`) unless the parameters are a well-formed mechanism:
/// sizes consistent, probabilities in [0,1], dense rows summing to 1 within 1e-12.
void validate(const UrrParams& params, const char* what = "uRR parameters");
void validate(const UnaryParams& params, const char* what = "unary parameters");
void validate(const DenseParams& params, const char* what = "dense parameters");

}  // namespace uldp::estimate
