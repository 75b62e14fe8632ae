// The running times of Section 6.2: emp, emp+thr and EM (started from emp+thr, as in the
// paper) on the census data with 4 to 9 attributes at ε = 6. The paper: EM at 9 attributes took
// 3121 s (RR), 1258 s (uRR), 5225 s (RAPPOR), 1073 s (uRAP) on a 6-core Xeon; emp and emp+thr
// under one second. Timings are not reproducible bit for bit, so runs are serial (one job).
#include "uldp/experiment/catalogue.h"
#include "uldp/experiment/trial.h"

namespace uldp::experiment {

Experiment running_time_experiment() {
  Experiment e;
  e.name = "running-time";
  e.reproduces =
      "the running times of Section 6.2: emp, emp+thr and EM vs number of attributes, eps = 6";
  e.default_size = "n = 240000 (the paper's); 1 realization; 4 to 9 attributes";
  e.full_size = "n = 240000; 10 realizations";
  e.key_columns = {"dataset", "attributes", "k", "eps", "mechanism", "estimator"};
  e.value_columns = {"seconds", "tv"};
  e.default_mechanisms = {"rr", "rappor", "urr", "urap"};  // the colours of the other figures
  e.sizes = [](bool full) { return full ? Sizes{240000, 0, 10, {6}} : Sizes{240000, 0, 1, {6}}; };
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
    const auto users =
        draw_users(d.p, c.sizes.census_users, stream_seed(c.seed, dataset_stream(d.name, a), r));
    const MechanismSpec spec = build_mechanism(s.keys[4], d.sensitive, std::stod(s.keys[3]));
    const TrialEstimates t = run_trial(spec, users, stream_seed(c.seed, 1000 + index, r), {});
    std::vector<Row> rows;
    const auto add = [&](const char* estimator, double seconds, const std::vector<double>& p) {
      Row row{s.keys, {seconds, total_variation(p, d.p)}};
      row.keys.push_back(estimator);
      rows.push_back(std::move(row));
    };
    add("emp", t.emp_seconds, t.emp);
    add("emp+thr", t.thr_seconds, t.thr);
    add("em", t.em_seconds, t.em);
    return rows;
  };
  e.figures = {
      {"running-time", "seconds", "seconds", "attributes", {"estimator"}, false, true, false}};
  e.deterministic = false;
  return e;
}

}  // namespace uldp::experiment
