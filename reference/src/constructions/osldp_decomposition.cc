#include "uldp/constructions/osldp_decomposition.h"

#include <algorithm>
#include <string>
#include <utility>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/constructions/matrix_composition.h"
#include "uldp/error.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/forms/stochasticity.h"
#include "validation.h"

namespace uldp {
namespace {

std::string input_label(std::size_t x) { return "x=" + std::to_string(x); }

// Throws unless every output that a sensitive input can produce is produced by every input:
// exactly the condition for (X_S, ε)-OSLDP to hold for some finite ε.
void require_finite_osldp(const DenseMechanism& q_o, const std::vector<std::size_t>& image) {
  for (std::size_t y : image) {
    for (std::size_t x = 0; x < q_o.num_inputs(); ++x) {
      if (q_o(x, y) == 0) {
        throw InvalidArgument("q_o: does not provide (X_S, eps)-OSLDP for any finite eps: output " +
                              std::to_string(y) + " is produced by a sensitive input but Q_O(" +
                              std::to_string(y) + "|" + std::to_string(x) + ") = 0");
      }
    }
  }
}

}  // namespace

OsldpDecomposition decompose_osldp(const DenseMechanism& q_o, const IndexSet& sensitive) {
  if (q_o.num_inputs() == 0) throw InvalidArgument("q_o: has no inputs");
  internal::require_stochastic(q_o, "q_o");
  internal::require_universe(sensitive, q_o.num_inputs(), "sensitive", "q_o's input set");
  const std::size_t m = q_o.num_outputs();

  // Y_P: the image of X_S; Y_I: the other outputs; X_N: the non-sensitive inputs.
  std::vector<std::size_t> image;
  std::vector<std::size_t> invertible;
  for (std::size_t y = 0; y < m; ++y) {
    const bool reached = std::any_of(sensitive.indices().begin(), sensitive.indices().end(),
                                     [&](std::size_t x) { return q_o(x, y) > 0; });
    (reached ? image : invertible).push_back(y);
  }
  require_finite_osldp(q_o, image);
  const std::vector<std::size_t> nonsensitive = sensitive.complement().indices();
  const std::size_t p = image.size();
  const std::size_t rows = q_o.num_inputs();

  // Q_O^† (eq. (26)) on W = Y_P then X_N.
  const std::size_t w_size = p + nonsensitive.size();
  std::vector<Rational> dagger(rows * w_size);
  for (std::size_t x = 0; x < rows; ++x) {
    for (std::size_t w = 0; w < p; ++w) dagger[x * w_size + w] = q_o(x, image[w]);
  }
  for (std::size_t j = 0; j < nonsensitive.size(); ++j) {
    const std::size_t x = nonsensitive[j];
    Rational to_invertible = 0;
    for (std::size_t y : invertible) to_invertible += q_o(x, y);
    dagger[x * w_size + p + j] = to_invertible;
  }
  std::vector<std::string> w_labels;
  for (std::size_t y : image) w_labels.push_back(q_o.output_labels()[y]);
  for (std::size_t x : nonsensitive) w_labels.push_back(input_label(x));
  const auto dag = [&](std::size_t x, std::size_t w) -> const Rational& {
    return dagger[x * w_size + w];
  };

  // Q_max^†(w) = max over X_S; capped(x, w) = min{Q_O^†(w|x), Q_max^†(w)}; α(x).
  std::vector<Rational> q_max(p);
  for (std::size_t w = 0; w < p; ++w) {
    for (std::size_t x0 : sensitive.indices()) q_max[w] = std::max(q_max[w], dag(x0, w));
  }
  const auto capped = [&](std::size_t x, std::size_t w) { return std::min(dag(x, w), q_max[w]); };
  std::vector<Rational> alpha(rows);
  std::vector<std::size_t> kept;  // X_N'
  std::vector<std::size_t> position_in_nonsensitive;
  for (std::size_t j = 0; j < nonsensitive.size(); ++j) {
    const std::size_t x = nonsensitive[j];
    Rational a = 1;
    for (std::size_t w = 0; w < p; ++w) a -= capped(x, w);
    alpha[x] = a;
    if (a > 0) {
      kept.push_back(x);
      position_in_nonsensitive.push_back(j);
    }
  }

  // Q_U (eq. (27)) on Z = Y_P then X_N'.
  const std::size_t z_size = p + kept.size();
  std::vector<Rational> q_u(rows * z_size);
  for (std::size_t x = 0; x < rows; ++x) {
    for (std::size_t z = 0; z < p; ++z) q_u[x * z_size + z] = capped(x, z);
  }
  for (std::size_t j = 0; j < kept.size(); ++j) q_u[kept[j] * z_size + p + j] = alpha[kept[j]];
  std::vector<std::string> z_labels(w_labels.begin(), w_labels.begin() + p);
  for (std::size_t x : kept) z_labels.push_back(input_label(x));

  // Q_R1 (eq. (30)) from W to Y, with the erratum's fallback row.
  std::vector<Rational> r1(w_size * m);
  for (std::size_t w = 0; w < p; ++w) r1[w * m + image[w]] = 1;
  for (std::size_t j = 0; j < nonsensitive.size(); ++j) {
    const std::size_t w = p + j;
    const Rational& total = dag(nonsensitive[j], w);
    if (total == 0) {
      r1[w * m + (invertible.empty() ? 0 : invertible.front())] = 1;
      continue;
    }
    for (std::size_t y : invertible) r1[w * m + y] = q_o(nonsensitive[j], y) / total;
  }

  // Q_R2 (eq. (32)) from Z to W.
  std::vector<Rational> r2(z_size * w_size);
  for (std::size_t z = 0; z < p; ++z) r2[z * w_size + z] = 1;
  for (std::size_t j = 0; j < kept.size(); ++j) {
    const std::size_t x = kept[j];
    const std::size_t z = p + j;
    Rational beta_sum = 0;
    for (std::size_t w = 0; w < p; ++w) {
      const Rational beta = (dag(x, w) - capped(x, w)) / alpha[x];
      r2[z * w_size + w] = beta;
      beta_sum += beta;
    }
    r2[z * w_size + p + position_in_nonsensitive[j]] = 1 - beta_sum;
  }

  DenseMechanism q_o_dagger(rows, w_labels, std::move(dagger));
  DenseMechanism q_r1(w_size, q_o.output_labels(), std::move(r1));
  DenseMechanism q_r2(z_size, w_labels, std::move(r2));
  DenseMechanism q_r = compose(q_r2, q_r1, "q_r2", "q_r1");
  std::vector<std::size_t> z_p(p);
  for (std::size_t z = 0; z < p; ++z) z_p[z] = z;
  return OsldpDecomposition{IndexSet::from_indices(image, m, "image of X_S"),
                            kept,
                            std::move(q_o_dagger),
                            DenseMechanism(rows, std::move(z_labels), std::move(q_u)),
                            IndexSet::from_indices(std::move(z_p), z_size, "Z_P"),
                            std::move(q_r1),
                            std::move(q_r2),
                            std::move(q_r)};
}

DecompositionCheck verify_decomposition(const DenseMechanism& q_o, const IndexSet& sensitive,
                                        const OsldpDecomposition& d) {
  DecompositionCheck check;
  check.stochastic = check_stochastic(d.q_u).stochastic && check_stochastic(d.q_r).stochastic &&
                     check_stochastic(d.q_r1).stochastic && check_stochastic(d.q_r2).stochastic &&
                     check_stochastic(d.q_o_dagger).stochastic;
  if (check.stochastic && d.q_u.num_outputs() == d.q_r.num_inputs() &&
      d.q_o_dagger.num_outputs() == d.q_r1.num_inputs() &&
      d.q_u.num_outputs() == d.q_r2.num_inputs()) {
    check.reproduces = equal_entries(compose(d.q_u, d.q_r), q_o);
    check.intermediate_steps = equal_entries(compose(d.q_o_dagger, d.q_r1), q_o) &&
                               equal_entries(compose(d.q_u, d.q_r2), d.q_o_dagger);
  }
  check.osldp_exp_eps = check_osldp(q_o, sensitive, std::nullopt).tight_exp_eps;
  if (check.osldp_exp_eps.is_infinite()) {
    check.q_u_uldp =
        check_uldp(d.q_u, sensitive, d.protected_intermediate, std::nullopt, UldpReading::kLiteral);
    check.q_u_uldp.holds = false;
    return check;
  }
  check.q_u_uldp = check_uldp(d.q_u, sensitive, d.protected_intermediate,
                              PrivacyBudget::from_exp_eps(check.osldp_exp_eps.value(), "osldp"),
                              UldpReading::kLiteral);
  return check;
}

}  // namespace uldp
