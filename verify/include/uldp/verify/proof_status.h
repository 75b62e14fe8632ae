// The outcome of one Z3 query: proved (the negation is unsat), refuted (Z3 found a model of the
// negation, printed), or unknown (timeout, incompleteness). Unknown is never reported as proved.
#pragma once

#include <string>

namespace uldp::verify {

/// proved = the negated claim is unsat; refuted = a model of the negation exists; unknown.
enum class ProofStatus { kProved, kRefuted, kUnknown };

/// "proved", "refuted" or "unknown": the names the CLI and JSON use.
const char* proof_status_name(ProofStatus status);

/// One query sent to Z3 and what came back.
struct QueryResult {
  /// Short name of the query inside its claim ("ratio", "tight", "condition1", ...).
  std::string name;
  ProofStatus status = ProofStatus::kUnknown;
  /// The counterexample (Z3 model) when refuted; empty otherwise.
  std::string model;
  /// Z3's reason when unknown ("timeout", "canceled", ...).
  std::string reason_unknown;
  double seconds = 0;
  /// The query as an SMT-LIB2 script (assert the negation, check-sat): re-runnable with `z3`.
  std::string smt2;
};

}  // namespace uldp::verify
