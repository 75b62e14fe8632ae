// The C++ side of bench/python_bindings.py, which compares the Python package with the same work
// done through the C++ API (issue "A Python package": within 1.5x):
//  - BM_CheckUrr625FromDoubles: a 625 x 625 uRR matrix (|X_S| = 100, eps = 1) held as doubles,
//    as numpy holds it: exact values from the doubles, the row sums against a tolerance, the
//    smallest Y_P and the four property checks (what uldp.check does with a float64 array).
//  - BM_ConformSamples: `conform samples` on a file of x,y lines (--samples FILE, written by the
//    Python script from its numpy arrays), as uldp.conform_samples runs it.
#include <benchmark/benchmark.h>

#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "run_command_line.h"
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

void BM_CheckUrr625FromDoubles(benchmark::State& state) {
  const DoubleMatrix& d = urr625_doubles();
  const IndexSet xs = IndexSet::first(100, 625);
  const PrivacyBudget budget = PrivacyBudget::from_epsilon(Rational(1), 64);
  const Rational tolerance(1, 1'000'000);
  for (auto _ : state) {
    std::vector<Rational> entries;
    entries.reserve(d.entries.size());
    for (double v : d.entries) entries.push_back(from_double(v));
    std::vector<std::string> labels;
    for (std::size_t y = 0; y < d.columns; ++y) labels.push_back(std::to_string(y));
    const DenseMechanism q(d.rows, labels, std::move(entries));
    for (std::size_t x = 0; x < d.rows; ++x) {
      Rational sum = 0;
      for (std::size_t y = 0; y < d.columns; ++y) sum += q(x, y);
      if (abs(sum - 1) > tolerance) state.SkipWithError("a row is off");
    }
    const IndexSet yp = minimal_protected_outputs(q, xs);
    benchmark::DoNotOptimize(check_all_properties(ExactForm(DenseForm{q, yp}), xs, budget));
  }
}
BENCHMARK(BM_CheckUrr625FromDoubles)->Unit(benchmark::kMillisecond);

void BM_ConformSamples(benchmark::State& state) {
  if (samples_file.empty()) {
    state.SkipWithError("give --samples FILE (bench/python_bindings.py writes it)");
    return;
  }
  const std::vector<std::string> args = {
      "conform",        "samples", "--mech",    "urr", "--k",       "20",
      "--sensitive",    "0-4",     "--exp-eps", "3",   "--samples", samples_file,
      "--output-index", "--json"};
  std::streambuf* const standard_output = std::cout.rdbuf(nullptr);  // the report is not timed
  for (auto _ : state) benchmark::DoNotOptimize(cli::run_command_line(args));
  std::cout.rdbuf(standard_output);
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
