// What the targeted stage of `conform client` costs and what it catches (issue 52), on clients
// run at a stated factor of their claimed e^eps (tests/support/.../scaled_doubles.h):
//   - per double 10 % over its claim (GRR k = 6 at 3.3 claimed 3, OUE, uRR, uRAP, uBD): the total
//     samples to `violates` at the defaults (median, mean, max over --faulty-runs seeds), against
//     the information bound 2 log(1/alpha) / D samples (D from the double's own P(E|x), P(E|x') on
//     the witness to the nearest pair the claim allows) and against the old defaults (excess 0:
//     the fit looks alone), with the share of runs each names `violates`;
//   - the false alarms of the same mechanisms run correctly, over --runs seeded runs each, with
//     their samples (mean), at alpha = 1e-6 (the testing assertions' level).
// Run by hand: build/bench/targeted_conformance [--runs N] [--faulty-runs M] [--false-alarm A]
// [--show DOUBLE SEED] (one faulty run's report)
// (2000 correct runs per double, 10,000 in all; 200 faulty; minutes on two cores). Prints
// Markdown.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "bench_arguments.h"
#include "uldp/api/conform.h"
#include "uldp/estimate/targeted_test.h"
#include "uldp/testing/scaled_doubles.h"

namespace {

using uldp::testing::registry_reference;

using uldp::Rational;
using uldp::api::ConformClientRequest;
using uldp::api::ConformResult;
using uldp::api::RegistryReference;
using uldp::estimate::Conformance;
using uldp::estimate::Xoshiro256;

struct Case {
  std::string name;
  RegistryReference reference;
};

struct Tally {
  std::uint64_t runs = 0, violates = 0, conforms = 0, other = 0;
  std::vector<std::uint64_t> samples;  // total samples drawn, one per run
};

ConformResult run_once(const Case& c, const uldp::testing::ScaledDouble& client, double alpha,
                       double excess, std::uint64_t seed) {
  ConformClientRequest request(c.reference, c.name);
  request.false_alarm = alpha;
  request.excess = excess;
  Xoshiro256 rng(seed);
  return uldp::api::conform_client(request, [&](std::span<const std::uint32_t> inputs) {
    std::vector<std::string> outputs;
    outputs.reserve(inputs.size());
    for (const std::uint32_t x : inputs) outputs.push_back(client(x, rng));
    return outputs;
  });
}

// Seeds 1..runs on the machine's cores, each run's outcome kept at its seed's place: the same
// tallies however many threads there are.
Tally run(const Case& c, const Rational& factor, double alpha, double excess, std::uint64_t runs) {
  const uldp::testing::ScaledDouble client(c.reference, factor);
  std::vector<std::pair<Conformance, std::uint64_t>> outcomes(runs);  // verdict, samples
  std::atomic<std::uint64_t> next{0};
  const auto work = [&] {
    for (std::uint64_t i = next++; i < runs; i = next++) {
      const ConformResult r = run_once(c, client, alpha, excess, i + 1);
      outcomes[i] = {r.report.verdict, r.samples_drawn()};
    }
  };
  std::vector<std::thread> helpers;
  for (unsigned t = 1; t < std::thread::hardware_concurrency(); ++t) helpers.emplace_back(work);
  work();
  for (std::thread& helper : helpers) helper.join();
  Tally tally;
  for (const auto& [verdict, samples] : outcomes) {
    ++tally.runs;
    if (verdict == Conformance::kViolates) {
      ++tally.violates;
    } else if (verdict == Conformance::kConforms) {
      ++tally.conforms;
    } else {
      ++tally.other;
    }
    tally.samples.push_back(samples);
  }
  std::sort(tally.samples.begin(), tally.samples.end());
  return tally;
}

double mean(const std::vector<std::uint64_t>& v) {
  double sum = 0;
  for (const std::uint64_t x : v) sum += static_cast<double>(x);
  return v.empty() ? 0 : sum / static_cast<double>(v.size());
}

// 2 log(1/alpha) / D samples for the double at `factor` on the witness the run targets.
double bound_samples(const Case& c, const Rational& factor, double alpha, double excess) {
  const uldp::api::ConformReference claimed = uldp::api::build_reference(c.reference);
  RegistryReference scaled = c.reference;
  scaled.arguments.budget =
      uldp::PrivacyBudget::from_exp_eps(c.reference.arguments.budget->exp_eps() * factor);
  const uldp::api::ConformReference faulty = uldp::api::build_reference(scaled);
  const auto witness = uldp::estimate::structural_witness(claimed.model, claimed.scope,
                                                          claimed.syntax.labels, excess);
  if (!witness) return 0;
  const double p = uldp::estimate::event_probability(faulty.model, *witness, witness->x);
  const double q = uldp::estimate::event_probability(faulty.model, *witness, witness->x_prime);
  return 2 * uldp::estimate::information_bound(alpha, p, q, claimed.scope.claimed_exp_eps);
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t runs = 2000, faulty_runs = 200;
  double alpha = 1e-6;
  std::optional<std::pair<std::uint64_t, std::uint64_t>> show;  // double, seed
  for (int i = 1; i < argc; ++i) {
    const std::string_view flag(argv[i]);
    if (flag == "--runs") {
      runs = uldp::bench::parse_count(i, argc, argv);
    } else if (flag == "--faulty-runs") {
      faulty_runs = uldp::bench::parse_count(i, argc, argv);
    } else if (flag == "--show") {
      const std::uint64_t which = uldp::bench::parse_count(i, argc, argv);
      show.emplace(which, uldp::bench::parse_count(i, argc, argv));
    } else if (flag == "--false-alarm" && i + 1 < argc) {
      alpha = std::strtod(argv[++i], nullptr);
    } else {
      std::cerr << "targeted_conformance: unknown flag " << flag
                << " (--runs N, --faulty-runs M, --false-alarm A, --show DOUBLE SEED)\n";
      return 2;
    }
  }
  const Case cases[] = {
      {"GRR k=6, t=3", registry_reference("rr", 6, {}, 3)},
      {"OUE k=4, t=3", registry_reference("oue", 4, {}, 3)},
      {"uRR k=5, X_S={0,1}, t=3", registry_reference("urr", 5, {0, 1}, 3)},
      {"uRAP k=5, X_S={0,1}, t=3", registry_reference("urap", 5, {0, 1}, 3)},
      {"uBD k=5, X_S={0,1,3}, K=2, t=3", registry_reference("ubd", 5, {0, 1, 3}, 3, 2)},
  };
  const Rational over(11, 10);
  if (show) {  // one faulty run's report: double (0-based, in the order below) and seed
    const Case& c = cases[std::min<std::uint64_t>(show->first, std::size(cases) - 1)];
    const uldp::testing::ScaledDouble client(c.reference, over);
    std::cout << uldp::api::to_text(run_once(c, client, alpha, 0.1, show->second));
    return 0;
  }
  const auto start = std::chrono::steady_clock::now();
  std::cout << std::setprecision(3);
  std::cout << "## Clients 10 % over their claim, " << faulty_runs
            << " seeded runs each at alpha = " << alpha << "\n\n"
            << "| double | information bound (samples) | violates | samples to the verdict "
               "(median, mean, max) | mean / bound | old defaults (excess 0): violates | old: "
               "samples (median) |\n|---|---|---|---|---|---|---|\n";
  for (const Case& c : cases) {
    const double bound = bound_samples(c, over, alpha, 0.1);
    const Tally now = run(c, over, alpha, 0.1, faulty_runs);
    const Tally old = run(c, over, alpha, 0, faulty_runs);
    std::cout << "| " << c.name << " | " << std::llround(bound) << " | " << now.violates << " of "
              << now.runs << " | " << now.samples[now.samples.size() / 2] << ", "
              << std::llround(mean(now.samples)) << ", " << now.samples.back() << " | "
              << mean(now.samples) / bound << " | " << old.violates << " of " << old.runs << " | "
              << old.samples[old.samples.size() / 2] << " |\n";
  }
  std::cout << "\n## Correct clients, " << runs << " seeded runs each at alpha = " << alpha
            << "\n\n| double | false alarms | conforms | samples (mean, max) | old defaults: "
               "samples (mean) |\n|---|---|---|---|---|\n";
  std::uint64_t alarms = 0, total = 0;
  for (const Case& c : cases) {
    const Tally now = run(c, Rational(1), alpha, 0.1, runs);
    const Tally old = run(c, Rational(1), alpha, 0, std::min<std::uint64_t>(runs, 200));
    alarms += now.runs - now.conforms;
    total += now.runs;
    std::cout << "| " << c.name << " | " << now.runs - now.conforms << " of " << now.runs << " ("
              << now.violates << " violates) | " << now.conforms << " | "
              << std::llround(mean(now.samples)) << ", " << now.samples.back() << " | "
              << std::llround(mean(old.samples)) << " |\n";
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "\nfalse alarms (any verdict but conforms) over all correct runs: " << alarms
            << " of " << total << "; " << seconds << " s\n";
  return 0;
}
