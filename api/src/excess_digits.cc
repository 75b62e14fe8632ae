// The excess digits of a check: how far a tight ratio lies above the claimed e^ε, shown digit by
// digit from certified bounds (display only; the verdict is decided exactly elsewhere).
#include "uldp/api/check.h"
#include "uldp/api/render.h"
#include "uldp/arithmetic/certified_exp.h"

namespace uldp::api {
namespace {

// Bits of the certified bounds behind the display: about 77 decimal digits.
constexpr unsigned kDisplayBits = 256;
// Digits after the point tried before giving up on finding a difference.
constexpr int kMaxFractionDigits = 70;

// An interval known to hold a real number (lower == upper for an exact rational).
struct Bracket {
  Rational lower;
  Rational upper;
};

Integer pow10(int e) {
  Integer r = 1;
  for (int i = 0; i < e; ++i) r *= 10;
  return r;
}

Integer floor_scaled(const Rational& value, int fraction_digits) {
  const Rational scaled = value * Rational(pow10(fraction_digits));
  Integer q = numerator(scaled) / denominator(scaled);  // truncates toward zero
  if (scaled < 0 && Rational(q) != scaled) --q;
  return q;
}

std::string fixed_text(const Integer& scaled, int fraction_digits) {
  const bool negative = scaled < 0;
  const std::string digits = (negative ? Integer(-scaled) : scaled).str();
  const auto fraction = static_cast<std::size_t>(fraction_digits);
  // Left-pad with zeros so that there is at least one digit before the point.
  const std::string padded =
      digits.size() <= fraction ? std::string(fraction + 1 - digits.size(), '0') + digits : digits;
  std::string out;
  if (negative) out.push_back('-');
  out.append(padded, 0, padded.size() - fraction);
  if (fraction > 0) {
    out.push_back('.');
    out.append(padded, padded.size() - fraction, fraction);
  }
  return out;
}

// Truncated decimals of two brackets with as many digits after the point as it takes for them
// to differ (certainly: each bracket's two ends agree on every digit shown).
std::pair<std::string, std::string> digits_until_different(const Bracket& a, const Bracket& b) {
  for (int f = 0; f <= kMaxFractionDigits; ++f) {
    const Integer a_lower = floor_scaled(a.lower, f), a_upper = floor_scaled(a.upper, f);
    const Integer b_lower = floor_scaled(b.lower, f), b_upper = floor_scaled(b.upper, f);
    if (a_lower != a_upper || b_lower != b_upper) {
      return {fixed_text(a_lower, f) + "...", fixed_text(b_lower, f) + "..."};
    }
    if (a_lower != b_lower) return {fixed_text(a_lower, f), fixed_text(b_lower, f)};
  }
  return {fixed_text(floor_scaled(a.lower, kMaxFractionDigits), kMaxFractionDigits) + "...",
          fixed_text(floor_scaled(b.lower, kMaxFractionDigits), kMaxFractionDigits) + "..."};
}

Bracket claimed_exp_eps(const PrivacyBudget& budget) {
  if (!budget.epsilon()) return {budget.exp_eps(), budget.exp_eps()};
  const ExpBounds b = exp_bounds(*budget.epsilon(), kDisplayBits);
  return {b.lower, b.upper};
}

Bracket log_bracket(const Rational& value, unsigned bits) {
  if (value == 1) return {Rational(0), Rational(0)};
  const LogBounds b = log_bounds(value, bits);
  return {b.lower, b.upper};
}

// The ε digits, from the coarsest bounds that show where they differ: a certain first difference
// is the same at any precision, and a logarithm at 64 bits costs a 25th of one at 256.
std::pair<std::string, std::string> eps_digits(const Rational& tight, const PrivacyBudget& budget) {
  for (const unsigned bits : {64u, 128u, kDisplayBits}) {
    const Bracket claimed = budget.epsilon() ? Bracket{*budget.epsilon(), *budget.epsilon()}
                                             : log_bracket(budget.exp_eps(), bits);
    std::pair<std::string, std::string> digits =
        digits_until_different(claimed, log_bracket(tight, bits));
    if (bits == kDisplayBits || !digits.first.ends_with("...")) return digits;
  }
  return {};  // not reached: the last precision returns
}

}  // namespace

ExcessDigits excess_digits(const Rational& tight, const PrivacyBudget& budget) {
  ExcessDigits d;
  const Bracket claimed = claimed_exp_eps(budget);
  std::tie(d.claimed_exp_eps, d.tight_exp_eps) =
      digits_until_different(claimed, Bracket{tight, tight});
  std::tie(d.claimed_eps, d.tight_eps) = eps_digits(tight, budget);
  // tight / e^ε - 1 lies between tight/upper - 1 and tight/lower - 1; the bracket is far
  // narrower than the three digits shown.
  d.relative_excess = scientific(tight / claimed.upper - 1);
  if (!budget.epsilon()) d.exact_relative_excess = tight / budget.exp_eps() - 1;
  return d;
}

}  // namespace uldp::api
