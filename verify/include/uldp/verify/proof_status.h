// The outcome of one query: proved (the negation is unsat), refuted (a model of the negation,
// printed), unknown (timeout, incompleteness), or a disagreement between the solvers that ran.
// Unknown and disagreement are never reported as proved.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace uldp::verify {

/// proved = the negated claim is unsat; refuted = a model of the negation exists; unknown;
/// disagreement = one solver said sat and another unsat.
enum class ProofStatus { kProved, kRefuted, kUnknown, kDisagreement };

/// "proved", "refuted", "unknown" or "disagreement": the names the CLI and JSON use.
const char* proof_status_name(ProofStatus status);

/// What one solver ("z3", "cvc5") answered to one query.
struct SolverAnswer {
  std::string solver;
  ProofStatus status = ProofStatus::kUnknown;
  double seconds = 0;
  /// The model when refuted, the reason when unknown.
  std::string detail;
  /// Refuted by checking another solver's model (it found none itself within its limit).
  bool confirmed_other_model = false;
  /// The solver's deterministic work count (cvc5's resource units for this answer; Z3's "rlimit
  /// count" of the query's context, which runs on over a claim's queries in one context): the
  /// same on every machine and under any load.
  std::optional<std::uint64_t> resources;
  /// Set when the answer is unknown because a limit stopped the solver: "resource limit" (the
  /// same on any machine) or "wall-clock limit" (depends on the machine's load).
  std::string limit_hit;
};

/// The combined status: disagreement if one answer is proved and another refuted; proved iff
/// every answer is proved; refuted if some answer is refuted; unknown otherwise (or when empty).
ProofStatus combine_answers(const std::vector<SolverAnswer>& answers);

/// One query sent to the solvers and what came back.
struct QueryResult {
  /// Short name of the query inside its claim ("ratio", "tight", "condition1", ...).
  std::string name;
  ProofStatus status = ProofStatus::kUnknown;
  /// The counterexample (Z3's model, else cvc5's) when refuted; empty otherwise.
  std::string model;
  /// Why unknown ("z3: timeout; cvc5: unknown", ...) or what the solvers said when they disagree.
  std::string reason_unknown;
  /// Total solver time.
  double seconds = 0;
  /// One answer per solver that ran, in the order z3, cvc5.
  std::vector<SolverAnswer> answers;
  /// For a refuted proof step: the exact evaluation of the step at the counterexample that
  /// confirms it (a step is reported refuted only when this confirms the model).
  std::string exact_check;
  /// The query as an SMT-LIB2 script (assert the negation, check-sat): re-runnable with `z3` (and
  /// with `cvc5` behind `(set-logic ALL)`).
  std::string smt2;
};

}  // namespace uldp::verify
