#include "uldp/losses/loss_tables.h"

#include <optional>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/error.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/losses/l1_loss.h"
#include "uldp/losses/l2_loss.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

void validate(const LossTableSpec& spec) {
  if (spec.k < 2) throw InvalidArgument("k: a loss table needs k >= 2");
  if (spec.k_s > spec.k) throw InvalidArgument("sensitive: |X_S| exceeds k");
  if (spec.k_s == 0) throw InvalidArgument("sensitive: a loss table needs |X_S| >= 1");
  if (spec.n == 0) throw InvalidArgument("n: must be at least 1");
  if (spec.small_eps <= 0) throw InvalidArgument("eps: the small-eps column needs eps > 0");
}

struct Regime {
  std::string name;
  PrivacyBudget budget;
};

std::vector<Regime> regimes(const LossTableSpec& spec) {
  return {
      {"eps~0", PrivacyBudget::from_epsilon(spec.small_eps, 96, "eps")},
      {"eps=ln|X|", PrivacyBudget::from_exp_eps(Rational(static_cast<long>(spec.k)), "exp_eps")}};
}

// The rows of the paper's tables, each with a closed form of its own below.
enum class LossMechanism {
  kNonPrivate,
  kRandomizedResponse,
  kRappor,
  kUtilityOptimizedRR,
  kUtilityOptimizedRappor
};

const LossMechanism kOrder[] = {LossMechanism::kRandomizedResponse, LossMechanism::kRappor,
                                LossMechanism::kUtilityOptimizedRR,
                                LossMechanism::kUtilityOptimizedRappor, LossMechanism::kNonPrivate};

// The registered mechanism of a row, as uldp builds it (RAPPOR family with the paper's θ).
CoordinateModel coordinate_model(LossMechanism m, const IndexSet& sensitive,
                                 const PrivacyBudget& budget) {
  const char* names[] = {"none", "rr", "rappor", "urr", "urap"};
  return coordinate_model(make_mechanism(names[static_cast<int>(m)], sensitive, budget));
}

std::string table_name(LossMechanism m) {
  switch (m) {
    case LossMechanism::kRandomizedResponse:
      return "RR";
    case LossMechanism::kRappor:
      return "RAP";
    case LossMechanism::kUtilityOptimizedRR:
      return "uRR";
    case LossMechanism::kUtilityOptimizedRappor:
      return "uRAP";
    case LossMechanism::kNonPrivate:
      return "no privacy";
  }
  return "?";
}

Interval exact(const Rational& r) { return Interval::exact(r); }

// A row of the table before its paper entry and exact worst case are filled in.
LossTableRow blank_row(LossMechanism m, const Regime& r) {
  return {table_name(m),
          r.name,
          "",
          Interval::exact(0),
          Interval::exact(0),
          to_string(r.budget.exp_eps())};
}

}  // namespace

