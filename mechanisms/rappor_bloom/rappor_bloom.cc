#include "uldp/mechanisms/rappor_bloom/rappor_bloom.h"

#include <openssl/evp.h>

#include <algorithm>
#include <array>
#include <stdexcept>

namespace uldp {
namespace {

using Digest = std::array<unsigned char, 16>;

Digest md5(const std::string& message) {
  Digest digest{};
  unsigned int length = 0;
  if (EVP_Digest(message.data(), message.size(), digest.data(), &length, EVP_md5(), nullptr) != 1 ||
      length != digest.size()) {
    throw std::runtime_error("rappor-bloom: OpenSSL's MD5 failed");
  }
  return digest;
}

// max(a/b, (1-a)/(1-b)) over the values with a positive numerator: a channel's largest ratio.
ExtendedRational largest_ratio(const Rational& one_numerator, const Rational& one_denominator) {
  ExtendedRational best(Rational(0));
  for (bool v : {false, true}) {
    const Rational num = v ? one_numerator : Rational(1 - one_numerator);
    const Rational den = v ? one_denominator : Rational(1 - one_denominator);
    if (num == 0) continue;
    const ExtendedRational r =
        den == 0 ? ExtendedRational::infinity() : ExtendedRational(num / den);
    if (best < r) best = r;
  }
  return best;
}

// (rho_on rho_off)^h of a channel (one bit in, another out: the most a pair of disjoint h-bit
// filters can show).
ExtendedRational pair_bound(const BitChannel& c, std::size_t hashes) {
  const ExtendedRational on = largest_ratio(c.one_if_on, c.one_if_off);
  const ExtendedRational off = largest_ratio(c.one_if_off, c.one_if_on);
  if (on.is_infinite() || off.is_infinite()) return ExtendedRational::infinity();
  Rational base = on.value() * off.value(), result(1);
  for (std::size_t i = 0; i < hashes; ++i) result *= base;
  return ExtendedRational(result);
}

BitChannel one_report_channel(const RapporProbabilities& d) {
  const Rational half_f = d.f / 2;
  return {(1 - half_f) * d.q + half_f * d.p, half_f * d.q + (1 - half_f) * d.p};
}

BitChannel permanent_channel(const Rational& f) { return {1 - f / 2, f / 2}; }

std::vector<std::vector<BloomBits>> bloom_table(std::size_t k, const RapporBloomSpec& s) {
  std::vector<std::vector<BloomBits>> table(s.cohorts);
  for (std::uint32_t c = 0; c < s.cohorts; ++c) {
    table[c].reserve(k);
    for (std::size_t x = 0; x < k; ++x)
      table[c].push_back(bloom_bits_of(x, c, s.bloom_bits, s.bloom_hashes));
  }
  return table;
}

}  // namespace

Rational nearest_double(const Rational& value) {
  if (value == 0) return value;
  const Rational magnitude = value < 0 ? Rational(-value) : value;
  const Integer n = numerator(magnitude);
  const Integer d = denominator(magnitude);
  // e with 2^52 <= |value| / 2^e < 2^53, not below the subnormals' 2^-1074.
  long e = static_cast<long>(msb(n)) - static_cast<long>(msb(d)) - 52;
  auto scaled = [&](long exponent, Integer& remainder) {
    Integer num = exponent < 0 ? Integer(n << static_cast<unsigned>(-exponent)) : n;
    Integer den = exponent > 0 ? Integer(d << static_cast<unsigned>(exponent)) : d;
    Integer q = num / den;
    remainder = num - q * den;
    return std::pair<Integer, Integer>(q, den);
  };
  Integer remainder;
  auto [q, den] = scaled(e, remainder);
  if (q < (Integer(1) << 52)) {
    --e;
    std::tie(q, den) = scaled(e, remainder);
  }
  if (e < -1074) {
    e = -1074;
    std::tie(q, den) = scaled(e, remainder);
  }
  const Integer twice = 2 * remainder;
  if (twice > den || (twice == den && bit_test(q, 0))) ++q;
  Rational result = e < 0 ? Rational(q, Integer(1) << static_cast<unsigned>(-e))
                          : Rational(Integer(q << static_cast<unsigned>(e)));
  return value < 0 ? Rational(-result) : result;
}

RapporProbabilities drawn_probabilities(RapporClient client, const Rational& f, const Rational& p,
                                        const Rational& q) {
  if (client == RapporClient::kExact) return {f, p, q};
  // Math.round(f * 128) / 128.0: floor(128 f_d + 1/2) / 128 (f_d * 128 is exact).
  const Rational f_java = round_down_dyadic(nearest_double(f) + Rational(1, 256), 7);
  // P(nextFloat() < p_d) with nextFloat() = j / 2^24, j uniform in 0..2^24-1.
  return {f_java, round_up_dyadic(nearest_double(p), 24), round_up_dyadic(nearest_double(q), 24)};
}

BloomBits bloom_bits_of(std::size_t x, std::uint32_t cohort, std::uint32_t bits,
                        std::uint32_t hashes) {
  std::string message(4, '\0');
  for (int i = 0; i < 4; ++i) message[i] = static_cast<char>((cohort >> (24 - 8 * i)) & 0xFF);
  message += std::to_string(x);
  const Digest digest = md5(message);
  BloomBits out;
  for (std::uint32_t i = 0; i < hashes; ++i) {
    const std::uint32_t word = (std::uint32_t{digest[2 * i]} << 8) | digest[2 * i + 1];
    out.push_back(word % bits);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

BloomFilterMechanism one_report_mechanism(std::size_t k, const RapporBloomSpec& spec) {
  return BloomFilterMechanism(spec.bloom_bits, bloom_table(k, spec),
                              one_report_channel(spec.drawn()), "rappor-bloom");
}

BloomFilterMechanism permanent_response_mechanism(std::size_t k, const RapporBloomSpec& spec,
                                                  const std::optional<Rational>& f) {
  return BloomFilterMechanism(spec.bloom_bits, bloom_table(k, spec),
                              permanent_channel(f ? *f : spec.drawn().f), "rappor-bloom");
}

ExtendedRational stated_one_report_exp_eps(const RapporBloomSpec& spec) {
  return pair_bound(one_report_channel(spec.drawn()), spec.bloom_hashes);
}

ExtendedRational stated_long_run_exp_eps(const RapporBloomSpec& spec, const Rational& f) {
  return pair_bound(permanent_channel(f), spec.bloom_hashes);
}

}  // namespace uldp
