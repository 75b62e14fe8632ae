// `uldp prove [NAME | --all | --steps] [--json] [--smt-dir DIR] [--solver z3|cvc5|both]`: the
// symbolic proofs of the paper's claims (uldp::api::prove); a claim is proved only when every
// solver that ran says unsat, and exit 0 means every requested claim came out as expected
// (expected refutations included).
#include <iostream>
#include <memory>
#include <optional>

#include "cli_support.h"
#include "commands.h"
#include "uldp/api/prove.h"
#include "uldp/error.h"

namespace uldp::cli {
namespace {

struct ProveCommand {
  std::string name;
  bool all = false;
  bool steps = false;
  bool json = false;
  bool explain = false;
  std::string smt_dir;
  unsigned timeout_ms = 20000;
  std::optional<unsigned> cvc5_timeout_ms;
  std::string solver;  // empty: the default
};

api::ProveRequest request(const ProveCommand& c) {
  if ((c.all ? 1 : 0) + (c.steps ? 1 : 0) + (c.name.empty() ? 0 : 1) != 1)
    throw InvalidArgument("prove: give exactly one of NAME, --all or --steps");
  api::ProveRequest r = c.all     ? api::ProveRequest(api::EveryClaim{})
                        : c.steps ? api::ProveRequest(api::EveryStep{})
                                  : api::ProveRequest(api::NamedClaim{c.name});
  r.timeout_ms = c.timeout_ms;
  r.cvc5_timeout_ms = c.cvc5_timeout_ms;
  if (!c.solver.empty()) {
    r.solver = verify::parse_solver_choice(c.solver);
    if (!r.solver) {
      throw InvalidArgument("--solver: expected z3, cvc5 or both, got '" +
                            message_excerpt(c.solver) + "'");
    }
  }
  return r;
}

}  // namespace

void add_prove_command(CLI::App& app, int& exit_code) {
  auto c = std::make_shared<ProveCommand>();
  auto* cmd = app.add_subcommand(
      "prove", "Z3 / cvc5 proofs of the paper's privacy claims, for all parameter values");
  cmd->add_option("name", c->name, "one claim: " + verify::claim_names());
  cmd->add_flag("--all", c->all, "run every claim (including the expected refutations)");
  cmd->add_flag("--steps", c->steps,
                "decide every step of the paper's utility proofs (Appendices D-F), each with the "
                "hypotheses at the step and with those of its statement");
  cmd->add_flag("--json", c->json, "print JSON");
  cmd->add_flag("--explain", c->explain,
                "print each claim's encoding (sorts, hypotheses, negated claim) before the table");
  cmd->add_option("--smt-dir", c->smt_dir,
                  "write every query as DIR/<claim>.<query>.smt2 (re-run with z3)");
  add_unsigned_option(*cmd, "--timeout-ms", c->timeout_ms,
                      "per-query Z3 timeout, 1 to 3600000; a timeout is 'unknown', never 'proved'",
                      1, 3'600'000);
  auto cvc5_ms = std::make_shared<unsigned>(0);
  add_unsigned_option(*cmd, "--cvc5-timeout-ms", *cvc5_ms,
                      "per-query cvc5 time limit (1 to 3600000; default 2000, 300 with --steps: "
                      "cvc5 1.0.3 answers unknown on most nonlinear steps)",
                      1, 3'600'000);
  cmd->add_option("--solver", c->solver,
                  "z3, cvc5 or both (default: both when cvc5 is on PATH, z3 otherwise)");
  cmd->callback([c, cvc5_ms, cmd, &exit_code] {
    if (cmd->count("--cvc5-timeout-ms") > 0) c->cvc5_timeout_ms = *cvc5_ms;
    const api::ProveResult result = api::prove(request(*c));
    if (!c->smt_dir.empty()) api::write_smt_queries(c->smt_dir, result, "--smt-dir");
    if (c->explain && !c->json) std::cout << api::explanation(result);
    if (c->json) {
      std::cout << versioned(api::to_json(result)).dump(2) << "\n";
    } else {
      std::cout << api::to_text(result);
    }
    exit_code = result.all_as_expected() ? 0 : 1;
  });
}

}  // namespace uldp::cli