std::vector<LossTableRow> l2_loss_table(const LossTableSpec& spec) {
  validate(spec);
  const Rational k(static_cast<long>(spec.k)), ks(static_cast<long>(spec.k_s)), n(Integer(spec.n));
  const Rational e2 = spec.small_eps * spec.small_eps;
  const unsigned bits = 96;
  const Interval root_k = sqrt_bounds(k, bits);
  const IndexSet sensitive = IndexSet::first(spec.k_s, spec.k);
  std::vector<LossTableRow> rows;
  for (LossMechanism m : kOrder) {
    for (const Regime& r : regimes(spec)) {
      const bool small = r.name == "eps~0";
      LossTableRow row = blank_row(m, r);
      switch (m) {
        case LossMechanism::kRandomizedResponse:
          row.paper_formula = small ? "|X|(|X|-1)/(n eps^2)" : "4/n (1 - 1/|X|)";
          row.paper_value = small ? exact(k * (k - 1) / (n * e2)) : exact(4 / n * (1 - 1 / k));
          break;
        case LossMechanism::kRappor:
          row.paper_formula = small ? "4|X|/(n eps^2) (1 - 1/|X|)" : "sqrt(|X|)/n (1 - 1/|X|)";
          row.paper_value =
              small ? exact(4 * k / (n * e2) * (1 - 1 / k)) : root_k * exact((1 - 1 / k) / n);
          break;
        case LossMechanism::kUtilityOptimizedRR:
          row.paper_formula = small ? "|X_S|(|X_S|-1)/(n eps^2)" : "1/n (*1)";
          row.paper_value = small ? exact(ks * (ks - 1) / (n * e2)) : exact(1 / n);
          break;
        case LossMechanism::kUtilityOptimizedRappor:
          row.paper_formula = small ? "4|X_S|/(n eps^2)" : "1/n (1 + (|X_S|+1)/sqrt(|X|)) (*1)";
          row.paper_value =
              small ? exact(4 * ks / (n * e2)) : exact(1 / n) * (exact(1) + exact(ks + 1) / root_k);
          break;
        case LossMechanism::kNonPrivate:
          row.paper_formula = "1/n (1 - 1/|X|)";
          row.paper_value = exact((1 - 1 / k) / n);
          break;
      }
      row.exact_worst =
          exact(worst_case_l2_loss(coordinate_model(m, sensitive, r.budget), spec.n).value);
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

std::vector<LossTableRow> l1_loss_table(const LossTableSpec& spec, unsigned bits) {
  validate(spec);
  const Rational k(static_cast<long>(spec.k)), ks(static_cast<long>(spec.k_s)),
      eps = spec.small_eps;
  const Interval factor = sqrt_two_over_n_pi(Rational(Integer(spec.n)), bits + 8);
  const Interval root_k = sqrt_bounds(k, bits + 8);
  const Interval root_k_minus_1 = sqrt_bounds(k - 1, bits + 8);
  const IndexSet sensitive = IndexSet::first(spec.k_s, spec.k);
  std::vector<LossTableRow> rows;
  for (LossMechanism m : kOrder) {
    for (const Regime& r : regimes(spec)) {
      const bool small = r.name == "eps~0";
      LossTableRow row = blank_row(m, r);
      Interval unit = Interval::exact(0);  // the entry divided by sqrt(2/(n pi))
      switch (m) {
        case LossMechanism::kRandomizedResponse:
          row.paper_formula =
              small ? "sqrt(2/(n pi)) |X| sqrt(|X|-1)/eps" : "sqrt(8(|X|-1)/(n pi))";
          unit = small ? exact(k / eps) * root_k_minus_1 : exact(2) * root_k_minus_1;
          break;
        case LossMechanism::kRappor:
          row.paper_formula = small ? "sqrt(2/(n pi)) 2|X|/eps" : "sqrt(2 sqrt(|X|)(|X|-1)/(n pi))";
          unit = small ? exact(2 * k / eps) : sqrt_bounds(root_k * exact(k - 1), bits + 8);
          break;
        case LossMechanism::kUtilityOptimizedRR:
          row.paper_formula =
              small ? "sqrt(2/(n pi)) |X_S| sqrt(|X_S|-1)/eps" : "sqrt(2(|X|-1)/(n pi)) (*1)";
          unit = small ? exact(ks / eps) * sqrt_bounds(ks - 1, bits + 8) : root_k_minus_1;
          break;
        case LossMechanism::kUtilityOptimizedRappor:
          row.paper_formula = small ? "sqrt(2/(n pi)) 2|X_S|/eps"
                                    : "sqrt(2(|X|-1)/(n pi)) (1 + |X_S|/|X|^(3/4)) (*1)";
          unit = small ? exact(2 * ks / eps)
                       : root_k_minus_1 *
                             (exact(1) + exact(ks) / (root_k * sqrt_bounds(root_k, bits + 8)));
          break;
        case LossMechanism::kNonPrivate:
          row.paper_formula = "sqrt(2(|X|-1)/(n pi))";
          unit = root_k_minus_1;
          break;
      }
      row.paper_value = round_outward(factor * unit, bits + 4);
      row.exact_worst =
          worst_case_l1_loss(coordinate_model(m, sensitive, r.budget), spec.n, bits).value;
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

Interval paper_to_exact_ratio(const LossTableRow& row) {
  return round_outward(row.paper_value / row.exact_worst, 96);
}

}  // namespace uldp
