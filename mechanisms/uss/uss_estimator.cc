#include "uldp/mechanisms/uss/uss_estimator.h"

#include "uldp/error.h"
#include "uldp/mechanisms/uss/uss.h"

namespace uldp {

std::vector<Rational> exact_empirical_estimate_uss(const IndexSet& sensitive, std::size_t block,
                                                   const Rational& t,
                                                   const std::vector<std::uint64_t>& ones,
                                                   std::uint64_t n) {
  if (ones.size() != sensitive.universe() || n == 0) {
    throw InvalidArgument("uSS estimate: needs per-bit counts of k bits and n >= 1 reports");
  }
  const UssConstants c = uss_constants(sensitive.size(), block, t);
  if (c.own_sensitive_bit == c.other_sensitive_bit) {
    throw InvalidArgument(
        "uSS estimate: the decoder is undefined (p* = q*: K = |X_S| or exp_eps = 1)");
  }
  std::vector<Rational> p(ones.size());
  for (std::size_t x = 0; x < ones.size(); ++x) {
    if (ones[x] > n) throw InvalidArgument("uSS estimate: a bit count exceeds n");
    const Rational f = Rational(Integer(ones[x])) / Integer(n);
    p[x] =
        sensitive.contains(x)
            ? Rational((f - c.other_sensitive_bit) / (c.own_sensitive_bit - c.other_sensitive_bit))
            : Rational(f / c.own_open_bit);
  }
  return p;
}

}  // namespace uldp
