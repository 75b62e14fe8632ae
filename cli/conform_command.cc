// `uldp conform samples`: does a black-box client behave like the reference mechanism? Samples
// (x, y) it produced are tested for fit, impossible outputs and an ε lower bound.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli_support.h"
#include "client_process.h"
#include "commands.h"
#include "conform_diagnosis.h"
#include "conform_reference.h"
#include "uldp/cancellation.h"
#include "uldp/error.h"
#include "uldp/estimate/conformance.h"

namespace uldp::cli {
using namespace uldp::estimate;  // the double-precision layer

namespace {

// What `conform samples` and `conform client` share.
struct SamplesRun {
  ConformReferenceFlags reference;
  double alpha = 0.05;
  EvidenceDemand demand;
  bool output_index = false;
  bool json = false;
};

struct ConformSamplesCommand : SamplesRun {
  std::string samples;
};

// What a sequential run adds to the report.
struct SequentialSummary {
  std::vector<std::uint64_t> looks;  // samples per input at each look
  double alpha = 0;                  // the level over all looks
  double look_alpha = 0;             // the level of the last look
  std::string client;
};

// Examines the samples (x,y lines) `open` streams against the reference and prints the report;
// the exit code: 0 conforms, 1 otherwise. A finding streams them again for each reading the
// diagnosis tries.
int report_samples(const SamplesRun& c, const ConformReference& reference, const SampleSource& open,
                   const std::string& source, const std::optional<SequentialSummary>& sequential) {
  const EstimationModel& model = reference.model;
  const RatioScope& scope = reference.scope;
  const OutputSyntax syntax = sample_syntax(reference, c.output_index);
  const SampleTallies tallies = tally_samples(*open(), source, model, scope, syntax);
  const ConformanceReport r = check_conformance(tallies, model, scope, c.alpha, c.demand);
  const bool found = r.verdict == Conformance::kDeviates || r.verdict == Conformance::kViolates;
  const std::optional<DiagnosisReport> diagnosis =
      found ? std::optional(diagnose(c.reference, reference, open, source, c.output_index, c.alpha))
            : std::nullopt;
  const double eps_lower = std::log(r.exp_eps_lower_bound);
  const bool bounded = !r.event.empty();  // some event seen under two inputs with samples

  nlohmann::json j;
  j["verdict"] = conformance_name(r.verdict);
  j["mechanism"] = reference.name;
  j["reference"] = {
      {"source", c.reference.file.given() ? "matrix" : "registry"},
      {"name", reference.name},
      {"reading", reference.reading ? nlohmann::json(*reference.reading) : nlohmann::json(nullptr)},
      {"pooling", reference.pooling ? nlohmann::json(*reference.pooling) : nlohmann::json(nullptr)},
      {"claim", reference.claim}};
  j["samples"] = tallies.n;
  j["alpha"] = sequential ? sequential->alpha : r.alpha;
  j["fit"] = {
      {"tests", r.fit_tests},         {"threshold", r.fit_threshold},
      {"min_p_value", r.min_p_value}, {"worst", r.worst_test},
      {"rejected", r.fit_rejected},   {"correction", "Bonferroni over all tests at alpha/2"}};
  j["eps_lower_bound"] = {{"exp_eps", r.exp_eps_lower_bound},
                          {"eps", eps_lower},
                          {"claimed_exp_eps", scope.claimed ? nlohmann::json(scope.claimed_exp_eps)
                                                            : nlohmann::json(nullptr)},
                          {"event", r.event},
                          {"x", r.x},
                          {"x_prime", r.x_prime},
                          {"count_x", r.count_x},
                          {"n_x", r.n_x},
                          {"count_x_prime", r.count_x_prime},
                          {"n_x_prime", r.n_x_prime},
                          {"intervals", r.intervals},
                          {"violated", r.ratio_violated}};
  j["samples_per_input"] = r.samples_per_input;
  j["inputs_without_samples"] = r.inputs_without_samples;
  j["resolution"] = {
      {"power", r.resolution.power},
      {"fewest_samples", r.resolution.fewest_samples},
      {"fewest_input", r.resolution.fewest_input},
      {"cell_deviation", r.resolution.cell_deviation},
      {"required_cell_deviation", c.demand.cell_deviation},
      {"eps_excess", r.resolution.eps_excess ? nlohmann::json(*r.resolution.eps_excess)
                                             : nlohmann::json(nullptr)},
      {"event", r.resolution.event}};
  j["insufficient_because"] = r.verdict == Conformance::kInsufficient
                                  ? nlohmann::json(r.insufficient_because)
                                  : nlohmann::json(nullptr);
  if (diagnosis) {
    nlohmann::json fits = nlohmann::json::array();
    for (const Diagnosis& d : diagnosis->fits) {
      fits.push_back({{"reading", d.reading},
                      {"min_p_value", d.min_p_value},
                      {"exp_eps_lower_bound", d.exp_eps_lower_bound}});
    }
    j["diagnosis"] = {{"tried", diagnosis->tried},
                      {"fits", fits},
                      {"fitted_exp_eps", diagnosis->fitted_exp_eps
                                             ? nlohmann::json({diagnosis->fitted_exp_eps->first,
                                                               diagnosis->fitted_exp_eps->second})
                                             : nlohmann::json(nullptr)}};
  } else {
    j["diagnosis"] = nullptr;
  }
  j["impossible"] = {
      {"count", tallies.impossible},
      {"first_line", tallies.first_impossible_line ? nlohmann::json(*tallies.first_impossible_line)
                                                   : nlohmann::json(nullptr)},
      {"first", tallies.first_impossible}};
  if (sequential) {
    j["sequential"] = {{"client", sequential->client},
                       {"looks", sequential->looks},
                       {"look_alpha", sequential->look_alpha},
                       {"method",
                        "group-sequential: look j at alpha / 2^(j+1), a union bound over "
                        "the looks"}};
  }
  if (c.json) {
    std::cout << versioned(j).dump(1) << "\n";
  } else {
    std::cout << (sequential ? "conform client: " : "conform samples: ") << tallies.n
              << " samples of " << reference.name << " from " << source
              << " (alpha = " << (sequential ? sequential->alpha : c.alpha) << ")\n";
    if (sequential) {
      std::cout << "  sequential: " << sequential->looks.size() << " looks (";
      for (std::size_t i = 0; i < sequential->looks.size(); ++i) {
        std::cout << (i ? ", " : "") << sequential->looks[i];
      }
      std::cout << " samples per input), look j at alpha/2^(j+1); the last at "
                << double_text(sequential->look_alpha) << "\n";
    }
    if (reference.reading) std::cout << "  reference read as: " << *reference.reading << "\n";
    if (reference.pooling) std::cout << "  reference pooled: " << *reference.pooling << "\n";
    std::cout << "  fit: " << r.fit_tests << " tests, smallest p = " << double_text(r.min_p_value)
              << " (" << r.worst_test << ") vs Bonferroni threshold "
              << double_text(r.fit_threshold) << (r.fit_rejected ? ": REJECTED" : ": not rejected")
              << "\n";
    std::cout << "  samples per input: " << r.resolution.fewest_samples
              << " (x = " << r.resolution.fewest_input << ") to "
              << *std::max_element(r.samples_per_input.begin(), r.samples_per_input.end());
    if (!r.inputs_without_samples.empty()) {
      std::cout << "; no samples for " << r.inputs_without_samples.size()
                << " input(s), the first x = " << r.inputs_without_samples.front();
    }
    std::cout << "\n";
    if (bounded) {
      std::cout << "  eps >= " << double_text(eps_lower) << " with confidence 1 - alpha/2 (event "
                << r.event << ", x = " << r.x << ": " << r.count_x << "/" << r.n_x
                << ", x' = " << r.x_prime << ": " << r.count_x_prime << "/" << r.n_x_prime << ")";
    } else {
      std::cout << "  eps: no bound (no event was seen with samples of two inputs)";
    }
    if (scope.claimed) {
      std::cout << "; claimed eps = " << double_text(std::log(scope.claimed_exp_eps))
                << (r.ratio_violated ? ": VIOLATED" : "");
    }
    std::cout << "\n";
    if (tallies.impossible > 0) {
      std::cout << "  impossible outputs: " << tallies.impossible << " sample(s) the reference "
                << "never produces; first at " << source << ":" << *tallies.first_impossible_line
                << " (" << tallies.first_impossible << ")\n";
    }
    std::cout << "  resolution (power " << double_text(r.resolution.power) << "): a deviation of "
              << double_text(r.resolution.cell_deviation) << " in any cell's probability";
    if (r.resolution.eps_excess) {
      std::cout << ", or e^eps " << double_text(100 * *r.resolution.eps_excess)
                << "% above the claim (event " << r.resolution.event << ")";
    }
    std::cout << " would be detected at this size\n";
    if (diagnosis) {
      for (const Diagnosis& d : diagnosis->fits) {
        std::cout << "  diagnosis: the samples fit the reference read with " << d.reading
                  << " (smallest fit p = " << double_text(d.min_p_value)
                  << ", e^eps >= " << double_text(d.exp_eps_lower_bound) << ")\n";
      }
      if (diagnosis->fitted_exp_eps) {
        std::cout << "  diagnosis: the samples fit " << reference.name << " at e^eps in ["
                  << double_text(diagnosis->fitted_exp_eps->first) << ", "
                  << double_text(diagnosis->fitted_exp_eps->second)
                  << "] (grid of ratio 2^(1/8)), not at the claimed "
                  << double_text(scope.claimed_exp_eps) << "\n";
      }
      if (diagnosis->fits.empty() && !diagnosis->fitted_exp_eps) {
        std::cout << "  diagnosis: no reading tried fits (";
        for (std::size_t i = 0; i < diagnosis->tried.size(); ++i) {
          std::cout << (i ? "; " : "") << diagnosis->tried[i];
        }
        std::cout << ")\n";
      }
    }
    std::cout << "verdict: " << conformance_name(r.verdict);
    if (r.verdict == Conformance::kConforms) {
      std::cout << " at that resolution";
    } else if (r.verdict == Conformance::kInsufficient) {
      std::cout << ": " << r.insufficient_because;
    }
    std::cout << "\n";
  }
  return r.verdict == Conformance::kConforms ? 0 : 1;
}

void run(const ConformSamplesCommand& c, int& exit_code) {
  if (!(c.alpha > 0 && c.alpha < 1)) throw InvalidArgument("--alpha: must be in (0,1)");
  const ConformReference reference = build_reference(c.reference);
  const std::string path = c.samples;
  const SampleSource open = [path]() -> std::unique_ptr<std::istream> {
    auto file = std::make_unique<std::ifstream>(path, std::ios::binary);
    if (!*file) throw InputError(path, "cannot open the file");
    return file;
  };
  exit_code = report_samples(c, reference, open, c.samples, std::nullopt);
}

struct ConformClientCommand : SamplesRun {
  std::vector<std::string> command;
  std::uint64_t max_samples = 1'000'000;
  std::uint64_t first_look = 64;  // samples per input at the first look
  std::uint64_t timeout_ms = 30'000;
  std::string samples_out;
};

// Drives the client: looks at 64, 128, 256, ... samples per input (inputs interleaved 0..k-1),
// look j tested at alpha / 2^(j+1), so that all looks together keep the level alpha (a union
// bound: the classical group-sequential alpha spending). Stops at the first finding, at the first
// look whose resolution meets --resolution, or at --max-samples.
void run_client(const ConformClientCommand& c, const InProcessClient* in_process, int& exit_code) {
  if (!(c.alpha > 0 && c.alpha < 1)) throw InvalidArgument("--alpha: must be in (0,1)");
  const ConformReference reference = build_reference(c.reference);
  const std::size_t k = num_symbols(reference.model);
  if (c.max_samples < k) {
    throw InvalidArgument("--max-samples: " + std::to_string(c.max_samples) +
                          " cannot give each of the " + std::to_string(k) + " inputs a sample");
  }
  // The client: a process started from the command after --, or the caller's function.
  std::optional<ClientProcess> process;
  if (!c.command.empty() || in_process == nullptr) process.emplace(c.command);
  const std::string name = process ? process->name() : "client";
  auto exchange = [&](std::span<const std::uint32_t> inputs) {
    return process ? process->exchange(inputs, std::chrono::milliseconds(c.timeout_ms))
                   : (*in_process)(inputs);
  };
  std::string samples;
  std::uint64_t per_input = 0, target = std::min<std::uint64_t>(c.first_look, c.max_samples / k);
  SequentialSummary sequential;
  sequential.client = name;
  sequential.alpha = c.alpha;
  SamplesRun look = c;
  for (int j = 0;; ++j) {
    std::vector<std::uint32_t> inputs;
    for (; per_input < target; ++per_input) {
      for (std::uint32_t x = 0; x < k; ++x) inputs.push_back(x);
    }
    check_cancelled();
    const std::vector<std::string> outputs = exchange(inputs);
    if (outputs.size() != inputs.size()) {
      throw InvalidArgument("conform client: " + name + " returned " +
                            std::to_string(outputs.size()) + " outputs for " +
                            std::to_string(inputs.size()) + " inputs");
    }
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      samples += std::to_string(inputs[i]);
      samples += ',';
      samples += outputs[i];
      samples += '\n';
    }
    sequential.looks.push_back(per_input);
    look.alpha = c.alpha / std::exp2(j + 1);
    sequential.look_alpha = look.alpha;
    const OutputSyntax syntax = sample_syntax(reference, c.output_index);
    std::istringstream in(samples);
    const SampleTallies t = tally_samples(in, name, reference.model, reference.scope, syntax);
    const ConformanceReport r =
        check_conformance(t, reference.model, reference.scope, look.alpha, c.demand);
    const bool last = (per_input + 1) * k > c.max_samples;
    if (r.verdict != Conformance::kInsufficient || last) break;
    target = std::min<std::uint64_t>(2 * per_input, c.max_samples / k);
  }
  if (!c.samples_out.empty()) {
    std::ofstream out(c.samples_out, std::ios::binary);
    out << "# x,y samples of " << name << "\n" << samples;
    if (!out) throw InputError(c.samples_out, "cannot write the file");
  }
  const SampleSource open = [&samples]() -> std::unique_ptr<std::istream> {
    return std::make_unique<std::istringstream>(samples);
  };
  exit_code = report_samples(look, reference, open, name, sequential);
}

struct ConformPlanCommand {
  ConformReferenceFlags reference;
  double alpha = 0.05;
  double power = 0.9;
  double delta = 0.01;
  double excess = 0.1;
  bool json = false;
};

void run_plan(const ConformPlanCommand& c) {
  const ConformReference reference = build_reference(c.reference);
  const ConformancePlan plan = plan_conformance(reference.model, reference.scope, c.alpha, c.power,
                                                c.delta, c.excess, reference.syntax.labels);
  nlohmann::json j = {{"mechanism", reference.name},
                      {"alpha", c.alpha},
                      {"power", c.power},
                      {"fit_tests", plan.fit_tests},
                      {"intervals", plan.intervals},
                      {"delta", c.delta},
                      {"per_input_for_delta", plan.per_input_for_delta},
                      {"eps_excess", c.excess},
                      {"per_input_for_eps_excess", plan.per_input_for_excess
                                                       ? nlohmann::json(*plan.per_input_for_excess)
                                                       : nlohmann::json(nullptr)},
                      {"event", plan.event},
                      {"p_x", plan.p_x},
                      {"p_x_prime", plan.p_x_prime},
                      {"pooling", reference.pooling ? nlohmann::json(*reference.pooling)
                                                    : nlohmann::json(nullptr)}};
  if (c.json) {
    std::cout << versioned(j).dump(1) << "\n";
    return;
  }
  std::cout << "conform plan for " << reference.name << " (alpha = " << c.alpha
            << ", power = " << c.power << "):\n";
  if (reference.pooling) std::cout << "  reference pooled: " << *reference.pooling << "\n";
  std::cout << "  a deviation of " << c.delta << " in any cell: " << plan.per_input_for_delta
            << " samples per input (" << plan.fit_tests << " tests, Bonferroni)\n";
  if (plan.per_input_for_excess) {
    std::cout << "  a tight ratio e^eps (1 + " << c.excess << "): " << *plan.per_input_for_excess
              << " samples per input (event " << plan.event << ", reference " << plan.p_x << " vs "
              << plan.p_x_prime << ")\n";
  } else {
    std::cout << "  a ratio excess: not plannable (no claim, or no finite ratio event)\n";
  }
  std::cout << "  events rarer than 1/n per input are invisible to any black-box test of n "
               "samples per input\n";
}

}  // namespace

