// `uldp check`: exact verdicts for ε-LDP, (X_S, Y_P, ε)-ULDP (both readings) and (X_S, ε)-OSLDP
// of a matrix file or a built-in mechanism.
#include <array>
#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>

#include "certificate_bundle.h"
#include "check_tolerance.h"
#include "commands.h"
#include "matrix_file_flags.h"
#include "mechanism_flags.h"
#include "pum_check.h"
#include "uldp/error.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/forms/form_checks.h"
#include "uldp/io/matrix_reader.h"
#include "uldp/verify/smt_recheck.h"
#include "uldp/verify/solvers.h"

namespace uldp::cli {
using namespace uldp::verify;  // the Z3 layer
namespace {

struct CheckCommand {
  MatrixFileFlags file;  // --matrix FILE and how it is read
  MechanismFlags flags;  // --mech, --k, --sensitive, budget, --theta, --mangat-p (shared)
  std::string protected_list;
  bool protected_given = false;
  std::vector<std::string> require;
  bool json = false;
  bool dense = false;
  std::string smt_path;                  // --smt FILE: Z3 certificate of a dense matrix
  std::string smt_solver;                // --smt-solver: z3, or both (cvc5 re-runs the certificate)
  std::optional<std::string> tolerance;  // --tolerance T, exact rational in [0, 1/10]; none: exact
  std::string certificate_dir;           // --certificate DIR
};

// Per property, in the order of Property: what a tolerance and the excess digits add.
struct ToleranceNotes {
  bool within_tolerance = false;
  std::optional<ExcessDigits> excess;
};

struct Report {
  std::string subject;
  std::size_t inputs = 0;
  std::string outputs_description;
  std::optional<std::string> stochastic_problem;  // set when a row does not sum to 1 (within T)
  std::string entry_reading;                      // files: how entries were read
  std::string file_reading;                       // files: format, delimiter, header row
  nlohmann::json file_reading_json;               // the same for --json (null: no file)
  std::optional<Rational> tolerance;
  std::string tolerance_text;              // as the user wrote it
  std::vector<RowSumExcess> row_excesses;  // rows off 1 but within the tolerance
  std::vector<std::string> row_excess_locations;
  std::array<ToleranceNotes, 4> notes;  // indexed by Property
  IndexSet sensitive;
  std::string protected_description;  // "{0-14}" or "{y : y_j = 0 for j in ...}"
  nlohmann::json protected_json;
  bool protected_inferred = false;
  std::optional<PrivacyBudget> budget;
  PropertyVerdicts verdicts;
  double seconds = 0;
  std::string smt_path;
  bool smt_with_cvc5 = false;
  std::optional<std::string> smt_problem;  // cvc5 disagreed with z3 or left queries unknown
  nlohmann::json smt_json;                 // per-solver answers of the re-check (null: none)
  std::optional<Claim> claim;         // the built-in's claim, when checking a registered mechanism
  std::optional<SmtCertificate> smt;  // with --smt or --certificate
  std::optional<DenseMechanism> dense_matrix;  // with --certificate: the matrix checked
};

const std::array<Property, 4> kProperties = {Property::kLdp, Property::kUldp, Property::kUldpStrict,
                                             Property::kOsldp};

// The form with the user's --protected, if given, in place of the declared Y_P.
ExactForm with_protected(ExactForm form, const CheckCommand& c) {
  if (!c.protected_given) return form;
  std::visit(
      Overloaded{
          [&](DenseForm& f) {
            f.protected_outputs =
                parse_index_list(c.protected_list, f.q.num_outputs(), "--protected");
          },
          [&](BitProductForm& f) {
            f.protected_outputs.zero_bits =
                parse_index_list(c.protected_list, f.q.k(), "--protected");
          },
          [&](ClassForm&) {
            throw InvalidArgument(
                "--protected: the class-structured form declares Y_P by its output classes; add "
                "--dense (k <= 4096) to check another Y_P");
          }},
      form);
  return form;
}

void describe(Report& r, const ExactForm& form) {
  std::visit(
      Overloaded{[&](const DenseForm& f) {
                   r.inputs = f.q.num_inputs();
                   r.outputs_description = std::to_string(f.q.num_outputs()) + " outputs";
                   r.protected_description = "{" + f.protected_outputs.to_string() + "}";
                   r.protected_json = f.protected_outputs.indices();
                 },
                 [&](const BitProductForm& f) {
                   r.inputs = f.q.k();
                   r.outputs_description = "{0,1}^" + std::to_string(f.q.k()) + " (structured)";
                   const IndexSet& zero = f.protected_outputs.zero_bits;
                   r.protected_description = "{y : y_j = 0 for j in {" + zero.to_string() + "}}";
                   r.protected_json = {{"zero_bits", zero.indices()}};
                 },
                 [&](const ClassForm& f) {
                   r.inputs = f.q.num_inputs();
                   r.outputs_description = f.q.num_outputs().str() + " outputs (class-structured)";
                   std::string names;
                   for (const OutputClass& o : f.q.output_classes()) {
                     if (o.is_protected) names += (names.empty() ? "" : ", ") + o.name;
                   }
                   if (f.protected_outputs) {
                     r.protected_description = "{" + f.protected_outputs->to_string() + "}";
                     r.protected_json = f.protected_outputs->indices();
                   } else {
                     r.protected_description = "the output classes {" + names + "}";
                     r.protected_json = {{"classes", names}};
                   }
                 }},
      form);
}

// Independent Z3 re-check of a dense form: its verdicts must be the hand-written checkers' ones.
void smt_recheck_into(Report& r, const ExactForm& form, const char* flag) {
  const auto* dense = std::get_if<DenseForm>(&form);
  if (!dense)
    throw InvalidArgument(std::string(flag) +
                          ": needs a dense matrix (built-in rappor/urap: add --dense, k <= 16)");
  const SmtCertificate cert =
      smt_recheck(dense->q, r.sensitive, dense->protected_outputs, r.budget);
  const std::pair<const SmtPropertyCheck*, const Verdict*> pairs[] = {
      {&cert.ldp, &r.verdicts.ldp},
      {&cert.uldp_reachable, &r.verdicts.uldp},
      {&cert.uldp_literal, &r.verdicts.uldp_strict},
      {&cert.osldp, &r.verdicts.osldp}};
  for (const auto& [smt, hand] : pairs) {
    if (smt->holds() && *smt->holds() != hand->holds)
      throw std::runtime_error("Z3 re-check disagrees with the checkers");
  }
  if (!r.smt_path.empty()) {
    std::ofstream out(r.smt_path);
    out << cert.script;
    if (!out) throw InvalidArgument("--smt: cannot write '" + message_excerpt(r.smt_path) + "'");
  }
  r.smt = cert;
  r.dense_matrix = dense->q;
  r.smt_json["z3"] = {{"queries", cert.expected_answers.size()}, {"seconds", cert.seconds}};
  if (!r.smt_with_cvc5) return;
  // The second solver: cvc5 re-runs the certificate and must give the same sat/unsat answers.
  const Cvc5Rerun rerun = rerun_with_cvc5(cert.script, 60000);
  r.smt_json["cvc5"] = {{"answers", rerun.answers.size()}, {"seconds", rerun.seconds}};
  if (rerun.answers.size() != cert.expected_answers.size()) {
    r.smt_problem = "cvc5 answered " + std::to_string(rerun.answers.size()) + " of " +
                    std::to_string(cert.expected_answers.size()) + " certificate queries";
    return;
  }
  std::size_t unknown = 0;
  for (std::size_t i = 0; i < rerun.answers.size() && !r.smt_problem; ++i) {
    if (rerun.answers[i] == "unknown") {
      ++unknown;
    } else if (rerun.answers[i] != cert.expected_answers[i]) {
      r.smt_problem = "disagreement: on certificate query [" + std::to_string(i + 1) +
                      "] z3 says " + cert.expected_answers[i] + ", cvc5 says " + rerun.answers[i];
    }
  }
  r.smt_json["cvc5"]["unknown"] = unknown;
  r.smt_json["cvc5"]["agrees"] = !r.smt_problem && unknown == 0;
  if (r.smt_problem) return;
  std::cerr << "smt: z3 and cvc5 agree on " << rerun.answers.size() - unknown << " of "
            << rerun.answers.size() << " certificate queries (cvc5 unknown on " << unknown << ", "
            << rerun.seconds << " s)\n";
  if (unknown > 0) r.smt_problem = "cvc5 left certificate queries unknown (not a verdict)";
}

// "9/10 = 1 - 1.00e-1": the exact sum (cut when long) and its distance from 1.
std::string row_sum_text(const RowSumExcess& row) {
  const Rational magnitude = row.excess < 0 ? Rational(-row.excess) : row.excess;
  return message_excerpt(to_string(row.excess + 1)) + " = 1 " + (row.excess < 0 ? "- " : "+ ") +
         scientific(magnitude);
}

// Row sums: exact without a tolerance; with one, rows within it are listed, not refused.
void check_row_sums(Report& r, const MatrixFile& m) {
  for (const RowSumExcess& row : row_sum_excesses(m.matrix)) {
    const Rational magnitude = row.excess < 0 ? Rational(-row.excess) : row.excess;
    const std::string where = m.source + ": " + m.row_locations[row.row] + ": row " +
                              std::to_string(row.row) + " sums to " + row_sum_text(row);
    if (!r.tolerance || magnitude > *r.tolerance) {
      r.stochastic_problem =
          where + (r.tolerance ? ", beyond the tolerance " + r.tolerance_text : "");
      return;
    }
    r.row_excesses.push_back(row);
    r.row_excess_locations.push_back(m.row_locations[row.row]);
  }
}

IndexSet sensitive_for_file(const CheckCommand& c, std::size_t inputs) {
  return c.flags.sensitive_given ? parse_index_list(c.flags.sensitive, inputs, "--sensitive")
                                 : IndexSet::all(inputs);
}

// What the reader made of a dense file, for both reports: never a silent reading.
void record_file_reading(Report& r, const MatrixFile& m) {
  r.file_reading = describe_reading(m);
  if (!m.layout) {
    r.file_reading_json = {{"format", "json"}, {"structured", false}};
    return;
  }
  nlohmann::json header = nullptr;
  if (m.layout->header) {
    const char* by[] = {"flag", "file_line", "detected"};
    header = {{"line", m.layout->header->line},
              {"decided_by", by[static_cast<int>(m.layout->header->decided_by)]},
              {"labels", m.matrix.output_labels()}};
  }
  r.file_reading_json = {{"format", "delimited"},
                         {"delimiter", delimiter_name(m.layout->delimiter)},
                         {"delimiter_detected", m.layout->delimiter_detected},
                         {"header", header}};
}

// A matrix file as an exact form, with Y_P given, declared by the file, or inferred.
ExactForm form_from_file(Report& r, const CheckCommand& c) {
  if (c.flags.k || c.flags.theta || c.flags.mangat_p || c.flags.block) {
    throw InvalidArgument("--matrix: --k, --theta, --mangat-p and --block only go with --mech");
  }
  r.subject = c.file.path == "-" ? "<stdin>" : c.file.path;
  MechanismFile file = read_mechanism_file(c.file.path, c.file.read_options());
  r.entry_reading =
      entry_reading_description(c.file.binary64 ? EntryReading::kBinary64 : EntryReading::kExact);
  return std::visit(
      Overloaded{[&](MatrixFile& m) -> ExactForm {
                   record_file_reading(r, m);
                   check_row_sums(r, m);
                   r.sensitive = sensitive_for_file(c, m.matrix.num_inputs());
                   if (c.protected_given)
                     return with_protected(DenseForm{std::move(m.matrix), {}}, c);
                   r.protected_inferred = true;
                   IndexSet inferred = minimal_protected_outputs(m.matrix, r.sensitive);
                   return DenseForm{std::move(m.matrix), std::move(inferred)};
                 },
                 [&](BitProductFile& f) -> ExactForm {
                   r.file_reading = "JSON (structured)";
                   r.file_reading_json = {{"format", "json"}, {"structured", true}};
                   r.sensitive = sensitive_for_file(c, f.q.k());
                   // Declared by the file, else the uRAP convention: the non-sensitive bits are 0.
                   IndexSet zero =
                       f.protected_zero_bits
                           ? IndexSet::from_indices(*f.protected_zero_bits, f.q.k(),
                                                    c.file.path + ": protected_zero_bits")
                           : r.sensitive.complement();
                   return with_protected(
                       BitProductForm{std::move(f.q), ZeroMaskOutputs{std::move(zero)}}, c);
                 }},
      file);
}

Report run(const CheckCommand& c) {
  Report r;
  r.smt_path = c.smt_path;
  r.smt_with_cvc5 = c.smt_solver.empty() ? cvc5_on_path() : c.smt_solver == "both";
  if (r.smt_with_cvc5 && !cvc5_on_path())
    throw InvalidArgument("--smt-solver both: no cvc5 on PATH");
  r.budget = c.flags.budget.parse();
  if (c.tolerance) {
    r.tolerance = parse_tolerance(*c.tolerance, "--tolerance");
    r.tolerance_text = message_excerpt(*c.tolerance);
  }
  const bool needs_smt = !c.smt_path.empty() || !c.certificate_dir.empty();
  const auto start = std::chrono::steady_clock::now();
  if (c.file.given() == !c.flags.name.empty()) {
    throw InvalidArgument("check: give exactly one of --matrix FILE or --mech NAME");
  }
  std::optional<ExactForm> form;
  if (c.file.given()) {
    form = form_from_file(r, c);
  } else {
    c.file.refuse_without_matrix();
    const MechanismSpec spec = c.flags.build();
    if (!r.budget)
      r.budget = budget_of(spec);  // a built-in is checked at the budget it was built for
    r.subject = "built-in " + std::string(entry_of(spec).name);
    r.sensitive = spec.sensitive;
    r.claim = entry_of(spec).claim;
    // A class-structured form declares its Y_P and has no SMT encoding: --protected and --smt
    // take the dense expansion instead (k <= 4096).
    ExactForm natural = exact_form(spec, c.dense ? FormChoice::kDense : FormChoice::kNatural);
    const bool needs_dense =
        std::holds_alternative<ClassForm>(natural) && (c.protected_given || needs_smt);
    form =
        with_protected(needs_dense ? exact_form(spec, FormChoice::kDense) : std::move(natural), c);
  }
  describe(r, *form);
  r.verdicts = check_all_properties(*form, r.sensitive, r.budget);
  for (std::size_t i = 0; i < kProperties.size(); ++i) {
    const Verdict& v = r.verdicts[kProperties[i]];
    if (v.holds || v.violated != Condition::kRatio || !r.budget || v.tight_exp_eps.is_infinite())
      continue;
    r.notes[i].excess = excess_digits(v.tight_exp_eps.value(), *r.budget);
    if (r.tolerance)
      r.notes[i].within_tolerance =
          ratio_within_tolerance(v.tight_exp_eps.value(), *r.budget, *r.tolerance);
  }
  if (needs_smt) smt_recheck_into(r, *form, c.smt_path.empty() ? "--certificate" : "--smt");
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

void print_text(const Report& r, const std::vector<Property>& required) {
  std::cout << "subject: " << r.subject << " (" << r.inputs << " inputs, " << r.outputs_description
            << ")\n";
  if (!r.file_reading.empty()) std::cout << "read as: " << r.file_reading << "\n";
  if (!r.entry_reading.empty()) std::cout << "entries: " << r.entry_reading << "\n";
  std::cout << "stochastic: " << (r.stochastic_problem ? "NO: " + *r.stochastic_problem : "yes");
  if (!r.stochastic_problem && !r.row_excesses.empty()) {
    std::cout << " within tolerance " << r.tolerance_text << " (" << r.row_excesses.size()
              << " rows do not sum to exactly 1)";
    constexpr std::size_t kRowsShown = 8;
    for (std::size_t i = 0; i < r.row_excesses.size() && i < kRowsShown; ++i) {
      std::cout << "\n  " << r.row_excess_locations[i] << ": row " << r.row_excesses[i].row
                << " sums to " << row_sum_text(r.row_excesses[i]);
    }
    if (r.row_excesses.size() > kRowsShown)
      std::cout << "\n  ... and " << r.row_excesses.size() - kRowsShown << " more (all in --json)";
  }
  std::cout << "\n";
  std::cout << "sensitive inputs X_S = {" << r.sensitive.to_string() << "}\n";
  std::cout << "protected outputs Y_P = " << r.protected_description
            << (r.protected_inferred ? "  (inferred: the smallest Y_P condition 1 allows)" : "")
            << "\n";
  std::cout << "budget: " << (r.budget ? r.budget->describe() : "none (tight values only)") << "\n";
  if (r.tolerance) std::cout << "tolerance: " << r.tolerance_text << "\n";
  auto line = [&](Property p, const char* title) {
    const bool req = std::find(required.begin(), required.end(), p) != required.end();
    const ToleranceNotes& n = r.notes[static_cast<std::size_t>(p)];
    std::string text = verdict_to_text(r.verdicts[p]);
    if (n.within_tolerance)
      text = "holds within tolerance " + r.tolerance_text + " (exactly: FAILS)" + text.substr(5);
    std::cout << "  " << title << (req ? " [required]" : "") << ": " << text << "\n";
    if (n.excess) {
      std::cout << "      claimed exp_eps = " << n.excess->claimed_exp_eps
                << ", eps = " << n.excess->claimed_eps << "\n"
                << "      tight   exp_eps = " << n.excess->tight_exp_eps
                << ", eps = " << n.excess->tight_eps << "\n"
                << "      relative excess of the ratio over exp_eps: " << n.excess->relative_excess;
      if (n.excess->exact_relative_excess)
        std::cout << " (exactly " << message_excerpt(to_string(*n.excess->exact_relative_excess))
                  << ")";
      std::cout << "\n";
    }
  };
  line(Property::kLdp, "eps-LDP                        ");
  line(Property::kUldp, "ULDP (reachable outputs)       ");
  line(Property::kUldpStrict, "ULDP (Definition 2, literal)   ");
  line(Property::kOsldp, "OSLDP                          ");
  std::cout << "checked in " << duration_text(r.seconds) << "\n";
}

nlohmann::json property_json(const Report& r, Property p) {
  nlohmann::json j = verdict_to_json(r.verdicts[p]);
  const ToleranceNotes& n = r.notes[static_cast<std::size_t>(p)];
  if (r.tolerance) j["holds_within_tolerance"] = r.verdicts[p].holds || n.within_tolerance;
  if (n.excess) j["excess"] = excess_digits_to_json(*n.excess);
  return j;
}

nlohmann::json report_json(const Report& r, const std::vector<Property>& required) {
  nlohmann::json j;
  j["subject"] = r.subject;
  if (!r.entry_reading.empty()) j["entry_reading"] = r.entry_reading;
  if (!r.file_reading_json.is_null()) j["file_reading"] = r.file_reading_json;
  if (r.tolerance) {
    j["tolerance"] = to_string(*r.tolerance);
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t i = 0; i < r.row_excesses.size(); ++i) {
      rows.push_back({{"row", r.row_excesses[i].row},
                      {"location", r.row_excess_locations[i]},
                      {"excess", to_string(r.row_excesses[i].excess)},
                      {"excess_approx", scientific(r.row_excesses[i].excess)}});
    }
    j["row_sum_excesses"] = rows;
  }
  j["inputs"] = r.inputs;
  j["stochastic"] = !r.stochastic_problem;
  j["stochastic_problem"] =
      r.stochastic_problem ? nlohmann::json(*r.stochastic_problem) : nlohmann::json(nullptr);
  j["sensitive"] = r.sensitive.indices();
  j["protected"] = r.protected_json;
  j["protected_inferred"] = r.protected_inferred;
  if (r.budget) {
    j["exp_eps"] = to_string(r.budget->exp_eps());
    if (r.budget->epsilon()) j["eps"] = to_string(*r.budget->epsilon());
  }
  nlohmann::json names = nlohmann::json::array();
  for (Property p : required) names.push_back(property_name(p));
  j["required"] = names;
  j["ldp"] = property_json(r, Property::kLdp);
  j["uldp"] = property_json(r, Property::kUldp);
  j["uldp_strict"] = property_json(r, Property::kUldpStrict);
  j["osldp"] = property_json(r, Property::kOsldp);
  j["seconds"] = r.seconds;
  if (!r.smt_json.is_null()) j["smt"] = r.smt_json;
  return j;
}

// Without --require: the built-in's claim (LDP for the non-private baseline, which claims
// nothing); for files, ULDP when X_S or Y_P is given, else LDP.
std::vector<Property> required_properties(const CheckCommand& c, const Report& r) {
  std::vector<Property> required;
  for (const std::string& name : c.require) required.push_back(parse_property(name, "--require"));
  if (!required.empty()) return required;
  if (r.claim) return {*r.claim == Claim::kUldp ? Property::kUldp : Property::kLdp};
  return {c.flags.sensitive_given || c.protected_given ? Property::kUldp : Property::kLdp};
}

// The PUM check decides its own propositions on dense matrices; the file and audit flags do not
// apply to it.
void refuse_with_pum(const CheckCommand& c) {
  const std::pair<bool, const char*> flags[] = {{c.file.given(), "--matrix"},
                                                {c.protected_given, "--protected"},
                                                {!c.require.empty(), "--require"},
                                                {c.dense, "--dense"},
                                                {!c.smt_path.empty(), "--smt"},
                                                {c.tolerance.has_value(), "--tolerance"},
                                                {!c.certificate_dir.empty(), "--certificate"},
                                                {!c.file.header.empty(), "--header"},
                                                {!c.file.delimiter.empty(), "--delimiter"},
                                                {c.file.binary64, "--binary64"}};
  for (const auto& [given, flag] : flags) {
    if (given) throw InvalidArgument(std::string(flag) + ": not with --mech pum");
  }
}

}  // namespace

void add_check_command(CLI::App& app, int& exit_code) {
  auto c = std::make_shared<CheckCommand>();
  auto* cmd = app.add_subcommand("check", "exact verdicts: eps-LDP, ULDP (both readings), OSLDP");
  c->file.add_to(*cmd,
                 "mechanism file ('-': standard input): delimited text (CSV with or without "
                 "quotes, TSV, whitespace as numpy savetxt writes), JSON {\"Q\": ...} or a bare "
                 "array of rows, or structured JSON {\"bits\": ...}");
  c->flags.add_with_mech_option(*cmd);
  c->flags.add_pum_options(*cmd);
  cmd->add_option("--protected", c->protected_list,
                  "protected outputs Y_P (dense: output indices; structured: bits that are 0); "
                  "default: the smallest valid Y_P (dense files), the declared one (built-ins), "
                  "the non-sensitive bits (structured)")
      ->each([c](const std::string&) { c->protected_given = true; });
  add_text_option(*cmd, "--tolerance", c->tolerance,
                  "accept rows with |sum - 1| <= T and ratios up to exp_eps (1 + T), reporting "
                  "the exact excesses (T an exact rational or decimal, at most 1/10; default: "
                  "exact)");
  cmd->add_option("--certificate", c->certificate_dir,
                  "write a re-check bundle to DIR: exact matrix, verdicts JSON, SMT-LIB2 for z3, "
                  "README (dense matrices)");
  cmd->add_option("--require", c->require,
                  "properties whose failure gives exit 1: ldp, uldp, uldp-strict, osldp "
                  "(default: uldp when --sensitive/--protected is given or the built-in claims it, "
                  "else ldp)")
      ->check(CLI::IsMember({"ldp", "uldp", "uldp-strict", "osldp"}))
      ->delimiter(',');
  cmd->add_flag("--dense", c->dense,
                "with --mech: check the dense expansion (rappor/urap: k <= 16)");
  cmd->add_flag("--json", c->json, "print JSON");
  cmd->add_option(
      "--smt", c->smt_path,
      "also re-check with Z3 and write the SMT-LIB2 certificate to FILE (dense; run: z3 FILE)");
  cmd->add_option("--smt-solver", c->smt_solver,
                  "with --smt: z3, or both (cvc5 re-runs the certificate and must agree); "
                  "default: both when cvc5 is on PATH")
      ->check(CLI::IsMember({"z3", "both"}));
  cmd->callback([c, &exit_code] {
    if (c->flags.personalized()) {
      refuse_with_pum(*c);
      exit_code = run_pum_check(c->flags, c->json);
      return;
    }
    const Report r = run(*c);
    const std::vector<Property> required = required_properties(*c, r);
    const nlohmann::json report = report_json(r, required);
    if (c->json) {
      std::cout << versioned(report).dump(2) << "\n";
    } else {
      print_text(r, required);
    }
    if (!c->certificate_dir.empty()) {
      write_certificate_bundle(c->certificate_dir,
                               {&*r.dense_matrix, report, r.smt->script, r.smt->expected_answers});
    }
    if (r.stochastic_problem) {
      throw Error(
          *r.stochastic_problem +
          (r.tolerance
               ? ""
               : " (rows must sum to exactly 1; --tolerance T accepts sums within T of 1)"));
    }
    bool all_hold = true;
    for (Property p : required)
      all_hold = all_hold &&
                 (r.verdicts[p].holds || r.notes[static_cast<std::size_t>(p)].within_tolerance);
    if (r.smt_problem) std::cerr << "uldp: smt: " << *r.smt_problem << "\n";
    exit_code = all_hold && !r.smt_problem ? 0 : 1;
  });
}

}  // namespace uldp::cli
