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
#include "replacing_file.h"
#include "uldp/api/table_output.h"
#include "uldp/api/table_rows.h"
#include "uldp/error.h"

namespace uldp::cli {
namespace {

using api::TableLayout;
using api::TableRow;

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
  api::validate_layout(layout);
  std::vector<const MechanismEntry*> entries;
  for (const auto& name : split_list(c.mechs, "--mech"))
    entries.push_back(&find_mechanism(name, "--mech"));
  std::vector<std::size_t> ks, counts;
  for (const auto& item : split_list(c.ks, "--k")) ks.push_back(parse_count(item, "--k", 1));
  for (const auto& item : split_list(c.sensitive_counts, "--sensitive-count"))
    counts.push_back(parse_count(item, "--sensitive-count", 0));
  api::TableRequest request;
  request.ks = std::move(ks);
  request.sensitive_counts = std::move(counts);
  request.mechanisms = std::move(entries);
  request.budgets = parse_budgets(c);
  request.theta = c.theta;
  request.n = !c.n_text ? kDefaultUsers : parse_count(*c.n_text, "--n", 1);
  request.vs_limit = c.vs_limit;
  layout.n = request.n;
  const std::vector<TableRow> rows = api::table_rows(request);

  std::ostringstream text;
  api::write_table(text, rows, layout);
  if (c.out_path.empty()) {
    std::cout << text.str();
  } else {
    ReplacingFile file;
    bool written = file.open(c.out_path);
    if (written) file.stream() << text.str();
    written = written && file.commit();  // a full disk shows here
    if (!written)
      throw InvalidArgument("--out: cannot write '" + message_excerpt(c.out_path) + "'");
  }
  return api::all_verified(rows) ? 0 : 1;
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
        for (const std::string& k : api::table_column_keys(true))
          keys += (keys.empty() ? "" : ",") + k;
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
