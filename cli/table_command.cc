// `uldp table`: verified parameter tables. One row per (mechanism, |X|, |X_S|, budget), each
// with its exact parameters, its privacy re-verified and its losses; the formats are in
// table_output.h (Markdown, LaTeX, CSV, JSON).
#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.h"
#include "commands.h"
#include "mechanism_flags.h"
#include "table_output.h"
#include "table_rows.h"
#include "uldp/error.h"
#include "uldp/progress.h"

namespace uldp::cli {
namespace {

constexpr std::uint64_t kDefaultUsers = 10000;

struct TableCommand {
  std::string mechs, ks, sensitive_counts;
  std::optional<std::string> eps, exp_eps;
  std::string theta = "paper";
  std::optional<std::string> n_text;
  std::string format = "md";
  std::string columns;  // md / latex: comma list of column keys
  int digits = 6;
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

int run_table(const TableCommand& c) {
  TableLayout layout{c.format, {}, c.digits, 0, c.theta, c.vs_limit};
  if (!c.columns.empty()) layout.columns = split_list(c.columns, "--columns");
  validate_layout(layout);
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
  layout.n = n;

  std::vector<TableRow> rows;
  std::set<std::string> seen;  // fixed-k and X_S-free mechanisms repeat settings
  ProgressTask progress("table rows", entries.size() * ks.size() * counts.size() *
                                          std::max<std::size_t>(budgets.size(), 1));
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
          progress.advance();
          const std::string key = row.mechanism + "|" + std::to_string(row.k) + "|" +
                                  std::to_string(row.sensitive_count) + "|" +
                                  (budget ? budget->describe() : "");
          if (seen.insert(key).second) rows.push_back(std::move(row));
        }
      }
    }
  }

  std::ostringstream text;
  write_table(text, rows, layout);
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
  cmd->add_option("--format", c->format,
                  "md (default) | latex | csv | json (csv and json: exact values and decimals)");
  cmd->add_option(
      "--columns", c->columns, "md / latex: the columns to show, in order (" + [] {
        std::string keys;
        for (const std::string& k : table_column_keys(true)) keys += (keys.empty() ? "" : ",") + k;
        return keys;
      }() + "; limit, limit_ratio with --vs-limit)");
  cmd->add_option("--digits", c->digits, "significant digits of the decimals (1 to 17, default 6)");
  cmd->add_option("--out", c->out_path, "write to FILE instead of stdout");
  cmd->add_flag("--vs-limit", c->vs_limit,
                "add the certified fundamental limit of ULDP estimation (arXiv 2509.24173) as a "
                "worst E[l2^2] at n users, and the ratio worst E[l2^2] / limit");
  cmd->callback([c, &exit_code] { exit_code = run_table(*c); });
}

}  // namespace uldp::cli
