// `uldp prove [NAME | --all | --steps] [--json] [--smt-dir DIR] [--solver z3|cvc5|both]`: runs the
// symbolic proofs of the paper's privacy claims (verify/claims.h) through Z3 and/or cvc5 and prints
// claim, paper label, status and time; a claim is proved only when every solver that ran says
// unsat. Claims whose expected outcome is "refuted" (a hypothesis dropped, or a paper erratum)
// count as passing when Z3 refutes them; exit 0 = every requested claim came out as expected.
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli_support.h"
#include "commands.h"
#include "uldp/error.h"
#include "uldp/verify/claims.h"

namespace uldp::cli {
using namespace uldp::verify;  // the Z3 layer
namespace {

struct ProveCommand {
  std::string name;
  bool all = false;
  bool steps = false;
  bool json = false;
  bool explain = false;
  std::string smt_dir;
  unsigned timeout_ms = 20000;
  std::optional<unsigned> cvc5_timeout_ms;  // default: 2000 ms, 300 ms for --steps
  std::string solver;                       // empty: both when cvc5 is on PATH, z3 otherwise
};

/// "z3: proved 0.012 s, cvc5: unknown 2.001 s".
std::string answers_text(const QueryResult& q) {
  std::ostringstream text;
  for (std::size_t i = 0; i < q.answers.size(); ++i) {
    text << (i ? ", " : "") << q.answers[i].solver << ": " << proof_status_name(q.answers[i].status)
         << " " << duration_text(q.answers[i].seconds);
  }
  return text.str();
}

void write_queries(const std::string& dir, const std::vector<ClaimResult>& results) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec)
    throw InvalidArgument("--smt-dir: cannot create directory '" + message_excerpt(dir) +
                          "': " + ec.message());
  for (const auto& r : results) {
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
      if (!out) throw InvalidArgument("--smt-dir: cannot write '" + message_excerpt(path) + "'");
    }
  }
}

void print_text(const std::vector<ClaimResult>& results, SolverChoice solvers) {
  std::cout << "solvers: "
            << (solvers == SolverChoice::kBoth ? "z3 and cvc5 (proved = both say unsat)"
                                               : solver_choice_name(solvers))
            << "\n";
  std::size_t width = 5;
  for (const auto& r : results) width = std::max(width, r.info.name.size());
  std::cout << std::left << std::setw(static_cast<int>(width) + 2) << "claim" << std::setw(28)
            << "paper" << std::setw(9) << "status" << std::setw(10) << "expected" << std::setw(13)
            << "time"
            << "scope\n";
  for (const auto& r : results) {
    std::cout << std::setw(static_cast<int>(width) + 2) << r.info.name << std::setw(28)
              << r.info.paper_reference << std::setw(9) << proof_status_name(r.status)
              << std::setw(10) << proof_status_name(r.info.expected) << std::setw(13)
              << duration_text(r.seconds) << r.scope
              << (r.as_expected() ? "" : "  <-- NOT AS EXPECTED") << "\n";
  }
  for (const auto& r : results) {
    if (r.status == ProofStatus::kRefuted) {
      std::cout << "\n"
                << r.info.name << " refuted (" << r.info.statement
                << "); model (counterexample):\n";
      std::istringstream model(r.counterexample());
      for (std::string line; std::getline(model, line);) std::cout << "    " << line << "\n";
    }
    for (const auto& q : r.queries) {
      if (q.status == ProofStatus::kUnknown || q.status == ProofStatus::kDisagreement) {
        std::cout << "\n"
                  << r.info.name << "/" << q.name << ": " << proof_status_name(q.status) << " ("
                  << answers_text(q) << "; " << q.reason_unknown << ")\n";
      }
    }
  }
  std::size_t ok = 0;
  for (const auto& r : results) ok += r.as_expected() ? 1 : 0;
  std::cout << "\n" << ok << " of " << results.size() << " claims came out as expected\n";
}

/// The encoding of each claim in the paper's terms: its statement, scope and every query as the
/// commented SMT-LIB2 text the solvers ran (sorts, hypotheses, negated claim).
void print_explanation(const std::vector<ClaimResult>& results) {
  for (const auto& r : results) {
    std::cout << "== " << r.info.name << " (" << r.info.paper_reference << ")\n"
              << "claim: " << r.info.statement << "\n"
              << "expected: " << proof_status_name(r.info.expected) << "; scope: " << r.scope
              << "\n"
              << "Each query asserts the hypotheses and the NEGATION of the claim: unsat proves "
                 "the claim, a model is a counterexample.\n"
              << encoding_summary(r.info);
    for (const auto& q : r.queries) {
      std::cout << "\n-- query " << q.name << ": " << proof_status_name(q.status) << " ("
                << answers_text(q) << ")\n"
                << q.smt2;
    }
    std::cout << "\n";
  }
}

void print_json(const std::vector<ClaimResult>& results, SolverChoice solvers) {
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
      for (const auto& a : q.answers) {
        solvers[a.solver] = {{"status", proof_status_name(a.status)}, {"seconds", a.seconds}};
        if (a.confirmed_other_model) solvers[a.solver]["confirmed_other_model"] = true;
      }
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
         {"counterexample", r.status == ProofStatus::kRefuted ? nlohmann::json(r.counterexample())
                                                              : nlohmann::json(nullptr)},
         {"queries", queries}});
    all_ok = all_ok && r.as_expected();
  }
  std::cout << versioned({{"solvers", solver_choice_name(solvers)},
                          {"claims", claims},
                          {"all_as_expected", all_ok}})
                   .dump(2)
            << "\n";
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

