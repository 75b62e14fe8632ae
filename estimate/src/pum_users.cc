#include "uldp/estimate/pum_users.h"

#include <cmath>
#include <string>

#include "uldp/error.h"
#include "uldp/estimate/pum.h"
#include "uldp/estimate/sampler.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/losses/l1_loss.h"

namespace uldp::estimate {

std::vector<std::uint64_t> sample_intermediate_counts(Xoshiro256& rng, const PumPopulation& users,
                                                      std::span<const double> p) {
  const std::size_t k = users.k();
  if (p.size() != k) {
    throw InvalidArgument("p: has " + std::to_string(p.size()) +
                          " entries, expected k = " + std::to_string(k));
  }
  std::vector<std::uint64_t> z_counts(k + users.num_tags(), 0);
  for (const PumUserGroup& group : users.groups()) {
    const std::vector<std::uint64_t> x_counts = sample_input_counts(rng, group.users, p);
    for (std::size_t x = 0; x < k; ++x)
      z_counts[group.tag_of[x] ? k + *group.tag_of[x] : x] += x_counts[x];
  }
  return z_counts;
}

PumEstimate pum_estimate_with_bound(std::span<const double> r_hat,
                                    const std::vector<std::optional<std::vector<double>>>& pi_hat,
                                    const MechanismSpec& common, const IndexSet& common_sensitive,
                                    std::uint64_t n) {
  PumEstimate out;
  out.p = pum_estimate(r_hat, pi_hat, common_sensitive);
  const std::size_t k = common_sensitive.universe();
  for (std::size_t bot = 0; bot < pi_hat.size(); ++bot) {
    out.bot_mass.push_back(r_hat[k + bot]);
    out.second_term_worst += 2 * std::abs(r_hat[k + bot]);
  }
  if (!has_coordinate_model(common) || n == 0) return out;
  // r = r̂ projected onto the simplex by clipping and renormalising (utility only, no verdict).
  std::vector<double> clipped(r_hat.begin(), r_hat.end());
  double total = 0;
  for (double& v : clipped) total += v = std::max(v, 0.0);
  if (!(total > 0)) return out;
  std::vector<Rational> r;
  for (double v : clipped) r.push_back(from_double(v / total));
  Rational sum = 0;
  for (const Rational& v : r) sum += v;
  for (Rational& v : r) v /= sum;  // exactly 1 despite the rounding of v / total
  const Interval l1 = asymptotic_l1_loss(coordinate_model(common), r, n, 64);
  out.first_term_expected = to_double((l1.lower + l1.upper) / 2);
  return out;
}

}  // namespace uldp::estimate
