// `uldp estimate`: estimate the input distribution from a file of obfuscated reports
// (empirical, empirical with significance threshold, or EM).
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "cli_support.h"
#include "commands.h"
#include "estimation_flags.h"
#include "uldp/error.h"
#include "uldp/estimate/em.h"
#include "uldp/estimate/empirical.h"
#include "uldp/estimate/named_mechanism.h"
#include "uldp/estimate/report_file.h"
#include "uldp/estimate/threshold.h"

namespace uldp::cli {
namespace {

struct EstimateCommand {
  EstimationMechanismFlags mech;
  std::string reports;
  std::string method = "em";
  double alpha = 0.05;
  std::size_t max_iterations = EmOptions{}.max_iterations;
  double tolerance = EmOptions{}.tolerance;
  std::string accelerator = "auto";
  bool json = false;
};

struct Outcome {
  std::vector<double> p;
  std::vector<std::uint8_t> significant;  // thr only
  std::optional<EmResult> em;
};

// What --accelerator auto resolves to: Newton steps on bit-vector reports, SQUAREM on histograms.
std::string accelerator_used(const NamedMechanism& m, const EstimateCommand& c) {
  if (c.accelerator != "auto") return c.accelerator;
  return m.form == NamedMechanism::Form::kUnary ? "newton" : "squarem";
}

Outcome estimate(const NamedMechanism& m, const ReportData& data, const EstimateCommand& c) {
  Outcome out;
  EmOptions options;
  options.alpha = c.alpha;
  options.max_iterations = c.max_iterations;
  options.tolerance = c.tolerance;
  options.accelerate = c.accelerator != "none";
  options.curvature_steps = c.accelerator != "squarem";
  using Form = NamedMechanism::Form;
  if (c.method == "emp") {
    if (m.form == Form::kUrr) out.p = empirical_estimate_urr(m.urr, data.symbol_counts);
    if (m.form == Form::kUnary) out.p = empirical_estimate_unary(m.unary, data.bit_counts);
    if (m.form == Form::kDense) out.p = empirical_estimate_dense(m.dense, data.symbol_counts);
  } else if (c.method == "thr") {
    ThresholdEstimate t;
    if (m.form == Form::kUrr) t = threshold_estimate_urr(m.urr, data.symbol_counts, c.alpha);
    if (m.form == Form::kUnary) t = threshold_estimate_unary(m.unary, data.bit_counts, c.alpha);
    if (m.form == Form::kDense) t = threshold_estimate_dense(m.dense, data.symbol_counts, c.alpha);
    out.p = std::move(t.p);
    out.significant = std::move(t.significant);
  } else {
    if (c.accelerator == "newton" && m.form != Form::kUnary) {
      throw InvalidArgument("--accelerator newton: only for bit-vector reports (rappor, urap); " +
                            m.name + " takes auto, squarem or none");
    }
    if (m.form == Form::kUnary && !data.per_report) {
      throw InvalidArgument("--method em: " + m.name +
                            " needs one report per line (per-bit counts do not determine the "
                            "likelihood); use --method emp or thr with counts");
    }
    if (m.form == Form::kUrr) out.em = em_estimate_urr(m.urr, data.symbol_counts, options);
    if (m.form == Form::kUnary) out.em = em_estimate_unary(m.unary, data.bit_reports, options);
    if (m.form == Form::kDense) out.em = em_estimate_dense(m.dense, data.symbol_counts, options);
    out.p = out.em->p;
  }
  return out;
}

std::string decimal(double v) {
  std::ostringstream s;
  s << std::setprecision(17) << v;
  return s.str();
}

void run(const EstimateCommand& c, int& exit_code) {
  if (!(c.alpha > 0.0 && c.alpha < 1.0)) {
    throw InvalidArgument("--alpha: " + decimal(c.alpha) + " is not in (0,1)");
  }
  const EstimationMechanismFlags::Built built = c.mech.build();
  const std::optional<PrivacyBudget> budget = built.budget;
  const IndexSet& sensitive = built.sensitive;
  const NamedMechanism& m = built.mechanism;
  std::ifstream in(c.reports);
  if (!in) throw InputError(c.reports, "cannot open the file");
  const ReportData data = read_reports(in, c.reports, c.mech.k, m.bit_vectors());
  const Outcome out = estimate(m, data, c);

  if (c.json) {
    nlohmann::json j;
    j["mechanism"] = m.name;
    j["k"] = c.mech.k;
    j["exp_eps"] = to_string(budget->exp_eps());
    j["sensitive"] = sensitive.indices();
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
      j["tolerance"] = c.tolerance;
      j["accelerator"] = accelerator_used(m, c);
      j["log_likelihood"] = out.em->log_likelihood;
      j["initial_log_likelihood"] = out.em->initial_log_likelihood;
    }
    std::cout << j.dump() << "\n";
  } else {
    std::cout << "Estimate of p by " << c.method << " from " << data.n << " " << m.name
              << " reports, k = " << c.mech.k << ", " << budget->describe() << "\n";
    if (out.em) {
      std::cout << "EM: " << out.em->iterations << " updates, "
                << (out.em->converged ? "converged" : "stopped at --max-iterations") << ", "
                << accelerator_used(m, c) << " steps"
                << " (relative log-likelihood gain <= " << c.tolerance
                << "), log-likelihood " << decimal(out.em->log_likelihood) << "\n";
    }
    for (std::size_t x = 0; x < out.p.size(); ++x) {
      std::cout << x << " " << decimal(out.p[x]);
      if (!out.significant.empty() && !out.significant[x]) std::cout << " (below threshold)";
      std::cout << "\n";
    }
  }
  exit_code = 0;
}

}  // namespace

void add_estimate_command(CLI::App& app, int& exit_code) {
  auto command = std::make_shared<EstimateCommand>();
  CLI::App* sub = app.add_subcommand(
      "estimate", "estimate the input distribution from obfuscated reports (emp, thr, em)");
  command->mech.add_to(*sub);
  sub->add_option("--reports", command->reports,
                  "report file: one symbol or k-bit string per line, or '# counts' then k counts "
                  "('# counts n=N' for bit vectors)")
      ->required();
  sub->add_option("--method", command->method, "emp, thr (significance threshold) or em")
      ->check(CLI::IsMember({"emp", "thr", "em"}));
  sub->add_option("--alpha", command->alpha, "significance level of thr (and EM's start)");
  sub->add_option("--max-iterations", command->max_iterations, "EM: maximum number of updates")
      ->check(CLI::Range(std::size_t{1}, std::size_t{100'000'000}));
  sub->add_option("--tolerance", command->tolerance,
                  "EM: stop when an update raises the log-likelihood by <= tolerance * |L|")
      ->check(CLI::Range(0.0, 1.0));
  sub->add_option("--accelerator", command->accelerator,
                  "EM steps: auto (newton on rappor/urap reports, squarem on histograms), "
                  "newton, squarem or none (plain EM)")
      ->check(CLI::IsMember({"auto", "newton", "squarem", "none"}));
  sub->add_flag("--json", command->json, "machine-readable output");
  sub->callback([command, &exit_code] { run(*command, exit_code); });
}

}  // namespace uldp::cli
