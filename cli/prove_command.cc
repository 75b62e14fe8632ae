// `uldp prove [NAME | --all | --steps] [--json] [--smt-dir DIR] [--solver z3|cvc5|both]`: the
// symbolic proofs of the paper's claims (uldp::api::prove); a claim is proved only when every
// solver that ran says unsat, and exit 0 means every requested claim came out as expected
// (expected refutations included).
#include <cstdint>
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
  std::optional<std::uint64_t> timeout_ms;
  std::optional<std::uint64_t> cvc5_timeout_ms;
  std::optional<std::uint64_t> z3_rlimit;
  std::optional<std::uint64_t> cvc5_rlimit;
  std::string solver;  // empty: the default
  std::string emit;    // "coq": print the claims' Coq statements instead of running the solvers
};

api::ProveRequest request(const ProveCommand& c) {
  if ((c.all ? 1 : 0) + (c.steps ? 1 : 0) + (c.name.empty() ? 0 : 1) != 1)
    throw InvalidArgument("prove: give exactly one of NAME, --all or --steps");
  api::ProveRequest r = c.all     ? api::ProveRequest(api::EveryClaim{})
                        : c.steps ? api::ProveRequest(api::EveryStep{})
                                  : api::ProveRequest(api::NamedClaim{c.name});
  if (c.timeout_ms) r.z3_wall_clock_ms = static_cast<unsigned>(*c.timeout_ms);
  if (c.cvc5_timeout_ms) r.cvc5_wall_clock_ms = static_cast<unsigned>(*c.cvc5_timeout_ms);
  r.z3_resources = c.z3_rlimit;
  r.cvc5_resources = c.cvc5_rlimit;
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
  // The resource limits decide; the wall clock only stops a runaway solver (docs/verification.md).
  add_unsigned_option(*cmd, "--z3-rlimit", c->z3_rlimit,
                      "Z3's resource limit per query (its rlimit: counted work, the same under any "
                      "load), 0 for none; default: calibrated per mode (docs/verification.md)",
                      0, 4'000'000'000);
  add_unsigned_option(*cmd, "--cvc5-rlimit", c->cvc5_rlimit,
                      "cvc5's resource units per query (--rlimit-per), 0 for none; default: "
                      "calibrated per mode",
                      0, 1'000'000'000'000);
  add_unsigned_option(*cmd, "--timeout-ms", c->timeout_ms,
                      "Z3's wall-clock limit per query, 1 to 3600000 (default 600000); only stops "
                      "a runaway solver: a query it stops is 'unknown' and says so",
                      1, 3'600'000);
  add_unsigned_option(*cmd, "--cvc5-timeout-ms", c->cvc5_timeout_ms,
                      "cvc5's wall-clock limit per query, 1 to 3600000 (default 600000; 1000 with "
                      "--steps, where cvc5 only corroborates Z3)",
                      1, 3'600'000);
  cmd->add_option("--solver", c->solver,
                  "z3, cvc5 or both (default: both when cvc5 is on PATH, z3 otherwise)");
  cmd->add_option("--emit", c->emit,
                  "coq: print the claim's Coq statement (its theorem and the mechanism's entries, "
                  "as the checked .v file holds them) instead of running the solvers");
  cmd->callback([c, &exit_code] {
    if (!c->emit.empty()) {
      if (c->emit != "coq")
        throw InvalidArgument("--emit: expected coq, got '" + message_excerpt(c->emit) + "'");
      if (c->json || c->explain || !c->smt_dir.empty())
        throw InvalidArgument("--emit: prints Coq text; leave out --json, --explain and --smt-dir");
      std::cout << api::coq_statements(request(*c));
      exit_code = 0;
      return;
    }
    const api::ProveResult result = api::prove(request(*c));
    if (!c->smt_dir.empty()) api::write_smt_queries(c->smt_dir, result, "--smt-dir");
    if (c->explain && !c->json) std::cout << api::explanation(result);
    if (c->json) {
      answer_json(api::to_json(result), 2);
    } else {
      std::cout << api::to_text(result);
    }
    exit_code = result.all_as_expected() ? 0 : 1;
  });
}

}  // namespace uldp::cli
