// `uldp loss`: exact expected l2 loss, certified asymptotic l1 loss and their worst cases for
// one mechanism (Section "Utility Analysis"), or the paper's two loss tables, verified.
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli_support.h"
#include "commands.h"
#include "input_distribution.h"
#include "mechanism_flags.h"
#include "uldp/api/run_length.h"
#include "uldp/error.h"
#include "uldp/losses/coordinate_model.h"
#include "uldp/losses/fundamental_limit.h"
#include "uldp/losses/l1_loss.h"
#include "uldp/losses/l2_loss.h"
#include "uldp/losses/loss_tables.h"
#include "uldp/losses/optimal_theta.h"

namespace uldp::cli {
namespace {

// Exact rationals, or "[lo, hi]" for a bracketed coordinate.
std::string run_length(const nlohmann::json& values) {
  std::vector<std::string> texts;
  for (const auto& v : values) {
    texts.push_back(v.is_string()
                        ? v.get<std::string>()
                        : "[" + v[0].get<std::string>() + ", " + v[1].get<std::string>() + "]");
  }
  return api::run_length(texts);
}

// Tables are built over all five paper mechanisms at once: the tightest registry limit.
constexpr std::size_t kMaxTableK = 1000000;
// The exact finite-n l1 costs big-integer powers of size ~ n bits per coordinate: printed by
// default only when n * k is below this, or on request with --exact-l1.
constexpr std::uint64_t kExactL1DefaultWork = 500000;

struct LossCommand {
  MechanismFlags mech;
  std::string n_text;
  std::string p_text = "uniform";
  std::string table;
  bool json = false;
  bool exact_l1 = false;
  bool vs_limit = false;
};

std::uint64_t parse_n(const std::string& text) {
  const Rational n = parse_rational(text, "--n");
  if (denominator(n) != 1 || n < 1 || n > Rational(Integer("1000000000000000000"))) {
    throw InvalidArgument("--n: '" + message_excerpt(text) + "' is not an integer in [1, 10^18]");
  }
  return numerator(n).convert_to<std::uint64_t>();
}

std::string l2_decimal(const Rational& value) {
  return certified_decimal(Interval::exact(value), 17);
}

nlohmann::json rationals_json(const std::vector<Rational>& v) {
  nlohmann::json a = nlohmann::json::array();
  for (const auto& x : v) a.push_back(to_string(x));
  return a;
}

void run_table(const LossCommand& c) {
  if (c.table != "l1" && c.table != "l2")
    throw InvalidArgument("--table: '" + message_excerpt(c.table) + "' is not l1 or l2");
  const MechanismFlags& f = c.mech;
  if (!f.k || *f.k < 2) throw InvalidArgument("--k: a loss table needs k >= 2");
  check_size(*f.k, kMaxTableK, "--k");
  if (f.theta || f.mangat_p || f.block) {
    throw InvalidArgument(std::string(f.theta      ? "--theta"
                                      : f.mangat_p ? "--mangat-p"
                                                   : "--block") +
                          ": a table uses each mechanism's default");
  }
  const std::size_t k = static_cast<std::size_t>(*f.k);
  const IndexSet xs = parse_index_list(f.sensitive, k, "--sensitive");
  if (f.budget.exp_eps) throw InvalidArgument("--exp-eps: a table takes the small eps by --eps");
  LossTableSpec spec{k, xs.size(), parse_n(c.n_text), Rational(1, 10)};
  if (f.budget.eps) spec.small_eps = parse_rational(*f.budget.eps, "--eps");
  const auto rows = c.table == "l2" ? l2_loss_table(spec) : l1_loss_table(spec);
  if (c.json) {
    nlohmann::json out;
    out["table"] = c.table;
    out["k"] = spec.k;
    out["sensitive_count"] = spec.k_s;
    out["n"] = spec.n;
    out["small_eps"] = to_string(spec.small_eps);
    nlohmann::json list = nlohmann::json::array();
    for (const auto& r : rows) {
      list.push_back({{"mechanism", r.mechanism},
                      {"regime", r.regime},
                      {"exp_eps", r.exp_eps},
                      {"paper_formula", r.paper_formula},
                      {"paper_value", certified_decimal(r.paper_value, 12)},
                      {"exact_worst", certified_decimal(r.exact_worst, 12)},
                      {"paper_over_exact", certified_decimal(paper_to_exact_ratio(r), 6)}});
    }
    out["rows"] = std::move(list);
    std::cout << versioned(out).dump(1) << "\n";
    return;
  }
  std::cout << "Worst-case " << (c.table == "l2" ? "E[l2^2]" : "asymptotic E[l1]")
            << ", |X| = " << spec.k << ", |X_S| = " << spec.k_s << ", n = " << spec.n
            << ", small eps = " << to_string(spec.small_eps)
            << " (digits certified, truncated)\n\n";
  std::cout
      << "| mechanism | regime | paper entry | paper value | exact worst case | paper / exact |\n"
      << "|---|---|---|---|---|---|\n";
  // A '|' inside a cell (|X|) would end it.
  const auto cell = [](const std::string& text) {
    std::string out;
    for (const char ch : text) out += ch == '|' ? std::string("\\|") : std::string(1, ch);
    return out;
  };
  for (const auto& r : rows) {
    std::cout << "| " << r.mechanism << " | " << cell(r.regime) << " | " << cell(r.paper_formula)
              << " | " << certified_decimal(r.paper_value, 12) << " | "
              << certified_decimal(r.exact_worst, 12) << " | "
              << certified_decimal(paper_to_exact_ratio(r), 6) << " |\n";
  }
  std::cout << "\n(*1): the paper's approximation for |X_S| << |X| (its table's note), so the "
               "ratio to the exact worst case need not approach 1 here.\n"
               "Decimals show only the digits their certified bounds share, truncated: a value "
               "whose bounds straddle a digit shows fewer (0.8 for a ratio in bounds around "
               "0.84), one that shares none shows its bounds [lo, hi].\n";
}

// θ* with its certificate and the worst-case loss it saves over the paper's θ = s/(s+1).
void add_optimal_theta(const LossCommand& c, const MechanismSpec& spec, std::uint64_t n,
                       nlohmann::json& out) {
  const bool l2 = c.mech.theta == "optimal";
  // RAPPOR is uRAP with every bit sensitive.
  const std::size_t sensitive_count =
      entry_of(spec).name == RapporSpec::kName ? spec.k : spec.sensitive.size();
  const OptimalTheta opt = optimal_urap_theta(spec.k, sensitive_count, budget_of(spec)->exp_eps(),
                                              l2 ? ThetaObjective::kL2 : ThetaObjective::kL1);
  MechanismFlags paper_flags = c.mech;
  paper_flags.theta = "paper";
  const MechanismSpec paper = paper_flags.build();
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
  if (!budget) throw InvalidArgument("--vs-limit: the mechanism takes no privacy budget");
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
                     {"alpha", to_string(limit.alpha)},
                     {"weights", std::move(weights)},
                     {"ratio", certified_decimal(Interval::exact(worst) / limit.value, 12)}};
}

void run_loss(const LossCommand& c) {
  if (c.mech.name.empty()) throw InvalidArgument("--mech: required (" + mechanism_names() + ")");
  const MechanismSpec spec = c.mech.build();
  const std::size_t k = spec.k;
  const IndexSet& xs = spec.sensitive;
  if (c.n_text.empty()) throw InvalidArgument("--n: required");
  const std::uint64_t n = parse_n(c.n_text);
  const L2Quadratic quadratic = l2_quadratic(spec);
  // l1 needs per-coordinate binomial counts: only coordinate-wise estimators have them.
  const std::optional<CoordinateModel> model =
      has_coordinate_model(spec) ? std::optional(coordinate_model(spec)) : std::nullopt;
  const std::optional<PrivacyBudget> budget = budget_of(spec);

  nlohmann::json out;
  out["mechanism"] = entry_of(spec).name;
  out["k"] = k;
  out["sensitive"] = xs.indices();
  if (budget) out["exp_eps"] = to_string(budget->exp_eps());
  out["n"] = n;
  if (c.mech.theta == "optimal" || c.mech.theta == "optimal-l1") add_optimal_theta(c, spec, n, out);
  const InputDistribution distribution = parse_input_distribution(c.p_text, k);
  const bool worst = std::holds_alternative<WorstCaseDistribution>(distribution);
  if (worst) {
    const WorstCaseL2 l2 = worst_case_l2_loss(quadratic, n);
    out["p"] = "worst";
    out["l2"] = {{"exact", to_string(l2.value)}, {"decimal", l2_decimal(l2.value)}};
    out["argmax"] = rationals_json(l2.argmax);
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
    if (model) {
      out["l1_asymptotic"] = certified_decimal(asymptotic_l1_loss(*model, p, n), 17);
      if (c.exact_l1 || n <= kExactL1DefaultWork / k) {
        out["l1_exact_finite_n"] = certified_decimal(exact_l1_loss_bounds(*model, p, n), 17);
      }
    }
  }
  if (!model) out["l1_note"] = "not implemented: the estimator is not coordinate-wise";
  if (c.vs_limit) add_vs_limit(spec, quadratic, out);
  if (c.json) {
    std::cout << versioned(out).dump() << "\n";
    return;
  }
  std::cout << "mechanism " << c.mech.name << ", k = " << k << ", X_S = {" << xs.to_string()
            << "}, " << (budget ? budget->describe() : "no privacy") << ", n = " << n << "\n";
  if (out.contains("theta_optimal")) {
    const nlohmann::json& o = out["theta_optimal"];
    std::cout << "optimal theta (" << o["objective"].get<std::string>() << ") in ["
              << o["bracket"][0].get<std::string>() << ", " << o["bracket"][1].get<std::string>()
              << "] (certified"
              << (o["closed_form"].get<bool>() ? "; = 1 + r - sqrt(r(r+1)), r = |X_S|/(t-1)" : "")
              << (o["unique_proven"].get<bool>() ? "; unique minimiser"
                                                 : "; unique on a 64-point grid")
              << ")\n  worst case " << o["worst_at_optimal_theta"].get<std::string>() << " against "
              << o["worst_at_paper_theta"].get<std::string>()
              << " at the paper's theta = s/(s+1): " << o["relative_saving"].get<std::string>()
              << " smaller\n";
  }
  if (!model) std::cout << "l1: " << out["l1_note"].get<std::string>() << "\n";
  if (worst) {
    std::cout << "worst-case E[l2^2] = "
              << readable(parse_rational(out["l2"]["exact"].get<std::string>(), "l2")) << "\n";
    std::cout << "  attained at p = " << run_length(out["argmax"]) << "\n";
    if (model) {
      std::cout << "worst-case asymptotic E[l1] = " << out["l1_asymptotic"].get<std::string>()
                << (out["l1_argmax_exact"].get<bool>() ? " at p = " : " at p within ")
                << run_length(out["l1_argmax"]) << "\n";
    }
  } else {
    std::cout << "E[l2^2] = "
              << readable(parse_rational(out["l2"]["exact"].get<std::string>(), "l2"))
              << " (exact; --exact or --json for the rational)\n";
    if (model) {
      std::cout << "asymptotic E[l1] = " << out["l1_asymptotic"].get<std::string>()
                << " (certified digits)\n";
    }
    if (out.contains("l1_exact_finite_n")) {
      std::cout << "exact E[l1] at this n = " << out["l1_exact_finite_n"].get<std::string>()
                << "\n";
    }
  }
  if (out.contains("vs_limit")) {
    const nlohmann::json& v = out["vs_limit"];
    std::cout << "worst-case n E[l2^2] = " << v["worst_l2_times_n_decimal"].get<std::string>()
              << "; fundamental limit (arXiv 2509.24173, certified) = "
              << v["limit_decimal"].get<std::string>()
              << "; ratio = " << v["ratio"].get<std::string>()
              << "\n  the limit's witness: alpha = "
              << to_decimal(parse_rational(v["alpha"].get<std::string>()), 12) << ", block sizes";
    for (const auto& bw : v["weights"])
      std::cout << " " << bw["block"].get<std::size_t>() << " ("
                << to_decimal(parse_rational(bw["weight"].get<std::string>()), 12) << ")";
    std::cout << "\n";
  }
}

}  // namespace

