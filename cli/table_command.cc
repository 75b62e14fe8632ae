// `uldp table`: verified parameter tables. One row per (mechanism, |X|, |X_S|, budget), each
// with its exact parameters, its privacy re-verified and its losses; Markdown, CSV or JSON.
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.h"
#include "commands.h"
#include "mechanism_flags.h"
#include "run_length.h"
#include "table_rows.h"
#include "uldp/error.h"

namespace uldp::cli {
namespace {

constexpr std::uint64_t kDefaultUsers = 10000;

struct TableCommand {
  std::string mechs, ks, sensitive_counts;
  std::optional<std::string> eps, exp_eps;
  std::string theta = "paper";
  std::optional<std::string> n_text;
  std::string format = "md";
  std::string out_path;
  bool vs_limit = false;
};

std::vector<std::string> split_list(const std::string& text, const char* flag) {
  std::vector<std::string> items;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    if (item.empty())
      throw InvalidArgument(std::string(flag) + ": empty item in '" + message_excerpt(text) + "'");
    items.push_back(item);
  }
  if (items.empty()) throw InvalidArgument(std::string(flag) + ": required (a comma list)");
  return items;
}

std::size_t parse_count(const std::string& text, const char* flag, long long min) {
  const Rational v = parse_rational(text, flag);
  if (denominator(v) != 1 || v < min || v > 10'000'000) {
    throw InvalidArgument(std::string(flag) + ": '" + message_excerpt(text) +
                          "' is not an integer in [" + std::to_string(min) + ", 10^7]");
  }
  return numerator(v).convert_to<std::size_t>();
}

std::vector<PrivacyBudget> parse_budgets(const TableCommand& c) {
  if (c.eps && c.exp_eps) throw InvalidArgument("--eps: give --eps or --exp-eps, not both");
  std::vector<PrivacyBudget> budgets;
  if (c.eps) {
    for (const auto& item : split_list(*c.eps, "--eps"))
      budgets.push_back(PrivacyBudget::from_epsilon(parse_rational(item, "--eps"), 64, "--eps"));
  }
  if (c.exp_eps) {
    for (const auto& item : split_list(*c.exp_eps, "--exp-eps"))
      budgets.push_back(
          PrivacyBudget::from_exp_eps(parse_rational(item, "--exp-eps"), "--exp-eps"));
  }
  return budgets;
}

// Markdown shows rounded decimals (display only; the exact values are in CSV and JSON).
std::string decimal(const Rational& a) {
  std::ostringstream s;
  s << std::setprecision(6) << a.convert_to<double>();
  return s.str();
}
std::string decimal(const Interval& a) { return decimal(a.midpoint()); }

std::string parameters_text(const TableRow& row, bool exact) {
  std::string s;
  for (const auto& p : row.parameters)
    s += (s.empty() ? "" : "; ") + p.name + "=" + (exact ? to_string(p.value) : decimal(p.value));
  return s.empty() ? "-" : s;
}

std::string argmax_text(const TableRow& row, bool exact) {
  std::vector<std::string> values;
  for (const auto& v : row.l2_worst.argmax) values.push_back(exact ? to_string(v) : decimal(v));
  return run_length(values);
}

nlohmann::json interval_json(const Interval& a) { return {to_string(a.lower), to_string(a.upper)}; }

nlohmann::json row_json(const TableRow& r) {
  nlohmann::json j;
  j["mechanism"] = r.mechanism;
  j["k"] = r.k;
  j["sensitive_count"] = r.sensitive_count;
  j["exp_eps"] = r.exp_eps ? nlohmann::json(to_string(*r.exp_eps)) : nlohmann::json(nullptr);
  j["eps_asked"] = r.eps_asked ? nlohmann::json(to_string(*r.eps_asked)) : nlohmann::json(nullptr);
  j["eps_used"] = r.eps_used ? interval_json(*r.eps_used) : nlohmann::json(nullptr);
  nlohmann::json params = nlohmann::json::object();
  for (const auto& p : r.parameters) params[p.name] = to_string(p.value);
  j["parameters"] = std::move(params);
  j["property"] = r.property;
  j["tight_exp_eps"] =
      r.tight_exp_eps ? nlohmann::json(r.tight_exp_eps->to_string()) : nlohmann::json(nullptr);
  j["tight_eps"] = r.tight_eps ? interval_json(*r.tight_eps) : nlohmann::json(nullptr);
  j["l2_uniform"] = to_string(r.l2_uniform);
  j["l2_worst"] = to_string(r.l2_worst.value);
  j["l2_worst_argmax"] = argmax_text(r, true);
  j["l1_worst"] = r.l1_worst ? interval_json(r.l1_worst->value) : nlohmann::json(nullptr);
  if (r.limit) {
    j["limit"] = interval_json(*r.limit);
    j["limit_ratio"] = interval_json(*r.limit_ratio);
  }
  j["status"] = r.status();
  j["verified"] = r.verified();
  return j;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"") == std::string::npos) return s;
  std::string quoted = "\"";
  for (char ch : s) quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return quoted + "\"";
}

