// `uldp conform samples | client | plan`: flags -> the api's conformance requests, results ->
// text or JSON (uldp/api/conform.h holds the workflows).
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <istream>
#include <memory>
#include <optional>
#include <sstream>

#include "cli_support.h"
#include "client_process.h"
#include "commands.h"
#include "conform_reference_flags.h"
#include "uldp/api/conform.h"
#include "uldp/api/headline.h"
#include "uldp/cancellation.h"
#include "uldp/error.h"
#include "uldp/estimate/conformance.h"
#include "uldp/estimate/line_reader.h"
#include "uldp/input_limits.h"
#include "workflow_option_flags.h"

namespace uldp::cli {
using namespace uldp::estimate;  // the double-precision layer

namespace {

// What `conform samples` and `conform client` share.
struct SamplesRun {
  ConformReferenceFlags reference;
  double false_alarm = 0;  // the flags set each option's default
  EvidenceDemand demand;
  bool output_index = false;
  bool json = false;
};

struct ConformSamplesCommand : SamplesRun {
  std::string samples;
};

// Prints the result as text or JSON, and a finding's headline on standard error (as the
// assertions state it); the exit code: 0 conforms, 1 otherwise.
int print_result(const api::ConformResult& result, bool json) {
  if (json) {
    answer_json(api::to_json(result), 1);
  } else {
    std::cout << api::to_text(result);
  }
  if (!result.conforms()) {
    std::cerr << "uldp: " << api::conformance_headline(result, result.source) << "\n";
  }
  return result.conforms() ? 0 : 1;
}

// The largest stream (pipe, FIFO, /dev/stdin) `conform samples` keeps for a second look: what
// every input read whole may hold.
constexpr std::size_t kMaxKeptStream = kMaxInputBytes;

// A view of kept bytes as an input stream (no copy).
class KeptStream : public std::istream {
 public:
  explicit KeptStream(std::shared_ptr<const std::string> bytes)
      : std::istream(&buffer_), bytes_(std::move(bytes)), buffer_(*bytes_) {}