/// `uldp prove --steps`: one row per step (status with the hypotheses at the step and with those
/// of the statement, what was expected, time per solver), then the counterexamples and the rows
/// that are unknown with what was tried.
void print_steps_text(const std::vector<ClaimResult>& results, SolverChoice solvers) {
  std::cout << "solvers: "
            << (solvers == SolverChoice::kBoth
                    ? "z3 and cvc5 (a row is what the solvers that answered say; a proved/refuted "
                      "split is a disagreement)"
                    : solver_choice_name(solvers))
            << "\n";
  std::size_t width = 4;
  for (const auto& r : results) width = std::max(width, r.info.name.size());
  std::cout << std::left << std::setw(static_cast<int>(width) + 2) << "step" << std::setw(10)
            << "at step" << std::setw(10) << "at top" << std::setw(20) << "expected"
            << std::setw(16) << "z3" << std::setw(16) << "cvc5" << std::setw(44) << "paper"
            << "scope\n";
  for (const auto& r : results) {
    const StepInfo& step = *r.info.step;
    const std::string expected = step.not_encoded.empty()
                                     ? std::string(proof_status_name(step.expected_at_step)) + "/" +
                                           proof_status_name(step.expected_at_top)
                                     : "unknown";
    std::cout << std::setw(static_cast<int>(width) + 2) << r.info.name << std::setw(10)
              << query_status(r, "at_step") << std::setw(10) << query_status(r, "at_top")
              << std::setw(20) << expected << std::setw(16) << solver_summary(r, "z3")
              << std::setw(16) << solver_summary(r, "cvc5") << std::setw(44)
              << (r.info.paper_reference + (step.erratum.empty() ? "" : " [" + step.erratum + "]"))
              << (step.not_encoded.empty() ? r.scope : "not encoded")
              << (r.as_expected() ? "" : "  <-- NOT AS EXPECTED") << "\n";
  }
  for (const auto& r : results) {
    if (!r.info.step->not_encoded.empty()) {
      std::cout << "\n"
                << r.info.name << ": unknown, not encoded: " << r.info.step->not_encoded << "\n";
      continue;
    }
    for (const auto& q : r.queries) {
      if (q.status == ProofStatus::kRefuted && !q.exact_check.empty()) {
        std::cout << "\n"
                  << r.info.name << "/" << q.name << " refuted (" << r.info.statement << ")\n    "
                  << q.exact_check << "\n";
      } else if (q.status == ProofStatus::kUnknown || q.status == ProofStatus::kDisagreement) {
        std::cout << "\n"
                  << r.info.name << "/" << q.name << ": " << proof_status_name(q.status) << " ("
                  << answers_text(q) << "; " << q.reason_unknown << ")\n";
      }
    }
  }
  std::size_t ok = 0;
  for (const auto& r : results) ok += r.as_expected() ? 1 : 0;
  std::cout << "\n"
            << ok << " of " << results.size()
            << " steps came out as expected (solver columns: answers at step / at top, P proved, R "
               "refuted, ? unknown; a row's status is the verdict of the solvers that answered)\n";
}

void print_steps_json(const std::vector<ClaimResult>& results, SolverChoice solvers) {
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
        {"erratum", step.erratum.empty() ? nlohmann::json(nullptr) : nlohmann::json(step.erratum)}};
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
          for (const auto& a : q->answers)
            per_solver[a.solver] = {{"status", proof_status_name(a.status)},
                                    {"seconds", a.seconds}};
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
  std::cout << versioned({{"solvers", solver_choice_name(solvers)},
                          {"steps", steps},
                          {"all_as_expected", all_ok}})
                   .dump(2)
            << "\n";
}

}  // namespace

void add_prove_command(CLI::App& app, int& exit_code) {
  auto c = std::make_shared<ProveCommand>();
  auto* cmd = app.add_subcommand(
      "prove", "Z3 / cvc5 proofs of the paper's privacy claims, for all parameter values");
  cmd->add_option("name", c->name, "one claim: " + claim_names());
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
    if ((c->all ? 1 : 0) + (c->steps ? 1 : 0) + (c->name.empty() ? 0 : 1) != 1)
      throw InvalidArgument("prove: give exactly one of NAME, --all or --steps");
    const std::optional<SolverChoice> choice =
        c->solver.empty() ? default_solver_choice() : parse_solver_choice(c->solver);
    if (!choice)
      throw InvalidArgument("--solver: expected z3, cvc5 or both, got '" +
                            message_excerpt(c->solver) + "'");
    if (runs_cvc5(*choice) && !cvc5_on_path())
      throw InvalidArgument("--solver " + c->solver + ": no cvc5 on PATH");
    std::vector<ClaimResult> results;
    const ProofOptions options{c->timeout_ms, *choice,
                               c->cvc5_timeout_ms.value_or(c->steps ? 300U : 2000U)};
    if (c->all) {
      results = run_all_claims(options);
    } else if (c->steps) {
      results = run_all_steps(options);
    } else {
      results.push_back(run_claim(c->name, options));  // unknown NAME: InvalidArgument (exit 2)
    }
    if (!c->smt_dir.empty()) write_queries(c->smt_dir, results);
    if (c->explain && !c->json) print_explanation(results);
    // A step run by name prints like --steps: both queries and the exact check.
    const bool steps_view = c->steps || (!results.empty() && results.front().info.step);
    if (steps_view && c->json) {
      print_steps_json(results, *choice);
    } else if (steps_view) {
      print_steps_text(results, *choice);
    } else if (c->json) {
      print_json(results, *choice);
    } else {
      print_text(results, *choice);
    }
    bool all_ok = true;
    for (const auto& r : results) all_ok = all_ok && r.as_expected();
    exit_code = all_ok ? 0 : 1;
  });
}

}  // namespace uldp::cli
