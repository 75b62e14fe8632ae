// Golden vectors: the cases (drawn or given), and for each the exact empirical estimate, the
// thresholded estimate and an EM estimate run until its certificates meet their targets.
#include <cmath>
#include <numeric>
#include <sstream>

#include "golden_exact_estimate.h"
#include "uldp/api/false_alarm.h"
#include "uldp/api/golden.h"
#include "uldp/cancellation.h"
#include "uldp/error.h"
#include "uldp/estimate/estimation_model.h"
#include "uldp/estimate/exact_estimate.h"
#include "uldp/estimate/likelihood_distance.h"
#include "uldp/estimate/pum.h"
#include "uldp/estimate/pum_users.h"
#include "uldp/estimate/report_file.h"
#include "uldp/estimate/sampler.h"
#include "uldp/estimate/threshold.h"
#include "uldp/io/counts_file.h"
#include "uldp/losses/likelihood_gap.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/progress.h"

namespace uldp::api {
using namespace uldp::estimate;  // the double-precision layer
namespace {

// Exact elimination on a dense k x k rational matrix is cubic in k.
constexpr std::size_t kMaxGoldenSymbols = 128;
constexpr std::size_t kMaxGoldenBits = 4096;
// Listed bit vectors: EM is certified against the dense form, 2^k outputs (k = 12: 4096).
constexpr std::size_t kMaxGoldenEmBits = 12;
constexpr std::uint64_t kMaxGoldenCases = 1000;
constexpr std::uint64_t kMaxGoldenReports = 1'000'000'000;
constexpr std::uint64_t kDefaultReports = 1000;
// EM iterations a golden vector may take to meet its certified gap (k <= 128: about a second).
constexpr std::size_t kMaxGoldenEmIterations = 1'000'000;
// Per-user draws (the class families have no aggregated sampler): at most this many reports, and
// for ubd-opt, whose cases list every report, at most this many characters of reports.
constexpr std::uint64_t kMaxPerUserGoldenReports = 10'000'000;
constexpr std::uint64_t kMaxListedReportCharacters = 10'000'000;

// The mechanism the vectors are for: its spec over the reports' symbols and, for the PUM, the rest.
struct GoldenMechanism : SpecOrPum {
  std::size_t k() const { return pum ? spec.k - pum->bots() : spec.k; }
  IndexSet sensitive() const { return pum ? pum->sensitive_over_x() : spec.sensitive; }
};

// The input distribution of drawn golden cases, by the name the case records.
struct CaseDistribution {
  std::string name;
  std::vector<double> p;
};

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

// The reports of users with these input counts, drawn as `uldp simulate` draws them: counts from
// the aggregated samplers, and (`each`, given when asked for) every bit vector drawn per user.
ReportData draw_reports(Xoshiro256& rng, const EstimationModel& model,
                        const std::vector<std::uint64_t>& input_counts, BitReports* each) {
  const auto users = [&] { return inputs_from_counts(rng, input_counts); };
  const auto per_user_counts = [&](BitReports drawn) {
    ReportData data = bit_count_data(bit_counts(drawn));
    if (each) *each = std::move(drawn);
    return data;
  };
  return std::visit(
      Overloaded{
          [&](const UnaryParams& m) {
            if (each) return per_user_counts(sample_reports(rng, m, users()));
            return bit_count_data(sample_report_counts(rng, m, input_counts));
          },
          [&](const UrrParams& m) {
            return symbol_data(sample_report_counts(rng, m, input_counts));
          },
          [&](const DenseParams& m) {
            return symbol_data(sample_report_counts(rng, m, input_counts));
          },
          [&](const UbdParams& m) { return per_user_counts(sample_reports(rng, m, users())); },
          [&](const UssParams& m) { return per_user_counts(sample_reports(rng, m, users())); },
          [&](const UbdOptParams& m) { return per_report_data(sample_reports(rng, m, users())); },
          [&](const UhrParams& m) {
            std::vector<std::uint64_t> histogram(m.outputs(), 0);
            for (const std::uint32_t y : sample_reports(rng, m, users())) ++histogram[y];
            return symbol_data(std::move(histogram));
          },
          [&](const UnlistedParams& m) {  // one report per user, the only form its reports have
            ReportData data;
            data.per_report = true;
            data.unlisted_reports = sample_reports(rng, m, users());
            data.n = data.unlisted_reports.size();
            return data;
          }},
      model);
}

std::string bit_string(const BitReports& reports, std::size_t i) {
  std::string line(reports.k(), '0');
  for (const std::uint32_t j : reports.report(i)) line[j] = '1';
  return line;
}

// Every report of a case as a report file's line: the histogram's labels in column order, or
// the bit vectors drawn per user.
std::vector<std::string> listed_reports(const ReportData& data, const BitReports* each,
                                        const std::vector<std::string>& labels) {
  std::vector<std::string> lines;
  lines.reserve(data.n);
  const BitReports* bits = data.per_report ? &data.bit_reports : data.bit_vectors ? each : nullptr;
  if (bits) {
    for (std::size_t i = 0; i < bits->size(); ++i) lines.push_back(bit_string(*bits, i));
    return lines;
  }
  for (std::size_t y = 0; y < data.symbol_counts.size(); ++y) {
    const std::string label = labels.empty() ? std::to_string(y) : labels[y];
    lines.insert(lines.end(), data.symbol_counts[y], label);
  }
  return lines;
}

bool drawn_per_user(const EstimationModel& model) {
  return !model_traits(model).aggregated_sampler;
}

// Cases drawn from the input distributions over X (for a PUM, through its users' pre-processors
// to counts over Z).
std::vector<GoldenCase> drawn_cases(const DrawnCases& drawn, const GoldenMechanism& mechanism,
                                    const EstimationModel& model, bool with_reports) {
  if (drawn.cases == 0 || drawn.cases > kMaxGoldenCases) {
    throw InvalidArgument("cases: must be in [1, " + std::to_string(kMaxGoldenCases) + "]");
  }
  const std::string name(mechanism.pum ? "pum" : entry_of(mechanism.spec).name);
  const std::uint64_t n = drawn.n.value_or(kDefaultReports);
  if (mechanism.pum) {
    if (!mechanism.pum->users) {
      throw InvalidArgument(
          "users: a PUM's cases are drawn through its users' pre-processors (a users file), or "
          "given as counts");
    }
    if (drawn.n) throw InvalidArgument("n: a PUM's users file gives the users");
  }
  if (n == 0 || n > kMaxGoldenReports) {
    throw InvalidArgument("n: must be in [1, " + std::to_string(kMaxGoldenReports) + "]");
  }
  if (drawn_per_user(model) && n > kMaxPerUserGoldenReports) {
    throw InvalidArgument("n: " + name + "'s cases are drawn per user, at most " +
                          std::to_string(kMaxPerUserGoldenReports) + " reports");
  }
  if (model_traits(model).estimates_read_each_report &&
      n * mechanism.spec.k > kMaxListedReportCharacters) {
    throw InvalidArgument("n: ubd-opt's cases list every report; n * k must be at most " +
                          std::to_string(kMaxListedReportCharacters));
  }
  if (with_reports &&
      n * (reports_are_bit_vectors(model) ? mechanism.spec.k : 1) > kMaxListedReportCharacters) {
    throw InvalidArgument(
        "n: with_reports lists every report; n (times k for bit vectors) must be at most " +
        std::to_string(kMaxListedReportCharacters));
  }
  const std::vector<std::string> labels = report_labels(model);
  Xoshiro256 rng(drawn.seed);
  const std::vector<CaseDistribution> distributions =
      case_distributions(mechanism.k(), mechanism.sensitive());
  std::vector<GoldenCase> cases;
  for (std::size_t i = 0; i < drawn.cases; ++i) {
    check_cancelled();
    const CaseDistribution& d = distributions[i % distributions.size()];
    GoldenCase g;
    g.id = "case-" + std::to_string(i);
    g.input = d.name;
    g.input_counts = mechanism.pum ? sample_intermediate_counts(rng, *mechanism.pum->users, d.p)
                                   : sample_input_counts(rng, n, d.p);
    BitReports each;
    g.reports = draw_reports(rng, model, g.input_counts, with_reports ? &each : nullptr);
    if (const auto* unlisted = std::get_if<UnlistedParams>(&model)) {
      // Outputs too many to count: the reports themselves are the case, listed always.
      for (std::size_t r = 0; r < g.reports.unlisted_reports.size(); ++r) {
        std::string line;
        unlisted->write(g.reports.unlisted_reports.report(r), line);
        g.report_list.push_back(std::move(line));
      }
    } else if (with_reports) {
      g.report_list = listed_reports(g.reports, &each, labels);
    }
    cases.push_back(std::move(g));
  }
  return cases;
}

std::vector<GoldenCase> given_cases(const GivenCounts& given, const GoldenMechanism& mechanism,
                                    const EstimationModel& model, bool with_reports) {
  if (mechanism.pum && mechanism.pum->users) {
    throw InvalidArgument(mechanism.pum->users_name + ": only with drawn cases");
  }
  if (const auto* unlisted = std::get_if<UnlistedParams>(&model)) {
    throw InvalidArgument(
        "from_counts: this mechanism's " + unlisted->outputs +
        " outputs are too many to count; draw the cases (its reports are listed)");
  }
  if (model_traits(model).estimates_read_each_report) {
    throw InvalidArgument(
        "from_counts: ubd-opt's estimate needs one report per user (a report's block size is "
        "its bit count; per-bit counts mix the sizes): draw the cases");
  }
  const bool bits = reports_are_bit_vectors(model);
  if (with_reports && bits) {
    throw InvalidArgument(
        "with_reports: per-bit counts do not determine the reports; draw the "
        "cases");
  }
  const std::vector<CountsCase> read =
      parse_counts(given.text, given.source, report_size(model), bits);
  const std::vector<std::string> labels = report_labels(model);
  std::vector<GoldenCase> cases;
  for (std::size_t i = 0; i < read.size(); ++i) {
    GoldenCase g;
    g.id = "case-" + std::to_string(i);
    g.input = "from " + given.source;
    if (bits) {
      BitCounts counts;
      counts.n = read[i].n;
      counts.ones = read[i].counts;
      g.reports = bit_count_data(std::move(counts));
    } else {
      g.reports = symbol_data(read[i].counts);
    }
    if (with_reports) {
      if (g.reports.n > kMaxListedReportCharacters) {
        throw InvalidArgument("with_reports: case " + g.id + " has " + std::to_string(g.reports.n) +
                              " reports, more than the " +
                              std::to_string(kMaxListedReportCharacters) + " listed at most");
      }
      g.report_list = listed_reports(g.reports, nullptr, labels);
    }
    cases.push_back(std::move(g));
  }
  return cases;
}

std::string reports_form(const EstimationModel& model) {
  if (const auto* unlisted = std::get_if<UnlistedParams>(&model)) {
    return "one report per user in report_list, as its clients write them: " + unlisted->form +
           " (its " + unlisted->outputs + " outputs are too many to count)";
  }
  if (model_traits(model).estimates_read_each_report) {
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

// A case's listed bit vectors as per-report data (what `uldp estimate --reports` reads from them).
ReportData listed_report_data(const std::vector<std::string>& lines, std::size_t k) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  std::istringstream in(text);
  return estimate::read_reports(in, "listed reports", k, true);
}

void check_request(const GoldenRequest& r) {
  check_option(kSignificanceOption, r.significance);
  check_option(kEmStopOption, r.em_stop);
  if (r.em_gap < 0 || r.em_gap > Rational(1, 10)) {
    throw InvalidArgument("em_gap: must be in [0, 1/10]");
  }
  if (!(r.em_distance >= 0 && r.em_distance <= 0.1)) {
    throw InvalidArgument("em_distance: must be in [0, 1/10]");
  }
}

}  // namespace

const GoldenCase* GoldenVectors::find(const std::string& id) const {
  for (const GoldenCase& c : cases) {
    if (c.id == id) return &c;
  }
  return nullptr;
}

GoldenVectors golden_vectors(const GoldenRequest& request) {
  check_request(request);
  const GoldenMechanism mechanism{registry_or_pum(request.mechanism, "golden")};
  const MechanismSpec& spec = mechanism.spec;
  const std::optional<PumReference>& pum = mechanism.pum;
  const EstimationModel model = estimation_model(spec);
  const bool bits = reports_are_bit_vectors(model);
  const bool per_report = model_traits(model).estimates_read_each_report;
  const std::size_t limit = bits ? kMaxGoldenBits : kMaxGoldenSymbols;
  if (spec.k > limit) {
    throw InvalidArgument("k: " + std::to_string(spec.k) + " exceeds the limit " +
                          std::to_string(limit));
  }

  GoldenVectors v;
  v.mechanism = pum ? "pum" : entry_of(spec).name;
  v.k = mechanism.k();
  v.sensitive = mechanism.sensitive().indices();
  if (pum) v.pum = GoldenPum{std::string(entry_of(spec).name), pum->tags, spec.k};
  if (const std::optional<PrivacyBudget> budget = budget_of(spec)) v.exp_eps = budget->exp_eps();
  v.reports_form = reports_form(model);
  if (model_traits(model).unlisted) {
    v.thr_rule = "Bonferroni z_{1-alpha/k} on the sample sd of the reports' estimator rows";
  }
  v.post = request.post;
  v.thr_alpha = request.significance;
  v.cases = std::visit(Overloaded{[&](const DrawnCases& d) {
                                    v.seed = d.seed;
                                    return drawn_cases(d, mechanism, model, request.with_reports);
                                  },
                                  [&](const GivenCounts& g) {
                                    return given_cases(g, mechanism, model, request.with_reports);
                                  }},
                       request.cases);

  // Every estimate vector after the library's post-processing, if any.
  const auto processed = [&](const std::vector<double>& p, const std::string& id) {
    if (!request.post) return p;
    try {
      return post_process(p, *request.post);
    } catch (const InvalidArgument& e) {
      throw InvalidArgument("post: case " + id + ": " + e.what());
    }
  };
  // EM needs the likelihood of every report (a histogram, or ubd-opt's reports) and the dense
  // expansion to certify it against.
  // Bit vectors drawn per user (with_reports) have their likelihood: EM on them is certified
  // against the dense form over the 2^k outputs, up to kMaxGoldenEmBits.
  const bool listed_bits = bits && !per_report && request.with_reports &&
                           std::holds_alternative<DrawnCases>(request.cases);
  std::optional<DenseMechanism> dense;
  if (bits && !per_report && !listed_bits) {
    v.em = std::string(
        "omitted: EM on bit vectors needs one report per user (per-bit counts do not determine "
        "the likelihood): draw the cases with with_reports");
  } else if (listed_bits && spec.k > kMaxGoldenEmBits) {
    v.em = "omitted: EM on bit vectors is certified against the 2^k outputs, k <= " +
           std::to_string(kMaxGoldenEmBits);
  } else {
    try {
      dense = std::get<DenseForm>(exact_form(spec, FormChoice::kDense)).q;
      v.em = GoldenEmSettings{request.em_stop, request.em_gap, request.em_distance};
    } catch (const InvalidArgument& e) {
      v.em = std::string("omitted: no dense form to certify EM against (") + e.what() + ")";
    }
  }
  const std::optional<DenseParams> dense_doubles =
      dense ? std::optional(dense_params(*dense)) : std::nullopt;
  EmOptions em_options;
  em_options.significance = request.significance;
  em_options.stop = request.em_stop;
  const IndexSet sensitive_over_x = mechanism.sensitive();
  // A PUM's estimate over X from r over Z (eq. (21), fallback for every tag).
  const auto over_x = [&](const std::vector<double>& r) {
    if (!pum) return r;
    return pum_estimate(r, std::vector<std::optional<std::vector<double>>>(pum->bots()),
                        sensitive_over_x);
  };
  const bool drawn = std::holds_alternative<DrawnCases>(request.cases);
  ProgressTask progress("golden vectors", v.cases.size());
  std::size_t done = 0;
  for (GoldenCase& g : v.cases) {
    progress.set_done(done++);
    std::vector<Rational> exact;
    try {
      exact = estimate::exact_empirical_estimate(spec, g.reports);
    } catch (const InvalidArgument& e) {
      throw InvalidArgument(std::string(drawn ? "golden" : "from_counts") + ": case " + g.id +
                            ": " + e.what());
    }
    if (pum) {
      g.intermediate_emp_exact = rational_texts(exact);
      exact = exact_pum_estimate(exact, sensitive_over_x, pum->bots());
    }
    std::vector<double> exact_decimal;
    for (const Rational& value : exact) exact_decimal.push_back(to_double(value));
    g.emp = processed(exact_decimal, g.id);
    g.emp_exact = rational_texts(exact);
    ThresholdEstimate thr = threshold_estimate(model, g.reports, request.significance);
    if (pum) thr.significant.resize(v.k);
    g.thr = processed(over_x(thr.p), g.id);
    g.thr_significant = std::move(thr.significant);
    if (!dense) continue;
    // EM until its certificates meet their targets: a golden vector is never "converged" on the
    // stopping rule alone.
    // Listed bit vectors: EM and its certificates read the reports themselves.
    std::optional<ReportData> listed;
    if (listed_bits) listed = listed_report_data(g.report_list, spec.k);
    const ReportData& em_data = listed ? *listed : g.reports;
    const std::vector<std::uint64_t> histogram = *dense_histogram(spec, *dense, em_data);
    const Rational allowed = request.em_gap * static_cast<unsigned long long>(g.reports.n);
    const CertifiedEm em = certified_em(model, em_data, *dense, *dense_doubles, histogram,
                                        em_options, allowed, request.em_distance);
    GoldenEm out;
    out.p = processed(over_x(em.em.p), g.id);
    out.log_likelihood = em.em.log_likelihood;
    out.iterations = em.em.iterations;
    if (em.gap) out.likelihood_gap = to_decimal(*em.gap, 6);
    // A PUM's distance is of r over Z; eq. (21) does not carry it over to X.
    if (em.distance && !pum) out.distance = *em.distance;
    out.certified =
        em.gap && *em.gap <= allowed && em.distance && *em.distance <= request.em_distance;
    g.em = std::move(out);
  }
  return v;
}

}  // namespace uldp::api
