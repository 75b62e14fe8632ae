// The paper's two worst-case loss tables (Tables 3 and 4), regenerated and checked:
// every entry of the paper is evaluated with certified precision next to the true worst-case
// loss of the mechanism uldp builds (exact l2, certified asymptotic l1) and their ratio.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/losses/interval.h"

namespace uldp {

/// The setting of a table: |X| = k, |X_S| = k_s, n users, and the ε of the "ε ≈ 0" column
/// (the "ε = ln|X|" column uses exp_eps = k exactly).
struct LossTableSpec {
  std::size_t k = 0;
  std::size_t k_s = 0;
  std::uint64_t n = 0;
  Rational small_eps{1, 10};
};

/// One cell of a table: the paper's entry and the true worst case.
struct LossTableRow {
  std::string mechanism;      ///< "RR", "RAP", "uRR", "uRAP", "no privacy"
  std::string regime;         ///< "eps~0" or "eps=ln|X|"
  std::string paper_formula;  ///< the paper's entry, in plain text
  Interval paper_value;       ///< the paper's entry evaluated (certified)
  Interval exact_worst;       ///< max over p of the loss of the mechanism uldp builds
  std::string exp_eps;        ///< the t = e^ε the mechanism was built with
};

/// Table 4: E[l2^2] in the worst case. Throws InvalidArgument for k < 2, k_s > k, n = 0,
/// small_eps <= 0.
std::vector<LossTableRow> l2_loss_table(const LossTableSpec& spec);
/// Table 3: the asymptotic E[l1] in the worst case.
std::vector<LossTableRow> l1_loss_table(const LossTableSpec& spec, unsigned bits = 96);

/// paper_value / exact_worst (certified; exact_worst > 0).
Interval paper_to_exact_ratio(const LossTableRow& row);

}  // namespace uldp