void add_loss_command(CLI::App& app, int& exit_code) {
  auto c = std::make_shared<LossCommand>();
  auto* cmd =
      app.add_subcommand("loss",
                         "exact expected l2 / certified l1 loss of the empirical estimator, "
                         "worst cases, and the paper's loss tables");
  c->mech.add_with_mech_option(*cmd);
  cmd->add_option("--n", c->n_text, "number of users (integer >= 1)");
  cmd->add_option("--p", c->p_text, kInputDistributionHelp);
  cmd->add_option("--table", c->table,
                  "l1 | l2: print the paper's worst-case loss table, verified");
  cmd->add_flag("--exact-l1", c->exact_l1,
                "also print the exact finite-n E[l1] (n <= 10^6; slow for large n*k; default when "
                "n*k <= 5e5)");
  cmd->add_flag("--vs-limit", c->vs_limit,
                "also print the worst-case n E[l2^2] beside the certified fundamental limit of "
                "ULDP estimation (arXiv 2509.24173) and their ratio");
  cmd->add_flag("--json", c->json, "print JSON");
  cmd->callback([c, &exit_code] {
    if (!c->table.empty()) {
      if (!c->mech.name.empty())
        throw InvalidArgument("--table: prints all mechanisms; drop --mech");
      if (c->n_text.empty()) throw InvalidArgument("--n: required");
      run_table(*c);
    } else {
      run_loss(*c);
    }
    exit_code = 0;
  });
}

}  // namespace uldp::cli
