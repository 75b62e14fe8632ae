// The bugs uldp catches (issue 52, docs/bug-zoo.md): for every replica of the bug zoo
// (tests/support/include/uldp/testing/bug_zoo.h) one Markdown table row with
//   - the tight e^eps of the channel as coded, decided exactly by the claim's check;
//   - the samples `conform client` draws to its verdict at its defaults (the targeted stage
//     looking for a 10 % excess), at the testing assertions' alpha = 1e-6 and at the command's
//     0.05: the share of seeded runs that say `violates`, and their median and largest samples;
//     and at 1e-6 with the defaults before the targeted stage (excess 0: the fit looks alone);
//   - the information bound: the fewest samples any test at alpha = 1e-6 can use, the smaller of
//     2 log(1/alpha) / D on the best event (Chernoff-Stein, D from the channel's own P(E|x),
//     P(E|x') to the nearest pair the claim allows; pairs of samples of x and x') and, for an
//     output the claim forbids an input, the expected wait 1 / Q(y|x) for the first one;
//   - LDP-Auditor's budget, 10^6 trials per input.
// Run by hand: build/bench/bug_zoo [--runs N] [--show NAME SEED] [--write-matrices DIR]
// (20 runs: seconds). --write-matrices writes each channel as DIR/NAME.csv for `uldp check
// --matrix`, and the uBD encoder at the errata's setting (docs/errata.md R8).
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bench_arguments.h"
#include "uldp/api/conform.h"
#include "uldp/estimate/targeted_test.h"
#include "uldp/testing/bug_zoo.h"
#include "uldp/testing/conform_double.h"

namespace {

using uldp::DenseForm;
using uldp::Rational;
using uldp::api::ConformClientRequest;
using uldp::api::ConformResult;
using uldp::estimate::Conformance;
using uldp::testing::ZooBug;

// `excess` 0: the defaults before the targeted stage (the fit looks alone).
ConformResult run_once(const ZooBug& bug, double alpha, std::uint64_t seed,
                       std::optional<double> excess = std::nullopt) {
  ConformClientRequest request(bug.claim, bug.name);
  request.false_alarm = alpha;
  if (excess) request.excess = *excess;
  return uldp::testing::conform_double(request, bug.client, seed);
}

struct Runs {
  std::uint64_t violates = 0, conforms = 0, runs = 0;
  std::vector<std::uint64_t> samples;  // of the runs that said `violates`, sorted
};

Runs run(const ZooBug& bug, double alpha, std::uint64_t runs,
         std::optional<double> excess = std::nullopt) {
  Runs r;
  for (std::uint64_t seed = 1; seed <= runs; ++seed) {
    const ConformResult result = run_once(bug, alpha, seed, excess);
    ++r.runs;
    if (result.report.verdict == Conformance::kViolates) {
      ++r.violates;
      r.samples.push_back(result.samples_drawn());
    }
    if (result.report.verdict == Conformance::kConforms) ++r.conforms;
  }
  std::sort(r.samples.begin(), r.samples.end());
  return r;
}

std::string runs_cell(const Runs& r) {
  std::ostringstream out;
  out << r.violates << " of " << r.runs;
  if (!r.samples.empty())
    out << ": " << r.samples[r.samples.size() / 2] << ", " << r.samples.back();
  if (r.conforms > 0) out << " (" << r.conforms << " conform)";
  return out.str();
}

// The events a test may look at: each output, and for bit vectors each bit and each pair of bits
// at given values (the targeted stage's events), as the set of outputs in them.
std::vector<std::vector<std::size_t>> events(const DenseForm& channel) {
  const std::vector<std::string>& labels = channel.q.output_labels();
  std::vector<std::vector<std::size_t>> all;
  for (std::size_t y = 0; y < labels.size(); ++y) all.push_back({y});
  const std::size_t k = labels.front().size();
  const bool bits = std::all_of(labels.begin(), labels.end(), [&](const std::string& l) {
    return l.size() == k && l.find_first_not_of("01") == std::string::npos;
  });
  if (!bits) return all;
  for (std::size_t i = 0; i < k; ++i) {
    for (std::size_t j = i; j < k; ++j) {
      for (const char a : {'0', '1'}) {
        for (const char b : {'0', '1'}) {
          std::vector<std::size_t> event;
          for (std::size_t y = 0; y < labels.size(); ++y) {
            if (labels[y][i] == a && labels[y][j] == b) event.push_back(y);
          }
          if (!event.empty()) all.push_back(std::move(event));
        }
      }
    }
  }
  return all;
}

// The information bound in samples, at `alpha`, for the claim's property on the channel.
double information_bound_samples(const ZooBug& bug, double alpha) {
  const double claimed = uldp::api::build_reference(bug.claim).scope.claimed_exp_eps;
  const DenseForm& c = bug.channel;
  const bool uldp_claim = uldp::find_mechanism(bug.claim.name).claim == uldp::Claim::kUldp;
  const uldp::IndexSet sensitive = uldp::sensitive_or_all(bug.claim.arguments);
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t x = 0; x < c.q.num_inputs(); ++x) {
    for (std::size_t y = 0; uldp_claim && y < c.q.num_outputs(); ++y) {
      if (sensitive.contains(x) && !c.protected_outputs.contains(y) && c.q(x, y) > 0)
        best = std::min(best, 1 / uldp::to_double(c.q(x, y)));  // the wait for one report in Y_I
    }
  }
  for (const std::vector<std::size_t>& event : events(c)) {
    if (uldp_claim && !std::all_of(event.begin(), event.end(),
                                   [&](std::size_t y) { return c.protected_outputs.contains(y); }))
      continue;  // ULDP bounds ratios within Y_P only
    std::vector<double> p(c.q.num_inputs(), 0);
    for (std::size_t x = 0; x < p.size(); ++x) {
      for (const std::size_t y : event) p[x] += uldp::to_double(c.q(x, y));
    }
    for (std::size_t x = 0; x < p.size(); ++x) {
      for (std::size_t x_prime = 0; x_prime < p.size(); ++x_prime) {
        if (p[x] > claimed * p[x_prime])
          best = std::min(best,
                          2 * uldp::estimate::information_bound(alpha, p[x], p[x_prime], claimed));
      }
    }
  }
  return best;
}

