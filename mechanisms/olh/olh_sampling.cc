// Local hashing in doubles: its dense matrix over the family's (seed, value) outputs, for the
// samplers, EM and conformance (mechanisms/derivations.h).
#include <string>

#include "uldp/error.h"
#include "uldp/estimate/params.h"
#include "uldp/estimate/report_file.h"
#include "uldp/mechanisms/mechanism_spec.h"
#include "uldp/mechanisms/olh/olh.h"

namespace uldp {

estimate::DenseParams estimation_params(const MechanismSpec& spec, const OlhSpec& p) {
  validate_local_hashing_family(p.hash_range, p.seeds);
  const std::vector<std::size_t> open = spec.sensitive.complement().indices();
  const std::uint64_t columns = p.hash_range * p.seeds;  // both <= 2^32: no overflow
  constexpr std::uint64_t kMaxEntries = std::uint64_t{1} << 22;
  if (columns > kMaxEntries || columns + open.size() > kMaxEntries / spec.k) {
    throw InvalidArgument(
        "hash_seeds: local hashing's doubles are its dense matrix, k x (S g + |X_N|) = " +
        std::to_string(spec.k) + " x " + std::to_string(columns + open.size()) +
        " entries, more than " + std::to_string(kMaxEntries) +
        " (give a smaller --hash-seeds or --hash-range)");
  }
  const LocalHashingConstants c = local_hashing_constants(p.hash_range, p.budget.exp_eps());
  const Rational per_seed{Integer(p.seeds)};
  const double keep = to_double(c.keep / per_seed), other = to_double(c.other / per_seed);
  estimate::DenseParams d;
  d.inputs = spec.k;
  d.outputs = static_cast<std::size_t>(columns) + open.size();
  d.q.assign(d.inputs * d.outputs, 0.0);
  for (std::size_t x = 0; x < spec.k; ++x) {
    double* row = d.q.data() + x * d.outputs;
    const bool sensitive = spec.sensitive.contains(x);
    for (std::uint64_t s = 0; s < p.seeds; ++s) {
      const std::uint64_t hit = sensitive ? local_hash(x, static_cast<std::uint32_t>(s),
                                                       static_cast<std::uint32_t>(p.hash_range))
                                          : p.hash_range;  // non-sensitive: no value is its hash
      for (std::uint64_t y = 0; y < p.hash_range; ++y)
        row[s * p.hash_range + y] = y == hit ? keep : other;
    }
  }
  for (std::size_t i = 0; i < open.size(); ++i)
    d.q[open[i] * d.outputs + columns + i] = to_double(c.itself);
  d.output_labels.reserve(d.outputs);
  for (std::uint64_t s = 0; s < p.seeds; ++s) {
    for (std::uint64_t y = 0; y < p.hash_range; ++y)
      d.output_labels.push_back(local_hashing_label(s, y));
  }
  for (std::size_t x : open) d.output_labels.push_back(std::to_string(x));
  return d;
}

std::vector<Rational> exact_empirical_estimate(const MechanismSpec&, const OlhSpec&,
                                               const estimate::ReportData&) {
  throw InvalidArgument(
      "local hashing: uldp has no empirical estimator for it (over a finite family the support "
      "count is biased by the family's collisions); estimate with --method em");
}

}  // namespace uldp
