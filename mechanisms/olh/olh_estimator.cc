// Local hashing's support-count estimator and its exact bias over a finite family (see the
// header).
#include "uldp/mechanisms/olh/olh_estimator.h"

#include <string>

#include "uldp/error.h"
#include "uldp/mechanisms/olh/olh.h"

namespace uldp {
namespace {

// 1/(p - 1/g) with p = t/(t+g-1): refused at t = 1, where p = 1/g.
Rational support_scale(const LocalHashingConstants& c, std::uint64_t range) {
  const Rational gap = c.keep - Rational(1, 1) / Rational(Integer(range));
  if (gap == 0) {
    throw InvalidArgument(kNoInformation);
  }
  return 1 / gap;
}

}  // namespace

std::vector<Rational> support_count_estimate(const IndexSet& sensitive, const HashFamily& family,
                                             const Rational& t,
                                             const std::vector<std::uint64_t>& counts) {
  const std::uint64_t range = family.range, seeds = family.seeds;
  validate_local_hashing_family(range, seeds);
  const std::vector<std::size_t> open = sensitive.complement().indices();
  const std::uint64_t columns = range * seeds;
  if (counts.size() != columns + open.size()) {
    throw InvalidArgument("local hashing estimate: needs " + std::to_string(columns + open.size()) +
                          " report counts (S g pairs, then X_N), got " +
                          std::to_string(counts.size()));
  }
  std::uint64_t n = 0;
  for (std::uint64_t c : counts) n += c;
  std::vector<std::uint64_t> supports(sensitive.universe(), 0), own(sensitive.universe(), 0);
  for (std::size_t i = 0; i < open.size(); ++i) own[open[i]] = counts[columns + i];
  for (std::size_t z : sensitive.indices()) {
    for (std::uint64_t s = 0; s < seeds; ++s) supports[z] += counts[s * range + family(z, s)];
  }
  return support_count_estimate(sensitive, range, t, supports, own, n);
}

std::vector<Rational> support_count_estimate(const IndexSet& sensitive, std::uint64_t range,
                                             const Rational& t,
                                             const std::vector<std::uint64_t>& supports,
                                             const std::vector<std::uint64_t>& own,
                                             std::uint64_t n) {
  if (n == 0) throw InvalidArgument("local hashing estimate: needs at least one report");
  const LocalHashingConstants c = local_hashing_constants(range, t);
  const Rational scale = support_scale(c, range);
  const Rational total{Integer(n)}, one_over_g = Rational(1) / Rational(Integer(range));
  std::vector<Rational> p(sensitive.universe());
  Rational open_mass = 0;
  const IndexSet open = sensitive.complement();
  for (std::size_t x : open.indices()) {
    p[x] = Rational(Integer(own[x])) / total / c.itself;
    open_mass += p[x];
  }
  for (std::size_t z : sensitive.indices()) {
    p[z] =
        (Rational(Integer(supports[z])) / total - one_over_g + (one_over_g - c.other) * open_mass) *
        scale;
  }
  return p;
}

std::vector<Rational> support_count_bias(const IndexSet& sensitive, const HashFamily& family,
                                         const Rational& t, const std::vector<Rational>& p) {
  const std::uint64_t range = family.range, seeds = family.seeds;
  validate_local_hashing_family(range, seeds);
  const std::vector<std::size_t>& xs = sensitive.indices();
  if (p.size() != sensitive.universe()) {
    throw InvalidArgument("p: needs " + std::to_string(sensitive.universe()) + " probabilities");
  }
  if (xs.size() > kMaxBiasInputs) {  // |X_S|^2 collision counts are held
    throw InvalidArgument("sensitive: the bias compares every pair of the " +
                          std::to_string(xs.size()) + " sensitive inputs; at most " +
                          std::to_string(kMaxBiasInputs));
  }
  if (!xs.empty() && seeds > kMaxEnumeratedHashes / xs.size()) {
    throw InvalidArgument("hash_seeds: S |X_S| = " + std::to_string(seeds) + " x " +
                          std::to_string(xs.size()) + " hashes exceed the " +
                          std::to_string(kMaxEnumeratedHashes) + " uldp enumerates");
  }
  const LocalHashingConstants c = local_hashing_constants(range, t);
  const Rational factor = (c.keep - c.other) * support_scale(c, range);
  // collisions[i][j]: seeds under which xs[i] and xs[j] hash alike.
  std::vector<std::vector<std::uint64_t>> collisions(xs.size(),
                                                     std::vector<std::uint64_t>(xs.size(), 0));
  std::vector<std::uint32_t> h(xs.size());
  for (std::uint64_t s = 0; s < seeds; ++s) {
    for (std::size_t i = 0; i < xs.size(); ++i) h[i] = family(xs[i], s);
    for (std::size_t i = 0; i < xs.size(); ++i) {
      for (std::size_t j = 0; j < xs.size(); ++j) collisions[i][j] += h[i] == h[j] ? 1 : 0;
    }
  }
  const Rational per_seed{Integer(seeds)}, one_over_g = Rational(1) / Rational(Integer(range));
  std::vector<Rational> bias(sensitive.universe(), Rational(0));
  for (std::size_t j = 0; j < xs.size(); ++j) {
    Rational sum = 0;
    for (std::size_t i = 0; i < xs.size(); ++i) {
      if (i == j) continue;
      sum += p[xs[i]] * (Rational(Integer(collisions[i][j])) / per_seed - one_over_g);
    }
    bias[xs[j]] = factor * sum;
  }
  return bias;
}

}  // namespace uldp
