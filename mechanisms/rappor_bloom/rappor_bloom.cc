#include "uldp/mechanisms/rappor_bloom/rappor_bloom.h"

#include <openssl/evp.h>

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

#include "uldp/error.h"

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

BloomTable bloom_table(std::size_t k, const RapporBloomSpec& s) {
  if (s.given_filters) return *s.given_filters;
  BloomTable table(s.cohorts);
  for (std::uint32_t c = 0; c < s.cohorts; ++c) {
    table[c].reserve(k);
    for (std::size_t x = 0; x < k; ++x)
      table[c].push_back(bloom_bits_of(x, c, s.bloom_bits, s.bloom_hashes, s.client));
  }
  return table;
}

}  // namespace

namespace {

// The binary floating-point number nearest `value` with `precision` significant bits and no
// exponent below `min_exponent` (subnormals), ties to even, exactly.
Rational nearest_binary(const Rational& value, long precision, long min_exponent) {
  if (value == 0) return value;
  const Rational magnitude = value < 0 ? Rational(-value) : value;
  const Integer n = numerator(magnitude);
  const Integer d = denominator(magnitude);
  // e with 2^(precision-1) <= |value| / 2^e < 2^precision.
  long e = static_cast<long>(msb(n)) - static_cast<long>(msb(d)) - (precision - 1);
  Integer q, den, remainder;
  auto scale = [&](long exponent) {
    const Integer num = exponent < 0 ? Integer(n << static_cast<unsigned>(-exponent)) : n;
    den = exponent > 0 ? Integer(d << static_cast<unsigned>(exponent)) : d;
    q = num / den;
    remainder = num - q * den;
  };
  scale(e);
  if (q < (Integer(1) << (precision - 1))) scale(--e);
  if (e < min_exponent) scale(e = min_exponent);
  const Integer twice = 2 * remainder;
  if (twice > den || (twice == den && bit_test(q, 0))) ++q;
  Rational result = e < 0 ? Rational(q, Integer(1) << static_cast<unsigned>(-e))
                          : Rational(Integer(q << static_cast<unsigned>(e)));
  return value < 0 ? Rational(-result) : result;
}

// The C++ client's chance that a random byte is below static_cast<uint8_t>(256 p_s).
Rational cpp_coin(const Rational& p, const char* name) {
  const Rational scaled = nearest_float(p) * 256;
  if (scaled >= 256) {
    throw InvalidArgument(std::string(name) +
                          ": the cpp client's threshold static_cast<uint8_t>(256 p) is undefined "
                          "at p = 1 (256 does not fit; on x86 it becomes 0, a bit never 1)");
  }
  return round_down_dyadic(scaled / 256, 8);
}

}  // namespace

Rational nearest_double(const Rational& value) { return nearest_binary(value, 53, -1074); }
Rational nearest_float(const Rational& value) { return nearest_binary(value, 24, -149); }

RapporProbabilities drawn_probabilities(RapporClient client, const Rational& f, const Rational& p,
                                        const Rational& q) {
  if (client == RapporClient::kExact) return {f, p, q};
  if (client == RapporClient::kCpp) {
    // static_cast<uint8_t>(f_s * 128): the product is exact in float, the cast truncates.
    return {round_down_dyadic(nearest_float(f), 7), cpp_coin(p, "irr_p"), cpp_coin(q, "irr_q")};
  }
  // Math.round(f * 128) / 128.0: floor(128 f_d + 1/2) / 128 (f_d * 128 is exact).
  const Rational f_java = round_down_dyadic(nearest_double(f) + Rational(1, 256), 7);
  // P(nextFloat() < p_d) with nextFloat() = j / 2^24, j uniform in 0..2^24-1.
  return {f_java, round_up_dyadic(nearest_double(p), 24), round_up_dyadic(nearest_double(q), 24)};
}

BloomBits bloom_bits_of(std::size_t x, std::uint32_t cohort, std::uint32_t bits,
                        std::uint32_t hashes, RapporClient client) {
  std::string message(4, '\0');
  for (int i = 0; i < 4; ++i) message[i] = static_cast<char>((cohort >> (24 - 8 * i)) & 0xFF);
  message += std::to_string(x);
  const Digest digest = md5(message);
  BloomBits out;
  for (std::uint32_t i = 0; i < hashes; ++i) {
    const std::uint32_t word = client == RapporClient::kCpp
                                   ? std::uint32_t{digest[i]}
                                   : (std::uint32_t{digest[2 * i]} << 8) | digest[2 * i + 1];
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
