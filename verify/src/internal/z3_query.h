// Running one query: assert hypotheses and the negation of a conclusion, expect unsat; decided by
// Z3 in-process and/or cvc5 on the same SMT-LIB2 text (the solvers of the active SolverScope).
#pragma once

#include <cstdint>
#include <string>

#include <z3++.h>

#include "uldp/verify/proof_status.h"
#include "uldp/verify/solvers.h"

namespace uldp::verify::internal {

/// The solvers prove_implication uses on this thread while the scope lives, and their limits (Z3
/// alone, without a resource limit, otherwise); run_claim opens one per claim, so the claim
/// builders need not pass them along. `timeout_ms` of the functions below is the wall-clock
/// limit of the query's Z3 run.
class SolverScope {
 public:
  SolverScope(SolverChoice choice, const SolverLimits& limits);
  ~SolverScope();
  SolverScope(const SolverScope&) = delete;
  SolverScope& operator=(const SolverScope&) = delete;

 private:
  SolverChoice previous_choice_;
  SolverLimits previous_limits_;
};

/// Proves `hypotheses => conclusion` by asserting hypotheses and not(conclusion): unsat = proved,
/// sat = refuted (the model is kept), unknown (timeout) stays unknown; with two solvers, the
/// answers are combined by combine_answers (a sat/unsat split is a disagreement). `title` heads the
/// .smt2. `logic` = "QF_NRA" selects Z3's nlsat solver (pure real arithmetic); "" the default
/// solver.
/// `resource_limit` (0: the scope's) bounds z3's deterministic resource counter (rlimit) as well
/// as the clock: a query stopped by it is unknown on every machine and under any load.
QueryResult prove_implication(z3::context& ctx, const std::string& name, const std::string& title,
                              const z3::expr& hypotheses, const z3::expr& conclusion,
                              unsigned timeout_ms, const std::string& logic = "",
                              std::uint64_t resource_limit = 0);

/// Proves an implication written as commented SMT-LIB2 text (declarations, hypotheses, and as
/// its LAST assert the negated claim; no check-sat): Z3 decides the parsed assertions, cvc5 the
/// text itself (with `cvc5_options`, e.g. "--finite-model-find"), and the text is kept as the
/// query's .smt2 so that its comments explain the encoding.
QueryResult prove_smtlib(const std::string& name, const std::string& title, const std::string& text,
                         unsigned timeout_ms, const std::string& cvc5_options = "");

}  // namespace uldp::verify::internal
