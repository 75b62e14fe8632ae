// `uldp golden`: golden vectors for another implementation's server (uldp::api::golden_vectors);
// this file turns the flags into a request and prints the vectors file.
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli_support.h"
#include "commands.h"
#include "conform_reference_flags.h"
#include "mechanism_flags.h"
#include "uldp/api/golden.h"
#include "uldp/error.h"
#include "uldp/forms/tolerance.h"
#include "uldp/io/input_text.h"
#include "workflow_option_flags.h"

namespace uldp::cli {
namespace {

struct GoldenCommand {
  MechanismFlags mech;
  std::optional<std::uint64_t> cases;
  std::uint64_t seed = 0;  // the flag sets the option's default
  const CLI::Option* seed_flag = nullptr;
  std::optional<std::uint64_t> n;  ///< default 1000
  std::string from_counts;
  double significance = 0;  // the flags set each option's default
  double em_stop = 0;
  std::optional<std::string> em_gap;
  std::optional<std::string> em_distance;
  std::optional<std::string> post;
  bool with_reports = false;
};

api::GoldenRequest request(const GoldenCommand& c) {
  if (c.mech.name.empty()) throw InvalidArgument("--mech: required (" + mechanism_names() + ")");
  if (c.cases.has_value() == !c.from_counts.empty()) {
    throw InvalidArgument("--cases / --from-counts: give exactly one of them");
  }
  const bool seed_given = c.seed_flag && c.seed_flag->count() > 0;
  if (!c.cases && (c.n || seed_given))
    throw InvalidArgument(std::string(c.n ? "--n" : "--seed") + ": only with --cases");
  api::ReferenceRequest mechanism = [&]() -> api::ReferenceRequest {
    if (!c.mech.personalized()) return api::RegistryReference{c.mech.name, c.mech.arguments()};
    PumSetup pum = c.mech.build_pum(false);
    return api::PumReference{std::move(pum.common), std::move(pum.tags), std::move(pum.users),
                             "--users"};
  }();
  std::variant<api::DrawnCases, api::GivenCounts> cases =
      c.cases
          ? std::variant<api::DrawnCases, api::GivenCounts>(api::DrawnCases{*c.cases, c.seed, c.n})
          : api::GivenCounts{read_input_text(c.from_counts, "a counts file"), c.from_counts};
  api::GoldenRequest r(std::move(mechanism), std::move(cases));
  r.significance = c.significance;
  r.em_stop = c.em_stop;
  if (c.em_gap) r.em_gap = parse_tolerance(*c.em_gap, "--em-gap");
  if (c.em_distance) r.em_distance = to_double(parse_tolerance(*c.em_distance, "--em-distance"));
  if (c.post) r.post = estimate::parse_post_processing(*c.post, "--post");
  r.with_reports = c.with_reports;
  return r;
}

}  // namespace

void add_golden_command(CLI::App& app, int& exit_code) {
  auto c = std::make_shared<GoldenCommand>();
  CLI::App* sub = app.add_subcommand(
      "golden", "golden vectors for another implementation's estimators (emp, thr, em)");
  c->mech.add_with_mech_option(*sub);
  c->mech.add_pum_options(*sub);
  add_unsigned_option(*sub, "--cases", c->cases,
                      "number of cases drawn with the aggregated sampler (1 to 1000)", 1, 1000);
  c->seed_flag = add_workflow_option(*sub, api::kSeedOption, "golden", c->seed);
  add_unsigned_option(*sub, "--n", c->n, "reports per drawn case (default 1000; up to 10^9)", 1,
                      1'000'000'000);
  sub->add_option("--from-counts", c->from_counts,
                  "report counts: one per line ('n=N' for bit vectors) or a JSON array");
  add_workflow_option(*sub, api::kSignificanceOption, "golden", c->significance);
  add_text_option(*sub, "--post", c->post,
                  "the post-processing the implementation applies to its estimates: "
                  "clip-renormalise, renormalise, norm-sub (Wang et al. NDSS 2020; = simplex, the "
                  "projection onto the probability simplex)");
  add_workflow_option(*sub, api::kEmStopOption, "golden", c->em_stop);
  add_text_option(*sub, "--em-distance", c->em_distance,
                  "EM: the certified bound on the l2 distance from every EM vector to the "
                  "maximum-likelihood estimate, EM run further until it holds (at most 1/10; "
                  "default 1e-6)");
  add_text_option(*sub, "--em-gap", c->em_gap,
                  "EM: the certified bound on (max L - L(em)) / n every EM vector must meet, EM "
                  "run further until it does (exact rational or decimal, at most 1/10; default "
                  "1e-6)");
  sub->add_flag("--with-reports", c->with_reports,
                "also list every case's reports one by one (\"report_list\", a report file's "
                "lines), for a server that takes reports; drawn unary encodings are then drawn "
                "per user");
  sub->callback([c, &exit_code] {
    std::cout << api::versioned(api::to_json(api::golden_vectors(request(*c)))).dump(1) << "\n";
    exit_code = 0;
  });
}

}  // namespace uldp::cli
