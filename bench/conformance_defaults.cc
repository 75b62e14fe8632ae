// What the conformance defaults cost and what they catch (issue 37), measured on test doubles
// written from exact channels (tests/support/.../client_doubles.h), each under the planned alpha
// spending (the default since 2026-11-29) and the halving one (the default before), same seeds:
//   - false alarms of correct doubles over --runs seeded runs (default 10000) at alpha = 1e-6
//     (the testing assertions' level) and 0.05 (the command's), and the samples per input each run
//     used against the fixed-size plan (`conform plan`) at the same resolution;
//   - the samples per input to `violates` for faulty doubles (a unary client that pre-noises with
//     the wrong budget, the 2025 uHR encoder on a non-prefix X_S, a uRR client that leaks), with
//     the share of runs that end `violates` and, without the break search, the share that do.
// Run by hand: build/bench/conformance_defaults [--runs N] [--command-runs C] [--faulty-runs M]
// (10000, 1000 at alpha = 0.05, 200 by default; minutes on two cores). Prints Markdown.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <future>
#include <iomanip>
#include <iostream>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "bench_arguments.h"
#include "uldp/api/conform.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/testing/client_doubles.h"

namespace {

using uldp::api::AlphaSpending;
using uldp::api::ConformClientRequest;
using uldp::api::RegistryReference;
using uldp::estimate::Conformance;
using uldp::estimate::Xoshiro256;

using Double = std::function<std::string(std::size_t x, Xoshiro256& rng)>;

struct Case {
  std::string name;
  RegistryReference reference;
  Double client;
};

RegistryReference registry(const std::string& name, std::size_t k, std::vector<std::size_t> xs,
                           uldp::Rational exp_eps) {
  uldp::MechanismArguments a;
  a.k = k;
  if (!xs.empty()) a.sensitive = uldp::IndexSet::from_indices(std::move(xs), k, "sensitive");
  a.budget = uldp::PrivacyBudget::from_exp_eps(exp_eps, "exp_eps");
  return {name, a};
}

struct Tally {
  std::uint64_t runs = 0, conforms = 0, violates = 0, deviates = 0, insufficient = 0;
  std::vector<std::uint64_t> per_input;  // samples per input at the decision, one per run
};

// Seeds first, first + step, ... up to `runs` (one share of the threads').
Tally run_share(const Case& c, AlphaSpending spending, double alpha, std::uint64_t runs,
                std::uint64_t violation_search, std::uint64_t first, std::uint64_t step) {
  Tally tally;
  for (std::uint64_t seed = first; seed <= runs; seed += step) {
    ConformClientRequest request(c.reference, c.name);
    request.false_alarm = alpha;
    request.spending = spending;
    request.violation_search = violation_search;
    Xoshiro256 rng(seed);
    const uldp::api::ConformResult r =
        uldp::api::conform_client(request, [&](std::span<const std::uint32_t> inputs) {
          std::vector<std::string> outputs;
          outputs.reserve(inputs.size());
          for (const std::uint32_t x : inputs) outputs.push_back(c.client(x, rng));
          return outputs;
        });
    ++tally.runs;
    switch (r.report.verdict) {
      case Conformance::kConforms:
        ++tally.conforms;
        break;
      case Conformance::kViolates:
        ++tally.violates;
        break;
      case Conformance::kDeviates:
        ++tally.deviates;
        break;
      case Conformance::kInsufficient:
        ++tally.insufficient;
        break;
    }
    tally.per_input.push_back(r.sequential->looks.back());
  }
  return tally;
}

// Seeds 1..runs, shared among the machine's cores; the same tallies however many there are.
Tally run(const Case& c, AlphaSpending spending, double alpha, std::uint64_t runs,
          std::uint64_t violation_search = 8192) {
  const std::uint64_t threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::future<Tally>> shares;
  for (std::uint64_t t = 1; t <= threads; ++t) {
    shares.push_back(std::async(std::launch::async, run_share, std::cref(c), spending, alpha, runs,
                                violation_search, t, threads));
  }
  Tally tally;
  for (auto& share : shares) {
    const Tally part = share.get();
    tally.runs += part.runs;
    tally.conforms += part.conforms;
    tally.violates += part.violates;
    tally.deviates += part.deviates;
    tally.insufficient += part.insufficient;
    tally.per_input.insert(tally.per_input.end(), part.per_input.begin(), part.per_input.end());
  }
  std::sort(tally.per_input.begin(), tally.per_input.end());
  return tally;
}

double mean(const std::vector<std::uint64_t>& v) {
  double sum = 0;
  for (const std::uint64_t x : v) sum += static_cast<double>(x);
  return v.empty() ? 0 : sum / static_cast<double>(v.size());
}

std::uint64_t fixed_plan(const Case& c, double alpha) {
  uldp::api::ConformPlanRequest request(c.reference);
  request.false_alarm = alpha;
  request.power = 0.9;  // the client's default demand: power 0.9 at a cell deviation of 0.05
  request.resolution = 0.05;
  return uldp::api::plan_conformance_run(request).plan.per_input_for_delta;
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t runs = 10000, command_runs = 1000, faulty_runs = 200;
  for (int i = 1; i < argc; ++i) {
    const std::string_view flag(argv[i]);
    if (flag == "--runs") {
      runs = uldp::bench::parse_count(i, argc, argv);
    } else if (flag == "--command-runs") {
      command_runs = uldp::bench::parse_count(i, argc, argv);
    } else if (flag == "--faulty-runs") {
      faulty_runs = uldp::bench::parse_count(i, argc, argv);
    } else {
      std::cerr << "conformance_defaults: unknown flag " << flag
                << " (--runs N, --command-runs C, --faulty-runs M)\n";
      return 2;
    }
  }
  using uldp::Rational;
  using uldp::testing::unary_double;
  const Case correct[] = {
      {"uRR k=5 X_S={0,1} t=3", registry("urr", 5, {0, 1}, Rational(3)),
       [](std::size_t x, Xoshiro256& rng) { return uldp::testing::urr_double(x, rng); }},
      {"OUE k=4 t=8/3", registry("oue", 4, {}, Rational(8, 3)),
       [](std::size_t x, Xoshiro256& rng) { return unary_double(x, rng, 4, 0.5, 3.0 / 11); }},
  };
  const Case faulty[] = {
      {"OUE pre-noised at t'=5.37 (claim 8/3)", registry("oue", 4, {}, Rational(8, 3)),
       [](std::size_t x, Xoshiro256& rng) { return unary_double(x, rng, 4, 0.5, 1 / 6.37); }},
      {"uHR encoder, X_S={0,2,3} (tight 5, claim 3)", registry("uhr", 5, {0, 2, 3}, Rational(3)),
       [](std::size_t x, Xoshiro256& rng) {
         return uldp::testing::uhr_encoder_double(x, rng, {0, 2, 3});
       }},
      {"uRR leaking 5 % into Y_I", registry("urr", 5, {0, 1}, Rational(3)),
       [](std::size_t x, Xoshiro256& rng) { return uldp::testing::urr_double(x, rng, 0.05); }},
  };
  const auto start = std::chrono::steady_clock::now();
  std::cout << std::setprecision(3);
  std::cout << "## Correct doubles, " << runs << " seeded runs each at alpha = 1e-6, "
            << command_runs << " at 0.05 (resolution 0.05, power 0.9)\n\n"
            << "| double | alpha | spending | false alarms | samples per input (mean, max) | "
               "fixed plan | mean / plan |\n|---|---|---|---|---|---|---|\n";
  for (const Case& c : runs > 0 ? std::span<const Case>(correct) : std::span<const Case>()) {
    for (const double alpha : {1e-6, 0.05}) {
      const std::uint64_t plan = fixed_plan(c, alpha);
      for (const AlphaSpending spending : {AlphaSpending::kPlanned, AlphaSpending::kHalving}) {
        const Tally t = run(c, spending, alpha, alpha == 0.05 ? command_runs : runs);
        std::cout << "| " << c.name << " | " << alpha << " | "
                  << uldp::api::alpha_spending_name(spending) << " | " << (t.runs - t.conforms)
                  << " of " << t.runs << " (" << t.deviates << " deviates, " << t.violates
                  << " violates) | " << mean(t.per_input) << ", " << t.per_input.back() << " | "
                  << plan << " | " << mean(t.per_input) / static_cast<double>(plan) << " |\n";
      }
    }
  }
  std::cout << "\n## Faulty doubles, " << faulty_runs
            << " seeded runs each at alpha = 1e-6 (the testing default)\n\n"
            << "| double | spending | violates | samples per input to the verdict (median, max) | "
               "violates without the break search |\n|---|---|---|---|---|\n";
  for (const Case& c : faulty_runs > 0 ? std::span<const Case>(faulty) : std::span<const Case>()) {
    for (const AlphaSpending spending : {AlphaSpending::kPlanned, AlphaSpending::kHalving}) {
      const Tally t = run(c, spending, 1e-6, faulty_runs);
      const Tally first = run(c, spending, 1e-6, faulty_runs, 0);
      std::cout << "| " << c.name << " | " << uldp::api::alpha_spending_name(spending) << " | "
                << t.violates << " of " << t.runs << " | " << t.per_input[t.per_input.size() / 2]
                << ", " << t.per_input.back() << " | " << first.violates << " of " << first.runs
                << " |\n";
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "\n(" << seconds << " s)\n";
}
