// Fully symbolic mechanisms of a fixed shape for Z3: one real variable per entry Q(y|x), and
// boolean membership variables for X_S and Y_P so that one query covers every subset.
// The privacy conditions of Definitions 1, 2 (both readings) and 6 as Z3 formulas.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <z3++.h>

#include "uldp/forms/dense_privacy_check.h"

namespace uldp::verify::internal {

/// rows x cols real expressions; q[x][y] = Q(y|x).
struct SymbolicMatrix {
  std::vector<std::vector<z3::expr>> q;
  std::size_t rows() const { return q.size(); }
  std::size_t cols() const { return q.empty() ? 0 : q[0].size(); }
};

/// Fresh real variables name_x_y.
SymbolicMatrix make_matrix(z3::context& ctx, const std::string& name, std::size_t rows,
                           std::size_t cols);
/// Fresh boolean variables name_i (membership in a subset).
std::vector<z3::expr> make_subset(z3::context& ctx, const std::string& name, std::size_t size);
/// A fixed subset as boolean constants.
std::vector<z3::expr> constant_subset(z3::context& ctx, const std::vector<bool>& members);

/// Every entry >= 0 and every row sums to 1.
z3::expr stochastic(const SymbolicMatrix& q);
/// Matrix product: (a b)[x][z] = sum_y a[x][y] b[y][z] (post-processing Q1 o Q0 is q0 * q1).
SymbolicMatrix multiply(const SymbolicMatrix& a, const SymbolicMatrix& b);

/// For every y in Y_P and every x, x': Q(y|x) <= t Q(y|x') (eq. (5)).
z3::expr ratio_on(const SymbolicMatrix& q, const std::vector<z3::expr>& protected_cols,
                  const z3::expr& t);
/// ε-LDP (eq. (1)).
z3::expr ldp(const SymbolicMatrix& q, const z3::expr& t);
/// (X_S, ε)-OSLDP (eq. (24)): x in X_S, x' in X, every y.
z3::expr osldp(const SymbolicMatrix& q, const std::vector<z3::expr>& sensitive_rows,
               const z3::expr& t);

/// How condition 1 (eq. (4)) treats outputs that no input produces.
using Reading = UldpReading;
/// Column y is invertible to a non-sensitive input: literal = exactly one x in X_N has
/// Q(y|x) > 0 and every other x has 0; reachable = the same unless the column is all zero.
z3::expr invertible_column(const SymbolicMatrix& q, std::size_t y,
                           const std::vector<z3::expr>& sensitive_rows, Reading reading);
/// Condition 1 of Definition 2: every y outside Y_P is invertible.
z3::expr invertibility(const SymbolicMatrix& q, const std::vector<z3::expr>& sensitive_rows,
                       const std::vector<z3::expr>& protected_cols, Reading reading);
/// (X_S, Y_P, ε)-ULDP = invertibility and ratio_on.
z3::expr uldp(const SymbolicMatrix& q, const std::vector<z3::expr>& sensitive_rows,
              const std::vector<z3::expr>& protected_cols, const z3::expr& t, Reading reading);

/// Conjunction / disjunction of a list (true / false when empty).
z3::expr all_of(z3::context& ctx, const std::vector<z3::expr>& terms);
z3::expr any_of(z3::context& ctx, const std::vector<z3::expr>& terms);

}  // namespace uldp::verify::internal
