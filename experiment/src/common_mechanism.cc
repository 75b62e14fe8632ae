// The common-mechanism experiments of Section 6.2: ε vs TV / MSE (Figures 5 and 10),
// |X_S| vs TV / MSE (Figures 6 and 11), number of attributes vs TV / MSE (Figures 7 and 12).
#include <algorithm>
#include <cmath>
#include <numeric>

#include "uldp/estimate/random.h"
#include "uldp/experiment/catalogue.h"
#include "uldp/experiment/trial.h"
#include "uldp/losses/l2_loss.h"

namespace uldp::experiment {
namespace {

const std::vector<std::string> kPaperMechanisms = {"rr", "rappor", "urr", "urap", "none"};

// E[l2^2] of the empirical estimator for users drawn i.i.d. from p (exact quadratic, evaluated
// in double): the value the Monte Carlo MSE of "emp" estimates.
double exact_emp_mse(const MechanismSpec& spec, const std::vector<double>& p, std::uint64_t n) {
  const L2Quadratic q = l2_quadratic(spec);
  double value = to_double(q.constant);
  for (std::size_t x = 0; x < p.size(); ++x) value += to_double(q.linear[x]) * p[x] - p[x] * p[x];
  return value / static_cast<double>(n);
}

// The rows of one trial: one per estimator asked for, values (tv, mse, exact emp mse).
std::vector<Row> trial_rows(const std::vector<std::string>& keys, const MechanismSpec& spec,
                            const std::vector<double>& p, const std::vector<std::uint64_t>& users,
                            std::uint64_t n, std::uint64_t seed, const EstimatorChoice& choice) {
  const TrialEstimates e = run_trial(spec, users, seed, choice);
  std::vector<Row> rows;
  const auto add = [&](const char* estimator, const std::vector<double>& p_hat, double exact) {
    if (p_hat.empty()) return;
    Row row{keys, {total_variation(p_hat, p), squared_l2(p_hat, p), exact}};
    row.keys.push_back(estimator);
    rows.push_back(std::move(row));
  };
  add("emp", e.emp, exact_emp_mse(spec, p, n));
  add("emp+thr", e.thr, std::nan(""));
  add("em", e.em, std::nan(""));
  return rows;
}

std::uint64_t users_of(const RunContext& c, const Dataset& d) {
  return d.name == "census" ? c.sizes.census_users : c.sizes.location_users;
}

// The ε grid of a data set: the run's grid plus ln|X| (where the paper draws its bold line).
std::vector<double> eps_grid(const RunContext& c, std::size_t k) {
  std::vector<double> grid = c.sizes.eps;
  grid.push_back(std::log(static_cast<double>(k)));
  std::sort(grid.begin(), grid.end());
  grid.erase(std::unique(grid.begin(), grid.end()), grid.end());
  return grid;
}

// X_S of the |X_S| sweep: `count` symbols drawn uniformly without replacement (partial shuffle).
IndexSet random_sensitive(std::size_t k, std::size_t count, std::uint64_t seed) {
  estimate::Xoshiro256 rng(seed);
  std::vector<std::size_t> all(k);
  std::iota(all.begin(), all.end(), 0);
  for (std::size_t i = 0; i < count; ++i) {
    std::swap(all[i], all[i + estimate::uniform_below(rng, k - i)]);
  }
  all.resize(count);
  return IndexSet::from_indices(std::move(all), k, "random X_S");
}

// The paper's |X_S| sweep from 1 to |X|, on a log scale.
std::vector<std::size_t> sensitive_counts(std::size_t k, bool fine) {
  std::vector<std::size_t> counts;
  const std::vector<std::size_t> steps =
      fine ? std::vector<std::size_t>{1, 2, 3, 5, 7} : std::vector<std::size_t>{1, 3};
  for (std::size_t decade = 1; decade < k; decade *= 10) {
    for (std::size_t s : steps) {
      if (s * decade < k) counts.push_back(s * decade);
    }
  }
  counts.push_back(k);
  return counts;
}

}  // namespace

Experiment eps_experiment() {
  Experiment e;
  e.name = "eps";
  e.reproduces = "Figures 5 and 10: eps vs TV and MSE, common mechanism, both data sets";
  e.default_size = "n = 179527 (location), 300000 (census); 5 realizations; 13 values of eps";
  e.full_size = "n = 179527 (location), 1229143 (census); 100 realizations; 13 values of eps";
  e.key_columns = {"dataset", "k", "mechanism", "eps", "estimator"};
  e.value_columns = {"tv", "mse", "exact_emp_mse"};
  e.default_mechanisms = kPaperMechanisms;
  e.sizes = [](bool full) {
    const std::vector<double> grid = {0.1, 0.2, 0.5, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    return full ? Sizes{1229143, 179527, 100, grid} : Sizes{300000, 179527, 5, grid};
  };
  e.settings = [](const RunContext& c) {
    std::vector<Setting> settings;
    for (const char* name : {"location", "census"}) {
      const Dataset& d = dataset(c, name);
      for (const std::string& mech : c.mechanisms) {
        for (double eps : eps_grid(c, d.k)) {
          settings.push_back({{name, std::to_string(d.k), mech, key_number(eps)}});
        }
      }
    }
    return settings;
  };
  e.run = [](const RunContext& c, const Setting& s, std::size_t index, std::size_t r) {
    const Dataset& d = dataset(c, s.keys[0]);
    const std::uint64_t n = users_of(c, d);
    const auto users = draw_users(d.p, n, stream_seed(c.seed, dataset_stream(d.name), r));
    const MechanismSpec spec = build_mechanism(s.keys[2], d.sensitive, std::stod(s.keys[3]));
    return trial_rows(s.keys, spec, d.p, users, n, stream_seed(c.seed, 1000 + index, r), {});
  };
  e.figures = {{"eps-tv", "tv", "TV", "eps", {"dataset", "estimator"}, true, true, true},
               {"eps-mse", "mse", "MSE", "eps", {"dataset", "estimator"}, true, true, true}};
  return e;
}

Experiment sensitive_count_experiment() {
  Experiment e;
  e.name = "sensitive-count";
  e.reproduces = "Figures 6 and 11: |X_S| vs TV and MSE at eps = 0.1 and ln|X| (random X_S)";
  e.default_size = "n = 179527 (location), 300000 (census); 5 realizations (X_S drawn anew)";
  e.full_size = "n = 179527 (location), 1229143 (census); 100 realizations";
  e.key_columns = {"dataset", "k", "eps", "mechanism", "sensitive_count", "estimator"};
  e.value_columns = {"tv", "mse", "exact_emp_mse"};
  e.default_mechanisms = kPaperMechanisms;
  e.sizes = [](bool full) {
    return full ? Sizes{1229143, 179527, 100, {0.1}} : Sizes{300000, 179527, 5, {0.1}};
  };
  e.settings = [](const RunContext& c) {
    std::vector<Setting> settings;
    const bool fine = c.sizes.realizations >= 100;
    for (const char* name : {"location", "census"}) {
      const Dataset& d = dataset(c, name);
      std::vector<double> eps = c.sizes.eps;
      eps.push_back(std::log(static_cast<double>(d.k)));
      for (double v : eps)
        for (const std::string& mech : c.mechanisms)
          for (std::size_t count : sensitive_counts(d.k, fine))
            settings.push_back(
                {{name, std::to_string(d.k), key_number(v), mech, std::to_string(count)}});
    }
    return settings;
  };
  e.run = [](const RunContext& c, const Setting& s, std::size_t index, std::size_t r) {
    const Dataset& d = dataset(c, s.keys[0]);
    const std::uint64_t n = users_of(c, d);
    const std::size_t count = std::stoul(s.keys[4]);
    const auto users = draw_users(d.p, n, stream_seed(c.seed, dataset_stream(d.name), r));
    const IndexSet sensitive =
        random_sensitive(d.k, count, stream_seed(c.seed, dataset_stream(d.name) + 77, r, count));
    const MechanismSpec spec = build_mechanism(s.keys[3], sensitive, std::stod(s.keys[2]));
    return trial_rows(s.keys, spec, d.p, users, n, stream_seed(c.seed, 1000 + index, r),
                      {true, false, true});
  };
  e.figures = {{"sensitive-count-tv",
                "tv",
                "TV",
                "sensitive_count",
                {"dataset", "eps", "estimator"},
                true,
                true,
                false},
               {"sensitive-count-mse",
                "mse",
                "MSE",
                "sensitive_count",
                {"dataset", "eps", "estimator"},
                true,
                true,
                false}};
  return e;
}

Experiment attributes_experiment() {
  Experiment e;
  e.name = "attributes";
  e.reproduces =
      "Figures 7 and 12: number of attributes (4 to 9, |X| = 400 to 12800) vs TV and MSE, census";
  e.default_size = "n = 24000; 3 realizations; eps = 0.1, 1, 6";
  e.full_size =
      "n = 240000; 10 realizations (the paper's; RAPPOR at eps 0.1 and 9 attributes "
      "draws 1.5e9 report bits: about 6 GB)";
  e.key_columns = {"dataset", "attributes", "k", "eps", "mechanism", "estimator"};
  e.value_columns = {"tv", "mse", "exact_emp_mse"};
  e.default_mechanisms = kPaperMechanisms;
  e.sizes = [](bool full) {
    return full ? Sizes{240000, 0, 10, {0.1, 1, 6}} : Sizes{24000, 0, 3, {0.1, 1, 6}};
  };
  e.settings = [](const RunContext& c) {
    std::vector<Setting> settings;
    for (double eps : c.sizes.eps)
      for (const std::string& mech : c.mechanisms)
        for (std::size_t a = kMinAttributes; a <= kMaxAttributes; ++a)
          settings.push_back({{"census", std::to_string(a), std::to_string(census_categories(a)),
                               key_number(eps), mech}});
    return settings;
  };
  e.run = [](const RunContext& c, const Setting& s, std::size_t index, std::size_t r) {
    const std::size_t a = std::stoul(s.keys[1]);
    const Dataset& d = dataset(c, "census", a);
    const std::uint64_t n = c.sizes.census_users;
    const auto users = draw_users(d.p, n, stream_seed(c.seed, dataset_stream(d.name, a), r));
    const MechanismSpec spec = build_mechanism(s.keys[4], d.sensitive, std::stod(s.keys[3]));
    return trial_rows(s.keys, spec, d.p, users, n, stream_seed(c.seed, 1000 + index, r),
                      {true, false, true});
  };
  e.figures = {
      {"attributes-tv", "tv", "TV", "attributes", {"eps", "estimator"}, false, true, false},
      {"attributes-mse", "mse", "MSE", "attributes", {"eps", "estimator"}, false, true, false}};
  return e;
}

}  // namespace uldp::experiment
