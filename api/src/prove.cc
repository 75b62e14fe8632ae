// The proofs workflow: running the claims or steps, and the reports (text tables, JSON, the
// encodings, the SMT-LIB2 files).
#include "uldp/api/prove.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>

#include "uldp/api/render.h"
#include "uldp/error.h"

namespace uldp::api {
using namespace uldp::verify;  // the Z3 layer
namespace {

/// "z3: proved 0.012 s, cvc5: unknown 2.001 s".
std::string answers_text(const QueryResult& q) {
  std::ostringstream text;
  for (std::size_t i = 0; i < q.answers.size(); ++i) {
    text << (i ? ", " : "") << q.answers[i].solver << ": " << proof_status_name(q.answers[i].status)
         << " " << duration_text(q.answers[i].seconds);
  }
  return text.str();
}

}  // namespace

void write_smt_queries(const std::string& dir, const ProveResult& result,
                       const std::string& dir_name) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec)
    throw InvalidArgument(dir_name + ": cannot create directory '" + message_excerpt(dir) +
                          "': " + ec.message());
  for (const auto& r : result.results) {
    for (const auto& q : r.queries) {
      const std::string path = dir + "/" + r.info.name + "." + q.name + ".smt2";
      std::ofstream out(path);
      out << "; claim " << r.info.name << " (" << r.info.paper_reference
          << "): " << r.info.statement << "\n"
          << "; uldp's answer: " << proof_status_name(q.status)
          << (q.status == ProofStatus::kProved ? " (z3 prints unsat)" : "") << "\n"
          << "; solvers: " << answers_text(q) << "\n"
          << "; cvc5 re-runs it behind (set-logic ALL)\n"
          << q.smt2;
      if (!out) throw InvalidArgument(dir_name + ": cannot write '" + message_excerpt(path) + "'");
    }
  }
}

