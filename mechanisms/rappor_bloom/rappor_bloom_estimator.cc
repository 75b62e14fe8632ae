#include "uldp/mechanisms/rappor_bloom/rappor_bloom_estimator.h"

#include <utility>

#include "uldp/error.h"

namespace uldp {
namespace {

// Two inputs whose filters agree in every cohort, if any.
std::optional<std::pair<std::size_t, std::size_t>> identical_filters(
    const BloomFilterMechanism& q) {
  for (std::size_t x = 0; x < q.num_inputs(); ++x) {
    for (std::size_t x_prime = x + 1; x_prime < q.num_inputs(); ++x_prime) {
      bool same = true;
      for (std::size_t c = 0; c < q.cohorts() && same; ++c)
        same = q.bloom_bits(c, x) == q.bloom_bits(c, x_prime);
      if (same) return std::pair{x, x_prime};
    }
  }
  return std::nullopt;
}

[[noreturn]] void dependent(const BloomFilterMechanism& q) {
  const auto same = identical_filters(q);
  throw InvalidArgument(
      "rappor-bloom estimate: the inputs' Bloom filters are linearly dependent" +
      (same ? " (inputs " + std::to_string(same->first) + " and " + std::to_string(same->second) +
                  " set the same bits in every cohort)"
            : std::string()) +
      ", so no unbiased estimator separates them; more bits or cohorts do, or --method em");
}

}  // namespace

std::vector<Rational> bloom_bit_weights(const BloomFilterMechanism& q) {
  const std::size_t k = q.num_inputs();
  if (k > kMaxBloomEstimatorInputs) {
    throw InvalidArgument("k: rappor-bloom's exact per-bit estimator takes at most " +
                          std::to_string(kMaxBloomEstimatorInputs) + " inputs, not " +
                          std::to_string(k));
  }
  if (q.channel().one_if_on == q.channel().one_if_off) {
    throw InvalidArgument("rappor-bloom estimate: q* = p*, so no report carries information");
  }
  const std::size_t columns = q.cohorts() * q.bits();
  if (k * (k + columns) > kMaxBloomEstimatorEntries) {
    throw InvalidArgument(
        "bloom_bits: rappor-bloom's exact per-bit estimator eliminates k (k + C m) = " +
        std::to_string(k * (k + columns)) + " rationals, beyond " +
        std::to_string(kMaxBloomEstimatorEntries) + " (fewer inputs, cohorts or bits fit)");
  }
  // [G | D] with G = D Dᵀ (scaled by C^2: D's entries are 0/1 here) and D by C, row-reduced to
  // [I | G^{-1} D]; then M = (G^{-1} D)ᵀ with the scales put back: M = C (G'^{-1} D').
  const std::size_t width = k + columns;
  std::vector<Rational> a(k * width, Rational(0));
  auto at = [&](std::size_t r, std::size_t c) -> Rational& { return a[r * width + c]; };
  for (std::size_t x = 0; x < k; ++x) {
    for (std::size_t c = 0; c < q.cohorts(); ++c) {
      for (std::uint32_t j : q.bloom_bits(c, x)) at(x, k + c * q.bits() + j) = 1;
    }
  }
  for (std::size_t x = 0; x < k; ++x) {
    for (std::size_t y = x; y < k; ++y) {
      Rational dot(0);
      for (std::size_t col = k; col < width; ++col) dot += at(x, col) * at(y, col);
      at(x, y) = dot;
      at(y, x) = dot;
    }
  }
  for (std::size_t col = 0; col < k; ++col) {
    std::size_t pivot = col;
    while (pivot < k && at(pivot, col) == 0) ++pivot;
    if (pivot == k) dependent(q);
    if (pivot != col) {
      for (std::size_t c = 0; c < width; ++c) std::swap(at(pivot, c), at(col, c));
    }
    const Rational inverse = 1 / at(col, col);
    for (std::size_t c = 0; c < width; ++c) at(col, c) *= inverse;
    for (std::size_t r = 0; r < k; ++r) {
      if (r == col || at(r, col) == 0) continue;
      const Rational factor = at(r, col);
      for (std::size_t c = 0; c < width; ++c) at(r, c) -= factor * at(col, c);
    }
  }
  // D = D'/C and G = G'/C^2, so Dᵀ G^{-1} = C D'ᵀ G'^{-1}.
  const Rational scale(Integer(q.cohorts()));
  std::vector<Rational> m(columns * k);
  for (std::size_t x = 0; x < k; ++x) {
    for (std::size_t col = 0; col < columns; ++col) m[col * k + x] = scale * at(x, k + col);
  }
  return m;
}

L2Quadratic per_bit_l2_quadratic(const BloomFilterMechanism& q) {
  const std::vector<Rational> m = bloom_bit_weights(q);
  const std::size_t k = q.num_inputs(), bits = q.bits();
  const Rational& on = q.channel().one_if_on;
  const Rational& off = q.channel().one_if_off;
  const Rational gap2 = (on - off) * (on - off);
  // ||M_cj||^2 per (cohort, bit).
  std::vector<Rational> norms(q.cohorts() * bits, Rational(0));
  for (std::size_t row = 0; row < norms.size(); ++row) {
    for (std::size_t x = 0; x < k; ++x) norms[row] += m[row * k + x] * m[row * k + x];
  }
  L2Quadratic out{Rational(0), std::vector<Rational>(k, Rational(0))};
  for (std::size_t x = 0; x < k; ++x) {
    Rational total(0);
    for (std::size_t c = 0; c < q.cohorts(); ++c) {
      std::vector<Rational> mean(k, Rational(0));  // Σ_{j in B_c(x)} M_cj
      std::vector<bool> on_bit(bits, false);
      for (std::uint32_t j : q.bloom_bits(c, x)) {
        on_bit[j] = true;
        for (std::size_t z = 0; z < k; ++z) mean[z] += m[(c * bits + j) * k + z];
      }
      Rational sum(0);
      for (const Rational& v : mean) sum += v * v;
      for (std::size_t j = 0; j < bits; ++j) {
        const Rational& p1 = on_bit[j] ? on : off;
        sum += p1 * (1 - p1) * norms[c * bits + j] / gap2;
      }
      total += sum;
    }
    out.linear[x] = total / Rational(Integer(q.cohorts()));
  }
  return out;
}

std::vector<Rational> per_bit_estimate(const BloomFilterMechanism& q,
                                       const std::vector<std::uint64_t>& counts) {
  const std::size_t per_cohort = std::size_t{1} << q.bits();
  if (q.bits() >= 13 || counts.size() != q.cohorts() * per_cohort) {
    throw InvalidArgument("rappor-bloom estimate: " + std::to_string(counts.size()) +
                          " counts, not one per (cohort, bits) output");
  }
  std::vector<std::uint64_t> in_cohort(q.cohorts(), 0), ones(q.cohorts() * q.bits(), 0);
  for (std::size_t c = 0; c < q.cohorts(); ++c) {
    for (std::size_t i = 0; i < per_cohort; ++i) {
      const std::uint64_t count = counts[c * per_cohort + i];
      in_cohort[c] += count;
      for (std::size_t j = 0; j < q.bits(); ++j) {
        if ((i >> j) & 1u) ones[c * q.bits() + j] += count;
      }
    }
  }
  return per_bit_estimate(q, in_cohort, ones);
}

std::vector<Rational> per_bit_estimate(const BloomFilterMechanism& q,
                                       const std::vector<std::uint64_t>& in_cohort,
                                       const std::vector<std::uint64_t>& ones) {
  Integer n(0);
  for (std::uint64_t c : in_cohort) n += c;
  if (n == 0) throw InvalidArgument("rappor-bloom estimate: no reports (n = 0)");
  const std::vector<Rational> m = bloom_bit_weights(q);
  const Rational& on = q.channel().one_if_on;
  const Rational& off = q.channel().one_if_off;
  const std::size_t k = q.num_inputs();
  std::vector<Rational> estimate(k, Rational(0));
  for (std::size_t c = 0; c < q.cohorts(); ++c) {
    for (std::size_t j = 0; j < q.bits(); ++j) {
      const Rational z =
          (Rational(Integer(ones[c * q.bits() + j])) - off * Rational(Integer(in_cohort[c]))) /
          ((on - off) * Rational(n));
      const Rational* row = m.data() + (c * q.bits() + j) * k;
      for (std::size_t x = 0; x < k; ++x) estimate[x] += z * row[x];
    }
  }
  return estimate;
}

}  // namespace uldp
