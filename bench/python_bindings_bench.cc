// The C++ side of bench/python_bindings.py, which compares the Python package with the same work
// done through the C++ API, uldp::api (issue "The workflows as a library": within 1.2x):
//  - BM_CheckUrr625FromDoubles: api::check of a 625 x 625 uRR matrix (|X_S| = 100, eps = 1) held
//    as doubles, as numpy holds it, within a tolerance of 10^-6: exact values from the doubles,
//    the row sums, the smallest Y_P and the four property checks (what uldp.check does with a
//    float64 array); BM_CheckUrr625FromDoublesWithReport adds its report text, as Python's
//    CheckReport carries it (what the script compares with).
//  - BM_ConformSamples: api::conform_samples on a file of x,y lines (--samples FILE, written by
//    the Python script from its numpy arrays), outputs read as labels, as Python's ints are.
#include <benchmark/benchmark.h>

#include <cstring>
#include <string>
#include <vector>

#include <fstream>
#include <memory>

#include "uldp/api/check.h"
#include "uldp/api/conform.h"
#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/forms/form_checks.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp::bench {
namespace {

std::string samples_file;  // --samples FILE

struct DoubleMatrix {
  std::size_t rows = 0, columns = 0;
  std::vector<double> entries;
};

const DoubleMatrix& urr625_doubles() {
  static const DoubleMatrix m = [] {
    MechanismArguments a;
    a.k = 625;
    a.sensitive = IndexSet::first(100, 625);
    a.budget = PrivacyBudget::from_epsilon(Rational(1), 64);
    const DenseForm form = std::get<DenseForm>(
        exact_form(make_mechanism(find_mechanism("urr", "mech"), a), FormChoice::kDense));
    DoubleMatrix d{form.q.num_inputs(), form.q.num_outputs(), {}};
    for (std::size_t x = 0; x < d.rows; ++x) {
      for (std::size_t y = 0; y < d.columns; ++y) d.entries.push_back(to_double(form.q(x, y)));
    }
    return d;
  }();
  return m;
}

// One check of the doubles, as uldp.check runs it.
api::CheckResult check_urr625(const DoubleMatrix& d, const std::vector<std::size_t>& sensitive) {
  DenseMechanism q = DenseMechanism::from_doubles(d.rows, d.columns, d.entries);
  api::CheckRequest request(api::MatrixSubject{MatrixFile{std::move(q), "Q", {}, std::nullopt}, "Q",
                                               std::nullopt,
                                               api::IndexSelection{sensitive, "sensitive"}});
  request.budget = PrivacyBudget::from_epsilon(Rational(1), 64);
  request.tolerance = Rational(1, 1'000'000);
  return api::check(request);
}

// `with_report`: the report rendered for people too, as Python's CheckReport carries it.
void check_urr625_benchmark(benchmark::State& state, bool with_report) {
  const DoubleMatrix& d = urr625_doubles();
  std::vector<std::size_t> sensitive(100);
  for (std::size_t x = 0; x < sensitive.size(); ++x) sensitive[x] = x;
  for (auto _ : state) {
    const api::CheckResult r = check_urr625(d, sensitive);
    if (r.stochastic_problem) state.SkipWithError("a row is off");
    if (with_report) benchmark::DoNotOptimize(api::to_text(r));
    benchmark::DoNotOptimize(r);
  }
}

void BM_CheckUrr625FromDoubles(benchmark::State& state) { check_urr625_benchmark(state, false); }
BENCHMARK(BM_CheckUrr625FromDoubles)->Unit(benchmark::kMillisecond);

void BM_CheckUrr625FromDoublesWithReport(benchmark::State& state) {
  check_urr625_benchmark(state, true);
}
BENCHMARK(BM_CheckUrr625FromDoublesWithReport)->Unit(benchmark::kMillisecond);

void BM_ConformSamples(benchmark::State& state) {
  if (samples_file.empty()) {
    state.SkipWithError("give --samples FILE (bench/python_bindings.py writes it)");
    return;
  }
  MechanismArguments a;
  a.k = 20;
  a.sensitive = IndexSet::first(5, 20);
  a.budget = PrivacyBudget::from_exp_eps(Rational(3));
  const std::string path = samples_file;
  for (auto _ : state) {
    api::ConformSamplesRequest request(
        api::RegistryReference{"urr", a},
        [path] { return std::make_unique<std::ifstream>(path, std::ios::binary); }, path);
    benchmark::DoNotOptimize(api::conform_samples(request));
  }
}
BENCHMARK(BM_ConformSamples)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace uldp::bench

int main(int argc, char** argv) {
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--samples") == 0 && i + 1 < argc) {
      uldp::bench::samples_file = argv[++i];
    } else {
      rest.push_back(argv[i]);
    }
  }
  int count = static_cast<int>(rest.size());
  benchmark::Initialize(&count, rest.data());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
