// Utility-optimized block design with one block size K (uBD, arXiv 2509.24173): Y_P = the
// K-subsets of X_S, Y_I = X_N. A sensitive x reports a uniform K-subset containing x w.p.
// t/(t + v/K - 1), else a uniform K-subset not containing x; a non-sensitive x reports itself
// w.p. (t-1)/(t + v/K - 1), else a uniform K-subset (v = |X_S|, t = e^ε). Class-structured:
// the C(v, K) subsets are never enumerated (counts are exact Integers).
#pragma once

#include <cstddef>
#include <string_view>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/forms/class_structured_mechanism.h"
#include "uldp/mechanisms/derivations.h"

namespace uldp {

/// The probabilities of one output of uBD, each derived from the description.
struct UbdConstants {
  Integer blocks;         ///< C(v, K), the number of protected outputs
  Rational in_block;      ///< Q(B|x), x in X_S, x in B: (t/D) / C(v-1, K-1)
  Rational off_block;     ///< Q(B|x), x in X_S, x not in B: (1 - t/D) / C(v-1, K) (K < v)
  Rational from_open;     ///< Q(B|x), x in X_N: (1 - (t-1)/D) / C(v, K)
  Rational reports_self;  ///< Q(x|x), x in X_N: (t-1)/D
};
/// The constants for v = |X_S| >= 1 and 1 <= block <= v; D = t + v/K - 1.
UbdConstants ubd_constants(std::size_t v, std::size_t block, const Rational& t);

/// C(n, r) exactly (0 when r > n).
Integer binomial(std::size_t n, std::size_t r);

/// uBD over k = sensitive.universe() symbols in class-structured form: input classes
/// "sensitive", "non-sensitive"; output classes "blocks" (Y_P) and "non-sensitive". Dense order
/// (to_dense, at most kMaxDenseSize outputs): the K-subsets of X_S in lexicographic order of
/// their sorted members, labelled "{0,2}", then X_N ascending, labelled by the symbol.
/// Throws InvalidArgument (naming --sensitive / --block) unless X_S is non-empty and
/// 1 <= block <= |X_S|.
ClassStructuredMechanism ubd_classes(const IndexSet& sensitive, std::size_t block,
                                     const PrivacyBudget& budget);

/// uBD as a registered mechanism (`ubd`): the budget and the block size K.
struct UbdSpec {
  static constexpr std::string_view kName = "ubd";
  /// Its empirical estimator is not coordinate-wise: its l2 loss has its own l2_quadratic.
  static constexpr bool kCoordinateWise = false;
  PrivacyBudget budget;
  std::size_t block = 1;
};

// What every layer derives from it (mechanisms/derivations.h).
const MechanismEntry& registry_entry(std::type_identity<UbdSpec>);
ExactForm exact_form(const MechanismSpec& spec, const UbdSpec& params, FormChoice choice);
std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const UbdSpec& params,
                                      std::size_t max_entries);
std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec,
                                                     const UbdSpec& params);
CoordinateModel coordinate_model(const MechanismSpec& spec, const UbdSpec& params);
L2Quadratic l2_quadratic(const MechanismSpec& spec, const UbdSpec& params);
estimate::UbdParams estimation_params(const MechanismSpec& spec, const UbdSpec& params);
std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const UbdSpec& params,
                                               const estimate::ReportData& data);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<UbdSpec>);

}  // namespace uldp
