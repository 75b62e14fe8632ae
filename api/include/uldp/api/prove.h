// The symbolic proofs of the paper's privacy claims and of the steps of its utility proofs
// (verify/claims.h) as a workflow: which to run and with which solvers, the results, and their one
// JSON writer and one text renderer (a claim table, or a step table for the steps).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "uldp/verify/claims.h"

namespace uldp::api {

struct EveryClaim {};  ///< every claim, the expected refutations included
struct EveryStep {};   ///< every step of the paper's utility proofs (Appendices D-F)
struct NamedClaim {    ///< one claim or step by name (verify::claim_names())
  std::string name;
};

struct ProveRequest {
  explicit ProveRequest(std::variant<EveryClaim, EveryStep, NamedClaim> which)
      : claims(std::move(which)) {}

  std::variant<EveryClaim, EveryStep, NamedClaim> claims;
  /// Each solver's limits per query; none: verify::claim_limits(), or verify::step_limits() for
  /// the steps. A query a limit stops is unknown, never proved.
  std::optional<std::uint64_t> z3_resources;
  std::optional<std::uint64_t> cvc5_resources;
  std::optional<unsigned> z3_wall_clock_ms;
  std::optional<unsigned> cvc5_wall_clock_ms;
  /// none: both when cvc5 is on PATH, Z3 alone otherwise.
  std::optional<verify::SolverChoice> solver;
};

struct ProveResult {
  std::vector<verify::ClaimResult> results;
  verify::SolverChoice solvers = verify::SolverChoice::kZ3;
  bool steps = false;  ///< the results are steps (both queries and the exact check per row)
  bool all_as_expected() const;
};

/// Runs the proofs. Throws InvalidArgument for an unknown name ("name: ...") or cvc5 asked for
/// and not on PATH ("solver: ...").
ProveResult prove(const ProveRequest& request);

/// The `--json` report (without the version stamp) and the table for people.
nlohmann::json to_json(const ProveResult& result);
std::string to_text(const ProveResult& result);
/// Each claim's encoding in the paper's terms: statement, scope and every query as the commented
/// SMT-LIB2 text the solvers ran (sorts, hypotheses, negated claim).
std::string explanation(const ProveResult& result);
/// The Coq statement of each requested claim (`uldp prove NAME --emit coq`): for one claim or
/// step, the sentences of its theorem exactly as the checked-in .v file must hold them; for every
/// claim (--all) or every step that is a Coq theorem (--steps), each preceded by a comment naming
/// it and its module. Throws InvalidArgument ("name: ...") for an unknown claim or one without a
/// Coq theorem (for a step, saying why).
std::string coq_statements(const ProveRequest& request);

/// Writes every query as DIR/<claim>.<query>.smt2 with its answers in comments (re-run with z3).
/// Throws InvalidArgument naming `dir_name` when the directory or a file cannot be written.
void write_smt_queries(const std::string& dir, const ProveResult& result,
                       const std::string& dir_name = "smt_dir");

}  // namespace uldp::api
