// The personalized-mechanism experiment of Section 6.2 (Figures 8 and 13, Table 1): the PUM
// with κ = 2 semantic tags (home, workplace) on the location data, a common uRR or uRAP over
// Z = X ∪ {⊥_1, ⊥_2}, r̂ by EM, and p̂ by eq. (21) with background knowledge (I) none (the
// paper's fallback), (II) the POI distributions, (III) the true π_k; the l1 loss beside the
// two terms of Theorem 1 (eq. (22), with |r̂(⊥_k)|: docs/errata.md U3).
#include <algorithm>
#include <cmath>
#include <optional>

#include "uldp/estimate/pum.h"
#include "uldp/estimate/random.h"
#include "uldp/experiment/catalogue.h"
#include "uldp/experiment/trial.h"

namespace uldp::experiment {
namespace {

double l1(const std::vector<double>& a, const std::vector<double>& b) {
  return 2 * total_variation(a, b);
}

std::vector<double> frequencies(const std::vector<std::uint64_t>& counts) {
  double total = 0;
  for (std::uint64_t c : counts) total += static_cast<double>(c);
  std::vector<double> f(counts.size(), total > 0 ? 0.0 : 1.0 / static_cast<double>(counts.size()));
  if (total > 0) {
    for (std::size_t i = 0; i < counts.size(); ++i) f[i] = static_cast<double>(counts[i]) / total;
  }
  return f;
}

// The users of one realization: their inputs, and per tag how many map to that tag's bot.
struct TaggedUsers {
  std::vector<std::uint64_t> inputs;               ///< over X
  std::vector<std::vector<std::uint64_t>> tagged;  ///< [tag][x]
  std::vector<std::uint64_t> intermediate;         ///< over Z = X ∪ bots
};

TaggedUsers draw_tagged_users(const Dataset& d, std::uint64_t n, std::uint64_t seed) {
  TaggedUsers u;
  u.inputs = draw_users(d.p, n, seed);
  estimate::Xoshiro256 rng(stream_seed(seed, 55));
  const std::size_t kappa = d.tags.size();
  u.tagged.assign(kappa, std::vector<std::uint64_t>(d.k, 0));
  u.intermediate.assign(d.k + kappa, 0);
  for (std::size_t x = 0; x < d.k; ++x) {
    std::uint64_t left = u.inputs[x];
    double left_share = 1;
    for (std::size_t t = 0; t < kappa; ++t) {
      const double q = left_share > 0 ? std::min(1.0, d.tag_share[t][x] / left_share) : 0.0;
      u.tagged[t][x] = estimate::binomial(rng, left, q);
      left -= u.tagged[t][x];
      left_share -= d.tag_share[t][x];
      u.intermediate[d.k + t] += u.tagged[t][x];
    }
    u.intermediate[x] = left;
  }
  return u;
}

}  // namespace

Experiment personalized_experiment() {
  Experiment e;
  e.name = "personalized";
  e.reproduces =
      "Figures 8 and 13 and Table 1: PUM with home/workplace tags, knowledge I/II/III, l1 loss "
      "beside the first and second terms of Theorem 1 (location data, EM)";
  e.default_size = "n = 179527 (the paper's); 10 realizations; 13 values of eps";
  e.full_size = "n = 179527; 100 realizations; 13 values of eps";
  e.key_columns = {"dataset", "k", "mechanism", "eps", "knowledge"};
  e.value_columns = {"tv", "mse", "l1", "first_term", "second_term", "bound", "second_term_worst"};
  e.default_mechanisms = {"urr", "urap"};
  e.sizes = [](bool full) {
    const std::vector<double> grid = {0.1, 0.2, 0.5, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    return full ? Sizes{0, 179527, 100, grid} : Sizes{0, 179527, 10, grid};
  };
  e.settings = [](const RunContext& c) {
    const Dataset& d = dataset(c, "location");
    std::vector<double> grid = c.sizes.eps;
    grid.push_back(std::log(static_cast<double>(d.k)));
    std::sort(grid.begin(), grid.end());
    grid.erase(std::unique(grid.begin(), grid.end()), grid.end());
    std::vector<Setting> settings;
    for (const std::string& mech : c.mechanisms)
      for (double eps : grid)
        settings.push_back({{"location", std::to_string(d.k), mech, key_number(eps)}});
    return settings;
  };
  e.run = [](const RunContext& c, const Setting& s, std::size_t index, std::size_t r) {
    const Dataset& d = dataset(c, "location");
    const std::uint64_t n = c.sizes.location_users;
    const std::size_t kappa = d.tags.size();
    const TaggedUsers users =
        draw_tagged_users(d, n, stream_seed(c.seed, dataset_stream(d.name), r));
    const IndexSet z_sensitive = estimate::pum_intermediate_sensitive(d.sensitive, kappa);
    const MechanismSpec common = build_mechanism(s.keys[2], z_sensitive, std::stod(s.keys[3]));
    const std::vector<double> r_hat =
        run_trial(common, users.intermediate, stream_seed(c.seed, 1000 + index, r),
                  {false, false, true})
            .em;
    const std::vector<double> r_true = frequencies(users.intermediate);
    const std::vector<double> p_true = frequencies(users.inputs);
    std::vector<std::vector<double>> pi_true;
    for (std::size_t t = 0; t < kappa; ++t) pi_true.push_back(frequencies(users.tagged[t]));
    const std::vector<double> fallback = estimate::pum_fallback_pi(r_hat, d.sensitive);

    const double first = l1(r_hat, r_true);
    double worst = 0;
    for (std::size_t t = 0; t < kappa; ++t) worst += 2 * std::abs(r_hat[d.k + t]);
    std::vector<Row> rows;
    for (const char* knowledge : {"I", "II", "III"}) {
      std::vector<std::optional<std::vector<double>>> pi_hat(kappa);
      double second = 0;
      for (std::size_t t = 0; t < kappa; ++t) {
        const std::string k(knowledge);
        if (k == "II") pi_hat[t] = d.poi[t];
        if (k == "III") pi_hat[t] = pi_true[t];
        second += std::abs(r_hat[d.k + t]) * l1(pi_hat[t] ? *pi_hat[t] : fallback, pi_true[t]);
      }
      const std::vector<double> p_hat = estimate::pum_estimate(r_hat, pi_hat, d.sensitive);
      Row row{s.keys,
              {total_variation(p_hat, p_true), squared_l2(p_hat, p_true), l1(p_hat, p_true), first,
               second, first + second, worst}};
      row.keys.push_back(knowledge);
      rows.push_back(std::move(row));
    }
    return rows;
  };
  e.figures = {
      {"personalized-tv", "tv", "TV", "eps", {"mechanism"}, true, true, true, "knowledge"},
      {"personalized-mse", "mse", "MSE", "eps", {"mechanism"}, true, true, true, "knowledge"}};
  return e;
}

}  // namespace uldp::experiment
