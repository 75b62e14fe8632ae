// `uldp check`: flags -> api::CheckRequest, api::CheckResult -> text or JSON, exit code. The
// workflow itself is uldp::api::check (uldp/api/check.h).
#include <fstream>
#include <iostream>
#include <memory>
#include <tuple>

#include "commands.h"
#include "matrix_file_flags.h"
#include "mechanism_flags.h"
#include "uldp/api/certificate_bundle.h"
#include "uldp/api/check.h"
#include "uldp/api/headline.h"
#include "uldp/api/pair_heatmap.h"
#include "uldp/api/pair_loss.h"
#include "uldp/api/pum_check.h"
#include "uldp/error.h"
#include "uldp/io/input_text.h"

namespace uldp::cli {
namespace {

struct CheckCommand {
  MatrixFileFlags file;  // --matrix FILE and how it is read
  MechanismFlags flags;  // --mech, --k, --sensitive, budget, --theta, --mangat-p (shared)
  std::optional<std::string> protected_list;
  std::vector<std::string> require;
  bool json = false;
  bool dense = false;
  bool pairs = false;                       // --pairs: the per-pair loss matrix too
  std::optional<std::string> id_combine;    // --id-combine min|max|mean
  std::optional<std::string> metric;        // --metric manhattan|euclidean|FILE: metric LDP
  std::optional<std::string> pair_budgets;  // --pair-budgets FILE: context-aware LDP
  std::optional<std::string> safe_regions;  // --safe-regions FILE: personalized LDP
  std::string plot_path;                    // --plot FILE.png: the pairs as a heatmap
  std::string smt_path;                     // --smt FILE: Z3 certificate of a dense matrix
  std::string smt_solver;                // --smt-solver: z3, or both (cvc5 re-runs the certificate)
  std::optional<std::string> tolerance;  // --tolerance T, exact rational in [0, 1/10]; none: exact
  std::string certificate_dir;           // --certificate DIR
};

api::CheckSubject subject_of(const CheckCommand& c, const api::MechanismParameters& mechanism) {
  if (c.file.given() == !c.flags.name.empty()) {
    throw InvalidArgument("check: give exactly one of --matrix FILE or --mech NAME");
  }
  if (!c.file.given()) {
    c.file.refuse_without_matrix();
    const MechanismArguments arguments =
        api::mechanism_arguments(mechanism, api::ReferenceNames::flags());
    return api::MechanismSubject{
        make_mechanism(find_mechanism(mechanism.name, "mechanism"), arguments),
        c.dense ? FormChoice::kDense : FormChoice::kStructured};
  }
  // X_S, the budget and the notions' parameters (route_notion_parameters) go with a matrix too.
  if (const auto flag =
          c.flags.first_flag_given_except({"sensitive", "eps", "exp_eps", "grid", "eps_per_unit",
                                           "exp_eps_per_unit", "id_eps", "id_exp_eps"})) {
    throw InvalidArgument("--matrix: " + *flag + " only goes with --mech");
  }
  api::MatrixSubject s{read_mechanism_file(c.file.path, c.file.read_options()),
                       c.file.path == "-" ? "<stdin>" : c.file.path,
                       c.file.binary64 ? EntryReading::kBinary64 : EntryReading::kExact,
                       std::nullopt};
  if (const auto sensitive = c.flags.text("sensitive"))
    s.sensitive = api::IndexSelection{*sensitive, "--sensitive"};
  return s;
}

api::CheckRequest request_of(const CheckCommand& c, const api::MechanismParameters& mechanism) {
  const std::optional<PrivacyBudget> budget = c.flags.budget();
  const std::optional<Rational> tolerance =
      c.tolerance ? std::optional(parse_tolerance(*c.tolerance, "--tolerance")) : std::nullopt;
  api::CheckRequest q(subject_of(c, mechanism));
  q.budget = budget;
  if (tolerance) {
    q.tolerance = tolerance;
    q.tolerance_text = *c.tolerance;
  }
  if (c.protected_list) q.protected_outputs = api::IndexSelection{*c.protected_list, "--protected"};
  if (!c.require.empty()) {
    q.required.emplace();
    for (const std::string& name : c.require)
      q.required->push_back(parse_property(name, "--require"));
  }
  if (!c.smt_path.empty() || !c.certificate_dir.empty()) {
    q.smt = api::SmtRecheck{c.smt_solver.empty()     ? api::SmtSolvers::kAvailable
                            : c.smt_solver == "both" ? api::SmtSolvers::kZ3AndCvc5
                                                     : api::SmtSolvers::kZ3,
                            c.smt_path.empty() ? "--certificate" : "--smt"};
  }
  return q;
}

void write_text_file(const std::string& path, const std::string& text, const char* flag) {
  std::ofstream out(path);
  out << text;
  if (!out)
    throw InvalidArgument(std::string(flag) + ": cannot write '" + message_excerpt(path) + "'");
}

// The PUM check decides its own propositions on dense matrices; the file and audit flags do not
// apply to it.
void refuse_with_pum(const CheckCommand& c) {
  const std::pair<bool, const char*> flags[] = {
      {c.file.given(), "--matrix"},
      {c.protected_list.has_value(), "--protected"},
      {!c.require.empty(), "--require"},
      {c.dense, "--dense"},
      {c.pairs, "--pairs"},
      {c.flags.text("id_exp_eps").has_value(), "--id-exp-eps"},
      {c.flags.text("id_eps").has_value(), "--id-eps"},
      {c.flags.text("one_if_on").has_value(), "--one-if-on"},
      {c.flags.text("one_if_off").has_value(), "--one-if-off"},
      {c.metric.has_value(), "--metric"},
      {c.pair_budgets.has_value(), "--pair-budgets"},
      {c.safe_regions.has_value(), "--safe-regions"},
      {!c.plot_path.empty(), "--plot"},
      {c.id_combine.has_value(), "--id-combine"},
      {c.flags.text("grid").has_value(), "--grid"},
      {c.flags.text("eps_per_unit").has_value(), "--eps-per-unit"},
      {c.flags.text("exp_eps_per_unit").has_value(), "--exp-eps-per-unit"},
      {!c.smt_path.empty(), "--smt"},
      {c.tolerance.has_value(), "--tolerance"},
      {!c.certificate_dir.empty(), "--certificate"},
      {!c.file.header.empty(), "--header"},
      {!c.file.delimiter.empty(), "--delimiter"},
      {c.file.binary64, "--binary64"}};
  for (const auto& [given, flag] : flags) {
    if (given) throw InvalidArgument(std::string(flag) + ": not with --mech pum");
  }
}

}  // namespace

void add_check_command(CLI::App& app, int& exit_code) {
  auto c = std::make_shared<CheckCommand>();
  auto* cmd = app.add_subcommand("check", "exact verdicts: eps-LDP, ULDP (both readings), OSLDP");
  c->file.add_to(*cmd,
                 "mechanism file ('-': standard input): delimited text (CSV with or without "
                 "quotes, TSV, whitespace as numpy savetxt writes), JSON {\"Q\": ...} or a bare "
                 "array of rows, or structured JSON {\"bits\": ...}");
  c->flags.add_with_mech_option(*cmd);
  c->flags.add_pum_options(*cmd);
  add_text_option(*cmd, "--protected", c->protected_list,
                  "protected outputs Y_P (dense: output indices; structured: bits that are 0); "
                  "default: the smallest valid Y_P (dense files), the declared one (built-ins), "
                  "the non-sensitive bits (structured)");
  add_text_option(*cmd, "--tolerance", c->tolerance,
                  "accept rows with |sum - 1| <= T, ratios up to exp_eps (1 + T) and per-pair "
                  "losses up to their bound times 1 + T (metric, ID, context-aware, personalized "
                  "LDP), reporting the exact excesses (T an exact rational or decimal, at most "
                  "1/10; default: exact)");
  cmd->add_option("--certificate", c->certificate_dir,
                  "write a re-check bundle to DIR: exact matrix, verdicts JSON, SMT-LIB2 for z3, "
                  "README (dense matrices)");
  cmd->add_option("--require", c->require,
                  "properties whose failure gives exit 1: ldp, uldp, uldp-strict, osldp "
                  "(default: uldp when --sensitive/--protected is given or the built-in claims it, "
                  "else ldp)")
      ->check(CLI::IsMember({"ldp", "uldp", "uldp-strict", "osldp"}))
      ->delimiter(',');
  cmd->add_flag("--dense", c->dense,
                "with --mech: check the dense expansion (rappor/urap: k <= 16)");
  cmd->add_flag("--json", c->json, "print JSON");
  cmd->add_flag("--pairs", c->pairs,
                "also the per-pair loss L(x, x') = max_y Q(y|x)/Q(y|x') of every pair of inputs, "
                "exactly, with the y attaining it (over Y_P when --protected is given)");
  add_text_option(*cmd, "--id-combine", c->id_combine,
                  "how a pair's budget combines its inputs' budgets: min (MinID-LDP, default), "
                  "max or mean");
  add_text_option(*cmd, "--pair-budgets", c->pair_budgets,
                  "context-aware LDP (Acharya et al., ICML 2020): FILE of k x k e^eps bounds, one "
                  "row per input x, entries exact (>= 1) or inf (implies --pairs; exit 1 when it "
                  "fails)");
  cmd->add_option("--plot", c->plot_path,
                  "also draw the per-pair loss as a heatmap of ln L(x, x') into FILE.png with "
                  "gnuplot, its script beside it as FILE.gp (implies --pairs)");
  add_text_option(*cmd, "--safe-regions", c->safe_regions,
                  "personalized LDP (Chen et al., ICDE 2016): FILE of safe regions, one a line: "
                  "inputs (0-3,7) and exp_eps=T or eps=E; every pair inside a region within its "
                  "budget (implies --pairs; exit 1 when it fails)");
  add_text_option(*cmd, "--metric", c->metric,
                  "metric LDP / geo-indistinguishability: manhattan or euclidean distance between "
                  "the cells of --grid, or FILE, a k x k distance matrix (exact >= 0 or inf, zero "
                  "diagonal, symmetric) (implies --pairs; exit 1 when it fails)");
  cmd->add_option(
      "--smt", c->smt_path,
      "also re-check with Z3 and write the SMT-LIB2 certificate to FILE (dense; run: z3 FILE)");
  cmd->add_option("--smt-solver", c->smt_solver,
                  "with --smt: z3, or both (cvc5 re-runs the certificate and must agree); "
                  "default: both when cvc5 is on PATH")
      ->check(CLI::IsMember({"z3", "both"}));
  cmd->callback([c, cmd, &exit_code] {
    refuse_output_onto_input(*cmd, "--smt", c->smt_path);  // before any work, not after it
    refuse_output_onto_input(*cmd, "--plot", c->plot_path);
    if (!c->plot_path.empty()) {  // and the script written beside the picture
      refuse_output_onto_input(*cmd, "--plot", api::pair_heatmap_script_path(c->plot_path));
    }
    if (c->flags.personalized()) {
      refuse_with_pum(*c);
      PumSetup pum = c->flags.build_pum(true);
      const api::PumCheckResult r = api::check_pum({std::move(pum.common), pum.common_sensitive,
                                                    pum.tags, std::move(*pum.users), "--common"});
      if (c->json) {
        answer_json(api::to_json(r), 2);
      } else {
        std::cout << api::to_text(r);
      }
      exit_code = r.holds() ? 0 : 1;
      return;
    }
    const auto file = [](const std::optional<std::string>& path) {
      return path ? std::optional<api::NotionFile>({*path, std::nullopt}) : std::nullopt;
    };
    api::PairNotionArguments notions;
    notions.id_combine = c->id_combine;
    notions.metric = c->metric;
    notions.pair_budgets = file(c->pair_budgets);
    notions.safe_regions = file(c->safe_regions);
    notions.flags = true;
    api::MechanismParameters mechanism = c->flags.parameters();
    // --grid, --id-exp-eps, ...: the mechanism's parameters or the notion's
    api::route_notion_parameters(mechanism, notions);
    api::CheckRequest request = request_of(*c, mechanism);
    request.pairs = c->pairs || !c->plot_path.empty();
    if (c->protected_list)  // the pairs over Y_P, where a notion refuses them
      request.pair_outputs = api::IndexSelection{*c->protected_list, "--protected"};
    request.notions = notions.notions();
    const api::CheckResult r = api::check(request);
    if (!c->plot_path.empty()) api::plot_pair_heatmap(*r.pairs, c->plot_path);
    if (r.smt && !c->smt_path.empty())
      write_text_file(c->smt_path, r.smt->certificate.script, "--smt");
    if (const std::optional<std::string> agreement = api::smt_agreement_text(r))
      std::cerr << "smt: " << *agreement << "\n";
    if (c->json) {
      answer_json(api::to_json(r), 2);
    } else {
      std::cout << api::to_text(r);
    }
    if (!c->certificate_dir.empty()) {
      api::write_certificate_bundle(c->certificate_dir, r, "--certificate");
    }
    if (r.stochastic_problem) throw Error(api::stochastic_error(r, "--tolerance T"));
    if (r.smt && r.smt->problem) std::cerr << "uldp: smt: " << *r.smt->problem << "\n";
    // A failing check says why in one line, as the assertions do.
    if (!r.passes()) std::cerr << "uldp: " << api::check_headline(r, std::nullopt) << "\n";
    exit_code = r.passes() ? 0 : 1;
  });
}

}  // namespace uldp::cli
