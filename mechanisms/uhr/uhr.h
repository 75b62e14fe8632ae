// Utility-optimized Hadamard response (uHR, arXiv 2509.24173; reference code encode_uHR.m):
// V = the smallest power of 2 > v = |X_S| (the code's 2^nextpow2(v + 1)), H the V x V Sylvester
// Hadamard matrix, H[r][j] = (-1)^popcount(r & j). Y_P = the V columns, Y_I = X_N. The r-th
// smallest sensitive input (r = 0..v-1) uses row r + 1: it reports a uniform column j with
// H[r+1][j] = +1 w.p. t/(t+1), else a uniform column with H[r+1][j] = -1; a non-sensitive x
// reports itself w.p. (t-1)/(t+1), else a uniform column. Class-structured: columns are grouped
// by their number of +1 entries among the sensitive rows (found with a fast Walsh-Hadamard
// transform), so the V x |X| matrix is never built.
#pragma once

#include <cstddef>
#include <string_view>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/forms/class_structured_mechanism.h"
#include "uldp/mechanisms/derivations.h"

namespace uldp {

/// The probabilities of uHR's outputs.
struct UhrConstants {
  std::size_t columns = 0;  ///< V, the smallest power of 2 > v
  Rational plus;            ///< Q(j|x), x in X_S, H[row(x)][j] = +1: 2t / ((t+1) V)
  Rational minus;           ///< Q(j|x) otherwise on a column (also every x in X_N): 2 / ((t+1) V)
  Rational reports_self;    ///< Q(x|x), x in X_N: (t-1)/(t+1)
};
/// The constants for v = |X_S| >= 1.
UhrConstants uhr_constants(std::size_t v, const Rational& t);

/// The smallest power of 2 > v.
std::size_t hadamard_columns(std::size_t v);
/// H[row][column] of the Sylvester Hadamard matrix: +1 (true) or -1 (false).
inline bool hadamard_plus(std::size_t row, std::size_t column) {
  return __builtin_parityll(static_cast<unsigned long long>(row & column)) == 0;
}

/// uHR over k = sensitive.universe() symbols in class-structured form: input classes
/// "sensitive", "non-sensitive"; output classes "columns with c plus" (Y_P), one per distinct
/// number c of +1 entries among the sensitive rows, and "non-sensitive". Dense order (to_dense,
/// at most kMaxDenseSize outputs): the columns 0..V-1, labelled "h0", "h1", ..., then X_N
/// ascending, labelled by the symbol. Throws InvalidArgument naming --sensitive unless X_S is
/// non-empty.
ClassStructuredMechanism uhr_classes(const IndexSet& sensitive, const PrivacyBudget& budget);

/// uHR as a registered mechanism (`uhr`): the budget.
struct UhrSpec {
  static constexpr std::string_view kName = "uhr";
  /// Its empirical estimator is not coordinate-wise: its l2 loss has its own l2_quadratic.
  static constexpr bool kCoordinateWise = false;
  PrivacyBudget budget;
};

// What every layer derives from it (mechanisms/derivations.h).
const MechanismEntry& registry_entry(std::type_identity<UhrSpec>);
ExactForm exact_form(const MechanismSpec& spec, const UhrSpec& params, FormChoice choice);
std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const UhrSpec& params,
                                      std::size_t max_entries);
std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec,
                                                     const UhrSpec& params);
CoordinateModel coordinate_model(const MechanismSpec& spec, const UhrSpec& params);
L2Quadratic l2_quadratic(const MechanismSpec& spec, const UhrSpec& params);
estimate::UhrParams estimation_params(const MechanismSpec& spec, const UhrSpec& params);
std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const UhrSpec& params,
                                               const estimate::ReportData& data);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<UhrSpec>);

}  // namespace uldp
