// `uldp table`: verified parameter tables. One row per (mechanism, |X|, |X_S|, budget), each
// with its exact parameters, its privacy re-verified and its losses; the formats are in
// table_output.h (Markdown, LaTeX, CSV, JSON).
#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.h"
#include "commands.h"
#include "replacing_file.h"
#include "uldp/api/table_arguments.h"
#include "uldp/api/table_output.h"
#include "uldp/api/table_rows.h"
#include "uldp/error.h"

namespace uldp::cli {
namespace {

using api::TableLayout;
using api::TableRow;

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
  std::map<std::string, std::string, std::less<>> parameters;  ///< by keyword
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

int run_table(const TableCommand& c) {
  TableLayout layout{c.format, {}, c.digits, 0, c.theta, c.vs_limit};
  if (!c.columns.empty()) layout.columns = split_list(c.columns, "--columns");
  api::validate_layout(layout);
  api::TableArguments arguments;
  arguments.mechanisms = split_list(c.mechs, "--mech");
  arguments.ks = split_list(c.ks, "--k");
  arguments.sensitive_counts = split_list(c.sensitive_counts, "--sensitive-count");
  if (c.eps) arguments.eps = split_list(*c.eps, "--eps");
  if (c.exp_eps) arguments.exp_eps = split_list(*c.exp_eps, "--exp-eps");
  arguments.theta = c.theta;
  arguments.n = c.n_text;
  arguments.vs_limit = c.vs_limit;
  arguments.parameters = c.parameters;
  const api::TableRequest request = api::table_request(arguments, api::TableNames::flags());
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
  // The listed mechanisms' own parameters, one value each (--hash-seeds 64, --bloom-bits 128).
  for (const ParameterDeclaration* p : api::table_mechanism_parameters()) {
    for (std::string_view keyword : keywords_of(*p)) {
      cmd->add_option_function<std::string>(
             flag_of(keyword),
             [c, keyword](const std::string& text) {
               c->parameters.insert_or_assign(std::string(keyword), text);
             },
             std::string(p->help) + " (for the listed mechanisms that take it)")
          ->type_name(std::string(p->metavar));
    }
  }
  cmd->callback([c, &exit_code] { exit_code = run_table(*c); });
}

}  // namespace uldp::cli
