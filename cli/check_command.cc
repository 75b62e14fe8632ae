// `uldp check`: exact verdicts for ε-LDP, (X_S, Y_P, ε)-ULDP (both readings) and (X_S, ε)-OSLDP
// of a matrix file or a built-in mechanism.
#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>

#include "builtin_mechanisms.h"
#include "commands.h"
#include "uldp/checks/dense_privacy_check.h"
#include "uldp/checks/stochasticity.h"
#include "uldp/checks/unary_privacy_check.h"
#include "uldp/error.h"
#include "uldp/io/matrix_reader.h"
#include "uldp/verify/smt_recheck.h"

namespace uldp::cli {
namespace {

struct CheckCommand {
  std::string matrix_path;
  std::string mech;
  MechanismFlags flags;  // --k, --sensitive, budget, --theta, --p (shared with `mechanism`)
  std::string protected_list;
  bool protected_given = false;
  std::vector<std::string> require;
  bool json = false;
  bool dense = false;
  std::string smt_path;  // --smt FILE: Z3 certificate of a dense matrix
};

struct Report {
  std::string subject;
  std::size_t inputs = 0;
  std::string outputs_description;
  bool stochastic = true;
  std::optional<std::string> stochastic_problem;
  IndexSet sensitive;
  std::string protected_description;  // "0-14" or "bits ... are 0"
  nlohmann::json protected_json;
  bool protected_inferred = false;
  std::optional<PrivacyBudget> budget;
  Verdict ldp, uldp, uldp_strict, osldp;
  double seconds = 0;
  std::string smt_path;
};

IndexSet structured_zero_bits(const CheckCommand& c, const std::optional<std::vector<std::size_t>>& from_file,
                              const IndexSet& sensitive) {
  if (c.protected_given) return parse_index_list(c.protected_list, sensitive.universe(), "--protected");
  if (from_file) return IndexSet::from_indices(*from_file, sensitive.universe(), "protected_zero_bits");
  return sensitive.complement();  // the uRAP convention (eq. rRAP_YS)
}

void run_dense(Report& r, const DenseMechanism& q, const IndexSet& protected_outputs) {
  r.ldp = check_ldp(q, r.budget);
  r.uldp = check_uldp(q, r.sensitive, protected_outputs, r.budget, UldpReading::kReachable);
  r.uldp_strict = check_uldp(q, r.sensitive, protected_outputs, r.budget, UldpReading::kLiteral);
  r.osldp = check_osldp(q, r.sensitive, r.budget);
  r.protected_description = "{" + protected_outputs.to_string() + "}";
  r.protected_json = protected_outputs.indices();
  if (!r.smt_path.empty()) {
    // Independent Z3 re-check: its verdicts must be the hand-written checkers' ones.
    const SmtCertificate cert = smt_recheck(q, r.sensitive, protected_outputs, r.budget);
    const std::pair<const SmtPropertyCheck*, const Verdict*> pairs[] = {
        {&cert.ldp, &r.ldp}, {&cert.uldp_reachable, &r.uldp}, {&cert.uldp_literal, &r.uldp_strict},
        {&cert.osldp, &r.osldp}};
    for (const auto& [smt, hand] : pairs) {
      if (smt->holds() && *smt->holds() != hand->holds) throw std::runtime_error("Z3 re-check disagrees with the checkers");
    }
    std::ofstream out(r.smt_path);
    out << cert.script;
    if (!out) throw InvalidArgument("--smt: cannot write '" + r.smt_path + "'");
  }
}

void run_unary(Report& r, const UnaryMechanism& q, const IndexSet& zero_bits) {
  if (!r.smt_path.empty()) throw InvalidArgument("--smt: needs a dense matrix (built-in rappor/urap: add --dense, k <= 16)");
  const ZeroMaskOutputs protected_outputs{zero_bits};
  r.ldp = check_ldp(q, r.budget);
  r.uldp = check_uldp(q, r.sensitive, protected_outputs, r.budget, UldpReading::kReachable);
  r.uldp_strict = check_uldp(q, r.sensitive, protected_outputs, r.budget, UldpReading::kLiteral);
  r.osldp = check_osldp(q, r.sensitive, r.budget);
  r.protected_description = "{y : y_j = 0 for j in {" + zero_bits.to_string() + "}}";
  r.protected_json = {{"zero_bits", zero_bits.indices()}};
}

Report run(const CheckCommand& c) {
  Report r;
  r.smt_path = c.smt_path;
  r.budget = c.flags.budget.parse();
  const auto start = std::chrono::steady_clock::now();
  if (!c.matrix_path.empty() == !c.mech.empty()) {
    throw InvalidArgument("check: give exactly one of --matrix FILE or --mech NAME");
  }
  if (!c.matrix_path.empty()) {
    if (c.flags.k != 0 || !c.flags.theta.empty() || !c.flags.p.empty()) {
      throw InvalidArgument("--matrix: --k, --theta and --p only go with --mech");
    }
    MechanismFile file = read_mechanism_file(c.matrix_path);
    r.subject = c.matrix_path;
    if (file.unary) {
      const UnaryMechanism& q = *file.unary;
      r.inputs = q.k();
      r.outputs_description = "{0,1}^" + std::to_string(q.k()) + " (structured)";
      r.sensitive = c.flags.sensitive_given ? parse_index_list(c.flags.sensitive, q.k(), "--sensitive")
                                            : IndexSet::all(q.k());
      run_unary(r, q, structured_zero_bits(c, file.protected_zero_bits, r.sensitive));
    } else {
      const MatrixFile& m = *file.dense;
      const DenseMechanism& q = m.matrix;
      r.inputs = q.num_inputs();
      r.outputs_description = std::to_string(q.num_outputs()) + " outputs";
      const StochasticityReport s = check_stochastic(q);
      r.stochastic = s.stochastic;
      if (!s.stochastic) r.stochastic_problem = m.source + ": " + m.row_locations[*s.row] + ": " + *s.problem;
      r.sensitive = c.flags.sensitive_given ? parse_index_list(c.flags.sensitive, q.num_inputs(), "--sensitive")
                                            : IndexSet::all(q.num_inputs());
      IndexSet protected_outputs;
      if (c.protected_given) {
        protected_outputs = parse_index_list(c.protected_list, q.num_outputs(), "--protected");
      } else {
        protected_outputs = minimal_protected_outputs(q, r.sensitive);
        r.protected_inferred = true;
      }
      run_dense(r, q, protected_outputs);
    }
  } else {
    MechanismFlags flags = c.flags;
    flags.name = c.mech;
    const BuiltMechanism m = build_mechanism(flags, c.dense);
    if (!r.budget) r.budget = m.budget;  // a built-in is checked at the budget it was built for
    r.subject = "built-in " + m.name;
    r.inputs = m.k;
    r.sensitive = m.sensitive;
    if (m.dense) {
      r.outputs_description = std::to_string(m.dense->num_outputs()) + " outputs";
      const IndexSet protected_outputs = c.protected_given
          ? parse_index_list(c.protected_list, m.dense->num_outputs(), "--protected")
          : *m.protected_outputs;
      run_dense(r, *m.dense, protected_outputs);
    } else {
      r.outputs_description = "{0,1}^" + std::to_string(m.k) + " (structured)";
      run_unary(r, *m.unary, structured_zero_bits(c, m.protected_zero->zero_bits.indices(), r.sensitive));
    }
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

const Verdict& verdict_named(const Report& r, const std::string& name) {
  if (name == "ldp") return r.ldp;
  if (name == "uldp") return r.uldp;
  if (name == "uldp-strict") return r.uldp_strict;
  return r.osldp;
}

void print_text(const Report& r, const std::vector<std::string>& required) {
  std::cout << "subject: " << r.subject << " (" << r.inputs << " inputs, " << r.outputs_description << ")\n";
  std::cout << "stochastic: " << (r.stochastic ? "yes" : "NO: " + *r.stochastic_problem) << "\n";
  std::cout << "sensitive inputs X_S = {" << r.sensitive.to_string() << "}\n";
  std::cout << "protected outputs Y_P = " << r.protected_description
            << (r.protected_inferred ? "  (inferred: the smallest Y_P condition 1 allows)" : "") << "\n";
  std::cout << "budget: " << (r.budget ? r.budget->describe() : "none (tight values only)") << "\n";
  auto line = [&](const char* name, const char* title, const Verdict& v) {
    const bool req = std::find(required.begin(), required.end(), name) != required.end();
    std::cout << "  " << title << (req ? " [required]" : "") << ": " << verdict_to_text(v) << "\n";
  };
  line("ldp", "eps-LDP                        ", r.ldp);
  line("uldp", "ULDP (reachable outputs)       ", r.uldp);
  line("uldp-strict", "ULDP (Def. def:rest, literal)  ", r.uldp_strict);
  line("osldp", "OSLDP                          ", r.osldp);
  std::cout << "checked in " << r.seconds << " s\n";
}

void print_json(const Report& r, const std::vector<std::string>& required) {
  nlohmann::json j;
  j["subject"] = r.subject;
  j["inputs"] = r.inputs;
  j["stochastic"] = r.stochastic;
  j["stochastic_problem"] = r.stochastic_problem ? nlohmann::json(*r.stochastic_problem) : nlohmann::json(nullptr);
  j["sensitive"] = r.sensitive.indices();
  j["protected"] = r.protected_json;
  j["protected_inferred"] = r.protected_inferred;
  if (r.budget) {
    j["exp_eps"] = to_string(r.budget->exp_eps());
    if (r.budget->epsilon()) j["eps"] = to_string(*r.budget->epsilon());
  }
  j["required"] = required;
  j["ldp"] = verdict_to_json(r.ldp);
  j["uldp"] = verdict_to_json(r.uldp);
  j["uldp_strict"] = verdict_to_json(r.uldp_strict);
  j["osldp"] = verdict_to_json(r.osldp);
  j["seconds"] = r.seconds;
  std::cout << j.dump(2) << "\n";
}

}  // namespace

void add_check_command(CLI::App& app, int& exit_code) {
  auto c = std::make_shared<CheckCommand>();
  auto* cmd = app.add_subcommand("check", "exact verdicts: eps-LDP, ULDP (both readings), OSLDP");
  cmd->add_option("--matrix", c->matrix_path, "mechanism file: CSV, JSON {\"Q\": ...} or structured JSON {\"bits\": ...}");
  cmd->add_option("--mech", c->mech, std::string("or a built-in mechanism: ") + mechanism_names());
  c->flags.add_to(*cmd);
  cmd->add_option("--protected", c->protected_list,
                  "protected outputs Y_P (dense: output indices; structured: bits that are 0); "
                  "default: the smallest valid Y_P (dense files), the declared one (built-ins), "
                  "the non-sensitive bits (structured)")
      ->each([c](const std::string&) { c->protected_given = true; });
  cmd->add_option("--require", c->require,
                  "properties whose failure gives exit 1: ldp, uldp, uldp-strict, osldp "
                  "(default: uldp when --sensitive/--protected is given or the built-in claims it, else ldp)")
      ->check(CLI::IsMember({"ldp", "uldp", "uldp-strict", "osldp"}))
      ->delimiter(',');
  cmd->add_flag("--dense", c->dense, "with --mech rappor/urap: expand to the 2^k-column matrix (k <= 16)");
  cmd->add_flag("--json", c->json, "print JSON");
  cmd->add_option("--smt", c->smt_path, "also re-check with Z3 and write the SMT-LIB2 certificate to FILE (dense; run: z3 FILE)");
  cmd->callback([c, &exit_code] {
    const Report r = run(*c);
    std::vector<std::string> required = c->require;
    if (required.empty()) {
      if (!c->mech.empty()) {
        required.push_back(c->mech == "rr" || c->mech == "rappor" ? "ldp" : "uldp");
      } else {
        required.push_back(c->flags.sensitive_given || c->protected_given ? "uldp" : "ldp");
      }
    }
    if (c->json) {
      print_json(r, required);
    } else {
      print_text(r, required);
    }
    if (!r.stochastic) throw Error(*r.stochastic_problem + " (a mechanism's rows must sum to exactly 1)");
    bool all_hold = true;
    for (const auto& name : required) all_hold = all_hold && verdict_named(r, name).holds;
    exit_code = all_hold ? 0 : 1;
  });
}

}  // namespace uldp::cli
