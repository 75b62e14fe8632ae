// `uldp simulate`: draw the reports n users would send under a mechanism, from a given or a
// named synthetic input distribution, for use with `uldp estimate`.
#include <cmath>
#include <fstream>
#include <iostream>
#include <string>

#include "cli_support.h"
#include "commands.h"
#include "mechanism_flags.h"
#include "uldp/error.h"
#include "uldp/estimate/estimation_model.h"
#include "uldp/estimate/pum_users.h"
#include "uldp/estimate/sampler.h"

namespace uldp::cli {
using namespace uldp::estimate;  // the double-precision layer
namespace {

constexpr std::uint64_t kMaxUsers = 1'000'000'000;

struct SimulateCommand {
  MechanismFlags mech;
  std::optional<std::uint64_t> n;
  std::string p = "uniform";
  std::optional<std::uint64_t> seed;
  std::string out;
  bool counts = false;
};

// "uniform", "zipf:S" (p(i) ∝ 1/(i+1)^S, S >= 0), or a file of k non-negative weights.
std::vector<double> input_distribution(const std::string& spec, std::size_t k) {
  std::vector<double> p(k, 1.0);
  if (spec == "uniform") return p;
  if (spec.rfind("zipf:", 0) == 0) {
    const double s = to_double(parse_rational(spec.substr(5), "--p zipf exponent"));
    if (!(s >= 0.0) || s > 100.0) {
      throw InvalidArgument("--p: zipf exponent " + spec.substr(5) + " is not in [0, 100]");
    }
    for (std::size_t i = 0; i < k; ++i) p[i] = std::pow(static_cast<double>(i + 1), -s);
    return p;
  }
  std::ifstream in(spec);
  if (!in) {
    throw InvalidArgument("--p: '" + message_excerpt(spec) +
                          "' is neither uniform, zipf:S nor a readable file");
  }
  std::string line;
  std::size_t number = 0, read = 0;
  double total = 0;
  while (std::getline(in, line)) {
    ++number;
    const std::size_t begin = line.find_first_not_of(" \t\r");
    if (begin == std::string::npos || line[begin] == '#') continue;
    const std::size_t end = line.find_last_not_of(" \t\r");
    const std::string value = line.substr(begin, end - begin + 1);
    if (read == k)
      throw InputError(spec, number, begin + 1, "more than k = " + std::to_string(k) + " weights");
    Rational w;
    try {
      w = parse_rational(value, "weight");
    } catch (const InvalidArgument&) {
      throw InputError(spec, number, begin + 1,
                       "expected a non-negative number, found '" + message_excerpt(value) + "'");
    }
    if (w < 0) throw InputError(spec, number, begin + 1, "weight " + value + " is negative");
    p[read] = to_double(w);
    total += p[read++];
  }
  if (read != k) {
    throw InputError(
        spec, number + 1, 1,
        "expected k = " + std::to_string(k) + " weights, found " + std::to_string(read));
  }
  if (!(total > 0.0) || !std::isfinite(total))
    throw InputError(spec, "the weights must have a positive, finite sum");
  return p;
}

void run(const SimulateCommand& c, int& exit_code) {
  if (c.mech.name.empty()) throw InvalidArgument("--mech: required (" + mechanism_names() + ")");
  // --mech pum: the users file gives n; reports come from Q_cmn over Z = X ∪ bots.
  std::optional<PumSetup> pum;
  if (c.mech.personalized()) {
    if (c.n) throw InvalidArgument("--n: with --mech pum the users file gives the users");
    pum = c.mech.build_pum(true);
  } else {
    if (!c.n) throw InvalidArgument("--n: must be given and at least 1");
  }
  const MechanismSpec spec = pum ? pum->common : c.mech.build();
  const EstimationModel model = estimation_model(spec);
  const std::vector<double> p = input_distribution(c.p, pum ? pum->k() : spec.k);

  std::ofstream file;
  if (!c.out.empty()) {
    file.open(c.out);
    if (!file) throw InvalidArgument("--out: cannot write '" + message_excerpt(c.out) + "'");
  }
  std::ostream& out = c.out.empty() ? std::cout : file;
  Xoshiro256 rng(*c.seed);
  const std::vector<std::uint64_t> input_counts =
      pum ? sample_intermediate_counts(rng, *pum->users, p) : sample_input_counts(rng, *c.n, p);
  simulate_reports(out, rng, model, input_counts, c.counts);
  out.flush();
  if (!out) throw InvalidArgument("--out: writing the reports failed");
  exit_code = 0;
}

}  // namespace

void add_simulate_command(CLI::App& app, int& exit_code) {
  auto command = std::make_shared<SimulateCommand>();
  CLI::App* sub =
      app.add_subcommand("simulate", "draw the obfuscated reports of n users (for uldp estimate)");
  command->mech.add_with_mech_option(*sub);
  command->mech.add_pum_options(*sub);
  add_unsigned_option(*sub, "--n", command->n,
                      "number of users, 1 to 10^9 (--mech pum: from the users file)", 1, kMaxUsers);
  sub->add_option("--p", command->p,
                  "input distribution: uniform, zipf:S, or a file of k weights (one per line)");
  add_unsigned_option(*sub, "--seed", command->seed, "seed of the xoshiro256** generator")
      ->required();
  sub->add_option("--out", command->out, "output file (default: standard output)");
  sub->add_flag("--counts", command->counts,
                "write report counts drawn by the aggregated sampler instead of per-user reports");
  sub->callback([command, &exit_code] { run(*command, exit_code); });
}

}  // namespace uldp::cli
