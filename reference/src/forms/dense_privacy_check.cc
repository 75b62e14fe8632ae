#include "uldp/forms/dense_privacy_check.h"

#include <vector>

#include "internal/ratio_sup.h"
#include "uldp/cancellation.h"
#include "uldp/error.h"
#include "uldp/progress.h"

namespace uldp {
namespace {

using internal::ratio_verdict;
using internal::RatioSup;

Witness make_witness(const DenseMechanism& q, std::size_t x, std::size_t x_prime, std::size_t y) {
  Witness w;
  w.x = x;
  w.x_prime = x_prime;
  w.y = y;
  w.y_label = q.output_labels()[y];
  w.q_x = q(x, y);
  w.q_x_prime = q(x_prime, y);
  return w;
}

// sup over y in `columns`, x in `numerator_rows`, x' in all rows, of Q(y|x) / Q(y|x'), with 0/0
// skipped and c/0 = infinity. Per column only the largest numerator and the smallest denominator
// matter, so this is O(|X| |columns|).
RatioSup ratio_sup(const DenseMechanism& q, const std::vector<bool>& numerator_rows,
                   const std::vector<std::size_t>& columns) {
  RatioSup sup;
  ProgressTask progress("checking ratios", columns.size());
  for (std::size_t y : columns) {
    check_cancelled();
    progress.advance();
    std::size_t arg_max = q.num_inputs(), arg_min = 0;
    for (std::size_t x = 0; x < q.num_inputs(); ++x) {
      if (numerator_rows[x] && (arg_max == q.num_inputs() || q(x, y) > q(arg_max, y))) arg_max = x;
      if (q(x, y) < q(arg_min, y)) arg_min = x;
    }
    if (arg_max == q.num_inputs() || q(arg_max, y) == 0) continue;  // 0 <= e^ε * anything
    ExtendedRational ratio = q(arg_min, y) == 0 ? ExtendedRational::infinity()
                                                : ExtendedRational(q(arg_max, y) / q(arg_min, y));
    if (ratio > sup.value) {
      sup.value = std::move(ratio);
      sup.attained_by = make_witness(q, arg_max, arg_min, y);
      if (sup.value.is_infinite()) break;
    }
  }
  return sup;
}

std::vector<std::size_t> all_columns(const DenseMechanism& q) {
  std::vector<std::size_t> columns(q.num_outputs());
  for (std::size_t y = 0; y < columns.size(); ++y) columns[y] = y;
  return columns;
}

void require_fit(const DenseMechanism& q, const IndexSet& sensitive) {
  if (sensitive.universe() != q.num_inputs()) {
    throw InvalidArgument("sensitive: the set is over " + std::to_string(sensitive.universe()) +
                          " inputs but the matrix has " + std::to_string(q.num_inputs()));
  }
}

// Condition 1 of Definition 2 for one output y in Y_I; returns the witness when it fails.
std::optional<Witness> invertibility_failure(const DenseMechanism& q, const IndexSet& sensitive,
                                             std::size_t y, UldpReading reading) {
  std::optional<std::size_t> first, second;
  for (std::size_t x = 0; x < q.num_inputs() && !second; ++x) {
    if (q(x, y) != 0) (first ? second : first) = x;
  }
  if (second) return make_witness(q, *first, *second, y);  // y identifies no single input
  if (first) {
    if (sensitive.contains(*first)) return make_witness(q, *first, *first, y);  // leaks x in X_S
    return std::nullopt;
  }
  if (reading == UldpReading::kReachable) return std::nullopt;
  // Literal reading: no x in X_N has Q(y|x) > 0. Name the first non-sensitive input (or 0).
  const IndexSet non_sensitive = sensitive.complement();
  const std::size_t x = non_sensitive.empty() ? 0 : non_sensitive.indices().front();
  return make_witness(q, x, x, y);
}

}  // namespace

Verdict check_ldp(const DenseMechanism& q, const std::optional<PrivacyBudget>& budget) {
  return ratio_verdict(ratio_sup(q, std::vector<bool>(q.num_inputs(), true), all_columns(q)),
                       budget);
}

Verdict check_uldp(const DenseMechanism& q, const IndexSet& sensitive,
                   const IndexSet& protected_outputs, const std::optional<PrivacyBudget>& budget,
                   UldpReading reading) {
  require_fit(q, sensitive);
  if (protected_outputs.universe() != q.num_outputs()) {
    throw InvalidArgument("protected: the set is over " +
                          std::to_string(protected_outputs.universe()) +
                          " outputs but the matrix has " + std::to_string(q.num_outputs()));
  }
  for (std::size_t y = 0; y < q.num_outputs(); ++y) {
    if (protected_outputs.contains(y)) continue;
    if (auto witness = invertibility_failure(q, sensitive, y, reading)) {
      Verdict v = ratio_verdict(
          ratio_sup(q, std::vector<bool>(q.num_inputs(), true), protected_outputs.indices()),
          std::nullopt);
      v.holds = false;
      v.tight_exp_eps = ExtendedRational::infinity();  // no ε repairs condition 1
      v.violated = Condition::kInvertibility;
      v.witness = std::move(witness);
      return v;
    }
  }
  return ratio_verdict(
      ratio_sup(q, std::vector<bool>(q.num_inputs(), true), protected_outputs.indices()), budget);
}

Verdict check_osldp(const DenseMechanism& q, const IndexSet& sensitive,
                    const std::optional<PrivacyBudget>& budget) {
  require_fit(q, sensitive);
  std::vector<bool> rows(q.num_inputs(), false);
  for (std::size_t x : sensitive.indices()) rows[x] = true;
  return ratio_verdict(ratio_sup(q, rows, all_columns(q)), budget);
}

IndexSet minimal_protected_outputs(const DenseMechanism& q, const IndexSet& sensitive) {
  require_fit(q, sensitive);
  std::vector<std::size_t> protected_outputs;
  for (std::size_t y = 0; y < q.num_outputs(); ++y) {
    std::size_t nonzero = 0, last = 0;
    for (std::size_t x = 0; x < q.num_inputs() && nonzero < 2; ++x) {
      if (q(x, y) != 0) {
        ++nonzero;
        last = x;
      }
    }
    if (!(nonzero == 1 && !sensitive.contains(last))) protected_outputs.push_back(y);
  }
  return IndexSet::from_indices(std::move(protected_outputs), q.num_outputs(), "protected");
}

}  // namespace uldp
