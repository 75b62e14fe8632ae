// `uldp experiment`: reruns the paper's evaluation (Section 6, Appendix E.3) from the
// registry of experiments (experiment/); `--list` names them, `merge` combines shards.
#include <iostream>
#include <memory>
#include <sstream>

#include "cli_support.h"
#include "commands.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/error.h"
#include "uldp/experiment/experiment.h"
#include "uldp/experiment/runner.h"
#include "uldp/mechanisms/registry.h"

namespace uldp::cli {
namespace {

namespace ex = uldp::experiment;

struct ExperimentCommand {
  std::string name;
  bool list = false;
  bool full = false;
  std::optional<std::uint64_t> seed;
  std::string shard;
  std::string out;
  std::optional<std::uint64_t> realizations;
  std::optional<std::uint64_t> n;  // users per data set
  std::optional<std::string> eps;
  std::string mechanisms;
  std::optional<std::uint64_t> jobs;
  ex::DataSources sources;
};

struct MergeCommand {
  std::vector<std::string> dirs;
  std::string out;
};

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items;
  std::string item;
  std::istringstream in(text);
  while (std::getline(in, item, ',')) {
    if (!item.empty()) items.push_back(item);
  }
  return items;
}

void print_list() {
  for (const ex::Experiment& e : ex::experiments()) {
    std::cout << e.name << "\n  reproduces: " << e.reproduces
              << "\n  default:    " << e.default_size << "\n  --full:     " << e.full_size << "\n";
  }
}

void parse_shard(const std::string& text, std::size_t& shard, std::size_t& shards) {
  char slash = 0;
  std::istringstream in(text);
  if (!(in >> shard >> slash >> shards) || slash != '/' || !in.eof() || shards == 0 || shard == 0 ||
      shard > shards || shards > 100000) {
    throw InvalidArgument("--shard: '" + message_excerpt(text) +
                          "' is not I/N with 1 <= I <= N (e.g. 2/8)");
  }
}

void run(const ExperimentCommand& c, int& exit_code) {
  if (c.list) {
    print_list();
    exit_code = 0;
    return;
  }
  if (c.name.empty()) {
    throw InvalidArgument("experiment: give NAME, --list or merge DIR... (uldp experiment --list)");
  }
  ex::RunRequest request;
  request.experiment = &ex::find_experiment(c.name);
  request.context.sizes = request.experiment->sizes(c.full);
  if (c.realizations) request.context.sizes.realizations = *c.realizations;
  if (c.n) request.context.sizes.census_users = request.context.sizes.location_users = *c.n;
  if (c.eps) {
    request.context.sizes.eps.clear();
    for (const std::string& e : split_list(*c.eps)) {
      const Rational v = parse_rational(e, "--eps");
      if (v <= 0 || v > 50)
        throw InvalidArgument("--eps: " + message_excerpt(e) + " is not in (0, 50]");
      request.context.sizes.eps.push_back(to_double(v));
    }
    if (request.context.sizes.eps.empty())
      throw InvalidArgument("--eps: '" + message_excerpt(*c.eps) + "' lists no eps (e.g. 0.5,1,2)");
  }
  request.context.mechanisms =
      c.mechanisms.empty() ? request.experiment->default_mechanisms : split_list(c.mechanisms);
  for (const std::string& m : request.context.mechanisms) {
    const MechanismEntry& entry = find_mechanism(m, "--mech");
    // The experiments build every mechanism from X_S and eps alone, over |X| = 400 and more.
    if (entry.fixed_k || entry.takes(kBlockParameter.declaration) == Takes::kRequired ||
        entry.takes(kMangatPParameter.declaration) == Takes::kRequired ||
        entry.takes(kThetaParameter.declaration) == Takes::kRequired) {
      throw InvalidArgument("--mech: " + message_excerpt(m) +
                            " needs parameters other than X_S and eps (or a fixed k); the "
                            "experiments take mechanisms built from X_S and eps only");
    }
  }
  request.context.seed = c.seed.value_or(1);
  request.context.sources = c.sources;
  if (!c.shard.empty()) parse_shard(c.shard, request.shard, request.shards);
  request.out = c.out.empty() ? "experiment-" + c.name : c.out;
  request.jobs = static_cast<unsigned>(c.jobs.value_or(2));
  for (const auto& file : ex::run_experiment(request)) std::cout << file.string() << "\n";
  exit_code = 0;
}

}  // namespace

void add_experiment_command(CLI::App& app, int& exit_code) {
  auto command = std::make_shared<ExperimentCommand>();
  CLI::App* sub = app.add_subcommand(
      "experiment", "reproduce a figure or table of the paper's evaluation (--list names them)");
  sub->add_option("name", command->name, "the experiment (uldp experiment --list)");
  sub->add_flag("--list", command->list, "name every experiment and what it reproduces");
  sub->add_flag("--full", command->full, "the paper's sizes (n and realizations)");
  add_unsigned_option(*sub, "--seed", command->seed, "seed of every random stream (default 1)");
  sub->add_option("--shard", command->shard, "run the realizations r with r mod N = I-1 (I/N)");
  sub->add_option("--out", command->out, "output directory (default experiment-NAME)");
  add_unsigned_option(*sub, "--realizations", command->realizations,
                      "override the number of realizations (1 to 100000)", 1, 100000);
  add_unsigned_option(*sub, "--n", command->n,
                      "override n, the number of users (every data set; 1 to 10^8)", 1,
                      100'000'000);
  add_text_option(*sub, "--eps", command->eps, "override the eps grid (comma-separated)");
  sub->add_option("--mech", command->mechanisms,
                  "mechanisms, comma-separated (default rr,rappor,urr,urap,none; any registered)");
  add_unsigned_option(*sub, "--jobs", command->jobs, "worker threads (1 to 64; default 2)", 1, 64);
  sub->add_option("--census-file", command->sources.census_file,
                  "the UCI USCensus1990.data.txt instead of the synthetic census");
  sub->add_option("--foursquare-checkins", command->sources.foursquare_checkins,
                  "Foursquare dataset_TIST2015_Checkins.txt (with --foursquare-pois)");
  sub->add_option("--foursquare-pois", command->sources.foursquare_pois,
                  "Foursquare dataset_TIST2015_POIs.txt");
  sub->callback([command, &exit_code, sub] {
    if (sub->got_subcommand("merge")) return;
    run(*command, exit_code);
  });

  auto merge = std::make_shared<MergeCommand>();
  CLI::App* merge_sub = sub->add_subcommand("merge", "combine the shard files of one run");
  merge_sub->add_option("dirs", merge->dirs, "directories holding NAME.shard-I-of-N.csv")
      ->required();
  merge_sub->add_option("--out", merge->out, "output directory (default: the first DIR)");
  merge_sub->callback([merge, &exit_code] {
    std::vector<std::filesystem::path> dirs(merge->dirs.begin(), merge->dirs.end());
    const std::filesystem::path out =
        merge->out.empty() ? dirs.front() : std::filesystem::path(merge->out);
    for (const auto& file : ex::merge_experiment(dirs, out)) std::cout << file.string() << "\n";
    exit_code = 0;
  });
}

}  // namespace uldp::cli
