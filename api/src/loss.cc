// The loss workflow and the paper's loss tables: the values and their one JSON writer and one
// text renderer.
#include "uldp/api/loss.h"

#include <sstream>
#include <string>
#include <vector>

#include "uldp/api/render.h"
#include "uldp/api/run_length.h"
#include "uldp/error.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/losses/fundamental_limit.h"
#include "uldp/losses/l1_loss.h"
#include "uldp/losses/l2_loss.h"
#include "uldp/losses/optimal_theta.h"

namespace uldp::api {
namespace {

// Exact rationals, or "[lo, hi]" for a bracketed coordinate.
std::string run_length_of(const nlohmann::json& values) {
  std::vector<std::string> texts;
  for (const auto& v : values) {
    if (v.is_string()) {
      texts.push_back(v.get<std::string>());
      continue;
    }
    std::string bracket(1, '[');  // appended piece by piece: GCC 12 warns on "[" + string
    bracket.append(v[0].get<std::string>()).append(", ").append(v[1].get<std::string>());
    bracket.push_back(']');
    texts.push_back(std::move(bracket));
  }
  return run_length(texts);
}

// Tables are built over all five paper mechanisms at once: the tightest registry limit.
constexpr std::size_t kMaxTableK = 1000000;
// The exact finite-n l1 costs big-integer powers of size ~ n bits per coordinate: printed by
// default only when n * k is below this, or on request with --exact-l1.
constexpr std::uint64_t kExactL1DefaultWork = 500000;

std::string l2_decimal(const Rational& value) {
  return certified_decimal(Interval::exact(value), 17);
}

nlohmann::json rationals_json(const std::vector<Rational>& v) {
  nlohmann::json a = nlohmann::json::array();
  for (const auto& x : v) a.push_back(to_string(x));
  return a;
}

}  // namespace

LossTableResult loss_table(const LossTableRequest& request) {
  if (request.table != "l1" && request.table != "l2")
    throw InvalidArgument("table: '" + message_excerpt(request.table) + "' is not l1 or l2");
  const LossTableSpec& spec = request.spec;
  if (spec.k < 2) throw InvalidArgument("k: a loss table needs k >= 2");
  if (spec.k > kMaxTableK) {
    throw InvalidArgument("k: " + std::to_string(spec.k) + " exceeds the limit " +
                          std::to_string(kMaxTableK));
  }
  return {request, request.table == "l2" ? l2_loss_table(spec) : l1_loss_table(spec)};
}

nlohmann::json to_json(const LossTableResult& result) {
  const LossTableSpec& spec = result.request.spec;
  nlohmann::json out;
  out["table"] = result.request.table;
  out["k"] = spec.k;
  out["sensitive_count"] = spec.k_s;
  out["n"] = spec.n;
  out["small_eps"] = to_string(spec.small_eps);
  nlohmann::json list = nlohmann::json::array();
  for (const auto& r : result.rows) {
    list.push_back({{"mechanism", r.mechanism},
                    {"regime", r.regime},
                    {"exp_eps", r.exp_eps},
                    {"paper_formula", r.paper_formula},
                    {"paper_value", certified_decimal(r.paper_value, 12)},
                    {"exact_worst", certified_decimal(r.exact_worst, 12)},
                    {"paper_over_exact", certified_decimal(paper_to_exact_ratio(r), 6)}});
  }
  out["rows"] = std::move(list);
  return out;
}

std::string to_text(const LossTableResult& result) {
  const LossTableSpec& spec = result.request.spec;
  std::ostringstream out;
  out << "Worst-case " << (result.request.table == "l2" ? "E[l2^2]" : "asymptotic E[l1]")
      << ", |X| = " << spec.k << ", |X_S| = " << spec.k_s << ", n = " << spec.n
      << ", small eps = " << to_string(spec.small_eps) << " (digits certified, truncated)\n\n";
  out << "| mechanism | regime | paper entry | paper value | exact worst case | paper / exact |\n"
      << "|---|---|---|---|---|---|\n";
  // A '|' inside a cell (|X|) would end it.
  const auto cell = [](const std::string& text) {
    std::string escaped;
    for (const char ch : text) escaped += ch == '|' ? std::string("\\|") : std::string(1, ch);
    return escaped;
  };
  for (const auto& r : result.rows) {
    out << "| " << r.mechanism << " | " << cell(r.regime) << " | " << cell(r.paper_formula) << " | "
        << certified_decimal(r.paper_value, 12) << " | " << certified_decimal(r.exact_worst, 12)
        << " | " << certified_decimal(paper_to_exact_ratio(r), 6) << " |\n";
  }
  out << "\n(*1): the paper's approximation for |X_S| << |X| (its table's note), so the "
         "ratio to the exact worst case need not approach 1 here.\n"
         "Decimals show only the digits their certified bounds share, truncated: a value "
         "whose bounds straddle a digit shows fewer (0.8 for a ratio in bounds around "
         "0.84), one that shares none shows its bounds [lo, hi].\n";
  return out.str();
}

namespace {

// θ* with its certificate and the worst-case loss it saves over the paper's θ = s/(s+1).
void add_optimal_theta(const LossRequest& request, const MechanismSpec& spec, std::uint64_t n,
                       nlohmann::json& out) {
  const bool l2 = request.mechanism.theta_rule == "optimal";
  const std::size_t sensitive_count =
      entry_of(spec).theta_over_every_symbol ? spec.k : spec.sensitive.size();
  const OptimalTheta opt = optimal_urap_theta(spec.k, sensitive_count, budget_of(spec)->exp_eps(),
                                              l2 ? ThetaObjective::kL2 : ThetaObjective::kL1);
  const MechanismEntry& entry = entry_of(spec);
  MechanismArguments at_paper_theta = request.mechanism.arguments;
  at_paper_theta.values.set(kThetaParameter,
                            resolve_theta("paper", entry, at_paper_theta, "theta"));
  const MechanismSpec paper = make_mechanism(entry, at_paper_theta);
  auto worst = [&](const MechanismSpec& s) {
    return l2 ? Interval::exact(worst_case_l2_loss(coordinate_model(s), n).value)
              : worst_case_l1_loss(coordinate_model(s), n).value;
  };
  const Interval at_optimum = worst(spec), at_paper = worst(paper);
  const Interval saving = Interval::exact(1) - at_optimum / at_paper;
  out["theta_optimal"] = {{"objective", l2 ? "worst-case l2" : "worst-case asymptotic l1"},
                          {"bracket", {to_string(opt.bracket.lower), to_string(opt.bracket.upper)}},
                          {"theta", to_string(opt.theta)},
                          {"unique_proven", opt.unique_proven},
                          {"closed_form", opt.closed_form},
                          {"paper_theta", to_string(*theta_of(paper))},
                          {"worst_at_paper_theta", certified_decimal(at_paper, 17)},
                          {"worst_at_optimal_theta", certified_decimal(at_optimum, 17)},
                          {"relative_saving", certified_decimal(saving, 6)}};
}

// The mechanism's exact worst-case n E[l2^2] beside the certified fundamental limit of
// arXiv 2509.24173 at its |X|, |X_S| and t (docs/utility.md, "The fundamental limit").
void add_vs_limit(const MechanismSpec& spec, const L2Quadratic& quadratic, nlohmann::json& out) {
  const std::optional<PrivacyBudget> budget = budget_of(spec);
  if (!budget) throw InvalidArgument("vs_limit: the mechanism takes no privacy budget");
  const FundamentalLimit limit =
      fundamental_limit({spec.k, spec.sensitive.size(), budget->exp_eps()});
  const Rational worst = worst_case_l2_loss(quadratic, 1).value;
  nlohmann::json weights = nlohmann::json::array();
  for (const BlockWeight& bw : limit.weights)
    weights.push_back({{"block", bw.block}, {"weight", to_string(bw.weight)}});
  out["vs_limit"] = {{"worst_l2_times_n", to_string(worst)},
                     {"worst_l2_times_n_decimal", l2_decimal(worst)},
                     {"limit", {to_string(limit.value.lower), to_string(limit.value.upper)}},
                     {"limit_decimal", certified_decimal(limit.value, 17)},
                     {"sensitive_mass", to_string(limit.sensitive_mass)},
                     {"alpha", to_string(limit.sensitive_mass)},  // the former key (docs/cli.md)
                     {"weights", std::move(weights)},
                     {"ratio", certified_decimal(Interval::exact(worst) / limit.value, 12)}};
}

}  // namespace

void require_loss_inputs(std::uint64_t k, const std::string& k_name) {
  if (k > kMaxLossInputs) {
    throw InvalidArgument(k_name + ": " + std::to_string(k) + " exceeds the limit " +
                          std::to_string(kMaxLossInputs) +
                          " of loss (its exact losses hold rationals per input: about 1 KB each)");
  }
}

LossResult loss(const LossRequest& request) {
  // Refused before the mechanism is built.
  require_loss_inputs(request.mechanism.arguments.k);
  const MechanismSpec spec = make_mechanism(find_mechanism(request.mechanism.name, "mechanism"),
                                            request.mechanism.arguments);
  const std::size_t k = spec.k;
  const IndexSet& xs = spec.sensitive;
  const std::uint64_t n = request.n;
  if (n == 0 || n > 1'000'000'000'000'000'000ULL) throw InvalidArgument("n: must be in [1, 10^18]");
  const L2Quadratic quadratic = l2_quadratic(spec);
  // l1 needs per-coordinate binomial counts: only coordinate-wise estimators have them.
  const std::optional<CoordinateModel> model =
      has_coordinate_model(spec) ? std::optional(coordinate_model(spec)) : std::nullopt;
  const std::optional<PrivacyBudget> budget = budget_of(spec);

  nlohmann::json out;
  Rational l2_value;
  out["mechanism"] = entry_of(spec).name;
  out["k"] = k;
  out["sensitive"] = xs.indices();
  if (budget) out["exp_eps"] = to_string(budget->exp_eps());
  out["n"] = n;
  if (request.mechanism.theta_rule == "optimal" || request.mechanism.theta_rule == "optimal-l1")
    add_optimal_theta(request, spec, n, out);
  const InputDistribution distribution =
      request.p ? *request.p : parse_input_distribution("uniform", k);
  const bool worst = std::holds_alternative<WorstCaseDistribution>(distribution);
  if (worst) {
    const WorstCaseL2 l2 = worst_case_l2_loss(quadratic, n);
    out["p"] = "worst";
    out["l2"] = {{"exact", to_string(l2.value)}, {"decimal", l2_decimal(l2.value)}};
    out["argmax"] = rationals_json(l2.argmax);
    l2_value = l2.value;
  }
  if (worst && model) {
    const WorstCaseL1 l1 = worst_case_l1_loss(*model, n);
    out["l1_asymptotic"] = certified_decimal(l1.value, 17);
    out["l1_argmax_exact"] = l1.argmax_exact;
    nlohmann::json arg = nlohmann::json::array();
    for (const auto& v : l1.argmax) {
      if (l1.argmax_exact)
        arg.push_back(to_string(v.lower));
      else
        arg.push_back({certified_decimal(Interval::exact(v.lower), 17),
                       certified_decimal(Interval::exact(v.upper), 17)});
    }
    out["l1_argmax"] = std::move(arg);
  } else if (!worst) {
    const std::vector<Rational> p = exact_distribution(distribution, "loss");
    const Rational l2 = expected_l2_loss(quadratic, p, n);
    out["p"] = rationals_json(p);
    out["l2"] = {{"exact", to_string(l2)}, {"decimal", l2_decimal(l2)}};
    l2_value = l2;
    if (model) {
      out["l1_asymptotic"] = certified_decimal(asymptotic_l1_loss(*model, p, n), 17);
      if (request.exact_l1 || n <= kExactL1DefaultWork / k) {
        out["l1_exact_finite_n"] = certified_decimal(exact_l1_loss_bounds(*model, p, n), 17);
      }
    }
  }
  if (!model) out["l1_note"] = "not implemented: the estimator is not coordinate-wise";
  if (request.vs_limit) add_vs_limit(spec, quadratic, out);
  return {std::string(entry_of(spec).name),
          k,
          xs,
          budget,
          budget_description(spec),
          n,
          std::move(out),
          std::move(l2_value)};
}

nlohmann::json to_json(const LossResult& result) { return result.values; }

std::string to_text(const LossResult& result) {
  const nlohmann::json& v = result.values;
  const bool worst = v["p"].is_string();
  const bool model = !v.contains("l1_note");
  std::ostringstream out;
  out << "mechanism " << result.mechanism << ", k = " << result.k << ", X_S = {"
      << result.sensitive.to_string() << "}, " << result.budget_text << ", n = " << result.n
      << "\n";
  if (v.contains("theta_optimal")) {
    const nlohmann::json& o = v["theta_optimal"];
    out << "optimal theta (" << o["objective"].get<std::string>() << ") in ["
        << o["bracket"][0].get<std::string>() << ", " << o["bracket"][1].get<std::string>()
        << "] (certified"
        << (o["closed_form"].get<bool>() ? "; = 1 + r - sqrt(r(r+1)), r = |X_S|/(t-1)" : "")
        << (o["unique_proven"].get<bool>() ? "; unique minimiser" : "; unique on a 64-point grid")
        << ")\n  worst case " << o["worst_at_optimal_theta"].get<std::string>() << " against "
        << o["worst_at_paper_theta"].get<std::string>()
        << " at the paper's theta = s/(s+1): " << o["relative_saving"].get<std::string>()
        << " smaller\n";
  }
  if (!model) out << "l1: " << v["l1_note"].get<std::string>() << "\n";
  if (worst) {
    out << "worst-case E[l2^2] = " << readable(result.l2) << "\n";
    out << "  attained at p = " << run_length_of(v["argmax"]) << "\n";
    if (model) {
      out << "worst-case asymptotic E[l1] = " << v["l1_asymptotic"].get<std::string>()
          << (v["l1_argmax_exact"].get<bool>() ? " at p = " : " at p within ")
          << run_length_of(v["l1_argmax"]) << "\n";
    }
  } else {
    out << "E[l2^2] = " << readable(result.l2) << " (exact; --exact or --json for the rational)\n";
    if (model) {
      out << "asymptotic E[l1] = " << v["l1_asymptotic"].get<std::string>()
          << " (certified digits)\n";
    }
    if (v.contains("l1_exact_finite_n")) {
      out << "exact E[l1] at this n = " << v["l1_exact_finite_n"].get<std::string>() << "\n";
    }
  }
  if (v.contains("vs_limit")) {
    const nlohmann::json& limit = v["vs_limit"];
    out << "worst-case n E[l2^2] = " << limit["worst_l2_times_n_decimal"].get<std::string>()
        << "; fundamental limit (arXiv 2509.24173, certified) = "
        << limit["limit_decimal"].get<std::string>()
        << "; ratio = " << limit["ratio"].get<std::string>()
        << "\n  the limit's witness: mass on X_S = "
        << to_decimal(parse_rational(limit["sensitive_mass"].get<std::string>()), 12)
        << ", block sizes";
    for (const auto& bw : limit["weights"])
      out << " " << bw["block"].get<std::size_t>() << " ("
          << to_decimal(parse_rational(bw["weight"].get<std::string>()), 12) << ")";
    out << "\n";
  }
  return out.str();
}

}  // namespace uldp::api
