// `uldp golden`: golden vectors for another implementation's server. Report counts (drawn with
// the aggregated sampler, or a library's own test inputs) with the exact empirical estimate, the
// thresholded estimate and the EM estimate the reference computes from them.
#include <cmath>
#include <iostream>
#include <memory>
#include <numeric>

#include "cli_support.h"
#include "commands.h"
#include "golden_exact_estimate.h"
#include "mechanism_flags.h"
#include "uldp/cancellation.h"
#include "uldp/error.h"
#include "uldp/estimate/estimation_model.h"
#include "uldp/estimate/likelihood_distance.h"
#include "uldp/estimate/post_processing.h"
#include "uldp/estimate/pum.h"
#include "uldp/estimate/pum_users.h"
#include "uldp/estimate/sampler.h"
#include "uldp/io/counts_file.h"
#include "uldp/losses/likelihood_gap.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/progress.h"

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
  double em_stop = EmOptions{}.stop;       ///< --em-stop: the first EM run's stopping gain
  std::optional<std::string> em_gap;       ///< --em-gap: the certified gap every EM vector meets
  std::optional<std::string> em_distance;  ///< --em-distance: its certified distance to the MLE
  std::optional<std::string>
      post;  ///< --post: the library's post-processing, applied to every vector
};

// The input distribution of drawn golden cases, by the name the case records.
struct CaseDistribution {
  std::string name;
  std::vector<double> p;
};

// Uniform, Zipf (exponent 1), and a point mass on the first sensitive and on the first
// non-sensitive symbol (where the mechanism has them).
std::vector<CaseDistribution> case_distributions(std::size_t k, const IndexSet& sensitive) {
  std::vector<CaseDistribution> out;
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
  if (!sensitive.empty()) point(sensitive.indices().front(), "sensitive");
  const IndexSet non_sensitive = sensitive.complement();
  if (!non_sensitive.empty()) point(non_sensitive.indices().front(), "non-sensitive");
  return out;
}

struct GoldenCase {
  std::string id;
  std::string input;
  std::vector<std::uint64_t> input_counts;  // empty for --from-counts
  ReportData data;                          // in the form the mechanism's server takes them
};

// Per-user draws (the class families have no aggregated sampler): at most this many reports, and
// for ubd-opt, whose cases list every report, at most this many characters of reports.
constexpr std::uint64_t kMaxPerUserGoldenReports = 10'000'000;
constexpr std::uint64_t kMaxListedReportCharacters = 10'000'000;

ReportData symbol_data(std::vector<std::uint64_t> counts) {
  ReportData data;
  data.n = std::accumulate(counts.begin(), counts.end(), std::uint64_t{0});
  data.symbol_counts = std::move(counts);
  return data;
}

ReportData bit_count_data(BitCounts counts) {
  ReportData data;
  data.bit_vectors = true;
  data.n = counts.n;
  data.bit_counts = std::move(counts);
  return data;
}

ReportData per_report_data(BitReports reports) {
  ReportData data;
  data.bit_vectors = true;
  data.per_report = true;
  data.n = reports.size();
  data.bit_counts = bit_counts(reports);
  data.bit_reports = std::move(reports);
  return data;
}

// The reports of users with these input counts, drawn as `uldp simulate` draws them.
ReportData draw_reports(Xoshiro256& rng, const EstimationModel& model,
                        const std::vector<std::uint64_t>& input_counts) {
  const auto users = [&] { return inputs_from_counts(rng, input_counts); };
  return std::visit(Overloaded{[&](const UnaryParams& m) {
                                 return bit_count_data(sample_report_counts(rng, m, input_counts));
                               },
                               [&](const UrrParams& m) {
                                 return symbol_data(sample_report_counts(rng, m, input_counts));
                               },
                               [&](const DenseParams& m) {
                                 return symbol_data(sample_report_counts(rng, m, input_counts));
                               },
                               [&](const UbdParams& m) {
                                 return bit_count_data(bit_counts(sample_reports(rng, m, users())));
                               },
                               [&](const UssParams& m) {
                                 return bit_count_data(bit_counts(sample_reports(rng, m, users())));
                               },
                               [&](const UbdOptParams& m) {
                                 return per_report_data(sample_reports(rng, m, users()));
                               },
                               [&](const UhrParams& m) {
                                 std::vector<std::uint64_t> histogram(m.outputs(), 0);
                                 for (const std::uint32_t y : sample_reports(rng, m, users()))
                                   ++histogram[y];
                                 return symbol_data(std::move(histogram));
                               }},
                    model);
}