 private:
  struct ViewBuffer : std::streambuf {
    explicit ViewBuffer(const std::string& s) {
      char* begin = const_cast<char*>(s.data());  // read only: get area
      setg(begin, begin, begin + s.size());
    }
  };
  std::shared_ptr<const std::string> bytes_;
  ViewBuffer buffer_;
};

// The samples as often as the workflow asks (the diagnosis takes a second look): a regular file is
// reopened; a pipe, a FIFO or /dev/stdin is read once and its bytes kept (it hung before: the
// second open waited for a writer that had gone).
api::SampleSource sample_source(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_regular_file(path, error) || !std::filesystem::exists(path, error)) {
    return [path]() -> std::unique_ptr<std::istream> {
      auto file = std::make_unique<std::ifstream>(path, std::ios::binary);
      if (!*file) throw InputError(path, "cannot open the file");
      return file;
    };
  }
  auto kept = std::make_shared<std::shared_ptr<const std::string>>();
  return [path, kept]() -> std::unique_ptr<std::istream> {
    if (!*kept) {
      std::ifstream in(path, std::ios::binary);
      if (!in) throw InputError(path, "cannot open the file");
      auto bytes = std::make_shared<std::string>();
      char block[1 << 16];
      std::size_t line = 1, line_start = 0;  // a stream without line ends stops at the line limit
      while (in.read(block, sizeof block) || in.gcount() > 0) {
        const std::size_t before = bytes->size();
        bytes->append(block, static_cast<std::size_t>(in.gcount()));
        for (std::size_t i = before; i < bytes->size(); ++i) {
          if ((*bytes)[i] == '\n') ++line, line_start = i + 1;
        }
        if (bytes->size() - line_start > estimate::kMaxTextLine)
          throw InputError(
              path, line, 1,
              "line too long (more than " + std::to_string(estimate::kMaxTextLine) + " bytes)");
        if (bytes->size() > kMaxKeptStream) {
          throw InputError(path, "a stream of more than " + std::to_string(kMaxKeptStream) +
                                     " bytes (write the samples to a file)");
        }
      }
      *kept = std::move(bytes);
    }
    return std::make_unique<KeptStream>(*kept);
  };
}

void run(const ConformSamplesCommand& c, int& exit_code) {
  const api::SampleSource open = sample_source(c.samples);
  api::ConformSamplesRequest request(c.reference.request(), open, c.samples);
  request.false_alarm = c.false_alarm;
  request.demand = c.demand;
  request.output_index = c.output_index;
  request.output_index_name = "--output-index";
  exit_code = print_result(api::conform_samples(request), c.json);
}

struct ConformCountsCommand : SamplesRun {
  std::vector<std::string> counts;
};

// Counts tallied elsewhere, one file per shard.
void run_counts(const ConformCountsCommand& c, int& exit_code) {
  std::vector<api::CountsShard> shards;
  for (const std::string& path : c.counts) shards.push_back({path, sample_source(path), path});
  api::ConformCountsRequest request(c.reference.request(), std::move(shards));
  request.false_alarm = c.false_alarm;
  request.demand = c.demand;
  request.output_index = c.output_index;
  request.output_index_name = "--output-index";
  request.shards_name = "--counts";
  exit_code = print_result(api::conform_counts(request), c.json);
}

// The options a test of samples takes (`workflow` names it: "conform_samples", ...).
void add_test_options(CLI::App& command, std::string_view workflow, SamplesRun& run) {
  add_workflow_option(command, api::kFalseAlarmOption, workflow, run.false_alarm);
  add_workflow_option(command, api::kPowerOption, workflow, run.demand.power);
  add_workflow_option(command, api::kResolutionOption, workflow, run.demand.resolution);
  run.demand.resolution_name = "--resolution";
}

// The options `conform samples` and `conform counts` share.
void add_sample_test_options(CLI::App& command, std::string_view workflow, SamplesRun& run) {
  command.add_flag("--output-index", run.output_index,
                   "read y as the output's 0-based column in that listing instead of its label");
  add_test_options(command, workflow, run);
  command.add_flag("--json", run.json, "print JSON");
}

struct ConformClientCommand : SamplesRun {
  std::vector<std::string> command;
  std::uint64_t max_samples = 0;  // the flags set each option's default
  std::uint64_t first_look = 0;
  std::uint64_t violation_search = 0;
  api::AlphaSpending spending{};
  double excess = 0;
  std::uint64_t timeout_ms = 30'000;
  std::string samples_out;
};

// Drives the client, a process started from the command after --, with the api's sequential test.
void run_client(const ConformClientCommand& c, const CLI::App& command, int& exit_code) {
  refuse_output_onto_input(command, "--samples-out", c.samples_out);
  std::string name = c.command.empty() ? "client" : "";
  for (const std::string& word : c.command) {
    if (!name.empty()) name += ' ';
    name += word;
  }
  api::ConformClientRequest request(c.reference.request(), name);
  request.false_alarm = c.false_alarm;
  request.demand = c.demand;
  request.output_index = c.output_index;
  request.max_samples = c.max_samples;
  request.first_look = c.first_look;
  request.violation_search = c.violation_search;
  request.spending = c.spending;
  request.excess = c.excess;
  request.excess_name = "--excess";
  request.max_samples_name = "--max-samples";
  request.output_index_name = "--output-index";
  api::SequentialConformance test(request);
  ClientProcess process(c.command);  // started once the request is known to be valid
  while (!test.decided()) {
    check_cancelled();
    const std::vector<std::uint32_t> inputs = test.next_inputs();
    const std::vector<std::string> outputs =
        process.exchange(inputs, std::chrono::milliseconds(c.timeout_ms));
    test.add_outputs(outputs);
  }
  if (!c.samples_out.empty()) {
    std::ofstream out(c.samples_out, std::ios::binary);
    out << "# x,y samples of " << name << "\n" << test.samples();
    if (!out) throw InputError(c.samples_out, "cannot write the file");
  }
  exit_code = print_result(test.result(), c.json);
}

struct ConformPlanCommand {
  ConformReferenceFlags reference;
  double false_alarm = 0;  // the flags set each option's default
  double power = 0;
  double resolution = 0;
  double excess = 0;
  bool json = false;
};

void run_plan(const ConformPlanCommand& c) {
  api::ConformPlanRequest request(c.reference.request());
  request.false_alarm = c.false_alarm;
  request.power = c.power;
  request.resolution = c.resolution;
  request.excess = c.excess;
  const api::ConformPlanResult result = api::plan_conformance_run(request);
  if (c.json) {
    answer_json(api::to_json(result), 1);
  } else {
    std::cout << api::to_text(result);
  }
}

}  // namespace

