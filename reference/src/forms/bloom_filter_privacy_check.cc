#include "uldp/forms/bloom_filter_privacy_check.h"

#include <map>
#include <utility>
#include <vector>

#include "internal/ratio_sup.h"

namespace uldp {
namespace {

using internal::ratio_verdict;
using internal::RatioSup;

// P(v) of a bit that reports 1 with probability `one`.
Rational value_probability(const Rational& one, bool v) { return v ? one : Rational(1 - one); }

// The value v of a bit maximising P(v|numerator)/P(v|denominator) among those with
// P(v|numerator) > 0, and that ratio (c/0 = infinity).
struct BestValue {
  bool value = false;
  ExtendedRational ratio{Rational(1)};
};
BestValue best_value(const Rational& one_numerator, const Rational& one_denominator) {
  BestValue best;
  bool found = false;
  for (bool v : {false, true}) {
    const Rational num = value_probability(one_numerator, v);
    if (num == 0) continue;
    const Rational den = value_probability(one_denominator, v);
    const ExtendedRational r =
        den == 0 ? ExtendedRational::infinity() : ExtendedRational(num / den);
    if (!found || best.ratio < r) best = {v, r};
    found = true;
  }
  return best;
}

ExtendedRational power(const ExtendedRational& base, std::size_t exponent) {
  if (exponent == 0) return ExtendedRational(Rational(1));
  if (base.is_infinite()) return ExtendedRational::infinity();
  Rational b = base.value(), result(1);
  while (exponent) {
    if (exponent & 1u) result *= b;
    b *= b;
    exponent >>= 1;
  }
  return ExtendedRational(result);
}

ExtendedRational times(const ExtendedRational& a, const ExtendedRational& b) {
  if (a.is_infinite() || b.is_infinite()) return ExtendedRational::infinity();
  return ExtendedRational(a.value() * b.value());
}

// |B \ B'| and |B' \ B| of two ascending lists.
std::pair<std::size_t, std::size_t> differences(const BloomBits& b, const BloomBits& b_prime) {
  std::size_t common = 0;
  auto i = b.begin();
  auto j = b_prime.begin();
  while (i != b.end() && j != b_prime.end()) {
    if (*i == *j) {
      ++common, ++i, ++j;
    } else if (*i < *j) {
      ++i;
    } else {
      ++j;
    }
  }
  return {b.size() - common, b_prime.size() - common};
}

struct Pair {
  std::size_t cohort, x, x_prime;
};

Witness make_witness(const BloomFilterMechanism& q, const Pair& p, bool v_on, bool v_off) {
  const BitChannel& ch = q.channel();
  std::vector<bool> y(q.bits(), false);
  // Bits where the two inputs agree take a value both give positive probability (0 if it is).
  const bool shared_on = ch.one_if_on == 1;
  const bool shared_off = ch.one_if_off == 1;
  std::vector<int> role(q.bits(), 0);  // 0 neither, 1 only x, 2 only x', 3 both
  for (std::uint32_t j : q.bloom_bits(p.cohort, p.x)) role[j] |= 1;
  for (std::uint32_t j : q.bloom_bits(p.cohort, p.x_prime)) role[j] |= 2;
  for (std::size_t j = 0; j < q.bits(); ++j) {
    switch (role[j]) {
      case 0:
        y[j] = shared_off;
        break;
      case 1:
        y[j] = v_on;
        break;
      case 2:
        y[j] = v_off;
        break;
      default:
        y[j] = shared_on;
    }
  }
  Witness w;
  w.x = p.x;
  w.x_prime = p.x_prime;
  w.y = q.dense_index(p.cohort, y);
  w.y_label = bloom_report_label(p.cohort, y);
  w.q_x = q.probability(p.cohort, y, p.x);
  w.q_x_prime = q.probability(p.cohort, y, p.x_prime);
  return w;
}

// sup over cohorts, x in `numerator` (all inputs when nullopt), x' != x, and outputs, of
// Q(y|x)/Q(y|x').
RatioSup ratio_sup(const BloomFilterMechanism& q, const std::optional<IndexSet>& numerator) {
  const BitChannel& ch = q.channel();
  const BestValue on = best_value(ch.one_if_on, ch.one_if_off);   // bits only x sets
  const BestValue off = best_value(ch.one_if_off, ch.one_if_on);  // bits only x' sets
  std::size_t largest = 0;
  for (std::size_t c = 0; c < q.cohorts(); ++c) {
    for (std::size_t x = 0; x < q.num_inputs(); ++x)
      largest = std::max(largest, q.bloom_bits(c, x).size());
  }
  // The first pair of each (a, b) in walk order; the ratio grows with a and b, so a pair with
  // a = b = the largest filter ends the walk.
  std::map<std::pair<std::size_t, std::size_t>, Pair> first;
  bool done = false;
  for (std::size_t c = 0; c < q.cohorts() && !done; ++c) {
    for (std::size_t x = 0; x < q.num_inputs() && !done; ++x) {
      if (numerator && !numerator->contains(x)) continue;
      for (std::size_t x_prime = 0; x_prime < q.num_inputs() && !done; ++x_prime) {
        if (x_prime == x) continue;
        const auto ab = differences(q.bloom_bits(c, x), q.bloom_bits(c, x_prime));
        first.try_emplace(ab, Pair{c, x, x_prime});
        done = ab.first == largest && ab.second == largest;
      }
    }
  }
  RatioSup sup;
  bool have = false;
  std::size_t best_order = 0;
  for (const auto& [ab, pair] : first) {
    const ExtendedRational r = times(power(on.ratio, ab.first), power(off.ratio, ab.second));
    // Ties go to the pair met first in the walk (cohort, then x, then x').
    const std::size_t order =
        (pair.cohort * q.num_inputs() + pair.x) * q.num_inputs() + pair.x_prime;
    if (!have || sup.value < r || (r == sup.value && order < best_order)) {
      sup.value = r;
      sup.attained_by = make_witness(q, pair, on.value, off.value);
      best_order = order;
      have = true;
    }
  }
  return sup;
}

}  // namespace

Verdict check_ldp(const BloomFilterMechanism& q, const std::optional<PrivacyBudget>& budget) {
  return ratio_verdict(ratio_sup(q, std::nullopt), budget);
}

Verdict check_uldp(const BloomFilterMechanism& q, const IndexSet&, const EveryOutput&,
                   const std::optional<PrivacyBudget>& budget, UldpReading) {
  return check_ldp(q, budget);
}

Verdict check_osldp(const BloomFilterMechanism& q, const IndexSet& sensitive,
                    const std::optional<PrivacyBudget>& budget) {
  return ratio_verdict(ratio_sup(q, sensitive), budget);
}

}  // namespace uldp