// Cases drawn from the input distributions over X (for a PUM, through its users' pre-processors
// to counts over Z).
std::vector<GoldenCase> drawn_cases(const GoldenCommand& c, const MechanismSpec& spec,
                                    const EstimationModel& model,
                                    const std::optional<PumSetup>& pum) {
  Xoshiro256 rng(c.seed.value_or(1));
  const std::vector<CaseDistribution> distributions =
      pum ? case_distributions(pum->k(), pum->common_sensitive)
          : case_distributions(spec.k, spec.sensitive);
  std::vector<GoldenCase> cases;
  for (std::size_t i = 0; i < *c.cases; ++i) {
    check_cancelled();
    const CaseDistribution& d = distributions[i % distributions.size()];
    GoldenCase g;
    g.id = "case-" + std::to_string(i);
    g.input = d.name;
    g.input_counts = pum ? sample_intermediate_counts(rng, *pum->users, d.p)
                         : sample_input_counts(rng, c.n.value_or(1000), d.p);
    g.data = draw_reports(rng, model, g.input_counts);
    cases.push_back(std::move(g));
  }
  return cases;
}

bool drawn_per_user(const EstimationModel& model) {
  return std::holds_alternative<UbdParams>(model) || std::holds_alternative<UbdOptParams>(model) ||
         std::holds_alternative<UhrParams>(model) || std::holds_alternative<UssParams>(model);
}

// The case's reports in the golden file, as the server under test takes them.
void write_reports(const ReportData& data, nlohmann::json& out) {
  if (data.per_report) {
    std::vector<std::string> lines;
    for (std::size_t i = 0; i < data.bit_reports.size(); ++i) {
      std::string line(data.bit_reports.k(), '0');
      for (const std::uint32_t j : data.bit_reports.report(i)) line[j] = '1';
      lines.push_back(std::move(line));
    }
    out["reports"] = lines;
  } else if (data.bit_vectors) {
    out["ones"] = data.bit_counts.ones;
  } else {
    out["counts"] = data.symbol_counts;
  }
}

const char* reports_description(const EstimationModel& model) {
  if (std::holds_alternative<UbdOptParams>(model)) {
    return "one report per user: k-character 0/1 strings, character j is bit j (a report's block "
           "size is its bit count, so per-bit counts would mix the sizes)";
  }
  if (std::holds_alternative<UhrParams>(model)) {
    return "report histogram: the V Hadamard columns h0..h(V-1), then X_N ascending (the order of "
           "uldp mechanism uhr --format csv)";
  }
  return reports_are_bit_vectors(model) ? "bit vectors: n and per-bit counts of ones"
                                        : "symbol histogram";
}

// An EM vector with its certificates: the likelihood gap (exact) and the l2 distance to the
// maximum-likelihood estimate it implies (likelihood_distance.h).
struct CertifiedEm {
  EmResult em;
  std::optional<Rational> gap;     ///< none: L(em) = -inf
  std::optional<double> distance;  ///< none: no gap, or no positive curvature
};