void add_conform_command(CLI::App& app, int& exit_code) {
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
  add_sample_test_options(*samples, "conform_samples", *c);
  samples->callback([c, &exit_code] { run(*c, exit_code); });

  auto counted = std::make_shared<ConformCountsCommand>();
  auto* counts = conform->add_subcommand(
      "counts",
      "test samples counted elsewhere ('x,y,count' lines, as GROUP BY x, y gives them, or JSON "
      "records) against the reference mechanism: the verdict of the samples they count");
  counted->reference.add_to(*counts);
  counts
      ->add_option("--counts", counted->counts,
                   "files of 'x,y,count' lines (x and y as `conform samples` reads them, count the "
                   "samples of that pair) or JSON [{\"x\": 0, \"y\": \"1\", \"count\": 12}, ...]; "
                   "several files are shards whose counts add up")
      ->required()
      ->expected(1, -1);
  add_sample_test_options(*counts, "conform_counts", *counted);
  counts->callback([counted, &exit_code] { run_counts(*counted, exit_code); });

  auto client = std::make_shared<ConformClientCommand>();
  auto* client_cmd = conform->add_subcommand(
      "client",
      "drive a running client (-- CMD ARGS...: one input per line in, one output per "
      "line out) with a sequential test that stops as soon as it can decide");
  client->reference.add_to(*client_cmd);
  client_cmd->add_option("command", client->command, "the client's command and arguments, after --")
      ->expected(-1);
  add_test_options(*client_cmd, "conform_client", *client);
  add_workflow_option(*client_cmd, api::kMaxSamplesOption, "conform_client", client->max_samples);
  add_workflow_option(*client_cmd, api::kFirstLookOption, "conform_client", client->first_look);
  add_workflow_option(*client_cmd, api::kViolationSearchOption, "conform_client",
                      client->violation_search);
  add_workflow_option(*client_cmd, api::kSpendingOption, "conform_client", client->spending);
  add_workflow_option(*client_cmd, api::kExcessOption, "conform_client", client->excess);
  add_unsigned_option(*client_cmd, "--timeout-ms", client->timeout_ms,
                      "fail when the client writes nothing for this long (default 30000)", 1,
                      3'600'000);
  client_cmd->add_flag("--output-index", client->output_index,
                       "read the client's outputs as 0-based columns instead of labels");
  client_cmd->add_option("--samples-out", client->samples_out,
                         "also write the samples drawn, for `conform samples`");
  client_cmd->add_flag("--json", client->json, "print JSON");
  client_cmd->callback(
      [client, client_cmd, &exit_code] { run_client(*client, *client_cmd, exit_code); });

  auto plan = std::make_shared<ConformPlanCommand>();
  auto* plan_cmd = conform->add_subcommand(
      "plan", "samples per input that detect a cell deviation or an excess in eps");
  plan->reference.add_to(*plan_cmd);
  add_workflow_option(*plan_cmd, api::kFalseAlarmOption, "conform_plan", plan->false_alarm);
  add_workflow_option(*plan_cmd, api::kPowerOption, "conform_plan", plan->power);
  add_workflow_option(*plan_cmd, api::kResolutionOption, "conform_plan", plan->resolution);
  add_workflow_option(*plan_cmd, api::kExcessOption, "conform_plan", plan->excess);
  plan_cmd->add_flag("--json", plan->json, "print JSON");
  plan_cmd->callback([plan, &exit_code] {
    run_plan(*plan);
    exit_code = 0;
  });
  add_conform_estimates_command(*conform, exit_code);
}

}  // namespace uldp::cli
