// Local hashing in doubles: its dense matrix over the family's (seed, value) outputs, for the
// samplers, EM and conformance (mechanisms/derivations.h).
#include <algorithm>
#include <cmath>
#include <string>

#include "uldp/error.h"
#include "uldp/estimate/params.h"
#include "uldp/estimate/report_file.h"
#include "uldp/estimate/unlisted.h"
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

namespace {

// A report's first word when it is an X_N symbol (ulh), not a seed (< 2^32).
constexpr std::uint64_t kOwnSymbol = ~std::uint64_t{0};

}  // namespace

estimate::UnlistedParams unlisted_params(const MechanismSpec& spec, const OlhSpec& p) {
  validate_local_hashing_family(p.hash_range, p.seeds);
  const LocalHashingConstants c = local_hashing_constants(p.hash_range, p.budget.exp_eps());
  const HashFamily family = p.family();
  const IndexSet sensitive = spec.sensitive;
  const std::uint64_t g = p.hash_range, seeds = p.seeds;
  const std::size_t k = spec.k;
  const bool open = sensitive.size() < k;
  const double keep = to_double(c.keep), other = to_double(c.other), itself = to_double(c.itself);
  estimate::UnlistedParams u;
  u.inputs = k;
  u.width = 2;  // seed, value; or kOwnSymbol, x
  u.form = std::string("seed,value (a seed 0..") + std::to_string(seeds - 1) + ", a value 0.." +
           std::to_string(g - 1) + ")" + (open ? " or a symbol of X_N" : "");
  u.outputs = std::to_string(seeds) + " x " + std::to_string(g) +
              (open ? " + " + std::to_string(k - sensitive.size()) : std::string());
  u.draw = [=](estimate::Xoshiro256& rng, std::size_t x, std::span<std::uint64_t> report) {
    if (!sensitive.contains(x)) {  // itself w.p. (t-1)/(t+g-1), else any (s, y) alike
      if (estimate::bernoulli(rng, itself)) {
        report[0] = kOwnSymbol;
        report[1] = x;
        return;
      }
      report[0] = estimate::uniform_below(rng, seeds);
      report[1] = estimate::uniform_below(rng, g);
      return;
    }
    const std::uint64_t s = estimate::uniform_below(rng, seeds), h = family(x, s);
    report[0] = s;
    if (estimate::bernoulli(rng, keep)) {
      report[1] = h;
    } else {
      const std::uint64_t r = estimate::uniform_below(rng, g - 1);
      report[1] = r < h ? r : r + 1;
    }
  };
  u.parse = [=](std::string_view text,
                std::span<std::uint64_t> report) -> std::optional<estimate::ReportSyntaxError> {
    const std::size_t comma = text.find(',');
    if (comma == std::string_view::npos) {
      if (!open)
        return estimate::ReportSyntaxError{1, estimate::quoted_excerpt(text) + " has no seed"};
      report[0] = kOwnSymbol;
      if (auto e = estimate::read_report_field(text, k, "symbol", 1, report[1])) return e;
      if (sensitive.contains(report[1])) {
        return estimate::ReportSyntaxError{1, std::string("symbol ") + std::to_string(report[1]) +
                                                  " is sensitive: no report names it"};
      }
      return std::nullopt;
    }
    if (auto e = estimate::read_report_field(text.substr(0, comma), seeds, "seed", 1, report[0]))
      return e;
    return estimate::read_report_field(text.substr(comma + 1), g, "value", comma + 2, report[1]);
  };
  u.write = [](std::span<const std::uint64_t> report, std::string& out) {
    out += report[0] == kOwnSymbol ? std::to_string(report[1])
                                   : local_hashing_label(report[0], report[1]);
  };
  const double log_seeds = std::log(static_cast<double>(seeds));
  u.likelihood = [=](std::span<const std::uint64_t> report, std::span<double> likelihood) {
    if (report[0] == kOwnSymbol) {
      std::fill(likelihood.begin(), likelihood.end(), 0.0);
      likelihood[report[1]] = itself;
      return 0.0;
    }
    for (std::size_t x = 0; x < k; ++x) {
      likelihood[x] = sensitive.contains(x) && family(x, report[0]) == report[1] ? keep : other;
    }
    return -log_seeds;
  };
  const Rational one_over_g = Rational(1) / Rational(Integer(g));
  const Rational gap = c.keep - one_over_g;
  if (gap == 0) {
    u.not_estimable = kNoInformation;
    return u;
  }
  // support_count_matrix's rows, computed per report.
  const double hit = to_double((1 - one_over_g) / gap), miss = to_double(-one_over_g / gap);
  const double own = open ? to_double(1 / c.itself) : 0.0;
  const double spread =
      open ? to_double((-one_over_g + (one_over_g - c.other) / c.itself) / gap) : 0.0;
  u.add_estimate = [=](std::span<const std::uint64_t> report, std::span<double> row) {
    if (report[0] == kOwnSymbol) {
      row[report[1]] += own;
      for (const std::size_t z : sensitive.indices()) row[z] += spread;
      return;
    }
    for (const std::size_t z : sensitive.indices())
      row[z] += family(z, report[0]) == report[1] ? hit : miss;
  };
  return u;
}

estimate::DenseOrUnlisted estimation_params(const MechanismSpec& spec, const OlhSpec& p) {
  validate_local_hashing_family(p.hash_range, p.seeds);
  const std::vector<std::size_t> open = spec.sensitive.complement().indices();
  // g < 2^32 and S <= 2^32 (validate_local_hashing_family): the product fits 64 bits.
  const std::uint64_t columns = p.hash_range * p.seeds;
  if (!listed_in_doubles(spec.k, open.size(), p.family())) return unlisted_params(spec, p);
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
  const estimate::UnlistedReports& reports = data.unlisted_reports;
  if (reports.size() == 0) {
    return support_count_estimate(spec.sensitive, p.family(), p.budget.exp_eps(),
                                  data.symbol_counts);
  }
  // Beyond the listing: each report (s, y) supports the sensitive z with h_s(z) = y.
  const HashFamily family = p.family();
  std::vector<std::uint64_t> supports(spec.k, 0), own(spec.k, 0);
  for (std::size_t i = 0; i < reports.size(); ++i) {
    const auto r = reports.report(i);
    if (r[0] == kOwnSymbol) {
      ++own[r[1]];
      continue;
    }
    for (const std::size_t z : spec.sensitive.indices()) supports[z] += family(z, r[0]) == r[1];
  }
  return support_count_estimate(spec.sensitive, p.hash_range, p.budget.exp_eps(), supports, own,
                                reports.size());
}

}  // namespace uldp
