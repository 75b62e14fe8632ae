// `uldp golden`: golden vectors for another implementation's server. Report counts (drawn with
// the aggregated sampler, or a library's own test inputs) with the exact empirical estimate, the
// thresholded estimate and the EM estimate the reference computes from them.
#include <cmath>
#include <iostream>
#include <memory>
#include <numeric>

#include "cli_support.h"
#include "commands.h"
#include "mechanism_flags.h"
#include "uldp/error.h"
#include "uldp/estimate/estimation_model.h"
#include "uldp/estimate/post_processing.h"
#include "uldp/estimate/sampler.h"
#include "uldp/io/counts_file.h"
#include "uldp/losses/exact_empirical.h"
#include "uldp/losses/likelihood_gap.h"
#include "uldp/mechanisms/exact_form.h"

namespace uldp::cli {
using namespace uldp::estimate;  // the double-precision layer
namespace {

// Exact elimination on a dense k x k rational matrix is cubic in k.
constexpr std::size_t kMaxGoldenSymbols = 128;
constexpr std::size_t kMaxGoldenBits = 4096;
constexpr std::size_t kMaxGoldenCases = 1000;
constexpr std::uint64_t kMaxGoldenReports = 1'000'000'000;
// EM iterations a golden vector may take to meet its certified gap (k <= 128: about a second).
constexpr std::size_t kMaxGoldenEmIterations = 1'000'000;

struct GoldenCommand {
  MechanismFlags mech;
  std::optional<std::uint64_t> cases;
  std::optional<std::uint64_t> seed;  ///< default 1
  std::optional<std::uint64_t> n;     ///< default 1000
  std::string from_counts;
  double alpha = 0.05;
  double em_stop = EmOptions{}.tolerance;  ///< --em-stop: the first EM run's stopping gain
  std::optional<std::string> em_gap;       ///< --em-gap: the certified gap every EM vector meets
  std::optional<std::string>
      post;  ///< --post: the library's post-processing, applied to every vector
};

struct InputDistribution {
  std::string name;
  std::vector<double> p;
};

// Uniform, Zipf (exponent 1), and a point mass on the first sensitive and on the first
// non-sensitive symbol (where the mechanism has them).
std::vector<InputDistribution> input_distributions(const MechanismSpec& spec) {
  const std::size_t k = spec.k;
  std::vector<InputDistribution> out;
  out.push_back({"uniform", std::vector<double>(k, 1.0 / static_cast<double>(k))});
  std::vector<double> zipf(k);
  for (std::size_t x = 0; x < k; ++x) zipf[x] = 1.0 / static_cast<double>(x + 1);
  const double total = std::accumulate(zipf.begin(), zipf.end(), 0.0);
  for (double& v : zipf) v /= total;
  out.push_back({"zipf", zipf});
  const auto point = [&](std::size_t x, const std::string& what) {
    std::vector<double> p(k, 0.0);
    p[x] = 1;
    out.push_back({"point mass on " + what + " symbol " + std::to_string(x), p});
  };
  if (!spec.sensitive.empty()) point(spec.sensitive.indices().front(), "sensitive");
  const IndexSet non_sensitive = spec.sensitive.complement();
  if (!non_sensitive.empty()) point(non_sensitive.indices().front(), "non-sensitive");
  return out;
}

struct GoldenCase {
  std::string id;
  std::string input;
  std::vector<std::uint64_t> input_counts;  // empty for --from-counts
  CountsCase reports;
};

ReportData report_data(const GoldenCase& c, bool bit_vectors) {
  ReportData data;
  data.bit_vectors = bit_vectors;
  data.n = c.reports.n;
  if (bit_vectors) {
    data.bit_counts.n = c.reports.n;
    data.bit_counts.ones = c.reports.counts;
  } else {
    data.symbol_counts = c.reports.counts;
  }
  return data;
}

// uBD's estimator is linear but not coordinate-wise: no exact golden vectors for it yet.
constexpr const char* kNoBlockDesign =
    "golden: mechanisms ubd and ubd-opt are not supported yet (their estimators are not "
    "coordinate-wise)";
constexpr const char* kNoSubsetSelection =
    "golden: mechanism uss is not supported yet (its reports are subsets, not independent bits)";
constexpr const char* kNoHadamard =
    "golden: mechanism uhr is not supported yet (its estimator is not coordinate-wise)";

std::vector<GoldenCase> drawn_cases(const GoldenCommand& c, const MechanismSpec& spec,
                                    const EstimationModel& model) {
  Xoshiro256 rng(c.seed.value_or(1));
  const std::vector<InputDistribution> distributions = input_distributions(spec);
  std::vector<GoldenCase> cases;
  for (std::size_t i = 0; i < *c.cases; ++i) {
    const InputDistribution& d = distributions[i % distributions.size()];
    GoldenCase g;
    g.id = "case-" + std::to_string(i);
    g.input = d.name;
    g.input_counts = sample_input_counts(rng, c.n.value_or(1000), d.p);
    g.reports.n = c.n.value_or(1000);
    std::visit(Overloaded{[&](const UnaryParams& m) {
                            g.reports.counts = sample_report_counts(rng, m, g.input_counts).ones;
                          },
                          [&](const UrrParams& m) {
                            g.reports.counts = sample_report_counts(rng, m, g.input_counts);
                          },
                          [&](const DenseParams& m) {
                            g.reports.counts = sample_report_counts(rng, m, g.input_counts);
                          },
                          [&](const UbdParams&) { throw InvalidArgument(kNoBlockDesign); },
                          [&](const UbdOptParams&) { throw InvalidArgument(kNoBlockDesign); },
                          [&](const UhrParams&) { throw InvalidArgument(kNoHadamard); },
                          [&](const UssParams&) { throw InvalidArgument(kNoSubsetSelection); }},
               model);
    cases.push_back(std::move(g));
  }
  return cases;
}

std::vector<Rational> exact_empirical(const ExactForm& natural, const MechanismSpec& spec,
                                      const CountsCase& reports) {
  if (const auto* bits = std::get_if<BitProductForm>(&natural)) {
    return exact_empirical_estimate(bits->q, reports.counts, reports.n);
  }
  if (const auto* dense = std::get_if<DenseForm>(&natural)) {
    return exact_empirical_estimate(dense->q, reports.counts);
  }
  const ExactForm expanded = exact_form(spec, FormChoice::kDense);
  return exact_empirical_estimate(std::get<DenseForm>(expanded).q, reports.counts);
}

void run(const GoldenCommand& c, int& exit_code) {
  if (c.mech.name.empty()) throw InvalidArgument("--mech: required (" + mechanism_names() + ")");
  if (c.cases.has_value() == !c.from_counts.empty()) {
    throw InvalidArgument("--cases / --from-counts: give exactly one of them");
  }
  if (!c.cases && (c.n || c.seed))
    throw InvalidArgument(std::string(c.n ? "--n" : "--seed") + ": only with --cases");
  if (!(c.alpha > 0.0 && c.alpha < 1.0)) throw InvalidArgument("--alpha: must be in (0,1)");
  const MechanismSpec spec = c.mech.build();
  const EstimationModel model = estimation_model(spec);
  if (std::holds_alternative<UbdParams>(model) || std::holds_alternative<UbdOptParams>(model))
    throw InvalidArgument(kNoBlockDesign);
  if (std::holds_alternative<UhrParams>(model)) throw InvalidArgument(kNoHadamard);
  if (std::holds_alternative<UssParams>(model)) throw InvalidArgument(kNoSubsetSelection);
  const bool bits = reports_are_bit_vectors(model);
  check_size(spec.k, bits ? kMaxGoldenBits : kMaxGoldenSymbols, "--k");
  const ExactForm natural = exact_form(spec);

  std::vector<GoldenCase> cases;
  if (c.cases) {
    cases = drawn_cases(c, spec, model);
  } else {
    const std::vector<CountsCase> read = read_counts_file(c.from_counts, spec.k, bits);
    for (std::size_t i = 0; i < read.size(); ++i) {
      cases.push_back({"case-" + std::to_string(i), "from " + c.from_counts, {}, read[i]});
    }
  }

  const std::optional<PostProcessing> post =
      c.post ? std::optional(parse_post_processing(*c.post, "--post")) : std::nullopt;
  // Every estimate vector after the library's post-processing, if any.
  const auto processed = [&](const std::vector<double>& p, const std::string& id) {
    if (!post) return p;
    try {
      return post_process(p, *post);
    } catch (const InvalidArgument& e) {
      throw InvalidArgument("--post: case " + id + ": " + e.what());
    }
  };
  EmOptions em_options;
  em_options.alpha = c.alpha;
  em_options.tolerance = c.em_stop;
  // The certified gap per report: max L - L(em) <= n * target.
  const Rational gap_target =
      c.em_gap ? parse_tolerance(*c.em_gap, "--em-gap") : Rational(1, 1'000'000);
  const std::optional<DenseMechanism> dense =
      bits ? std::nullopt
           : std::optional(std::get<DenseForm>(exact_form(spec, FormChoice::kDense)).q);
  nlohmann::json j;
  j["format"] = "uldp golden vectors 1";
  j["mechanism"] = entry_of(spec).name;
  j["k"] = spec.k;
  j["sensitive"] = spec.sensitive.indices();
  if (const std::optional<PrivacyBudget> budget = budget_of(spec)) {
    j["exp_eps"] = to_string(budget->exp_eps());
  }
  j["reports"] = bits ? "bit vectors: n and per-bit counts of ones" : "symbol histogram";
  j["scale"] = "frequencies (estimates of p; multiply by n for counts)";
  j["post"] = post ? nlohmann::json({{"name", post_processing_name(*post)},
                                     {"applied_to", "emp, thr and em (emp_exact is before it)"}})
                   : nlohmann::json(nullptr);
  if (c.cases) j["seed"] = c.seed.value_or(1);
  j["thr"] = {{"alpha", c.alpha}, {"rule", "Bonferroni z_{1-alpha/k} on the null sd"}};
  if (bits) {
    j["em"] =
        "omitted: EM on bit vectors needs one report per user, per-bit counts do not "
        "determine the likelihood";
  } else {
    j["em"] = {{"stop", c.em_stop},
               {"stopping",
                "relative log-likelihood gain <= stop, then smaller stops and more "
                "iterations until the certified gap is at most n times the target"},
               {"gap_target_per_report", to_decimal(gap_target)},
               {"gap",
                "em_likelihood_gap: an upper bound on max L - L(em) (L the "
                "log-likelihood, concave: the Frank-Wolfe gap, computed exactly with "
                "quotients rounded up); em_certified: it is at most n times the target"},
               {"start", "thresholded estimate mixed with uniform at 1e-6"}};
  }
  j["cases"] = nlohmann::json::array();
  for (const GoldenCase& g : cases) {
    const ReportData data = report_data(g, bits);
    nlohmann::json out;
    out["id"] = g.id;
    out["input"] = g.input;
    out["n"] = g.reports.n;
    if (!g.input_counts.empty()) out["input_counts"] = g.input_counts;
    out[bits ? "ones" : "counts"] = g.reports.counts;
    const std::vector<Rational> exact = exact_empirical(natural, spec, g.reports);
    std::vector<std::string> exact_text;
    std::vector<double> exact_decimal;
    for (const Rational& v : exact) {
      exact_text.push_back(to_string(v));
      exact_decimal.push_back(to_double(v));
    }
    out["emp"] = processed(exact_decimal, g.id);
    out["emp_exact"] = exact_text;
    const ThresholdEstimate thr = threshold_estimate(model, data, c.alpha);
    out["thr"] = processed(thr.p, g.id);
    out["thr_significant"] = thr.significant;
    if (!bits) {
      // EM until its certified gap meets the target: a golden vector is never "converged" on
      // the stopping rule alone.
      EmOptions options = em_options;
      EmResult em = em_estimate(model, data, options);
      const Rational allowed = gap_target * static_cast<unsigned long long>(g.reports.n);
      std::optional<Rational> gap = likelihood_gap_bound(*dense, g.reports.counts, em.p);
      // Smaller stops first; then (below what a double log-likelihood can show) a fixed number
      // of further iterations, growing, from the last estimate.
      while ((!gap || *gap > allowed) && options.max_iterations <= kMaxGoldenEmIterations) {
        if (options.tolerance > 1e-15) {
          options.tolerance /= 100;
        } else {
          options.tolerance = 0;
          options.max_iterations *= 4;
        }
        em = em_estimate(model, data, options);
        gap = likelihood_gap_bound(*dense, g.reports.counts, em.p);
      }
      out["em"] = processed(em.p, g.id);
      out["em_log_likelihood"] = em.log_likelihood;
      out["em_iterations"] = em.iterations;
      out["em_likelihood_gap"] = gap ? nlohmann::json(to_decimal(*gap, 6)) : nlohmann::json("inf");
      out["em_certified"] = gap && *gap <= allowed;
    }
    j["cases"].push_back(std::move(out));
  }
  std::cout << versioned(j).dump(1) << "\n";
  exit_code = 0;
}

}  // namespace

void add_golden_command(CLI::App& app, int& exit_code) {
  auto c = std::make_shared<GoldenCommand>();
  CLI::App* sub = app.add_subcommand(
      "golden", "golden vectors for another implementation's estimators (emp, thr, em)");
  c->mech.add_with_mech_option(*sub);
  add_unsigned_option(*sub, "--cases", c->cases,
                      "number of cases drawn with the aggregated sampler (1 to 1000)", 1,
                      kMaxGoldenCases);
  add_unsigned_option(*sub, "--seed", c->seed, "seed of the drawn cases (default 1)");
  add_unsigned_option(*sub, "--n", c->n, "reports per drawn case (default 1000; up to 10^9)", 1,
                      kMaxGoldenReports);
  sub->add_option("--from-counts", c->from_counts,
                  "report counts: one per line ('n=N' for bit vectors) or a JSON array");
  sub->add_option("--alpha", c->alpha, "significance level of thr and of EM's start");
  add_text_option(*sub, "--post", c->post,
                  "the post-processing the implementation applies to its estimates: "
                  "clip-renormalise, renormalise, norm-sub (Wang et al. NDSS 2020; = simplex, the "
                  "projection onto the probability simplex)");
  add_tolerance_option(*sub, "--em-stop", c->em_stop,
                       "EM: relative log-likelihood gain that stops its first run (0 to 1/10)");
  add_text_option(*sub, "--em-gap", c->em_gap,
                  "EM: the certified bound on (max L - L(em)) / n every EM vector must meet, EM "
                  "run further until it does (exact rational or decimal, at most 1/10; default "
                  "1e-6)");
  sub->callback([c, &exit_code] { run(*c, exit_code); });
}

}  // namespace uldp::cli