void write_csv(std::ostream& out, const std::vector<TableRow>& rows, bool vs_limit) {
  out << "mechanism,k,sensitive_count,exp_eps,eps_asked,eps_used_lower,eps_used_upper,parameters,"
         "property,tight_exp_eps,l2_uniform,l2_worst,l2_worst_argmax,l1_worst_lower,"
         "l1_worst_upper,status"
      << (vs_limit ? ",limit_lower,limit_upper,limit_ratio_lower,limit_ratio_upper" : "") << "\n";
  for (const auto& r : rows) {
    std::vector<std::string> fields = {r.mechanism,
                                       std::to_string(r.k),
                                       std::to_string(r.sensitive_count),
                                       r.exp_eps ? to_string(*r.exp_eps) : "",
                                       r.eps_asked ? to_string(*r.eps_asked) : "",
                                       r.eps_used ? to_string(r.eps_used->lower) : "",
                                       r.eps_used ? to_string(r.eps_used->upper) : "",
                                       parameters_text(r, true),
                                       r.property,
                                       r.tight_exp_eps ? r.tight_exp_eps->to_string() : "",
                                       to_string(r.l2_uniform),
                                       to_string(r.l2_worst.value),
                                       argmax_text(r, true),
                                       r.l1_worst ? to_string(r.l1_worst->value.lower) : "",
                                       r.l1_worst ? to_string(r.l1_worst->value.upper) : "",
                                       r.status()};
    if (vs_limit) {
      for (const std::optional<Interval>& i : {r.limit, r.limit_ratio}) {
        fields.push_back(i ? to_string(i->lower) : "");
        fields.push_back(i ? to_string(i->upper) : "");
      }
    }
    for (std::size_t i = 0; i < fields.size(); ++i) out << (i ? "," : "") << csv_field(fields[i]);
    out << "\n";
  }
}

void write_markdown(std::ostream& out, const std::vector<TableRow>& rows, const TableCommand& c,
                    std::uint64_t n) {
  out << "Verified parameters, n = " << n << ", theta = " << c.theta
      << ". X_S = the first |X_S| symbols (0 .. |X_S|-1); RR and RAPPOR protect every symbol; "
         "Mangat has X = {0,1}, X_S = {1}. Decimals are rounded to 6 significant digits; "
         "`uldp table --format csv|json` prints the exact rationals.\n\n";
  out << "| mechanism | k | \\|X_S\\| | eps (used) | parameters | tight eps | E[l2^2] uniform | "
         "worst E[l2^2] | worst p (l2) | worst asympt. E[l1] | "
      << (c.vs_limit ? "limit (worst E[l2^2]) | worst / limit | " : "") << "status |\n"
      << "|---|---|---|---|---|---|---|---|---|---|" << (c.vs_limit ? "---|---|" : "") << "---|\n";
  for (const auto& r : rows) {
    out << "| " << r.mechanism << " | " << r.k << " | " << r.sensitive_count << " | "
        << (r.eps_used ? decimal(*r.eps_used) : "-") << " | " << parameters_text(r, false) << " | "
        << (r.tight_eps ? decimal(*r.tight_eps)
                        : (r.tight_exp_eps ? std::string("inf") : std::string("-")))
        << " | " << decimal(r.l2_uniform) << " | " << decimal(r.l2_worst.value) << " | "
        << argmax_text(r, false) << " | "
        << (r.l1_worst ? decimal(r.l1_worst->value) : std::string("-")) << " | ";
    if (c.vs_limit) {
      out << (r.limit ? decimal(*r.limit) : std::string("-")) << " | "
          << (r.limit_ratio ? decimal(*r.limit_ratio) : std::string("-")) << " | ";
    }
    out << r.status() << " |\n";
  }
}

