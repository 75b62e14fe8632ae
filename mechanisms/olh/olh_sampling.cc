// Local hashing in doubles: its dense matrix over the family's (seed, value) outputs, for the
// samplers, EM and conformance (mechanisms/derivations.h).
#include <string>

#include "uldp/error.h"
#include "uldp/estimate/params.h"
#include "uldp/estimate/report_file.h"
#include "uldp/mechanisms/mechanism_spec.h"
#include "uldp/mechanisms/olh/olh.h"
#include "uldp/mechanisms/olh/olh_estimator.h"
#include "uldp/mechanisms/olh/olh_sampling.h"

namespace uldp {

std::vector<double> support_count_matrix(const MechanismSpec& spec, const OlhSpec& p) {
  const LocalHashingConstants c = local_hashing_constants(p.hash_range, p.budget.exp_eps());
  const std::vector<std::size_t> open = spec.sensitive.complement().indices();
  const std::uint64_t columns = p.hash_range * p.seeds;
  const std::size_t k = spec.k;
  std::vector<double> b((columns + open.size()) * k, 0.0);
  const Rational one_over_g = Rational(1) / Rational(Integer(p.hash_range));
  const Rational gap = c.keep - one_over_g;
  if (gap == 0) throw InvalidArgument(kNoInformation);
  const double hit = to_double((1 - one_over_g) / gap), miss = to_double(-one_over_g / gap);
  const HashFamily family = p.family();
  for (std::size_t z : spec.sensitive.indices()) {
    for (std::uint64_t s = 0; s < p.seeds; ++s) {
      const std::uint32_t h = family(z, s);
      for (std::uint64_t y = 0; y < p.hash_range; ++y)
        b[(s * p.hash_range + y) * k + z] = y == h ? hit : miss;
    }
  }
  if (open.empty()) return b;
  const double own = to_double(1 / c.itself);
  const double spread = to_double((-one_over_g + (one_over_g - c.other) / c.itself) / gap);
  for (std::size_t i = 0; i < open.size(); ++i) {
    double* row = b.data() + (columns + i) * k;
    row[open[i]] = own;
    for (std::size_t z : spec.sensitive.indices()) row[z] = spread;
  }
  return b;
}

estimate::DenseParams estimation_params(const MechanismSpec& spec, const OlhSpec& p) {
  validate_local_hashing_family(p.hash_range, p.seeds);
  const std::vector<std::size_t> open = spec.sensitive.complement().indices();
  // g < 2^32 and S <= 2^32 (validate_local_hashing_family): the product fits 64 bits.
  const std::uint64_t columns = p.hash_range * p.seeds;
  if (!listed_in_doubles(spec.k, open.size(), p.family())) {
    throw InvalidArgument(
        "hash_seeds: local hashing's doubles are its dense matrix, k x (S g + |X_N|) = " +
        std::to_string(spec.k) + " x " + std::to_string(columns + open.size()) +
        " entries, more than " + std::to_string(kMaxListedDoubles) +
        " (a smaller family or range fits; check, prove, table and conform take any)");
  }
  const LocalHashingConstants c = local_hashing_constants(p.hash_range, p.budget.exp_eps());
  const Rational per_seed{Integer(p.seeds)};
  const double keep = to_double(c.keep / per_seed), other = to_double(c.other / per_seed);
  estimate::DenseParams d;
  d.inputs = spec.k;
  d.outputs = static_cast<std::size_t>(columns) + open.size();
  d.q.assign(d.inputs * d.outputs, 0.0);
  const HashFamily family = p.family();
  for (std::size_t x = 0; x < spec.k; ++x) {
    double* row = d.q.data() + x * d.outputs;
    const bool sensitive = spec.sensitive.contains(x);
    for (std::uint64_t s = 0; s < p.seeds; ++s) {
      const std::uint64_t hit =
          sensitive ? family(x, s) : p.hash_range;  // non-sensitive: no value is its hash
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
  if (p.budget.exp_eps() == 1) {
    d.not_estimable = kNoInformation;
  } else {
    d.estimator = support_count_matrix(spec, p);
  }
  return d;
}

std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const OlhSpec& p,
                                               const estimate::ReportData& data) {
  return support_count_estimate(spec.sensitive, p.family(), p.budget.exp_eps(), data.symbol_counts);
}

}  // namespace uldp