namespace {

std::string joined(const std::vector<std::string>& words, const char* separator) {
  std::string text;
  for (const auto& word : words) text += (text.empty() ? "" : separator) + word;
  return text;
}

/// The Coq line under the table: how many theorems the kernel checked, and each one it did not.
std::string coq_summary(const std::vector<ClaimResult>& results) {
  std::size_t with_theorem = 0, checked = 0;
  std::ostringstream problems;
  for (const auto& r : results) {
    if (!r.coq) continue;
    ++with_theorem;
    if (r.coq->status == CoqStatus::kChecked) {
      ++checked;
    } else {
      problems << "coq: " << r.info.name << ": " << coq_status_name(r.coq->status) << " ("
               << r.coq->detail << ")\n";
    }
  }
  if (with_theorem == 0) return "";
  std::ostringstream out;
  out << "coq: " << checked << " of " << with_theorem
      << " Coq theorems checked by the kernel when uldp was built (positive claims for every "
         "parameter value, refutations as concrete counterexamples; axioms: the standard "
         "library's real numbers only)\n"
      << problems.str();
  return out.str();
}

std::string claims_text(const std::vector<ClaimResult>& results, SolverChoice solvers) {
  std::ostringstream out;
  out << "solvers: "
      << (solvers == SolverChoice::kBoth ? "z3 and cvc5 (proved = both say unsat)"
                                         : solver_choice_name(solvers))
      << "\n";
  std::size_t width = 5;
  for (const auto& r : results) width = std::max(width, r.info.name.size());
  out << std::left << std::setw(static_cast<int>(width) + 2) << "claim" << std::setw(28) << "paper"
      << std::setw(9) << "status" << std::setw(10) << "expected" << std::setw(13) << "time"
      << std::setw(16) << "established by"
      << "scope\n";
  for (const auto& r : results) {
    const std::string by = joined(r.established_by(), " ");
    out << std::setw(static_cast<int>(width) + 2) << r.info.name << std::setw(28)
        << r.info.paper_reference << std::setw(9) << proof_status_name(r.status) << std::setw(10)
        << proof_status_name(r.info.expected) << std::setw(13) << duration_text(r.seconds)
        << std::setw(16) << (by.empty() ? "-" : by) << r.scope
        << (r.as_expected() ? "" : "  <-- NOT AS EXPECTED") << "\n";
  }
  for (const auto& r : results) {
    if (r.status == ProofStatus::kRefuted) {
      out << "\n"
          << r.info.name << " refuted (" << r.info.statement << "); model (counterexample):\n";
      std::istringstream model(r.counterexample());
      for (std::string line; std::getline(model, line);) out << "    " << line << "\n";
    }
    for (const auto& q : r.queries) {
      if (q.status == ProofStatus::kUnknown || q.status == ProofStatus::kDisagreement) {
        out << "\n"
            << r.info.name << "/" << q.name << ": " << proof_status_name(q.status) << " ("
            << answers_text(q) << "; " << q.reason_unknown << ")\n";
      }
    }
  }
  std::size_t ok = 0;
  for (const auto& r : results) ok += r.as_expected() ? 1 : 0;
  out << "\n"
      << ok << " of " << results.size() << " claims came out as expected\n"
      << coq_summary(results);
  return out.str();
}

/// The encoding of each claim in the paper's terms: its statement, scope and every query as the
/// commented SMT-LIB2 text the solvers ran (sorts, hypotheses, negated claim).
std::string explanation_text(const std::vector<ClaimResult>& results) {
  std::ostringstream out;
  for (const auto& r : results) {
    out << "== " << r.info.name << " (" << r.info.paper_reference << ")\n"
        << "claim: " << r.info.statement << "\n"
        << "expected: " << proof_status_name(r.info.expected) << "; scope: " << r.scope << "\n"
        << "Each query asserts the hypotheses and the NEGATION of the claim: unsat proves "
           "the claim, a model is a counterexample.\n"
        << encoding_summary(r.info);
    for (const auto& q : r.queries) {
      out << "\n-- query " << q.name << ": " << proof_status_name(q.status) << " ("
          << answers_text(q) << ")\n"
          << q.smt2;
    }
    out << "\n";
  }
  return out.str();
}

/// One solver's answer: its status, time and work, and the limit that stopped it if one did.
nlohmann::json answer_json(const SolverAnswer& a) {
  nlohmann::json j = {{"status", proof_status_name(a.status)}, {"seconds", a.seconds}};
  if (a.confirmed_other_model) j["confirmed_other_model"] = true;
  if (a.resources) j["resources"] = *a.resources;
  if (!a.limit_hit.empty()) j["limit_hit"] = a.limit_hit;
  return j;
}

nlohmann::json coq_json(const std::optional<CoqCheck>& coq) {
  if (!coq) return nullptr;
  nlohmann::json j = {{"theorem", coq->theorem},
                      {"module", "Uldp." + coq->module},
                      {"status", coq_status_name(coq->status)},
                      {"axioms", coq->axioms}};
  j["module_seconds"] = coq->module_seconds ? nlohmann::json(*coq->module_seconds) : nullptr;
  if (!coq->detail.empty()) j["detail"] = coq->detail;
  return j;
}

nlohmann::json claims_json(const std::vector<ClaimResult>& results, SolverChoice solvers) {
  nlohmann::json claims = nlohmann::json::array();
  bool all_ok = true;
  for (const auto& r : results) {
    nlohmann::json queries = nlohmann::json::array();
    for (const auto& q : r.queries) {
      nlohmann::json jq = {
          {"name", q.name}, {"status", proof_status_name(q.status)}, {"seconds", q.seconds}};
      if (q.status == ProofStatus::kRefuted) jq["model"] = q.model;
      if (q.status == ProofStatus::kUnknown || q.status == ProofStatus::kDisagreement)
        jq["reason_unknown"] = q.reason_unknown;
      nlohmann::json solvers = nlohmann::json::object();
      for (const auto& a : q.answers) solvers[a.solver] = answer_json(a);
      jq["solvers"] = solvers;
      queries.push_back(jq);
    }
    claims.push_back(
        {{"name", r.info.name},
         {"paper_reference", r.info.paper_reference},
         {"paper_label", r.info.paper_reference},  // the key of earlier versions, kept
         {"status", proof_status_name(r.status)},
         {"seconds", r.seconds},
         {"expected", proof_status_name(r.info.expected)},
         {"refutation_expected", r.info.expected == ProofStatus::kRefuted},
         {"as_expected", r.as_expected()},
         {"statement", r.info.statement},
         {"shape", r.info.shape},
         {"scope", r.scope},
         {"established_by", r.established_by()},
         {"coq", coq_json(r.coq)},
         {"counterexample", r.status == ProofStatus::kRefuted ? nlohmann::json(r.counterexample())
                                                              : nlohmann::json(nullptr)},
         {"queries", queries}});
    all_ok = all_ok && r.as_expected();
  }
  return {
      {"solvers", solver_choice_name(solvers)}, {"claims", claims}, {"all_as_expected", all_ok}};
}

/// One solver's answers to a step's two queries and its time: "PR 0.004 s" (P proved, R
/// refuted, ? unknown, at step then at top); "-" when it did not run.
std::string solver_summary(const ClaimResult& r, const std::string& solver) {
  double seconds = 0;
  std::string letters;
  for (const auto& q : r.queries) {
    for (const auto& a : q.answers) {
      if (a.solver != solver) continue;
      seconds += a.seconds;
      letters += a.status == ProofStatus::kProved    ? "P"
                 : a.status == ProofStatus::kRefuted ? "R"
                                                     : "?";
    }
  }
  return letters.empty() ? "-" : letters + " " + duration_text(seconds);
}

const QueryResult* query_named(const ClaimResult& r, const std::string& name) {
  for (const auto& q : r.queries) {
    if (q.name == name) return &q;
  }
  return nullptr;
}

std::string query_status(const ClaimResult& r, const std::string& name) {
  const QueryResult* q = query_named(r, name);
  return q ? proof_status_name(q->status) : "unknown";
}

/// The Coq lines under the step table: how many steps' at-step implications the kernel checked
/// (verify/coq/Steps.v), each theorem it did not, and each step left out of Coq with why.
std::string steps_coq_summary(const std::vector<ClaimResult>& results) {
  std::size_t with_theorem = 0, checked = 0;
  std::ostringstream problems, left_out;
  for (const auto& r : results) {
    if (!r.coq) {
      const StepInfo& step = *r.info.step;
      if (step.not_encoded.empty() && !step.coq_not_done.empty())
        left_out << "coq: " << r.info.name << " not in Coq: " << step.coq_not_done << "\n";
      continue;
    }
    ++with_theorem;
    if (r.coq->status == CoqStatus::kChecked) {
      ++checked;
    } else {
      problems << "coq: " << r.info.name << ": " << coq_status_name(r.coq->status) << " ("
               << r.coq->detail << ")\n";
    }
  }
  std::ostringstream out;
  out << "coq: " << checked << " of " << with_theorem
      << " steps' implications (the hypotheses at the step, every real value) checked by the "
         "kernel when uldp was built (Uldp.Steps; axioms: the standard library's real numbers "
         "only); "
      << results.size() - with_theorem << " steps are not Coq theorems (coq column)\n"
      << problems.str() << left_out.str();
  return out.str();
}

/// A step's coq column: "checked" when the build's Steps.v proves it as stated, the status
/// otherwise; for a step without a Coq theorem, why in a few words.
std::string step_coq_column(const ClaimResult& r) {
  if (r.coq) return coq_status_name(r.coq->status);
  return r.info.step->coq_not_done_brief.empty() ? "-" : r.info.step->coq_not_done_brief;
}

/// `uldp prove --steps`: one row per step (status with the hypotheses at the step and with those
/// of the statement, what was expected, time per solver), then the counterexamples and the rows
/// that are unknown with what was tried.
std::string steps_text(const std::vector<ClaimResult>& results, SolverChoice solvers) {
  std::ostringstream out;
  out << "solvers: "
      << (solvers == SolverChoice::kBoth
              ? "z3 and cvc5 (a row is what the solvers that answered say; a proved/refuted "
                "split is a disagreement)"
              : solver_choice_name(solvers))
      << "\n";
  std::size_t width = 4;
  for (const auto& r : results) width = std::max(width, r.info.name.size());
  out << std::left << std::setw(static_cast<int>(width) + 2) << "step" << std::setw(10) << "at step"
      << std::setw(10) << "at top" << std::setw(20) << "expected" << std::setw(16) << "z3"
      << std::setw(16) << "cvc5" << std::setw(22) << "coq" << std::setw(44) << "paper"
      << "scope\n";
  for (const auto& r : results) {
    const StepInfo& step = *r.info.step;
    const std::string expected = step.not_encoded.empty()
                                     ? std::string(proof_status_name(step.expected_at_step)) + "/" +
                                           proof_status_name(step.expected_at_top)
                                     : "unknown";
    out << std::setw(static_cast<int>(width) + 2) << r.info.name << std::setw(10)
        << query_status(r, "at_step") << std::setw(10) << query_status(r, "at_top") << std::setw(20)
        << expected << std::setw(16) << solver_summary(r, "z3") << std::setw(16)
        << solver_summary(r, "cvc5") << std::setw(22) << step_coq_column(r) << std::setw(44)
        << (r.info.paper_reference + (step.erratum.empty() ? "" : " [" + step.erratum + "]"))
        << (step.not_encoded.empty() ? r.scope : "not encoded")
        << (r.as_expected() ? "" : "  <-- NOT AS EXPECTED") << "\n";
  }
  for (const auto& r : results) {
    if (!r.info.step->not_encoded.empty()) {
      out << "\n" << r.info.name << ": unknown, not encoded: " << r.info.step->not_encoded << "\n";
      continue;
    }
    for (const auto& q : r.queries) {
      if (q.status == ProofStatus::kRefuted && !q.exact_check.empty()) {
        out << "\n"
            << r.info.name << "/" << q.name << " refuted (" << r.info.statement << ")\n    "
            << q.exact_check << "\n";
      } else if (q.status == ProofStatus::kUnknown || q.status == ProofStatus::kDisagreement) {
        out << "\n"
            << r.info.name << "/" << q.name << ": " << proof_status_name(q.status) << " ("
            << answers_text(q) << "; " << q.reason_unknown << ")\n";
      }
    }
  }
  std::size_t ok = 0;
  for (const auto& r : results) ok += r.as_expected() ? 1 : 0;
  out << "\n"
      << ok << " of " << results.size()
      << " steps came out as expected (solver columns: answers at step / at top, P proved, R "
         "refuted, ? unknown; a row's status is the verdict of the solvers that answered)\n"
      << steps_coq_summary(results);
  return out.str();
}

nlohmann::json steps_json(const std::vector<ClaimResult>& results, SolverChoice solvers) {
  nlohmann::json steps = nlohmann::json::array();
  bool all_ok = true;
  for (const auto& r : results) {
    const StepInfo& step = *r.info.step;
    nlohmann::json row = {
        {"name", r.info.name},
        {"paper_reference", r.info.paper_reference},
        {"statement", r.info.statement},
        {"scope", r.scope},
        {"status", proof_status_name(r.status)},
        {"as_expected", r.as_expected()},
        {"seconds", r.seconds},
        {"erratum", step.erratum.empty() ? nlohmann::json(nullptr) : nlohmann::json(step.erratum)},
        {"coq", coq_json(r.coq)},
        {"coq_not_done",
         step.coq_not_done.empty() ? nlohmann::json(nullptr) : nlohmann::json(step.coq_not_done)}};
    if (!step.not_encoded.empty()) {
      row["not_encoded"] = step.not_encoded;
    } else {
      for (const char* name : {"at_step", "at_top"}) {
        const QueryResult* q = query_named(r, name);
        nlohmann::json jq = {
            {"status", q ? proof_status_name(q->status) : "unknown"},
            {"expected", proof_status_name(std::string(name) == "at_step" ? step.expected_at_step
                                                                          : step.expected_at_top)}};
        if (q != nullptr) {
          nlohmann::json per_solver = nlohmann::json::object();
          for (const auto& a : q->answers) per_solver[a.solver] = answer_json(a);
          jq["solvers"] = per_solver;
          if (q->status == ProofStatus::kRefuted) {
            jq["model"] = q->model;
            jq["exact_check"] = q->exact_check;
          }
          if (q->status == ProofStatus::kUnknown || q->status == ProofStatus::kDisagreement)
            jq["reason_unknown"] = q->reason_unknown;
        }
        row[name] = jq;
      }
    }
    steps.push_back(row);
    all_ok = all_ok && r.as_expected();
  }
  return {{"solvers", solver_choice_name(solvers)}, {"steps", steps}, {"all_as_expected", all_ok}};
}

}  // namespace

