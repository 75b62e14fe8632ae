// xoshiro256** and the distributions built on it; see random.h for why we own them.
#include "uldp/estimate/random.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "uldp/error.h"

namespace uldp::estimate {
namespace {

__extension__ using Uint128 = unsigned __int128;  // for Lemire's multiply-shift

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Inversion for small means (n p < 10, p <= 1/2): walk the pmf from 0. Expected O(n p) steps.
std::uint64_t binomial_inversion(Xoshiro256& rng, std::uint64_t n, double p) {
  const double q = 1.0 - p;
  const double s = p / q;
  const double a = (static_cast<double>(n) + 1.0) * s;
  for (;;) {
    double r = std::pow(q, static_cast<double>(n));
    double u = uniform01(rng);
    std::uint64_t x = 0;
    bool ok = true;
    while (u > r) {
      u -= r;
      ++x;
      if (x > n) {  // rounding left u above the total mass: redraw
        ok = false;
        break;
      }
      r *= a / static_cast<double>(x) - s;
    }
    if (ok) return x;
  }
}

// Hörmann (1993) BTRS for n p >= 10, p <= 1/2.
std::uint64_t binomial_btrs(Xoshiro256& rng, std::uint64_t n, double p) {
  const double nd = static_cast<double>(n);
  const double q = 1.0 - p;
  const double spq = std::sqrt(nd * p * q);
  const double b = 1.15 + 2.53 * spq;
  const double a = -0.0873 + 0.0248 * b + 0.01 * p;
  const double c = nd * p + 0.5;
  const double v_r = 0.92 - 4.2 / b;
  const double alpha = (2.83 + 5.1 / b) * spq;
  const double lpq = std::log(p / q);
  const double m = std::floor((nd + 1.0) * p);
  const double h = std::lgamma(m + 1.0) + std::lgamma(nd - m + 1.0);
  for (;;) {
    const double u = uniform01(rng) - 0.5;
    double v = uniform01_open_zero(rng);
    const double us = 0.5 - std::fabs(u);
    const double kd = std::floor((2.0 * a / us + b) * u + c);
    if (kd < 0.0 || kd > nd) continue;
    if (us >= 0.07 && v <= v_r) return static_cast<std::uint64_t>(kd);
    v = std::log(v * alpha / (a / (us * us) + b));
    if (v <= h - std::lgamma(kd + 1.0) - std::lgamma(nd - kd + 1.0) + (kd - m) * lpq) {
      return static_cast<std::uint64_t>(kd);
    }
  }
}

}  // namespace

Xoshiro256::Xoshiro256(std::uint64_t seed) {
  std::uint64_t state = seed;
  for (auto& word : s_) word = splitmix64(state);
}

void Xoshiro256::jump() {
  static constexpr std::uint64_t kJump[] = {0x180ec6d33cfd0abaULL, 0xd5a61266f0c9392cULL,
                                            0xa9582618e03fc9aaULL, 0x39abdc4529b1661cULL};
  std::uint64_t t[4] = {0, 0, 0, 0};
  for (std::uint64_t word : kJump) {
    for (int b = 0; b < 64; ++b) {
      if (word & (std::uint64_t{1} << b)) {
        for (int i = 0; i < 4; ++i) t[i] ^= s_[i];
      }
      (*this)();
    }
  }
  for (int i = 0; i < 4; ++i) s_[i] = t[i];
}

std::uint64_t uniform_below(Xoshiro256& rng, std::uint64_t bound) {
  if (bound == 0) throw InvalidArgument("uniform_below: bound must be >= 1");
  Uint128 product = static_cast<Uint128>(rng()) * bound;
  auto low = static_cast<std::uint64_t>(product);
  if (low < bound) {
    const std::uint64_t threshold = (0 - bound) % bound;
    while (low < threshold) {
      product = static_cast<Uint128>(rng()) * bound;
      low = static_cast<std::uint64_t>(product);
    }
  }
  return static_cast<std::uint64_t>(product >> 64);
}

std::uint64_t binomial(Xoshiro256& rng, std::uint64_t n, double p) {
  if (!(p >= 0.0 && p <= 1.0)) {
    throw InvalidArgument("binomial: p = " + std::to_string(p) + " is not in [0,1]");
  }
  if (n == 0 || p == 0.0) return 0;
  if (p == 1.0) return n;
  const bool flip = p > 0.5;
  const double pp = flip ? 1.0 - p : p;
  const std::uint64_t x = static_cast<double>(n) * pp < 10.0 ? binomial_inversion(rng, n, pp)
                                                             : binomial_btrs(rng, n, pp);
  return flip ? n - x : x;
}

std::vector<std::uint64_t> multinomial(Xoshiro256& rng, std::uint64_t n,
                                       std::span<const double> weights) {
  double total = 0;
  for (double w : weights) {
    if (!(w >= 0.0) || !std::isfinite(w)) {
      throw InvalidArgument("multinomial: weights must be finite and >= 0");
    }
    total += w;
  }
  if (weights.empty() || !(total > 0.0)) {
    throw InvalidArgument("multinomial: weights must not all be zero");
  }
  std::vector<std::uint64_t> counts(weights.size(), 0);
  std::uint64_t left = n;
  double mass_left = total;
  // Last index with positive weight takes the rest, so rounding in mass_left cannot lose users.
  std::size_t last = weights.size() - 1;
  while (weights[last] == 0.0) --last;
  for (std::size_t i = 0; i < last && left > 0; ++i) {
    if (weights[i] == 0.0) continue;
    const double share = mass_left > weights[i] ? weights[i] / mass_left : 1.0;
    counts[i] = binomial(rng, left, share);
    left -= counts[i];
    mass_left -= weights[i];
    if (!(mass_left > 0.0)) mass_left = 0.0;
  }
  counts[last] += left;
  return counts;
}

}  // namespace uldp::estimate
