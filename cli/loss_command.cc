// `uldp loss`: exact expected l2 loss, certified asymptotic l1 loss and their worst cases for one
// mechanism (uldp::api::loss), or the paper's two loss tables, verified (uldp::api::loss_table).
#include <iostream>
#include <memory>
#include <string>

#include "cli_support.h"
#include "commands.h"
#include "mechanism_flags.h"
#include "uldp/api/loss.h"
#include "uldp/error.h"

namespace uldp::cli {
namespace {

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

template <class Result>
void print(const Result& result, bool json, int indent) {
  if (json) {
    answer_json(api::to_json(result), indent);
  } else {
    std::cout << api::to_text(result);
  }
}

void run_table(const LossCommand& c) {
  const MechanismFlags& f = c.mech;
  if (!f.text("k")) throw InvalidArgument("--k: a loss table needs k >= 2");
  if (const auto flag = f.first_flag_given_except({"k", "sensitive", "eps", "exp_eps"}))
    throw InvalidArgument(*flag + ": a table uses each mechanism's default");
  const auto k = static_cast<std::size_t>(parse_unsigned(*f.text("k"), 0, kMaxUnsigned, "--k"));
  if (k < 2) throw InvalidArgument("--k: a loss table needs k >= 2");
  check_size(k, 1'000'000, "--k");
  const IndexSet xs = parse_index_list(f.text("sensitive").value_or(""), k, "--sensitive");
  if (f.text("exp_eps")) throw InvalidArgument("--exp-eps: a table takes the small eps by --eps");
  api::LossTableRequest request{c.table, {k, xs.size(), parse_n(c.n_text), Rational(1, 10)}};
  if (f.text("eps")) request.spec.small_eps = parse_rational(*f.text("eps"), "--eps");
  print(api::loss_table(request), c.json, 1);
}

void run_loss(const LossCommand& c) {
  if (c.mech.name.empty()) throw InvalidArgument("--mech: required (" + mechanism_names() + ")");
  // Before the arguments are built: X_S of every input alone takes about 1 GB at k = 10^7.
  if (const auto k = c.mech.text("k"))
    api::require_loss_inputs(parse_unsigned(*k, 0, kMaxUnsigned, "--k"), "--k");
  const api::RegistryReference mechanism{c.mech.name, c.mech.arguments(), c.mech.text("theta")};
  if (c.n_text.empty()) throw InvalidArgument("--n: required");
  api::LossRequest request(mechanism, parse_n(c.n_text));
  request.p = api::parse_input_distribution(c.p_text, mechanism.arguments.k);
  request.exact_l1 = c.exact_l1;
  request.vs_limit = c.vs_limit;
  print(api::loss(request), c.json, -1);
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
  cmd->add_option("--p", c->p_text, api::kInputDistributionHelp);
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