bool ProveResult::all_as_expected() const {
  return std::all_of(results.begin(), results.end(),
                     [](const ClaimResult& r) { return r.as_expected(); });
}

ProveResult prove(const ProveRequest& request) {
  ProveResult result;
  result.solvers = request.solver ? *request.solver : default_solver_choice();
  if (runs_cvc5(result.solvers) && !cvc5_on_path()) {
    throw InvalidArgument(std::string("solver: ") + solver_choice_name(result.solvers) +
                          ": no cvc5 on PATH");
  }
  const bool steps = std::holds_alternative<EveryStep>(request.claims);
  ProofOptions options{result.solvers, steps ? step_limits() : claim_limits()};
  if (request.z3_resources) options.limits.z3_resources = *request.z3_resources;
  if (request.cvc5_resources) options.limits.cvc5_resources = *request.cvc5_resources;
  if (request.z3_wall_clock_ms) options.limits.z3_wall_clock_ms = *request.z3_wall_clock_ms;
  if (request.cvc5_wall_clock_ms) options.limits.cvc5_wall_clock_ms = *request.cvc5_wall_clock_ms;
  if (std::holds_alternative<EveryClaim>(request.claims)) {
    result.results = run_all_claims(options);
  } else if (steps) {
    result.results = run_all_steps(options);
  } else {
    result.results.push_back(run_claim(std::get<NamedClaim>(request.claims).name, options));
  }
  // A step run by name reports like every step: both queries and the exact check.
  result.steps = steps || (!result.results.empty() && result.results.front().info.step);
  return result;
}