void add_conform_command(CLI::App& app, int& exit_code, const InProcessClient* in_process) {
  auto* conform = app.add_subcommand(
      "conform",
      "conformance of another implementation: its client (samples) or server (estimates)");
  conform->require_subcommand(1);
  auto c = std::make_shared<ConformSamplesCommand>();
  auto* samples = conform->add_subcommand(
      "samples", "test samples 'x,y' a client produced against the reference mechanism");
  c->reference.add_to(*samples);
  samples
      ->add_option("--samples", c->samples,
                   "file of 'x,y' lines: x the 0-based input, y the output's label as `uldp "
                   "mechanism NAME --format csv` lists it (4, 0110 with character j = bit j, h2, "
                   "{1,3}; CSV-quoted or not; uBD/uSS reports also as k-bit strings)")
      ->required();
  samples->add_flag("--output-index", c->output_index,
                    "read y as the output's 0-based column in that listing instead of its label");
  samples->add_option("--alpha", c->alpha, "significance level (default 0.05)");
  samples->add_option("--power", c->demand.power,
                      "power at which the resolution is stated (default 0.9)");
  samples->add_option("--resolution", c->demand.cell_deviation,
                      "largest cell deviation a conforming run must detect; a run that cannot is "
                      "insufficient (default 0.5)");
  samples->add_flag("--json", c->json, "print JSON");
  samples->callback([c, &exit_code] { run(*c, exit_code); });

  auto client = std::make_shared<ConformClientCommand>();
  auto* client_cmd = conform->add_subcommand(
      "client",
      "drive a running client (-- CMD ARGS...: one input per line in, one output per "
      "line out) with a sequential test that stops as soon as it can decide");
  client->reference.add_to(*client_cmd);
  client_cmd->add_option("command", client->command, "the client's command and arguments, after --")
      ->expected(-1);
  client_cmd->add_option("--alpha", client->alpha,
                         "significance level over all looks (default 0.05)");
  client_cmd->add_option("--power", client->demand.power,
                         "power at which the resolution is stated (default 0.9)");
  client->demand.cell_deviation = 0.05;
  client_cmd->add_option("--resolution", client->demand.cell_deviation,
                         "stop and conform once a cell deviation of this size would be detected "
                         "(default 0.05)");
  add_unsigned_option(*client_cmd, "--max-samples", client->max_samples,
                      "at most this many samples in all (default 1000000)", 1, 1'000'000'000);
  add_unsigned_option(*client_cmd, "--first-look", client->first_look,
                      "samples per input at the first look, doubled at each (default 64)", 1,
                      1'000'000);
  add_unsigned_option(*client_cmd, "--timeout-ms", client->timeout_ms,
                      "fail when the client writes nothing for this long (default 30000)", 1,
                      3'600'000);
  client_cmd->add_flag("--output-index", client->output_index,
                       "read the client's outputs as 0-based columns instead of labels");
  client_cmd->add_option("--samples-out", client->samples_out,
                         "also write the samples drawn, for `conform samples`");
  client_cmd->add_flag("--json", client->json, "print JSON");
  client_cmd->callback(
      [client, in_process, &exit_code] { run_client(*client, in_process, exit_code); });

  auto plan = std::make_shared<ConformPlanCommand>();
  auto* plan_cmd = conform->add_subcommand(
      "plan", "samples per input that detect a cell deviation or an excess in eps");
  plan->reference.add_to(*plan_cmd);
  plan_cmd->add_option("--alpha", plan->alpha, "significance level (default 0.05)");
  plan_cmd->add_option("--power", plan->power, "power 1 - beta (default 0.9)");
  plan_cmd->add_option("--delta", plan->delta, "cell deviation to detect (default 0.01)");
  plan_cmd->add_option("--eps-excess", plan->excess,
                       "relative excess of e^eps to detect (default 0.1)");
  plan_cmd->add_flag("--json", plan->json, "print JSON");
  plan_cmd->callback([plan, &exit_code] {
    run_plan(*plan);
    exit_code = 0;
  });
  add_conform_estimates_command(*conform, exit_code);
}

}  // namespace uldp::cli
