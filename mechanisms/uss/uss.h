// Utility-optimized subset selection with block size K (uSS, arXiv 2509.24173; reference code
// encode_uSS.m / decode_uSS.m). Reports are subsets of X: a sensitive x reports a K-subset of X_S
// exactly as uBD does (one containing x w.p. t/D, D = t + v/K - 1); a non-sensitive x reports a
// uniform K-subset S of X_S w.p. (v/K)/D (uBD's probability), else S ∪ {x} w.p.
// (t-1)/D · v(K-1)/(K(v-1)) or {x} alone w.p. (t-1)/D · (v-K)/(K(v-1)) (K = 1: {x} w.p.
// (t-1)/D). So uSS is uBD followed by a post-processing of Y_I (x -> {x} or S ∪ {x}, S uniform):
// the same protected columns, the same privacy, and a design that makes every sensitive bit 1 with
// the same probability q* whether the input is non-sensitive or another sensitive symbol, so the
// reference decoder is coordinate-wise. Class-structured; C(v, K) (|X_N| + 1) outputs are never
// enumerated.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/forms/class_structured_mechanism.h"
#include "uldp/mechanisms/derivations.h"
#include "uldp/mechanisms/ubd/ubd.h"

namespace uldp {

/// uSS's probabilities beyond uBD's (whose constants give the block columns).
struct UssConstants {
  UbdConstants blocks;  ///< in_block, off_block, from_open as uBD; reports_self is split below
  Rational alone;       ///< Q({x}|x), x in X_N
  Rational with_block;  ///< Q(S ∪ {x}|x) for each K-subset S, x in X_N (0 when K = 1)
  /// The reference decoder's bit probabilities: p* (own bit of a sensitive x), q* (a sensitive
  /// bit of any other input), z* (own bit of a non-sensitive x).
  Rational own_sensitive_bit, other_sensitive_bit, own_open_bit;
};
/// The constants for v = |X_S| >= 1 and 1 <= block <= v.
UssConstants uss_constants(std::size_t v, std::size_t block, const Rational& t);

/// The reference code's default K (find_opt_k in encode_uSS.m): the first K in 1..v-1 that
/// minimises A + max(B, C), computed exactly; 1 when v = 1 (the code's loop is empty there).
std::size_t uss_default_block(std::size_t v, const Rational& t);

/// uSS over k = sensitive.universe() symbols in class-structured form: input classes
/// "sensitive", "non-sensitive"; output classes "blocks" (Y_P), "non-sensitive alone" (K < v or
/// K = 1), "block with a non-sensitive" (K >= 2). Dense order (to_dense, small sizes): the
/// K-subsets of X_S in lexicographic order, then X_N ascending (alone), then for each x in X_N
/// ascending the sets S ∪ {x} in the order of S; labels are the sorted members, "{0,2}", "5",
/// "{0,2,5}".
ClassStructuredMechanism uss_classes(const IndexSet& sensitive, std::size_t block,
                                     const PrivacyBudget& budget);

/// uSS as a registered mechanism (`uss`): the budget and the block size K.
struct UssSpec {
  static constexpr std::string_view kName = "uss";
  /// Its empirical estimator reads each output coordinate alone (losses/coordinate_model.h).
  static constexpr bool kCoordinateWise = true;
  PrivacyBudget budget;
  std::size_t block = 1;
};

// What every layer derives from it (mechanisms/derivations.h).
const MechanismEntry& registry_entry(std::type_identity<UssSpec>);
ExactForm exact_form(const MechanismSpec& spec, const UssSpec& params, FormChoice choice);
std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const UssSpec& params,
                                      std::size_t max_entries);
std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec,
                                                     const UssSpec& params);
CoordinateModel coordinate_model(const MechanismSpec& spec, const UssSpec& params);
estimate::UssParams estimation_params(const MechanismSpec& spec, const UssSpec& params);
std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const UssSpec& params,
                                               const estimate::ReportData& data);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<UssSpec>);

}  // namespace uldp
