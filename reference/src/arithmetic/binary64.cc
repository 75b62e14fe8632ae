#include "uldp/arithmetic/binary64.h"

#include <algorithm>
#include <bit>
#include <charconv>

namespace uldp {
namespace {

constexpr std::uint64_t kFractionMask = (std::uint64_t{1} << 52) - 1;

// m and the shift s of a pattern's value m * 2^(s - 1074), m < 2^53, 0 <= s <= 2045.
struct Fields {
  std::uint64_t m;
  unsigned s;
};

Fields fields(std::uint64_t bits) {
  const auto biased = static_cast<unsigned>(bits >> 52);
  if (biased == 0) return {bits & kFractionMask, 0};  // subnormal: m * 2^-1074
  return {(bits & kFractionMask) | (std::uint64_t{1} << 52), biased - 1};
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

Rational binary64_value(std::uint64_t bits) {
  Rational r;  // 0/1
  Fields f = fields(bits);
  if (f.m == 0) return r;
  const int zeros = std::countr_zero(f.m);
  f.m >>= zeros;
  const long exponent = static_cast<long>(f.s) + zeros - 1074;
  mpq_ptr q = r.backend().data();
  mpz_import(mpq_numref(q), 1, -1, sizeof f.m, 0, 0, &f.m);
  if (exponent >= 0) {
    mpz_mul_2exp(mpq_numref(q), mpq_numref(q), static_cast<mp_bitcnt_t>(exponent));
  } else {
    // m is odd: m / 2^-exponent is in lowest terms.
    mpz_set_ui(mpq_denref(q), 0);
    mpz_setbit(mpq_denref(q), static_cast<mp_bitcnt_t>(-exponent));
  }
  return r;
}

std::optional<std::uint64_t> binary64_bits(const Rational& value) {
  if (value < 0) return std::nullopt;
  if (value == 0) return 0;
  mpz_srcptr num = mpq_numref(value.backend().data());
  mpz_srcptr den = mpq_denref(value.backend().data());
  const mp_bitcnt_t den_zeros = mpz_scan1(den, 0);
  if (mpz_sizeinbase(den, 2) - 1 != den_zeros) return std::nullopt;  // not a power of two
  // value = m * 2^exponent with m odd.
  Integer m;
  long exponent = -static_cast<long>(den_zeros);
  if (den_zeros == 0) {
    const mp_bitcnt_t num_zeros = mpz_scan1(num, 0);
    mpz_tdiv_q_2exp(m.backend().data(), num, num_zeros);
    exponent = static_cast<long>(num_zeros);
  } else {
    mpz_set(m.backend().data(), num);
  }
  const auto length = static_cast<long>(mpz_sizeinbase(m.backend().data(), 2));
  if (length > 53) return std::nullopt;
  const long top = exponent + length - 1;  // 2^top <= value < 2^(top+1)
  if (top > 1023 || exponent < -1074) return std::nullopt;
  std::uint64_t mantissa = 0;
  mpz_export(&mantissa, nullptr, -1, sizeof mantissa, 0, 0, m.backend().data());
  if (top < -1022) return mantissa << (exponent + 1074);  // subnormal: a multiple of 2^-1074
  const std::uint64_t biased = static_cast<std::uint64_t>(top + 1023);
  return (biased << 52) | ((mantissa << (53 - length)) & kFractionMask);
}

std::optional<std::uint64_t> parse_plain_decimal_binary64(std::string_view text) {
  if (text.empty() || text.size() > 200) return std::nullopt;
  std::size_t i = 0;
  const std::size_t n = text.size();
  std::size_t whole = 0, fraction = 0;
  while (i < n && is_digit(text[i])) ++i, ++whole;
  if (i < n && text[i] == '.') {
    ++i;
    while (i < n && is_digit(text[i])) ++i, ++fraction;
  }
  if (whole + fraction == 0) return std::nullopt;
  if (i < n && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < n && (text[i] == '+' || text[i] == '-')) ++i;
    std::size_t digits = 0;
    while (i < n && is_digit(text[i])) ++i, ++digits;
    if (digits == 0 || digits > 4) return std::nullopt;
  }
  if (i != n) return std::nullopt;
  // The text is a decimal parse_rational accepts; from_chars rounds it to nearest like strtod.
  double nearest = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + n, nearest);
  if (error != std::errc() || end != text.data() + n) return std::nullopt;
  const auto bits = std::bit_cast<std::uint64_t>(nearest);
  if (!is_nonnegative_finite_binary64(bits)) return std::nullopt;
  return bits;
}

void Binary64Sum::add(std::uint64_t bits) {
  const Fields f = fields(bits);
  if (f.m == 0) return;
  std::size_t word = f.s / 64;
  const unsigned offset = f.s % 64;
  const std::uint64_t low = f.m << offset;
  const std::uint64_t high = offset == 0 ? 0 : f.m >> (64 - offset);
  words_[word] += low;
  std::uint64_t carry = high + (words_[word] < low ? 1 : 0);  // high < 2^53: no overflow
  while (carry != 0 && ++word < words_.size()) {
    words_[word] += carry;
    carry = words_[word] < carry ? 1 : 0;
  }
}

Rational Binary64Sum::value() const {
  Rational r;
  mpq_ptr q = r.backend().data();
  mpz_import(mpq_numref(q), words_.size(), -1, sizeof(std::uint64_t), 0, 0, words_.data());
  if (mpz_sgn(mpq_numref(q)) == 0) return r;
  // sum / 2^1074 in lowest terms: cancel the common powers of two.
  const mp_bitcnt_t shift = std::min<mp_bitcnt_t>(mpz_scan1(mpq_numref(q), 0), 1074);
  mpz_tdiv_q_2exp(mpq_numref(q), mpq_numref(q), shift);
  mpz_set_ui(mpq_denref(q), 0);
  mpz_setbit(mpq_denref(q), 1074 - shift);
  return r;
}

}  // namespace uldp
