// Exact checkers on class-structured mechanisms. The dense checkers decide every condition
// column by column (largest numerator over smallest entry; who produces y) and name the first
// column, in output order, that attains the result; all columns of an output class give the same
// answer, so the class with the smallest first output, and the first inputs its cells name,
// give the same triple the dense scan finds.
#include "uldp/forms/class_privacy_check.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "internal/ratio_sup.h"
#include "uldp/error.h"

namespace uldp {
namespace {

using internal::ratio_verdict;
using internal::RatioSup;

Witness make_witness(const ClassStructuredMechanism& q, std::size_t x, const Rational& q_x,
                     std::size_t x_prime, const Rational& q_x_prime, const OutputClass& output) {
  Witness w;
  w.x = x;
  w.x_prime = x_prime;
  if (q.outputs_indexable()) w.y = output.first.rank.convert_to<std::size_t>();
  w.y_label = output.first.label;
  w.q_x = q_x;
  w.q_x_prime = q_x_prime;
  return w;
}

// Per input class, whether it lies in X_S; throws unless X_S is a union of input classes.
std::vector<bool> sensitive_classes(const ClassStructuredMechanism& q, const IndexSet& sensitive) {
  if (sensitive.universe() != q.num_inputs()) {
    throw InvalidArgument("sensitive: the set is over " + std::to_string(sensitive.universe()) +
                          " inputs but the mechanism has " + std::to_string(q.num_inputs()));
  }
  std::vector<bool> result;
  for (const InputClass& c : q.input_classes()) {
    std::size_t inside = 0;
    for (std::size_t x : c.members.indices()) inside += sensitive.contains(x);
    if (inside != 0 && inside != c.members.size()) {
      throw InvalidArgument("sensitive: X_S must be a union of input classes; class '" + c.name +
                            "' has " + std::to_string(inside) + " of its " +
                            std::to_string(c.members.size()) + " members in X_S");
    }
    result.push_back(inside != 0);
  }
  return result;
}

// Whether cell a comes before cell b in a dense scan of the column for an extreme value
// (equal probabilities: the one holding the smaller input).
bool earlier(const ColumnCell& a, const ColumnCell& b) {
  return a.first_members.front() < b.first_members.front();
}

// sup over output classes (protected ones only, if asked) of max over numerator cells / min over
// all cells, with 0/0 skipped and c/0 = infinity; ties go to the class whose first output comes
// first, as the dense scan over y finds them.
RatioSup ratio_sup(const ClassStructuredMechanism& q, const std::vector<bool>& numerator_classes,
                   bool protected_only) {
  RatioSup sup;
  const OutputClass* attained_in = nullptr;
  for (const OutputClass& o : q.output_classes()) {
    if (protected_only && !o.is_protected) continue;
    const ColumnCell *top = nullptr, *bottom = nullptr;
    for (const ColumnCell& cell : o.cells) {
      if (numerator_classes[cell.input_class] &&
          (!top || cell.probability > top->probability ||
           (cell.probability == top->probability && earlier(cell, *top)))) {
        top = &cell;
      }
      if (!bottom || cell.probability < bottom->probability ||
          (cell.probability == bottom->probability && earlier(cell, *bottom))) {
        bottom = &cell;
      }
    }
    if (!top || top->probability == 0) continue;  // 0 <= e^ε * anything
    ExtendedRational ratio = bottom->probability == 0
                                 ? ExtendedRational::infinity()
                                 : ExtendedRational(top->probability / bottom->probability);
    // A ratio of 1 attains nothing (x == x' does); equal ratios keep the earliest output.
    const bool better = ratio > sup.value || (attained_in && ratio == sup.value &&
                                              o.first.rank < attained_in->first.rank);
    if (!better) continue;
    sup.value = std::move(ratio);
    sup.attained_by = make_witness(q, top->first_members.front(), top->probability,
                                   bottom->first_members.front(), bottom->probability, o);
    attained_in = &o;
  }
  return sup;
}

// The first input of a non-sensitive class (0 when X_N is empty), as the dense checker names it
// for an output of Y_I that nobody produces.
std::size_t first_non_sensitive(const ClassStructuredMechanism& q,
                                const std::vector<bool>& sensitive) {
  std::optional<std::size_t> first;
  for (std::size_t a = 0; a < sensitive.size(); ++a) {
    if (sensitive[a]) continue;
    const std::size_t x = q.input_classes()[a].members.indices().front();
    if (!first || x < *first) first = x;
  }
  return first.value_or(0);
}

// Condition 1 of Definition 2 for one output class outside Y_P (all its columns alike).
std::optional<Witness> invertibility_failure(const ClassStructuredMechanism& q,
                                             const OutputClass& o,
                                             const std::vector<bool>& sensitive,
                                             UldpReading reading) {
  std::size_t producers = 0;
  std::vector<std::pair<std::size_t, const ColumnCell*>> first_producers;
  for (const ColumnCell& cell : o.cells) {
    if (cell.probability == 0) continue;
    producers += cell.members;
    for (std::size_t x : cell.first_members) first_producers.emplace_back(x, &cell);
  }
  std::sort(first_producers.begin(), first_producers.end());
  if (producers >= 2) {  // y identifies no single input
    const auto& [x, cx] = first_producers[0];
    const auto& [x2, cx2] = first_producers[1];
    return make_witness(q, x, cx->probability, x2, cx2->probability, o);
  }
  if (producers == 1) {
    const auto& [x, cx] = first_producers[0];
    if (!sensitive[cx->input_class]) return std::nullopt;
    return make_witness(q, x, cx->probability, x, cx->probability, o);  // leaks x in X_S
  }
  if (reading == UldpReading::kReachable) return std::nullopt;
  const std::size_t x = first_non_sensitive(q, sensitive);
  return make_witness(q, x, Rational(0), x, Rational(0), o);  // literal: nobody produces y
}

}  // namespace

Verdict check_ldp(const ClassStructuredMechanism& q, const std::optional<PrivacyBudget>& budget) {
  const std::vector<bool> all(q.input_classes().size(), true);
  return ratio_verdict(ratio_sup(q, all, false), budget);
}

Verdict check_uldp(const ClassStructuredMechanism& q, const IndexSet& sensitive,
                   const std::optional<PrivacyBudget>& budget, UldpReading reading) {
  const std::vector<bool> sensitive_flags = sensitive_classes(q, sensitive);
  const std::vector<bool> all(q.input_classes().size(), true);
  RatioSup sup = ratio_sup(q, all, true);
  std::optional<Witness> failure;
  Integer failure_rank;
  for (const OutputClass& o : q.output_classes()) {
    if (o.is_protected || (failure && o.first.rank > failure_rank)) continue;
    if (auto witness = invertibility_failure(q, o, sensitive_flags, reading)) {
      failure = std::move(witness);
      failure_rank = o.first.rank;
    }
  }
  if (failure) {
    Verdict v = ratio_verdict(std::move(sup), std::nullopt);
    v.holds = false;
    v.tight_exp_eps = ExtendedRational::infinity();  // no ε repairs condition 1
    v.violated = Condition::kInvertibility;
    v.witness = std::move(failure);
    return v;
  }
  return ratio_verdict(std::move(sup), budget);
}

Verdict check_osldp(const ClassStructuredMechanism& q, const IndexSet& sensitive,
                    const std::optional<PrivacyBudget>& budget) {
  return ratio_verdict(ratio_sup(q, sensitive_classes(q, sensitive), false), budget);
}

}  // namespace uldp
