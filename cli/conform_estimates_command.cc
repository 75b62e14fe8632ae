// `uldp conform estimates`: another implementation's estimates against golden vectors written by
// `uldp golden` (uldp::api::compare_estimates); this file reads the two files and prints the
// report.
#include <iostream>
#include <memory>
#include <string>

#include "cli_support.h"
#include "commands.h"
#include "uldp/api/estimates_comparison.h"
#include "uldp/api/headline.h"
#include "uldp/api/workflow_options.h"
#include "uldp/io/estimates_file.h"
#include "workflow_option_flags.h"

namespace uldp::cli {
namespace {

struct ConformEstimatesCommand {
  std::string vectors;
  std::string theirs;
  api::EstimatesScale scale =
      api::choice_of_default<api::EstimatesScale>(api::kScaleOption, "conform_estimates");
  std::string csv_estimator = "emp";
  double tolerance = api::default_in(api::kToleranceOption, "conform_estimates");
  std::optional<double> em_tolerance;
  bool json = false;
};

void run(const ConformEstimatesCommand& c, int& exit_code) {
  const api::TheirEstimates theirs = read_estimates_file(c.theirs, c.csv_estimator);
  const api::GoldenVectors golden = api::read_golden_vectors(c.vectors);
  api::EstimatesComparisonRequest request;
  request.scale = c.scale;
  request.tolerance = c.tolerance;
  request.em_tolerance = c.em_tolerance;
  request.golden_source = c.vectors;
  request.em_tolerance_name = "--em-tolerance";
  request.counts_scale_name = "--scale counts";
  request.frequencies_scale_name = "--scale frequencies";
  const api::EstimatesComparison result = api::compare_estimates(golden, theirs, request);
  if (c.json) {
    answer_json(api::to_json(result), 1);
  } else {
    std::cout << api::to_text(result);
  }
  if (!result.matches()) std::cerr << "uldp: " << api::estimates_headline(result, c.theirs) << "\n";
  exit_code = result.matches() ? 0 : 1;
}

}  // namespace

void add_conform_estimates_command(CLI::App& conform, int& exit_code) {
  auto c = std::make_shared<ConformEstimatesCommand>();
  auto* sub = conform.add_subcommand(
      "estimates", "compare a server's estimates with golden vectors written by `uldp golden`");
  sub->add_option("--vectors", c->vectors, "golden vectors (uldp golden)")->required();
  sub->add_option("--theirs", c->theirs,
                  "their estimates: JSON {\"cases\": [{\"id\", \"emp\", \"thr\", \"em\"}]} or "
                  "CSV 'id,[emp|thr|em,]v0,...'")
      ->required();
  add_workflow_option(*sub, api::kScaleOption, "conform_estimates", c->scale);
  // The estimators' words are the method's (one check, one message); CSV only, so no workflow
  // option: Python passes their estimates by name.
  sub->add_option_function<std::string>(
         "--estimator",
         [c](const std::string& word) {
           api::check_choice(api::kMethodOption, word, "--estimator");
           c->csv_estimator = word;
         },
         "CSV lines without an estimator field hold this one (default emp)")
      ->type_name(std::string(api::kMethodOption.metavar));
  add_workflow_option(*sub, api::kToleranceOption, "conform_estimates", c->tolerance);
  add_tolerance_option(*sub, "--em-tolerance", c->em_tolerance,
                       "largest accepted |difference| of EM frequencies (at most 1/10; default "
                       "per case: 1e-4 + the golden vector's certified distance em_distance to the "
                       "maximum-likelihood estimate)");
  sub->add_flag("--json", c->json, "print JSON");
  sub->callback([c, &exit_code] { run(*c, exit_code); });
}

}  // namespace uldp::cli
