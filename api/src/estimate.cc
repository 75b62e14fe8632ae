// `uldp estimate`: estimate the input distribution from a file of obfuscated reports
// (empirical, empirical with significance threshold, or EM).
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include "cli_support.h"
#include "commands.h"
#include "mechanism_flags.h"
#include "uldp/error.h"
#include "uldp/estimate/em.h"
#include "uldp/estimate/empirical.h"
#include "uldp/estimate/estimation_model.h"
#include "uldp/estimate/pum_users.h"
#include "uldp/estimate/report_file.h"
#include "uldp/estimate/threshold.h"
#include "uldp/io/pum_users_reader.h"

namespace uldp::cli {
using namespace uldp::estimate;  // the double-precision layer
namespace {

struct EstimateCommand {
  MechanismFlags mech;
  std::string reports;
  std::string method = "em";
  double alpha = 0.05;
  std::size_t max_iterations = EmOptions{}.max_iterations;
  double em_stop = EmOptions{}.stop;  // --em-stop
  EmAccelerator accelerator = EmAccelerator::kAuto;
  bool json = false;
  std::vector<std::string> background;  // --mech pum: TAG=FILE or TAG=none
};

struct Outcome {
  std::vector<double> p;
  std::vector<std::uint8_t> significant;  // thr only
  std::optional<EmResult> em;
};

const std::map<std::string, EmAccelerator> kAccelerators = {{"auto", EmAccelerator::kAuto},
                                                            {"newton", EmAccelerator::kNewton},
                                                            {"squarem", EmAccelerator::kSquarem},
                                                            {"none", EmAccelerator::kNone}};

std::string accelerator_name(EmAccelerator a) {
  for (const auto& [name, value] : kAccelerators) {
    if (value == a) return name;
  }
  return "?";
}

Outcome estimate(const std::string& name, const EstimationModel& model, const ReportData& data,
                 const EstimateCommand& c) {
  Outcome out;
  if (c.method == "emp") {
    out.p = empirical_estimate(model, data);
  } else if (c.method == "thr") {
    ThresholdEstimate t = threshold_estimate(model, data, c.alpha);
    out.p = std::move(t.p);
    out.significant = std::move(t.significant);
  } else {
    if (c.accelerator == EmAccelerator::kNewton && !reports_are_bit_vectors(model)) {
      throw InvalidArgument("--accelerator newton: only for bit-vector reports (rappor, urap); " +
                            name + " takes auto, squarem or none");
    }
    EmOptions options;
    options.alpha = c.alpha;
    options.max_iterations = c.max_iterations;
    options.stop = c.em_stop;
    options.accelerator = c.accelerator;
    try {
      out.em = em_estimate(model, data, options);
    } catch (const InvalidArgument& e) {
      throw InvalidArgument("--method em: " + name + ": " + e.what());
    }
    out.p = out.em->p;
  }
  return out;
}

// --background TAG=FILE|none for each tag (a tag not named falls back: the paper's π̂_k ∝ r̂ on X_N).
std::vector<std::optional<std::vector<double>>> background_knowledge(const EstimateCommand& c,
                                                                     const PumSetup& pum) {
  std::vector<std::optional<std::vector<double>>> pi(pum.tags.size());
  std::vector<bool> named(pum.tags.size(), false);
  for (const std::string& item : c.background) {
    const std::size_t equals = item.find('=');
    std::size_t tag = 0;
    while (tag < pum.tags.size() && pum.tags[tag] != item.substr(0, equals)) ++tag;
    if (equals == std::string::npos || tag == pum.tags.size()) {
      throw InvalidArgument("--background: '" + message_excerpt(item) +
                            "' is not TAG=FILE or TAG=none for a tag of --tags");
    }
    if (named[tag]) throw InvalidArgument("--background: tag " + pum.tags[tag] + " is given twice");
    named[tag] = true;
    const std::string file = item.substr(equals + 1);
    if (file != "none") pi[tag] = read_weight_file(file, pum.k());
  }
  return pi;
}

void print_pum(const EstimateCommand& c, const PumSetup& pum, const PumEstimate& e,
               const std::vector<double>& r_hat, nlohmann::json* j) {
  std::vector<std::string> sources(pum.tags.size(), "none");
  for (const std::string& item : c.background) {
    for (std::size_t t = 0; t < pum.tags.size(); ++t) {
      if (item.substr(0, item.find('=')) == pum.tags[t])
        sources[t] = item.substr(item.find('=') + 1);
    }
  }
  if (j) {
    (*j)["mechanism"] = "pum";
    (*j)["common"] = entry_of(pum.common).name;
    (*j)["k"] = pum.k();
    (*j)["sensitive"] = pum.common_sensitive.indices();
    (*j)["estimate"] = e.p;
    (*j)["intermediate_estimate"] = r_hat;
    nlohmann::json bots = nlohmann::json::array();
    for (std::size_t t = 0; t < pum.tags.size(); ++t) {
      bots.push_back({{"tag", pum.tags[t]},
                      {"r_hat", e.bot_mass[t]},
                      {"background", sources[t] == "none" ? "fallback" : sources[t]}});
    }
    (*j)["bots"] = bots;
    (*j)["l1_bound"] = {
        {"first_term_expected",
         e.first_term_expected ? nlohmann::json(*e.first_term_expected) : nlohmann::json(nullptr)},
        {"second_term_worst", e.second_term_worst}};
    return;
  }
  for (std::size_t t = 0; t < pum.tags.size(); ++t) {
    std::cout << "bot " << pum.tags[t] << ": r_hat = " << double_text(e.bot_mass[t]) << ", pi_hat "
              << (sources[t] == "none" ? "fallback (proportional to r_hat on X_N)" : sources[t])
              << "\n";
  }
  std::cout << "l1 bound (Theorem 1 with |r_hat(bot_k)|, erratum U3): l1(p_hat, p) <= l1(r_hat, r)"
               " + sum_k |r_hat(bot_k)| l1(pi_hat_k, pi_k)\n";
  std::cout << "  first term: E l1(r_hat, r) ~ "
            << (e.first_term_expected ? double_text(*e.first_term_expected)
                                      : std::string("n/a (no coordinate model)"))
            << " (asymptotic, empirical estimator, at r = r_hat clipped)\n";
  std::cout << "  second term <= 2 sum_k |r_hat(bot_k)| = " << double_text(e.second_term_worst)
            << "\n";
}

void run(const EstimateCommand& c, int& exit_code) {
  if (!(c.alpha > 0.0 && c.alpha < 1.0)) {
    throw InvalidArgument("--alpha: " + double_text(c.alpha) + " is not in (0,1)");
  }
  if (c.mech.name.empty()) throw InvalidArgument("--mech: required (" + mechanism_names() + ")");
  // --mech pum: r̂ over Z = X ∪ bots from Q_cmn's reports, then eq. (21) (no users file: the
  // data collector does not know the users' pre-processors).
  std::optional<PumSetup> pum;
  if (c.mech.personalized()) {
    if (!c.mech.users.empty() || !c.mech.user_groups.empty())
      throw InvalidArgument("--users: the estimate does not know the users' tags; drop it");
    pum = c.mech.build_pum(false);
  } else if (!c.background.empty()) {
    throw InvalidArgument("--background: only with --mech pum");
  }
  const MechanismSpec spec = pum ? pum->common : c.mech.build();
  const std::vector<std::optional<std::vector<double>>> pi_hat =
      pum ? background_knowledge(c, *pum) : std::vector<std::optional<std::vector<double>>>{};
  const std::string name(entry_of(spec).name);
  const std::optional<PrivacyBudget> budget = budget_of(spec);
  const EstimationModel model = estimation_model(spec);
  std::ifstream in(c.reports, std::ios::binary);
  if (!in) throw InputError(c.reports, "cannot open the file");
  ReportReadOptions read_options;
  read_options.keep_bit_reports = needs_each_report(model, c.method == "em");
  const ReportData data =
      read_reports(in, c.reports, report_size(model), reports_are_bit_vectors(model),
                   report_labels(model), read_options);
  Outcome out = estimate(name, model, data, c);
  std::optional<PumEstimate> pum_estimate;
  std::vector<double> r_hat;
  if (pum) {
    r_hat = out.p;
    pum_estimate = pum_estimate_with_bound(r_hat, pi_hat, spec, pum->common_sensitive, data.n);
    out.p = pum_estimate->p;
    if (!out.significant.empty()) out.significant.resize(pum->k());
  }

  if (c.json) {
    nlohmann::json j;
    j["mechanism"] = name;
    j["k"] = spec.k;
    if (budget) j["exp_eps"] = to_string(budget->exp_eps());
    j["sensitive"] = spec.sensitive.indices();
    j["n"] = data.n;
    j["method"] = c.method;
    j["estimate"] = out.p;
    if (c.method == "thr") {
      j["alpha"] = c.alpha;
      j["significant"] = out.significant;
    }
    if (out.em) {
      j["alpha"] = c.alpha;
      j["iterations"] = out.em->iterations;
      j["converged"] = out.em->converged;
      j["em_stop"] = c.em_stop;
      j["accelerator"] = accelerator_name(resolved_accelerator(c.accelerator, model));
      j["log_likelihood"] = out.em->log_likelihood;
      j["initial_log_likelihood"] = out.em->initial_log_likelihood;
    }
    if (pum) print_pum(c, *pum, *pum_estimate, r_hat, &j);
    std::cout << versioned(j).dump() << "\n";
  } else {
    std::cout << "Estimate of p by " << c.method << " from " << data.n << " "
              << (pum ? "pum (common " + name + ")" : name)
              << " reports, k = " << (pum ? pum->k() : spec.k) << ", "
              << (budget ? budget->describe() : "no privacy") << "\n";
    if (out.em) {
      std::cout << "EM: " << out.em->iterations << " updates, "
                << (out.em->converged ? "converged" : "stopped at --max-iterations") << ", "
                << accelerator_name(resolved_accelerator(c.accelerator, model)) << " steps"
                << " (relative log-likelihood gain <= " << c.em_stop << "), log-likelihood "
                << double_text(out.em->log_likelihood) << "\n";
    }
    for (std::size_t x = 0; x < out.p.size(); ++x) {
      std::cout << x << " " << double_text(out.p[x]);
      if (!out.significant.empty() && !out.significant[x]) std::cout << " (below threshold)";
      std::cout << "\n";
    }
    if (pum) print_pum(c, *pum, *pum_estimate, r_hat, nullptr);
  }
  exit_code = 0;
}

}  // namespace

void add_estimate_command(CLI::App& app, int& exit_code) {
  auto command = std::make_shared<EstimateCommand>();
  CLI::App* sub = app.add_subcommand(
      "estimate", "estimate the input distribution from obfuscated reports (emp, thr, em)");
  command->mech.add_with_mech_option(*sub);
  command->mech.add_pum_options(*sub);
  sub->add_option("--background", command->background,
                  "--mech pum: background knowledge pi_hat of a tag, TAG=FILE (k weights, one per "
                  "line) or TAG=none (the paper's fallback, also for tags not named); repeatable");
  sub->add_option("--reports", command->reports,
                  "report file: one symbol or k-bit string per line, or '# counts' then k counts "
                  "('# counts n=N' for bit vectors)")
      ->required();
  sub->add_option("--method", command->method, "emp, thr (significance threshold) or em")
      ->check(CLI::IsMember({"emp", "thr", "em"}));
  sub->add_option("--alpha", command->alpha, "significance level of thr (and EM's start)");
  add_unsigned_option(*sub, "--max-iterations", command->max_iterations,
                      "EM: maximum number of updates (1 to 10^8)", 1, 100'000'000);
  add_tolerance_option(*sub, "--em-stop", command->em_stop,
                       "EM: stop when an update raises the log-likelihood by <= T * |L| (0 to "
                       "1/10; the name golden uses)");
  // The flag's old name: one concept, one name, so --tolerance is now --em-stop (a release of
  // grace, with a warning; --tolerance elsewhere is a comparison or rounding tolerance).
  add_tolerance_option(*sub, "--tolerance", command->em_stop, "")
      ->group("")
      ->each([](const std::string&) {
        std::cerr << "uldp: warning: estimate --tolerance is now --em-stop\n";
      });
  sub->add_option("--accelerator", command->accelerator,
                  "EM steps: auto (newton on rappor/urap reports, squarem on histograms), "
                  "newton, squarem or none (plain EM)")
      ->transform(CLI::CheckedTransformer(kAccelerators));
  sub->add_flag("--json", command->json, "machine-readable output");
  sub->callback([command, &exit_code] { run(*command, exit_code); });
}

}  // namespace uldp::cli
