// `uldp prove [NAME | --all] [--json] [--smt-dir DIR]`: runs the Z3 symbolic proofs of the
// paper's privacy claims (verify/claims.h) and prints claim, paper label, status and time.
// Claims whose expected outcome is "refuted" (a hypothesis dropped, or a paper erratum) count as
// passing when Z3 refutes them; exit 0 = every requested claim came out as expected.
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include <nlohmann/json.hpp>

#include "commands.h"
#include "uldp/error.h"
#include "uldp/verify/claims.h"

namespace uldp::cli {
using namespace uldp::verify;  // the Z3 layer
namespace {

struct ProveCommand {
  std::string name;
  bool all = false;
  bool json = false;
  std::string smt_dir;
  unsigned timeout_ms = 20000;
};

void write_queries(const std::string& dir, const std::vector<ClaimResult>& results) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec)
    throw InvalidArgument("--smt-dir: cannot create directory '" + dir + "': " + ec.message());
  for (const auto& r : results) {
    for (const auto& q : r.queries) {
      const std::string path = dir + "/" + r.info.name + "." + q.name + ".smt2";
      std::ofstream out(path);
      out << "; claim " << r.info.name << " (" << r.info.paper_reference
          << "): " << r.info.statement << "\n"
          << "; uldp's answer: " << proof_status_name(q.status)
          << (q.status == ProofStatus::kProved ? " (z3 prints unsat)" : "") << "\n"
          << q.smt2;
      if (!out) throw InvalidArgument("--smt-dir: cannot write '" + path + "'");
    }
  }
}

void print_text(const std::vector<ClaimResult>& results) {
  std::size_t width = 5;
  for (const auto& r : results) width = std::max(width, r.info.name.size());
  std::cout << std::left << std::setw(static_cast<int>(width) + 2) << "claim" << std::setw(28)
            << "paper" << std::setw(9) << "status" << std::setw(10) << "expected"
            << "seconds\n";
  for (const auto& r : results) {
    std::ostringstream secs;
    secs << std::fixed << std::setprecision(3) << r.seconds;
    std::cout << std::setw(static_cast<int>(width) + 2) << r.info.name << std::setw(28)
              << r.info.paper_reference << std::setw(9) << proof_status_name(r.status)
              << std::setw(10) << proof_status_name(r.info.expected) << secs.str()
              << (r.as_expected() ? "" : "  <-- NOT AS EXPECTED") << "\n";
  }
  for (const auto& r : results) {
    if (r.status == ProofStatus::kRefuted) {
      std::cout << "\n" << r.info.name << " refuted (" << r.info.statement << "); Z3 model:\n";
      std::istringstream model(r.counterexample());
      for (std::string line; std::getline(model, line);) std::cout << "    " << line << "\n";
    }
    for (const auto& q : r.queries) {
      if (q.status == ProofStatus::kUnknown) {
        std::cout << "\n"
                  << r.info.name << "/" << q.name << ": unknown (" << q.reason_unknown << ")\n";
      }
    }
  }
  std::size_t ok = 0;
  for (const auto& r : results) ok += r.as_expected() ? 1 : 0;
  std::cout << "\n" << ok << " of " << results.size() << " claims came out as expected\n";
}

void print_json(const std::vector<ClaimResult>& results) {
  nlohmann::json claims = nlohmann::json::array();
  bool all_ok = true;
  for (const auto& r : results) {
    nlohmann::json queries = nlohmann::json::array();
    for (const auto& q : r.queries) {
      nlohmann::json jq = {
          {"name", q.name}, {"status", proof_status_name(q.status)}, {"seconds", q.seconds}};
      if (q.status == ProofStatus::kRefuted) jq["model"] = q.model;
      if (q.status == ProofStatus::kUnknown) jq["reason_unknown"] = q.reason_unknown;
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
         {"counterexample", r.status == ProofStatus::kRefuted ? nlohmann::json(r.counterexample())
                                                              : nlohmann::json(nullptr)},
         {"queries", queries}});
    all_ok = all_ok && r.as_expected();
  }
  std::cout << nlohmann::json{{"claims", claims}, {"all_as_expected", all_ok}}.dump(2) << "\n";
}

}  // namespace

void add_prove_command(CLI::App& app, int& exit_code) {
  auto c = std::make_shared<ProveCommand>();
  auto* cmd = app.add_subcommand(
      "prove", "Z3 proofs of the paper's privacy claims, for all parameter values");
  cmd->add_option("name", c->name, "one claim: " + claim_names());
  cmd->add_flag("--all", c->all, "run every claim (including the expected refutations)");
  cmd->add_flag("--json", c->json, "print JSON");
  cmd->add_option("--smt-dir", c->smt_dir,
                  "write every query as DIR/<claim>.<query>.smt2 (re-run with z3)");
  cmd->add_option("--timeout-ms", c->timeout_ms,
                  "per-query Z3 timeout; a timeout is 'unknown', never 'proved'")
      ->check(CLI::Range(1u, 3'600'000u));
  cmd->callback([c, &exit_code] {
    if (c->all == !c->name.empty())
      throw InvalidArgument("prove: give exactly one of NAME or --all");
    std::vector<ClaimResult> results;
    const ProofOptions options{c->timeout_ms};
    if (c->all) {
      results = run_all_claims(options);
    } else {
      results.push_back(run_claim(c->name, options));  // unknown NAME: InvalidArgument (exit 2)
    }
    if (!c->smt_dir.empty()) write_queries(c->smt_dir, results);
    if (c->json) {
      print_json(results);
    } else {
      print_text(results);
    }
    bool all_ok = true;
    for (const auto& r : results) all_ok = all_ok && r.as_expected();
    exit_code = all_ok ? 0 : 1;
  });
}

}  // namespace uldp::cli