std::string tight_cell(const uldp::Verdict& v) {
  if (v.tight_exp_eps.is_infinite())
    return "∞ (" + std::string(uldp::condition_name(*v.violated)) + ")";
  const Rational& t = v.tight_exp_eps.value();
  std::ostringstream out;
  out << std::setprecision(10) << uldp::to_double(t);
  const std::string exact = uldp::to_string(t);
  return exact.size() <= 8 ? exact : out.str();
}

std::string claim_cell(const ZooBug& bug) {
  const uldp::PrivacyBudget& budget = *bug.claim.arguments.budget;
  std::ostringstream out;
  out << bug.claim.name << " k = " << bug.claim.arguments.k << ", ";
  if (budget.epsilon()) {
    out << "ε = " << uldp::to_string(*budget.epsilon());
  } else {
    out << "e^ε = " << uldp::to_string(budget.exp_eps());
  }
  return out.str();
}

std::string file_name(const std::string& name) {
  std::string file;
  for (const char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c)))
      file += static_cast<char>(std::tolower(c));
    else if (!file.empty() && file.back() != '_')
      file += '_';
  }
  return file;
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  std::cerr << "wrote " << path << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t runs = 20;
  std::optional<std::string> matrices_dir;
  std::optional<std::pair<std::string, std::uint64_t>> show;  // entry name, seed
  for (int i = 1; i < argc; ++i) {
    const std::string_view flag(argv[i]);
    if (flag == "--runs") {
      runs = uldp::bench::parse_count(i, argc, argv);
    } else if (flag == "--write-matrices" && i + 1 < argc) {
      matrices_dir = argv[++i];
    } else if (flag == "--show" && i + 1 < argc) {
      const std::string name = argv[++i];
      show.emplace(name, uldp::bench::parse_count(i, argc, argv));
    } else {
      std::cerr << "bug_zoo: unknown flag " << flag
                << " (--runs N, --show NAME SEED, --write-matrices DIR)\n";
      return 2;
    }
  }
  const std::vector<ZooBug> zoo = uldp::testing::bug_zoo();
  if (show) {  // one run's report, at alpha = 1e-6
    for (const ZooBug& bug : zoo) {
      if (bug.name == show->first)
        std::cout << uldp::api::to_text(run_once(bug, 1e-6, show->second));
    }
    return 0;
  }
  if (matrices_dir) {
    for (const ZooBug& bug : zoo) {
      write_file(*matrices_dir + "/" + file_name(bug.name) + ".csv",
                 uldp::testing::channel_csv(bug.channel));
    }
    const ZooBug errata = uldp::testing::ubd_mixture_encoder(5, 3, 3);
    write_file(*matrices_dir + "/ubd_mixture_encoder_k5.csv",
               uldp::testing::channel_csv(errata.channel));
    return 0;
  }
  const auto start = std::chrono::steady_clock::now();
  std::cout << "| bug | source | claim | true e^ε (exact) | `violates` at α = 10⁻⁶: runs, "
               "samples (median, max) | at α = 0.05 | old defaults (excess 0) at 10⁻⁶ | "
               "information bound "
               "at 10⁻⁶ (samples) | LDP-Auditor: 10⁶ per input (samples in all) |\n"
               "|---|---|---|---|---|---|---|---|---|\n";
  for (const ZooBug& bug : zoo) {
    const uldp::Verdict verdict = uldp::testing::claim_verdict(bug);
    std::cout << "| " << bug.name << " | " << bug.source << " | " << claim_cell(bug) << " | "
              << tight_cell(verdict) << " | " << runs_cell(run(bug, 1e-6, runs)) << " | "
              << runs_cell(run(bug, 0.05, runs)) << " | " << runs_cell(run(bug, 1e-6, runs, 0.0))
              << " | " << std::llround(information_bound_samples(bug, 1e-6)) << " | "
              << bug.claim.arguments.k * 1'000'000 << " |\n";
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "\n"
            << runs << " seeded runs per bug and level; " << std::setprecision(3) << seconds
            << " s\n";
  return 0;
}
