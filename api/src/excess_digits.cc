// Row sums, ratio tolerance and the excess digits of `uldp check`.
#include "check_tolerance.h"

#include "uldp/arithmetic/certified_exp.h"
#include "uldp/arithmetic/extended_rational.h"
#include "uldp/forms/stochasticity.h"

namespace uldp::cli {
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

Bracket log_bracket(const Rational& value) {
  if (value == 1) return {Rational(0), Rational(0)};
  const LogBounds b = log_bounds(value, kDisplayBits);
  return {b.lower, b.upper};
}

}  // namespace

std::vector<RowSumExcess> row_sum_excesses(const DenseMechanism& q) {
  std::vector<RowSumExcess> rows;
  for (std::size_t x = 0; x < q.num_inputs(); ++x) {
    const Rational sum = row_sum(q, x);
    if (sum != 1) rows.push_back({x, sum - 1});
  }
  return rows;
}

bool ratio_within_tolerance(const Rational& ratio, const PrivacyBudget& budget,
                            const Rational& tolerance) {
  return budget.admits(ExtendedRational(ratio / (1 + tolerance)));
}

std::string scientific(const Rational& value, int digits) {
  if (value == 0) return "0";
  if (value < 0) {
    std::string out(1, '-');
    out.append(scientific(-value, digits));
    return out;
  }
  // value = m * 10^e with 1 <= m < 10.
  long e = static_cast<long>(msb(numerator(value))) - static_cast<long>(msb(denominator(value)));
  e = e * 30103 / 100000;
  auto power = [](long k) {
    return k >= 0 ? Rational(pow10(static_cast<int>(k)))
                  : Rational(1) / Rational(pow10(static_cast<int>(-k)));
  };
  while (value >= power(e + 1)) ++e;
  while (value < power(e)) --e;
  const Integer scaled = floor_scaled(value / power(e), digits - 1);
  std::string out = fixed_text(scaled, digits - 1);
  out.push_back('e');
  out.push_back(e < 0 ? '-' : '+');
  out.append(std::to_string(e < 0 ? -e : e));
  return out;
}

ExcessDigits excess_digits(const Rational& tight, const PrivacyBudget& budget) {
  ExcessDigits d;
  const Bracket claimed = claimed_exp_eps(budget);
  std::tie(d.claimed_exp_eps, d.tight_exp_eps) =
      digits_until_different(claimed, Bracket{tight, tight});
  const Bracket claimed_eps = budget.epsilon() ? Bracket{*budget.epsilon(), *budget.epsilon()}
                                               : log_bracket(budget.exp_eps());
  std::tie(d.claimed_eps, d.tight_eps) = digits_until_different(claimed_eps, log_bracket(tight));
  // tight / e^ε - 1 lies between tight/upper - 1 and tight/lower - 1; the bracket is far
  // narrower than the three digits shown.
  d.relative_excess = scientific(tight / claimed.upper - 1);
  if (!budget.epsilon()) d.exact_relative_excess = tight / budget.exp_eps() - 1;
  return d;
}

nlohmann::json excess_digits_to_json(const ExcessDigits& d) {
  nlohmann::json j = {{"claimed_exp_eps", d.claimed_exp_eps},
                      {"tight_exp_eps", d.tight_exp_eps},
                      {"claimed_eps", d.claimed_eps},
                      {"tight_eps", d.tight_eps},
                      {"relative_excess", d.relative_excess}};
  if (d.exact_relative_excess) j["exact_relative_excess"] = to_string(*d.exact_relative_excess);
  return j;
}

}  // namespace uldp::cli
