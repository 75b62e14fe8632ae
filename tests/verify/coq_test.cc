// The Coq development against uldp's claims (CTest names coq.*): every claim has a Coq theorem,
// each checked-in .v file states exactly what `uldp prove NAME --emit coq` prints, a mutated
// statement fails to check, and `uldp prove` reports what the build's checked files say.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "uldp/testing/command.h"
#include "uldp/testing/temp_files.h"
#include "uldp/verify/claims.h"
#include "uldp/verify/coq_check.h"

namespace {

namespace fs = std::filesystem;
using uldp::testing::Capture;
using uldp::testing::RunResult;
using uldp::verify::ClaimInfo;
using uldp::verify::CoqStatus;

/// The checked-in source of a Coq module: verify/coq/<module>.v or mechanisms/NAME/<module>.v.
std::optional<fs::path> source_of(const std::string& module) {
  const fs::path root = ULDP_SOURCE_DIR;
  if (fs::exists(root / "verify/coq" / (module + ".v")))
    return root / "verify/coq" / (module + ".v");
  for (const auto& folder : fs::directory_iterator(root / "mechanisms")) {
    const fs::path file = folder.path() / (module + ".v");
    if (fs::exists(file)) return file;
  }
  return std::nullopt;
}

std::vector<ClaimInfo> statement_claims() {
  std::vector<ClaimInfo> claims;
  for (const ClaimInfo& info : uldp::verify::claim_catalog()) {
    if (!info.step) claims.push_back(info);
  }
  return claims;
}

/// `coqc ARGS` in `dir`, stderr merged.
RunResult coqc(const fs::path& dir, const std::string& args) {
  return uldp::testing::run_command("cd '" + dir.string() + "' && " ULDP_COQC, args,
                                    Capture::kMerged);
}

TEST(CoqClaims, EveryClaimHasACoqTheoremNamedAsItself) {
  for (const ClaimInfo& info : statement_claims()) {
    ASSERT_TRUE(info.coq) << info.name << " has no Coq theorem";
    EXPECT_NE(info.coq->statement.find("Theorem " + info.name + " "), std::string::npos)
        << info.name << ": its statement declares no Theorem " << info.name;
  }
}

TEST(CoqClaims, CheckedInStatementsAreWhatProveEmits) {
  for (const ClaimInfo& info : statement_claims()) {
    ASSERT_TRUE(info.coq);
    const RunResult emitted = uldp::testing::run_uldp("prove " + info.name + " --emit coq");
    ASSERT_EQ(emitted.exit_code, 0) << info.name << ": " << emitted.err;
    EXPECT_EQ(emitted.out, info.coq->statement);
    const std::optional<fs::path> source = source_of(info.coq->module);
    ASSERT_TRUE(source) << info.name << ": no file " << info.coq->module << ".v";
    const std::optional<std::string> statement =
        uldp::verify::coq_statement_in(uldp::testing::read_file(*source), info.name);
    ASSERT_TRUE(statement) << source->string() << " has no uldp:statement block for " << info.name;
    EXPECT_TRUE(uldp::verify::same_coq_statement(*statement, emitted.out))
        << source->string() << " states " << info.name << " as\n"
        << *statement << "\nwhere `uldp prove " << info.name << " --emit coq` prints\n"
        << emitted.out;
  }
}

TEST(CoqClaims, TheNotionsOfCommonAreTheOnesUldpStates) {
  const std::optional<fs::path> common = source_of("Common");
  ASSERT_TRUE(common);
  const std::optional<std::string> notions =
      uldp::verify::coq_statement_in(uldp::testing::read_file(*common), "notions");
  ASSERT_TRUE(notions) << "Common.v has no uldp:statement notions block";
  EXPECT_TRUE(uldp::verify::same_coq_statement(*notions, uldp::verify::coq_notions_statement()))
      << "Common.v states the notions as\n"
      << *notions << "\nwhere uldp's C++ (coq_notions.cc) states them as\n"
      << uldp::verify::coq_notions_statement();
  const RunResult all = uldp::testing::run_uldp("prove --all --emit coq");
  EXPECT_EQ(all.out.find("(* the notions every claim is stated in: Uldp.Common *)\n" +
                         uldp::verify::coq_notions_statement()),
            0u);
}

TEST(CoqClaims, EveryClaimIsEstablishedByCoqInProvesReport) {
  const RunResult r = uldp::testing::run_uldp("prove --all --json --solver z3");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto report = nlohmann::json::parse(r.out);
  std::size_t claims = 0;
  for (const auto& claim : report["claims"]) {
    ++claims;
    ASSERT_TRUE(claim["coq"].is_object()) << claim["name"];
    EXPECT_EQ(claim["coq"]["status"], "checked") << claim["name"] << ": " << claim["coq"].dump();
    EXPECT_EQ(claim["established_by"], nlohmann::json::array({"z3", "coq"})) << claim["name"];
  }
  EXPECT_EQ(claims, statement_claims().size());
  const RunResult text = uldp::testing::run_uldp("prove urr_uldp --solver z3");
  EXPECT_NE(text.out.find("z3 coq"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("coq: 1 of 1 Coq theorems checked by the kernel"), std::string::npos)
      << text.out;
}

/// uRR's file with `from` replaced by `to`, checked by coqc against the build's Uldp.Common.
RunResult check_edited_urr(const std::string& from, const std::string& to) {
  const std::optional<fs::path> source = source_of("urr_claims");
  if (!source) return {-1, "no urr_claims.v", ""};
  std::string text = uldp::testing::read_file(*source);
  const std::size_t at = text.find(from);
  if (at == std::string::npos) return {-1, "urr_claims.v has no '" + from + "'", ""};
  text.replace(at, from.size(), to);
  static int edits = 0;
  const fs::path dir = uldp::testing::temp_dir() / ("coq_edit_" + std::to_string(edits++));
  fs::create_directories(dir);
  std::ofstream(dir / "urr_edited.v") << text;
  return coqc(dir, "-Q '" ULDP_COQ_BUILD_DIR "' Uldp -Q . Edited urr_edited.v");
}

TEST(CoqClaims, AMutatedStatementFailsToCheck) {
  const std::string c1 = "urr_c1 (t : R) (nS : R) : R := t /";
  // The control: the file as checked in, compiled the same way, checks.
  const RunResult control = check_edited_urr(c1, c1);
  ASSERT_EQ(control.exit_code, 0) << control.out;
  // uRR's c1 off by one in the exponent: e^(2 eps) / D instead of e^eps / D.
  const RunResult c1_squared = check_edited_urr(c1, "urr_c1 (t : R) (nS : R) : R := t ^ 2 /");
  EXPECT_NE(c1_squared.exit_code, 0) << c1_squared.out;
  EXPECT_NE(c1_squared.out.find("Error"), std::string::npos) << c1_squared.out;
  // The refutation at t = 2 instead of 1: c3 > 0, so literal condition 1 holds and the
  // computation cannot refute it.
  const RunResult refutation_moved =
      check_edited_urr("(urr_Q 1 2 (fun x => Nat.eqb x 0))", "(urr_Q 2 2 (fun x => Nat.eqb x 0))");
  EXPECT_NE(refutation_moved.exit_code, 0) << refutation_moved.out;
}

/// A small instance of a mechanism: the command that prints its exact matrix, and the Coq term of
/// its entry (x, y) as the claim's file defines it ({x}, {y} replaced; for bit-vector outputs {y}
/// is the output's bits as a function nat -> bool).
struct Instance {
  std::string command;
  std::string module;
  std::string entry;
  std::string unfold;
  bool bit_outputs = false;
};

/// One `Goal <entry> = <C++ entry>` per entry of the instance, each closed by unfolding the
/// definitions and `field`; `offset` is added to the first nonzero C++ entry (a control).
std::string correspondence_file(const Instance& instance, const std::string& offset = "") {
  const RunResult printed =
      uldp::testing::run_uldp("mechanism " + instance.command + " --format json");
  if (printed.exit_code != 0) return "";
  const auto matrix = nlohmann::json::parse(printed.out);
  std::ostringstream file;
  file << "From Coq Require Import Reals Lra List.\nFrom Uldp Require Import Common "
       << instance.module << ".\nOpen Scope R_scope.\n";
  bool offset_done = offset.empty();
  for (std::size_t x = 0; x < matrix["Q"].size(); ++x) {
    for (std::size_t y = 0; y < matrix["outputs"].size(); ++y) {
      std::string output = std::to_string(y);
      if (instance.bit_outputs) {
        output = "(fun j => nth j (";
        for (const char bit : matrix["outputs"][y].get<std::string>())
          output += bit == '1' ? "true :: " : "false :: ";
        output += "nil) false)";
      }
      std::string entry = instance.entry;
      entry.replace(entry.find("{x}"), 3, std::to_string(x));
      entry.replace(entry.find("{y}"), 3, output);
      std::string expected = "(" + matrix["Q"][x][y].get<std::string>() + ")";
      if (!offset_done && expected != "(0)") {
        expected += " + " + offset;
        offset_done = true;
      }
      file << "Goal " << entry << " = " << expected << ".\nProof. unfold " << instance.unfold
           << "; simpl; field. Qed.\n";
    }
  }
  return file.str();
}

TEST(CoqClaims, TheCoqEntriesAreTheCxxMatricesOnSmallInstances) {
  const std::vector<Instance> instances = {
      {"rr --k 3 --exp-eps 3", "rr_claims", "rr_Q 3 3 {x} {y}", "rr_Q"},
      {"urr --k 4 --sensitive 0,1 --exp-eps 3", "urr_claims",
       "urr_Q 3 4 (fun x => Nat.leb x 1) {x} {y}", "urr_Q, urr_c1, urr_c2, urr_c3, count"},
      {"urr --k 5 --sensitive 1,3 --exp-eps 5/2", "urr_claims",
       "urr_Q (5/2) 5 (fun x => orb (Nat.eqb x 1) (Nat.eqb x 3)) {x} {y}",
       "urr_Q, urr_c1, urr_c2, urr_c3, count"},
      {"mangat --mangat-p 1/3", "mangat_claims", "mangat_Q (1/3) {x} {y}", "mangat_Q"},
      {"geometric --grid 3x2 --exp-eps-per-unit 2", "geometric_claims", "geo_Q 3 2 2 {x} {y}",
       "geo_Q, geo_axis, geo_dist"},
      {"urap --k 3 --sensitive 0 --exp-eps 4", "urap_claims",
       "urap_Q 3 (fun x => Nat.eqb x 0) (2/3) 4 {x} {y}", "urap_Q, urap_on, urap_d1, urap_d2",
       true},
  };
  int file = 0;
  for (const Instance& instance : instances) {
    const fs::path dir = uldp::testing::temp_dir() / ("coq_entries_" + std::to_string(file++));
    fs::create_directories(dir);
    const std::string text = correspondence_file(instance);
    ASSERT_FALSE(text.empty()) << instance.command;
    std::ofstream(dir / "entries.v") << text;
    const RunResult same = coqc(dir, "-Q '" ULDP_COQ_BUILD_DIR "' Uldp -Q . Entries entries.v");
    EXPECT_EQ(same.exit_code, 0) << instance.command << ": the Coq definition differs from the "
                                 << "C++ matrix\n"
                                 << same.out << "\n"
                                 << text;
    // The control: one entry off by 1/1000 does not check.
    std::ofstream(dir / "off.v") << correspondence_file(instance, "1/1000");
    const RunResult off = coqc(dir, "-Q '" ULDP_COQ_BUILD_DIR "' Uldp -Q . Entries off.v");
    EXPECT_NE(off.exit_code, 0) << instance.command << ": an entry off by 1/1000 checked";
  }
}

TEST(CoqClaims, ReportSaysWhatTheCheckedFilesSay) {
  const std::optional<ClaimInfo> info = uldp::verify::find_claim("rr_ldp");
  ASSERT_TRUE(info && info->coq);
  const std::string header = "uldp-coq-module rr_claims milliseconds 1500\nuldp-theorem rr_ldp\n";
  const auto checked = uldp::verify::read_coq_assumptions(
      header + "Axioms:\nClassicalDedekindReals.sig_forall_dec\n  : forall P : nat -> Prop,\n",
      "rr_claims", "rr_ldp");
  EXPECT_EQ(checked.status, CoqStatus::kChecked);
  EXPECT_EQ(checked.axioms, std::vector<std::string>{"ClassicalDedekindReals.sig_forall_dec"});
  ASSERT_TRUE(checked.module_seconds);
  EXPECT_DOUBLE_EQ(*checked.module_seconds, 1.5);
  const auto admitted = uldp::verify::read_coq_assumptions(
      header + "Axioms:\nrr_row_lemma : forall t : R, t <= t\nClassicalDedekindReals.sig_not_dec\n",
      "rr_claims", "rr_ldp");
  EXPECT_EQ(admitted.status, CoqStatus::kAssumes);
  EXPECT_EQ(admitted.detail, "rests on rr_row_lemma");
  const auto missing = uldp::verify::read_coq_assumptions(
      "uldp-theorem other\nClosed under the global context\n", "rr_claims", "rr_ldp");
  EXPECT_EQ(missing.status, CoqStatus::kNotChecked);

  // Through the command, with the checked files replaced: a file whose statement differs.
  const fs::path dir = uldp::testing::temp_dir() / "coq_checked";
  fs::create_directories(dir);
  std::ofstream(dir / "rr_claims.assumptions") << header << "Closed under the global context\n";
  std::ofstream(dir / "rr_claims.v") << "(* uldp:statement rr_ldp *)\n"
                                     << info->coq->statement << "(* uldp:end *)\n";
  const std::string notions = uldp::verify::coq_notions_statement();
  std::ofstream(dir / "Common.v") << "(* uldp:statement notions *)\n"
                                  << notions << "(* uldp:end *)\n";
  RunResult r = uldp::testing::run_command(
      "ULDP_COQ_DIR='" + dir.string() + "' " + uldp::testing::uldp_binary(),
      "prove rr_ldp --solver z3 --json");
  auto coq = nlohmann::json::parse(r.out)["claims"][0]["coq"];
  EXPECT_EQ(coq["status"], "checked") << coq.dump();
  // The claim's words as they were, but a notion weakened in Common.v: not established.
  std::string weakened = notions;
  const std::string bound = "Q x y <= t * Q x' y.";
  ASSERT_NE(weakened.find(bound), std::string::npos);
  weakened.replace(weakened.find(bound), bound.size(), "Q x y <= t * Q x' y + 1.");
  std::ofstream(dir / "Common.v") << "(* uldp:statement notions *)\n"
                                  << weakened << "(* uldp:end *)\n";
  r = uldp::testing::run_command(
      "ULDP_COQ_DIR='" + dir.string() + "' " + uldp::testing::uldp_binary(),
      "prove rr_ldp --solver z3 --json");
  coq = nlohmann::json::parse(r.out)["claims"][0]["coq"];
  EXPECT_EQ(coq["status"], "statement differs") << coq.dump();
  EXPECT_NE(coq["detail"].get<std::string>().find("Common.v states the notions differently"),
            std::string::npos)
      << coq.dump();
  std::ofstream(dir / "Common.v") << "(* uldp:statement notions *)\n"
                                  << notions << "(* uldp:end *)\n";
  std::ofstream(dir / "rr_claims.v") << "(* uldp:statement rr_ldp *)\n"
                                     << "Theorem rr_ldp : True.\n(* uldp:end *)\n";
  r = uldp::testing::run_command(
      "ULDP_COQ_DIR='" + dir.string() + "' " + uldp::testing::uldp_binary(),
      "prove rr_ldp --solver z3 --json");
  coq = nlohmann::json::parse(r.out)["claims"][0]["coq"];
  EXPECT_EQ(coq["status"], "statement differs") << coq.dump();
  EXPECT_EQ(nlohmann::json::parse(r.out)["claims"][0]["established_by"],
            nlohmann::json::array({"z3"}));
  fs::remove(dir / "rr_claims.v");
  r = uldp::testing::run_command(
      "ULDP_COQ_DIR='" + dir.string() + "' " + uldp::testing::uldp_binary(),
      "prove rr_ldp --solver z3");
  EXPECT_NE(r.out.find("coq: rr_ldp: not checked (no checked module rr_claims in"),
            std::string::npos)
      << r.out;
}

TEST(CoqClaims, EmitRefusesWhatHasNoCoqStatement) {
  for (const char* args : {"prove no_such_claim --emit coq", "prove lemma1.cw_bound --emit coq",
                           "prove rr_ldp --emit lean", "prove rr_ldp --emit coq --json"}) {
    const RunResult r = uldp::testing::run_uldp(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
  }
  const RunResult all = uldp::testing::run_uldp("prove --all --emit coq");
  ASSERT_EQ(all.exit_code, 0);
  for (const ClaimInfo& info : statement_claims()) {
    EXPECT_NE(all.out.find("Theorem " + info.name + " "), std::string::npos) << info.name;
  }
}

std::vector<ClaimInfo> step_claims() {
  std::vector<ClaimInfo> steps;
  for (const ClaimInfo& info : uldp::verify::claim_catalog()) {
    if (info.step) steps.push_back(info);
  }
  return steps;
}

/// "step_" and the step's name with '.' replaced by '_'.
std::string step_theorem_name(const std::string& step) {
  std::string name = "step_" + step;
  std::replace(name.begin(), name.end(), '.', '_');
  return name;
}

TEST(CoqSteps, EveryStepIsATheoremOfStepsOrLeftOutWithAReasonNeverBoth) {
  const fs::path steps_v = fs::path(ULDP_SOURCE_DIR) / "verify/coq/Steps.v";
  const std::string steps_text = uldp::testing::read_file(steps_v);
  std::size_t theorems = 0;
  for (const ClaimInfo& info : step_claims()) {
    const std::optional<std::string> in_file =
        uldp::verify::coq_statement_in(steps_text, info.name);
    if (!info.coq) {
      EXPECT_FALSE(info.step->coq_not_done.empty()) << info.name << ": neither theorem nor reason";
      EXPECT_FALSE(info.step->coq_not_done_brief.empty()) << info.name;
      EXPECT_FALSE(in_file) << info.name << " is left out of Coq but Steps.v states it";
      continue;
    }
    ++theorems;
    EXPECT_TRUE(info.step->coq_not_done.empty()) << info.name << " is both a theorem and left out";
    EXPECT_EQ(info.coq->module, "Steps") << info.name;
    EXPECT_EQ(info.coq->theorem, step_theorem_name(info.name));
    EXPECT_EQ(info.coq->statement.rfind("Theorem " + step_theorem_name(info.name) + " :", 0), 0u)
        << info.coq->statement;
    // Refuted and not encoded steps are never theorems.
    EXPECT_EQ(info.step->expected_at_step, uldp::verify::ProofStatus::kProved) << info.name;
    EXPECT_TRUE(info.step->not_encoded.empty()) << info.name;
    const RunResult emitted = uldp::testing::run_uldp("prove " + info.name + " --emit coq");
    ASSERT_EQ(emitted.exit_code, 0) << info.name << ": " << emitted.err;
    EXPECT_EQ(emitted.out, info.coq->statement);
    ASSERT_TRUE(in_file) << "Steps.v has no uldp:statement block for " << info.name;
    EXPECT_TRUE(uldp::verify::same_coq_statement(*in_file, emitted.out))
        << "Steps.v states " << info.name << " as\n"
        << *in_file << "\nwhere `uldp prove " << info.name << " --emit coq` prints\n"
        << emitted.out;
  }
  EXPECT_GT(theorems, 0u);
  // Steps.v states nothing that is not a step.
  std::istringstream lines(steps_text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("(* uldp:statement ", 0) != 0) continue;
    const std::string name = line.substr(18, line.find(" *)") - 18);
    const std::optional<ClaimInfo> info = uldp::verify::find_claim(name);
    EXPECT_TRUE(info && info->step && info->coq) << "Steps.v states " << name;
  }
}

TEST(CoqSteps, EmitPrintsEveryStepTheoremAndRefusesTheOthersWithTheReason) {
  const RunResult all = uldp::testing::run_uldp("prove --steps --emit coq");
  ASSERT_EQ(all.exit_code, 0) << all.err;
  for (const ClaimInfo& info : step_claims()) {
    const bool listed =
        all.out.find("Theorem " + step_theorem_name(info.name) + " :") != std::string::npos;
    EXPECT_EQ(listed, info.coq.has_value()) << info.name;
    if (!info.coq) {
      const RunResult one = uldp::testing::run_uldp("prove " + info.name + " --emit coq");
      EXPECT_EQ(one.exit_code, 2) << info.name;
      EXPECT_NE(one.err.find(info.step->coq_not_done_brief), std::string::npos) << one.err;
    }
  }
  // The translation: definitions as equations, exact numerals, SMT operators in Coq's notation.
  const RunResult regroup = uldp::testing::run_uldp("prove lemma1.regroup --emit coq");
  ASSERT_EQ(regroup.exit_code, 0) << regroup.err;
  EXPECT_EQ(regroup.out,
            "Theorem step_lemma1_regroup :\n"
            "  forall (t ks kn w u up v A B dA dB : R),\n"
            "  u = ks + t - 1 ->\n"
            "  up = t - 1 ->\n"
            "  v = u / up ->\n"
            "  A = (w + ks / up) * (v * ks - w - ks / up) ->\n"
            "  B = (1 - w) * (v * kn + - 1 + w) ->\n"
            "  dA = - 2 * w + ks * (v - 2 / up) ->\n"
            "  dB = - 2 * w + (- (v * kn) + 2) ->\n"
            "  t > 1 ->\n"
            "  t < kn + 1 ->\n"
            "  0 <= w ->\n"
            "  w < 1 ->\n"
            "  ks >= 1 ->\n"
            "  kn >= 1 ->\n"
            "  dA + dB = - 4 * w + ks * (v - 2 / up) - kn * (v - 2 / kn).\n");
}

TEST(CoqSteps, StepReportHasTheCoqColumn) {
  RunResult r = uldp::testing::run_uldp("prove lemma1.regroup --solver z3 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto row = nlohmann::json::parse(r.out)["steps"][0];
  ASSERT_TRUE(row["coq"].is_object()) << row.dump();
  EXPECT_EQ(row["coq"]["status"], "checked") << row["coq"].dump();
  EXPECT_EQ(row["coq"]["theorem"], "step_lemma1_regroup");
  EXPECT_EQ(row["coq"]["module"], "Uldp.Steps");
  EXPECT_TRUE(row["coq_not_done"].is_null());
  r = uldp::testing::run_uldp("prove lemma1.regroup --solver z3");
  EXPECT_NE(r.out.find("checked"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("coq: 1 of 1 steps' implications"), std::string::npos) << r.out;
  // An erratum is no theorem: the reason instead.
  r = uldp::testing::run_uldp("prove d12.case1_leading_term --solver z3 --json");
  row = nlohmann::json::parse(r.out)["steps"][0];
  EXPECT_TRUE(row["coq"].is_null()) << row.dump();
  EXPECT_NE(row["coq_not_done"].get<std::string>().find("U2"), std::string::npos) << row.dump();
}

}  // namespace