int run_table(const TableCommand& c) {
  if (c.format != "md" && c.format != "csv" && c.format != "json")
    throw InvalidArgument("--format: '" + message_excerpt(c.format) + "' is not md, csv or json");
  std::vector<const MechanismEntry*> entries;
  for (const auto& name : split_list(c.mechs, "--mech"))
    entries.push_back(&find_mechanism(name, "--mech"));
  std::vector<std::size_t> ks, counts;
  for (const auto& item : split_list(c.ks, "--k")) ks.push_back(parse_count(item, "--k", 1));
  for (const auto& item : split_list(c.sensitive_counts, "--sensitive-count"))
    counts.push_back(parse_count(item, "--sensitive-count", 0));
  // Every pair of --k and --sensitive-count is a row: a pair without one is refused, not dropped.
  for (std::size_t count : counts) {
    for (std::size_t k : ks) {
      if (count > k) {
        throw InvalidArgument(
            "--sensitive-count: " + std::to_string(count) + " exceeds --k " + std::to_string(k) +
            " (each pair of --k and --sensitive-count is a row; a count is at most k)");
      }
    }
  }
  const std::vector<PrivacyBudget> budgets = parse_budgets(c);
  const std::uint64_t n = !c.n_text ? kDefaultUsers : parse_count(*c.n_text, "--n", 1);

  std::vector<TableRow> rows;
  std::set<std::string> seen;  // fixed-k and X_S-free mechanisms repeat settings
  for (const MechanismEntry* entry : entries) {
    if (entry->budget == Takes::kRequired && budgets.empty())
      throw InvalidArgument("mechanism " + std::string(entry->name) + " needs --eps or --exp-eps");
    std::vector<std::optional<PrivacyBudget>> row_budgets;
    if (entry->budget == Takes::kNo || budgets.empty()) row_budgets.push_back(std::nullopt);
    for (const auto& b : budgets)
      if (entry->budget != Takes::kNo) row_budgets.push_back(b);
    for (std::size_t k : ks) {
      for (std::size_t count : counts) {
        for (const auto& budget : row_budgets) {
          TableRow row = evaluate_table_row({entry, k, count, budget, c.theta, n, c.vs_limit});
          const std::string key = row.mechanism + "|" + std::to_string(row.k) + "|" +
                                  std::to_string(row.sensitive_count) + "|" +
                                  (budget ? budget->describe() : "");
          if (seen.insert(key).second) rows.push_back(std::move(row));
        }
      }
    }
  }

  std::ostringstream text;
  if (c.format == "json") {
    nlohmann::json out;
    out["n"] = n;
    out["theta"] = c.theta;
    out["sensitive_rule"] = "X_S = the first |X_S| symbols";
    out["rows"] = nlohmann::json::array();
    for (const auto& r : rows) out["rows"].push_back(row_json(r));
    text << versioned(out).dump(1) << "\n";
  } else if (c.format == "csv") {
    write_csv(text, rows, c.vs_limit);
  } else {
    write_markdown(text, rows, c, n);
  }
  if (c.out_path.empty()) {
    std::cout << text.str();
  } else {
    std::ofstream file(c.out_path, std::ios::binary);
    file << text.str();
    if (!file) throw InvalidArgument("--out: cannot write '" + message_excerpt(c.out_path) + "'");
  }
  for (const auto& r : rows) {
    if (!r.verified()) return 1;
  }
  return 0;
}

}  // namespace

void add_table_command(CLI::App& app, int& exit_code) {
  auto c = std::make_shared<TableCommand>();
  auto* cmd = app.add_subcommand(
      "table", "verified parameter tables: exact parameters, re-checked privacy, exact losses");
  cmd->add_option("--mech", c->mechs, "comma list of mechanisms: " + mechanism_names())->required();
  cmd->add_option("--k", c->ks, "comma list of |X|")->required();
  cmd->add_option("--sensitive-count", c->sensitive_counts,
                  "comma list of |X_S| (X_S = the first |X_S| symbols)")
      ->required();
  add_text_option(*cmd, "--eps", c->eps, "comma list of eps (exact rationals)");
  add_text_option(*cmd, "--exp-eps", c->exp_eps, "comma list of e^eps (exact rationals)");
  cmd->add_option("--theta", c->theta,
                  "RAPPOR family: paper (default) | optimal | optimal-l1 | a probability");
  add_text_option(*cmd, "--n", c->n_text, "number of users for the losses (default 10000)");
  cmd->add_option("--format", c->format, "md (default) | csv | json");
  cmd->add_option("--out", c->out_path, "write to FILE instead of stdout");
  cmd->add_flag("--vs-limit", c->vs_limit,
                "add the certified fundamental limit of ULDP estimation (arXiv 2509.24173) as a "
                "worst E[l2^2] at n users, and the ratio worst E[l2^2] / limit");
  cmd->callback([c, &exit_code] { exit_code = run_table(*c); });
}

}  // namespace uldp::cli
