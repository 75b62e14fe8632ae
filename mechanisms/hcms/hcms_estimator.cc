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
  std::uint64_t n = 0;
  std::vector<std::uint64_t> agreeing(k, 0);
  const SketchFamily family = spec.family();
  for (std::size_t y = 0; y < counts.size(); ++y) {
    n += counts[y];
    if (counts[y] == 0) continue;
    const std::uint64_t j = y / 2 / spec.width, l = y / 2 % spec.width;
    for (std::size_t x = 0; x < k; ++x) {
      if (hadamard_plus(static_cast<std::uint32_t>(l), family(x, j)) == (y % 2 == 1))
        agreeing[x] += counts[y];
    }
  }
  return hadamard_sketch_estimate(spec, agreeing, n);
}

std::vector<Rational> hadamard_sketch_estimate(const HcmsSpec& spec,
                                               const std::vector<std::uint64_t>& agreeing,
                                               std::uint64_t n) {
  const Rational& t = spec.budget.exp_eps();
  if (t == 1) throw InvalidArgument(kHadamardNoInformation);
  if (n == 0) throw InvalidArgument("hcms estimate: no reports (n = 0)");
  const Rational c = (t + 1) / (t - 1), m{Integer(spec.width)}, total{Integer(n)};
  std::vector<Rational> estimate;
  estimate.reserve(agreeing.size());
  for (const std::uint64_t a : agreeing) {
    estimate.push_back(m / (m - 1) * (c * (2 * Rational(Integer(a)) - total) / total - 1 / m));
  }
  return estimate;
}

}  // namespace uldp
