#include "uldp/mechanisms/cms/cms_estimator.h"

#include <string>

#include "uldp/error.h"

namespace uldp {

Rational sketch_report_estimate(const BloomFilterMechanism& q, const Rational& s, std::size_t j,
                                std::size_t y, std::size_t x) {
  if (s == 1) throw InvalidArgument(kSketchNoInformation);
  const Rational c = (s + 1) / (s - 1);
  const Rational m(Integer(q.bits()));
  const std::uint32_t bucket = q.bloom_bits(j, x).front();
  const Rational v = ((y >> bucket) & 1u) ? Rational(1) : Rational(-1);
  return m / (m - 1) * (c / 2 * v + Rational(1, 2) - 1 / m);
}

std::vector<Rational> sketch_estimate(const BloomFilterMechanism& q, const Rational& s,
                                      const std::vector<std::uint64_t>& counts) {
  if (q.bits() >= 13 || counts.size() != q.cohorts() << q.bits()) {
    throw InvalidArgument("cms estimate: " + std::to_string(counts.size()) +
                          " counts, not one per (j, bits) output");
  }
  if (s == 1) throw InvalidArgument(kSketchNoInformation);
  Integer n(0);
  for (std::uint64_t c : counts) n += c;
  if (n == 0) throw InvalidArgument("cms estimate: no reports (n = 0)");
  const std::size_t per_hash = std::size_t{1} << q.bits();
  std::vector<Rational> estimate(q.num_inputs(), Rational(0));
  for (std::size_t j = 0; j < q.cohorts(); ++j) {
    for (std::size_t y = 0; y < per_hash; ++y) {
      const std::uint64_t count = counts[j * per_hash + y];
      if (count == 0) continue;
      for (std::size_t x = 0; x < q.num_inputs(); ++x)
        estimate[x] += Rational(Integer(count)) * sketch_report_estimate(q, s, j, y, x);
    }
  }
  for (Rational& e : estimate) e /= Rational(n);
  return estimate;
}

}  // namespace uldp
