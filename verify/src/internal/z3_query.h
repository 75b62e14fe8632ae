// Running one Z3 query: assert hypotheses and the negation of a conclusion, expect unsat.
#pragma once

#include <string>

#include <z3++.h>

#include "uldp/verify/proof_status.h"

namespace uldp::verify::internal {

/// Proves `hypotheses => conclusion` by asserting hypotheses and not(conclusion): unsat = proved,
/// sat = refuted (the model is kept), unknown (timeout) stays unknown. `title` heads the .smt2.
/// `logic` = "QF_NRA" selects Z3's nlsat solver (pure real arithmetic); "" the default solver.
QueryResult prove_implication(z3::context& ctx, const std::string& name, const std::string& title,
                              const z3::expr& hypotheses, const z3::expr& conclusion,
                              unsigned timeout_ms, const std::string& logic = "");

}  // namespace uldp::verify::internal