CertifiedEm certified_em(const EstimationModel& model, const ReportData& data,
                         const DenseMechanism& dense, const DenseParams& dense_doubles,
                         const std::vector<std::uint64_t>& histogram, EmOptions options,
                         const Rational& allowed_gap, double allowed_distance) {
  const auto certify = [&](EmResult em) {
    CertifiedEm c{std::move(em), std::nullopt, std::nullopt};
    c.gap = likelihood_gap_bound(dense, histogram, c.em.p);
    if (!c.gap) return c;
    const double gap = to_double(*c.gap) * (1 + 1e-12);  // never below the exact bound
    const std::optional<double> normalised =
        likelihood_distance_bound(dense_doubles, histogram, c.em.p, gap);
    if (!normalised) return c;
    // The bound is for p / sum(p); add how far the vector itself is from that.
    const double total = std::accumulate(c.em.p.begin(), c.em.p.end(), 0.0);
    double squared = 0;
    for (double v : c.em.p) squared += (v - v / total) * (v - v / total);
    c.distance = *normalised + std::sqrt(squared);
    return c;
  };
  const auto met = [&](const CertifiedEm& c) {
    return c.gap && *c.gap <= allowed_gap && c.distance && *c.distance <= allowed_distance;
  };
  CertifiedEm result = certify(em_estimate(model, data, options));
  // Smaller stops first; then (below what a double log-likelihood can show) a fixed number of
  // updates, growing.
  while (!met(result) && options.max_iterations <= kMaxGoldenEmIterations) {
    check_cancelled();
    if (options.stop > 1e-15) {
      options.stop /= 100;
    } else if (options.stop_on_small_gain) {
      options.stop_on_small_gain = false;  // L no longer shows the gains: a fixed number of updates
      options.max_iterations = 1000;
    } else {
      options.max_iterations *= 4;
    }
    result = certify(em_estimate(model, data, options));
  }
  return result;
}