nlohmann::json to_json(const ProveResult& result) {
  return result.steps ? steps_json(result.results, result.solvers)
                      : claims_json(result.results, result.solvers);
}

std::string to_text(const ProveResult& result) {
  return result.steps ? steps_text(result.results, result.solvers)
                      : claims_text(result.results, result.solvers);
}

std::string coq_statements(const ProveRequest& request) {
  if (const auto* named = std::get_if<NamedClaim>(&request.claims)) {
    const std::optional<ClaimInfo> info = find_claim(named->name);
    if (!info) {
      throw InvalidArgument("name: unknown claim '" + message_excerpt(named->name) +
                            "'; valid claims: " + claim_names());
    }
    if (!info->coq) {
      throw InvalidArgument("name: " + std::string(info->step ? "step " : "claim ") + info->name +
                            " has no Coq theorem" +
                            (info->step ? " (" + info->step->coq_not_done_brief + ": " +
                                              info->step->coq_not_done + ")"
                                        : ""));
    }
    return info->coq->statement;
  }
  // --all: the statement claims; --steps: the proof steps that are Coq theorems.
  const bool steps = std::holds_alternative<EveryStep>(request.claims);
  std::ostringstream out;
  if (!steps) {
    out << "(* the notions every claim is stated in: Uldp.Common *)\n"
        << coq_notions_statement() << "\n";
  }
  for (const ClaimInfo& info : claim_catalog()) {
    if (!info.coq || info.step.has_value() != steps) continue;
    out << "(* claim " << info.name << " (" << info.paper_reference << "): Uldp."
        << info.coq->module << " *)\n"
        << info.coq->statement << "\n";
  }
  return out.str();
}

std::string explanation(const ProveResult& result) { return explanation_text(result.results); }

}  // namespace uldp::api
