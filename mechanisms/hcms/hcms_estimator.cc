#include "uldp/mechanisms/hcms/hcms_estimator.h"

#include <string>

#include "uldp/error.h"

namespace uldp {

Rational hadamard_report_estimate(const HcmsSpec& spec, std::size_t y, std::size_t x) {
  const Rational& t = spec.budget.exp_eps();
  if (t == 1) throw InvalidArgument(kHadamardNoInformation);
  const Rational c = (t + 1) / (t - 1);
  const Rational m(Integer(spec.width));
  const std::uint64_t j = y / 2 / spec.width, l = y / 2 % spec.width;
  const bool plus = y % 2 == 1;
  const bool agrees = hadamard_plus(static_cast<std::uint32_t>(l), spec.family()(x, j)) == plus;
  return m / (m - 1) * ((agrees ? c : Rational(-c)) - 1 / m);
}

std::vector<Rational> hadamard_sketch_estimate(std::size_t k, const HcmsSpec& spec,
                                               const std::vector<std::uint64_t>& counts) {
  const std::uint64_t outputs = std::uint64_t{spec.hashes} * spec.width * 2;
  if (counts.size() != outputs) {
    throw InvalidArgument("hcms estimate: " + std::to_string(counts.size()) +
                          " counts, not one per (j, l, w) output (" + std::to_string(outputs) +
                          ")");
  }
  if (spec.budget.exp_eps() == 1) throw InvalidArgument(kHadamardNoInformation);
  Integer n(0);
  for (std::uint64_t c : counts) n += c;
  if (n == 0) throw InvalidArgument("hcms estimate: no reports (n = 0)");
  std::vector<Rational> estimate(k, Rational(0));
  for (std::size_t y = 0; y < counts.size(); ++y) {
    if (counts[y] == 0) continue;
    for (std::size_t x = 0; x < k; ++x)
      estimate[x] += Rational(Integer(counts[y])) * hadamard_report_estimate(spec, y, x);
  }
  for (Rational& e : estimate) e /= Rational(n);
  return estimate;
}

}  // namespace uldp
