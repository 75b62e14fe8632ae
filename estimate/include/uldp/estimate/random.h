// The random numbers behind every sampler: xoshiro256** seeded by splitmix64, and our own
// uniform, Bernoulli, binomial (inversion / BTRS) and multinomial draws, so that a seed gives
// the same reports on every platform and standard library (std::*_distribution do not).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace uldp::estimate {

/// xoshiro256** (Blackman & Vigna, 2018): 256-bit state, period 2^256 - 1, passes BigCrush.
class Xoshiro256 {
 public:
  using result_type = std::uint64_t;
  /// Seeds the state from splitmix64(seed), as the authors recommend.
  explicit Xoshiro256(std::uint64_t seed);
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return ~result_type{0}; }
  result_type operator()() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  /// An independent stream: the generator advanced by 2^128 draws.
  void jump();
  /// The 256-bit state (for generators that run several streams in lockstep).
  std::array<std::uint64_t, 4> state() const { return {s_[0], s_[1], s_[2], s_[3]}; }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

/// Uniform double in [0, 1) with 53 random bits.
inline double uniform01(Xoshiro256& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }
/// Uniform double in (0, 1] (safe for log).
inline double uniform01_open_zero(Xoshiro256& rng) {
  return static_cast<double>((rng() >> 11) + 1) * 0x1.0p-53;
}
/// Uniform integer in [0, bound), bound >= 1, without modulo bias (Lemire 2019).
std::uint64_t uniform_below(Xoshiro256& rng, std::uint64_t bound);
/// Bernoulli(p): true with probability p (p given to 53 bits).
inline bool bernoulli(Xoshiro256& rng, double p) { return uniform01(rng) < p; }

/// Binomial(n, p) for p in [0,1]: inversion when n*min(p,1-p) < 10, otherwise Hörmann's BTRS
/// transformed rejection with squeeze. Exact up to double rounding of p and of lgamma.
std::uint64_t binomial(Xoshiro256& rng, std::uint64_t n, double p);

/// Multinomial(n, weights / sum(weights)) by sequential conditional binomials. Weights >= 0,
/// not all zero.
std::vector<std::uint64_t> multinomial(Xoshiro256& rng, std::uint64_t n,
                                       std::span<const double> weights);

}  // namespace uldp::estimate
