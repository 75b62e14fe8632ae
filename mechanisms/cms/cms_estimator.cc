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
  const std::size_t per_hash = std::size_t{1} << q.bits();
  std::uint64_t n = 0;
  std::vector<std::uint64_t> at_bucket(q.num_inputs(), 0);
  for (std::size_t j = 0; j < q.cohorts(); ++j) {
    for (std::size_t y = 0; y < per_hash; ++y) {
      const std::uint64_t count = counts[j * per_hash + y];
      n += count;
      for (std::size_t x = 0; x < q.num_inputs(); ++x) {
        if ((y >> q.bloom_bits(j, x).front()) & 1u) at_bucket[x] += count;
      }
    }
  }
  return sketch_estimate(q.bits(), s, at_bucket, n);
}

std::vector<Rational> sketch_estimate(std::size_t width, const Rational& s,
                                      const std::vector<std::uint64_t>& at_bucket,
                                      std::uint64_t n) {
  if (s == 1) throw InvalidArgument(kSketchNoInformation);
  if (n == 0) throw InvalidArgument("cms estimate: no reports (n = 0)");
  const Rational c = (s + 1) / (s - 1), m{Integer(width)}, total{Integer(n)};
  std::vector<Rational> estimate;
  estimate.reserve(at_bucket.size());
  for (const std::uint64_t plus : at_bucket) {
    estimate.push_back(m / (m - 1) *
                       (c * Rational(Integer(plus)) / total - c / 2 + Rational(1, 2) - 1 / m));
  }
  return estimate;
}

}  // namespace uldp