void run(const GoldenCommand& c, int& exit_code) {
  if (c.mech.name.empty()) throw InvalidArgument("--mech: required (" + mechanism_names() + ")");
  if (c.cases.has_value() == !c.from_counts.empty()) {
    throw InvalidArgument("--cases / --from-counts: give exactly one of them");
  }
  if (!c.cases && (c.n || c.seed))
    throw InvalidArgument(std::string(c.n ? "--n" : "--seed") + ": only with --cases");
  if (!(c.alpha > 0.0 && c.alpha < 1.0)) throw InvalidArgument("--alpha: must be in (0,1)");
  // --mech pum: the reports are Q_cmn's over Z; the vectors over X follow eq. (21).
  std::optional<PumSetup> pum;
  if (c.mech.personalized()) {
    pum = c.mech.build_pum(false);
    if (c.cases && !pum->users) {
      throw InvalidArgument(
          "--users: a PUM's cases are drawn through its users' pre-processors (--users or "
          "--user-groups FILE), or read with --from-counts");
    }
    if (!c.cases && pum->users) throw InvalidArgument("--users: only with --cases");
    if (c.n) throw InvalidArgument("--n: with --mech pum the users file gives the users");
  }
  const MechanismSpec spec = pum ? pum->common : c.mech.build();
  const EstimationModel model = estimation_model(spec);
  const bool bits = reports_are_bit_vectors(model);
  const bool per_report = std::holds_alternative<UbdOptParams>(model);
  check_size(spec.k, bits ? kMaxGoldenBits : kMaxGoldenSymbols, "--k");
  const std::string name(pum ? "pum" : entry_of(spec).name);
  if (c.cases && drawn_per_user(model) && c.n.value_or(1000) > kMaxPerUserGoldenReports) {
    throw InvalidArgument("--n: " + name + "'s cases are drawn per user, at most " +
                          std::to_string(kMaxPerUserGoldenReports) + " reports");
  }
  if (c.cases && per_report && c.n.value_or(1000) * spec.k > kMaxListedReportCharacters) {
    throw InvalidArgument("--n: ubd-opt's cases list every report; n * k must be at most " +
                          std::to_string(kMaxListedReportCharacters));
  }

  std::vector<GoldenCase> cases;
  if (c.cases) {
    cases = drawn_cases(c, spec, model, pum);
  } else {
    if (per_report) {
      throw InvalidArgument(
          "--from-counts: ubd-opt's estimate needs one report per user (a report's block size is "
          "its bit count; per-bit counts mix the sizes): use --cases");
    }
    const std::vector<CountsCase> read = read_counts_file(c.from_counts, report_size(model), bits);
    for (std::size_t i = 0; i < read.size(); ++i) {
      GoldenCase g;
      g.id = "case-" + std::to_string(i);
      g.input = "from " + c.from_counts;
      if (bits) {
        BitCounts counts;
        counts.n = read[i].n;
        counts.ones = read[i].counts;
        g.data = bit_count_data(std::move(counts));
      } else {
        g.data = symbol_data(read[i].counts);
      }
      cases.push_back(std::move(g));
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
  em_options.stop = c.em_stop;
  // The certified gap per report (max L - L(em) <= n * target) and distance to the maximiser.
  const Rational gap_target =
      c.em_gap ? parse_tolerance(*c.em_gap, "--em-gap") : Rational(1, 1'000'000);
  const double distance_target =
      c.em_distance ? to_double(parse_tolerance(*c.em_distance, "--em-distance")) : 1e-6;
  // EM needs the likelihood of every report (a histogram, or ubd-opt's reports) and the dense
  // expansion to certify it against.
  std::optional<DenseMechanism> dense;
  std::string no_em;
  if (bits && !per_report) {
    no_em =
        "omitted: EM on bit vectors needs one report per user, per-bit counts do not "
        "determine the likelihood";
  } else {
    try {
      dense = std::get<DenseForm>(exact_form(spec, FormChoice::kDense)).q;
    } catch (const InvalidArgument& e) {
      no_em = std::string("omitted: no dense form to certify EM against (") + e.what() + ")";
    }
  }
  const std::optional<DenseParams> dense_doubles =
      dense ? std::optional(dense_params(*dense)) : std::nullopt;
  nlohmann::json j;
  j["format"] = "uldp golden vectors 1";
  j["mechanism"] = name;
  j["k"] = pum ? pum->k() : spec.k;
  j["sensitive"] = pum ? pum->common_sensitive.indices() : spec.sensitive.indices();
  if (pum) {
    j["pum"] = {{"common", entry_of(spec).name},
                {"tags", pum->tags},
                {"z", spec.k},
                {"estimate",
                 "reports are Q_cmn's over Z (X, then one bot per tag); every vector is over X: "
                 "p(x) = r(x) + sum_k r(bot_k) pi_k(x) (eq. (21)) with the paper's fallback pi_k "
                 "proportional to max(r, 0) on X_N (no background knowledge); "
                 "intermediate_emp_exact is r over Z"}};
  }
  if (const std::optional<PrivacyBudget> budget = budget_of(spec)) {
    j["exp_eps"] = to_string(budget->exp_eps());
  }
  j["reports"] = reports_description(model);
  j["scale"] = "frequencies (estimates of p; multiply by n for counts)";
  j["post"] = post ? nlohmann::json({{"name", post_processing_name(*post)},
                                     {"applied_to", "emp, thr and em (emp_exact is before it)"}})
                   : nlohmann::json(nullptr);
  if (c.cases) j["seed"] = c.seed.value_or(1);
  j["thr"] = {{"alpha", c.alpha}, {"rule", "Bonferroni z_{1-alpha/k} on the null sd"}};
  if (!dense) {
    j["em"] = no_em;
  } else {
    j["em"] = {
        {"stop", c.em_stop},
        {"stopping",
         "relative log-likelihood gain <= stop, then smaller stops and more iterations until "
         "both certificates meet their targets"},
        {"gap_target_per_report", to_decimal(gap_target)},
        {"distance_target", distance_target},
        {"gap",
         "em_likelihood_gap: an upper bound on max L - L(em) (L the log-likelihood, concave: the "
         "Frank-Wolfe gap, computed exactly with quotients rounded up)"},
        {"distance",
         "em_distance: an upper bound on the l2 distance (so on every coordinate) from em to the "
         "maximum-likelihood estimate, from the gap, the gradient at em and the log-likelihood's "
         "curvature (uldp/estimate/likelihood_distance.h; computed in double with margins)"},
        {"certified",
         "em_certified: the gap is at most n times its target and the distance at most its "
         "target"},
        {"start", "thresholded estimate mixed with uniform at 1e-6"}};
  }
  // A PUM's estimate over X from r over Z (eq. (21), fallback for every tag).
  const auto over_x = [&](const std::vector<double>& r) {
    if (!pum) return r;
    return pum_estimate(r, std::vector<std::optional<std::vector<double>>>(pum->tags.size()),
                        pum->common_sensitive);
  };
  j["cases"] = nlohmann::json::array();
  ProgressTask progress("golden vectors", cases.size());
  for (const GoldenCase& g : cases) {
    progress.set_done(j["cases"].size());
    nlohmann::json out;
    out["id"] = g.id;
    out["input"] = g.input;
    out["n"] = g.data.n;
    if (!g.input_counts.empty()) out[pum ? "intermediate_counts" : "input_counts"] = g.input_counts;
    write_reports(g.data, out);
    std::vector<Rational> exact;
    try {
      exact = exact_empirical_estimate(spec, g.data);
    } catch (const InvalidArgument& e) {
      throw InvalidArgument(std::string(c.cases ? "golden" : "--from-counts") + ": case " + g.id +
                            ": " + e.what());
    }
    if (pum) {
      std::vector<std::string> intermediate;
      for (const Rational& v : exact) intermediate.push_back(to_string(v));
      out["intermediate_emp_exact"] = intermediate;
      exact = exact_pum_estimate(exact, pum->common_sensitive, pum->tags.size());
    }
    std::vector<std::string> exact_text;
    std::vector<double> exact_decimal;
    for (const Rational& v : exact) {
      exact_text.push_back(to_string(v));
      exact_decimal.push_back(to_double(v));
    }
    out["emp"] = processed(exact_decimal, g.id);
    out["emp_exact"] = exact_text;
    ThresholdEstimate thr = threshold_estimate(model, g.data, c.alpha);
    if (pum) thr.significant.resize(pum->k());
    out["thr"] = processed(over_x(thr.p), g.id);
    out["thr_significant"] = thr.significant;
    if (dense) {
      // EM until its certificates meet their targets: a golden vector is never "converged" on
      // the stopping rule alone.
      const std::vector<std::uint64_t> histogram = *dense_histogram(spec, *dense, g.data);
      const Rational allowed = gap_target * static_cast<unsigned long long>(g.data.n);
      const CertifiedEm em = certified_em(model, g.data, *dense, *dense_doubles, histogram,
                                          em_options, allowed, distance_target);
      out["em"] = processed(over_x(em.em.p), g.id);
      out["em_log_likelihood"] = em.em.log_likelihood;
      out["em_iterations"] = em.em.iterations;
      out["em_likelihood_gap"] = em.gap ? nlohmann::json(to_decimal(*em.gap, 6)) : "inf";
      // A PUM's distance is of r over Z; eq. (21) does not carry it over to X.
      out["em_distance"] = em.distance && !pum ? nlohmann::json(*em.distance) : "inf";
      out["em_certified"] =
          em.gap && *em.gap <= allowed && em.distance && *em.distance <= distance_target;
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
  c->mech.add_pum_options(*sub);
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
  add_text_option(*sub, "--em-distance", c->em_distance,
                  "EM: the certified bound on the l2 distance from every EM vector to the "
                  "maximum-likelihood estimate, EM run further until it holds (at most 1/10; "
                  "default 1e-6)");
  add_text_option(*sub, "--em-gap", c->em_gap,
                  "EM: the certified bound on (max L - L(em)) / n every EM vector must meet, EM "
                  "run further until it does (exact rational or decimal, at most 1/10; default "
                  "1e-6)");
  sub->callback([c, &exit_code] { run(*c, exit_code); });
}

}  // namespace uldp::cli
