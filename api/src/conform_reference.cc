#include "conform_reference.h"

#include <cmath>

#include "uldp/constructions/personalized_mechanism.h"
#include "uldp/constructions/pum_population.h"
#include "uldp/error.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/io/matrix_reader.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/pooled_form.h"

namespace uldp::cli {
using namespace uldp::estimate;  // the double-precision layer

namespace {

double claimed_exp_eps(const PrivacyBudget& budget) {
  return budget.epsilon() ? std::exp(to_double(*budget.epsilon())) : to_double(budget.exp_eps());
}

// The claim's ratio condition of a registry mechanism: its claim, e^ε as asked, Y_P as declared.
RatioScope scope_of(const MechanismSpec& spec) {
  RatioScope scope;
  const Claim claim = entry_of(spec).claim;
  const std::optional<PrivacyBudget> budget = budget_of(spec);
  if (claim == Claim::kNone || !budget) return scope;
  scope.claimed = true;
  scope.claimed_exp_eps = claimed_exp_eps(*budget);
  if (claim == Claim::kLdp) return scope;
  std::visit(Overloaded{[&](const DenseForm& f) { scope.protected_symbols = f.protected_outputs; },
                        [&](const BitProductForm& f) {
                          scope.protected_zero_bits = f.protected_outputs.zero_bits;
                        },
                        [&](const ClassForm& f) {
                          if (!f.protected_outputs) {
                            throw InvalidArgument("conform: " + std::string(entry_of(spec).name) +
                                                  " declares no listable Y_P");
                          }
                          scope.protected_symbols = *f.protected_outputs;
                        }},
             exact_form(spec));
  return scope;
}

// The mechanisms whose outputs are a class family (blocks, Hadamard columns): their structured
// estimation models have no per-output row, so conformance runs on the dense expansion.
bool is_class_family(const EstimationModel& model) {
  return std::holds_alternative<UbdParams>(model) || std::holds_alternative<UbdOptParams>(model) ||
         std::holds_alternative<UssParams>(model) || std::holds_alternative<UhrParams>(model);
}

// Entries the pooled model may hold (k x cells exact cells, then doubles): 2^22 is about 0.7 GB.
constexpr std::size_t kMaxPooledEntries = std::size_t{1} << 22;

// The block families beyond their dense expansion: the pooled form, outputs read as sets.
bool from_pooled_form(const MechanismSpec& spec, ConformReference& r) {
  const std::optional<PooledForm> pooled = pooled_form(spec, kMaxPooledEntries);
  if (!pooled) return false;
  if (pooled->cells() > kMaxPooledEntries / spec.k) {
    throw InvalidArgument("conform: " + r.name + " pools into " + std::to_string(pooled->cells()) +
                          " cells for " + std::to_string(spec.k) + " inputs, beyond the limit of " +
                          std::to_string(kMaxPooledEntries) + " entries");
  }
  const std::string outputs =
      std::visit(Overloaded{[](const ClassForm& f) { return to_string(f.q.num_outputs()); },
                            [](const auto&) { return std::string("?"); }},
                 exact_form(spec));
  r.model = dense_params(DenseMechanism(spec.k, pooled->labels, pooled->q));
  r.syntax.labels = pooled->labels;
  r.syntax.bit_strings_over = spec.sensitive;
  r.syntax.cell_of_set = pooled->cell_of;
  r.pooling = std::to_string(pooled->cells()) + " cells pooling its " + outputs +
              " outputs (blocks by size and " +
              (pooled->spans ? "smallest and largest member" : "smallest member") +
              ", X_N symbols alone), since they are too many to list";
  const std::optional<PrivacyBudget> budget = budget_of(spec);
  if (entry_of(spec).claim == Claim::kNone || !budget) return true;
  r.scope.claimed = true;
  r.scope.claimed_exp_eps = claimed_exp_eps(*budget);
  if (entry_of(spec).claim == Claim::kUldp) r.scope.protected_symbols = pooled->protected_cells;
  return true;
}

void from_dense_expansion(const MechanismSpec& spec, ConformReference& r) {
  const bool blocks = !std::holds_alternative<UhrParams>(r.model);
  std::optional<DenseForm> expanded;
  try {
    expanded = std::get<DenseForm>(exact_form(spec, FormChoice::kDense));
  } catch (const InvalidArgument& e) {
    if (from_pooled_form(spec, r)) return;
    throw InvalidArgument("conform: " + r.name +
                          " is tested on its listed outputs, and this instance has too many (" +
                          e.what() + ")");
  }
  DenseForm& dense = *expanded;
  r.model = dense_params(dense.q);
  r.syntax.labels = dense.q.output_labels();
  if (blocks) r.syntax.bit_strings_over = spec.sensitive;  // reports as simulate writes them
  const std::optional<PrivacyBudget> budget = budget_of(spec);
  if (entry_of(spec).claim == Claim::kNone || !budget) return;
  r.scope.claimed = true;
  r.scope.claimed_exp_eps = claimed_exp_eps(*budget);
  if (entry_of(spec).claim == Claim::kUldp) r.scope.protected_symbols = dense.protected_outputs;
}

std::string claim_text(const RatioScope& scope) {
  if (!scope.claimed) return "none";
  const bool uldp = scope.protected_symbols || scope.protected_zero_bits;
  return std::string(uldp ? "ULDP" : "eps-LDP") + " at exp_eps " +
         std::to_string(scope.claimed_exp_eps);
}

// A reference must be a mechanism: rows that sum to 1, exactly or within --row-sum-tolerance.
void require_stochastic(const MatrixFile& m, const std::optional<Rational>& tolerance) {
  for (const RowSumExcess& row : row_sum_excesses(m.matrix)) {
    const Rational magnitude = row.excess < 0 ? Rational(-row.excess) : row.excess;
    if (tolerance && magnitude <= *tolerance) continue;
    throw InputError(m.source, m.row_locations[row.row] + ": row " + std::to_string(row.row) +
                                   " sums to " + message_excerpt(to_string(row.excess + 1)) +
                                   " (1 " + (row.excess < 0 ? "- " : "+ ") + scientific(magnitude) +
                                   "): a reference must be a mechanism" +
                                   (tolerance ? ", beyond --row-sum-tolerance"
                                              : " (--row-sum-tolerance T accepts rounding)"));
  }
}

ConformReference from_file(const ConformReferenceFlags& f) {
  const MechanismFlags& m = f.mech;
  if (!m.common.empty() || !m.tags.empty() || !m.users.empty() || !m.user_groups.empty()) {
    throw InvalidArgument("--matrix: --common, --tags and --users only go with --mech pum");
  }
  if (m.k || m.theta || m.mangat_p || m.block) {
    throw InvalidArgument("--matrix: --k, --theta, --mangat-p and --block only go with --mech");
  }
  std::optional<Rational> tolerance;
  if (f.row_sum_tolerance) tolerance = parse_tolerance(*f.row_sum_tolerance, "--row-sum-tolerance");
  const std::optional<PrivacyBudget> budget = m.budget.parse();
  if (m.sensitive_given && !budget) {
    throw InvalidArgument("--sensitive: a ULDP claim needs its budget (--exp-eps T or --eps E)");
  }
  if (f.protected_given && !m.sensitive_given) {
    throw InvalidArgument("--protected: a ULDP claim needs its sensitive inputs (--sensitive)");
  }
  ConformReference r;
  r.name = f.file.path == "-" ? "<stdin>" : f.file.path;
  if (budget) {
    r.scope.claimed = true;
    r.scope.claimed_exp_eps = claimed_exp_eps(*budget);
  }
  MechanismFile file = read_mechanism_file(f.file.path, f.file.read_options());
  std::visit(Overloaded{[&](MatrixFile& matrix) {
                          require_stochastic(matrix, tolerance);
                          r.reading = describe_reading(matrix);
                          if (m.sensitive_given) {
                            const IndexSet xs = parse_index_list(
                                m.sensitive, matrix.matrix.num_inputs(), "--sensitive");
                            r.scope.protected_symbols =
                                f.protected_given
                                    ? parse_index_list(f.protected_list,
                                                       matrix.matrix.num_outputs(), "--protected")
                                    : minimal_protected_outputs(matrix.matrix, xs);
                          }
                          r.model = dense_params(matrix.matrix);
                          r.syntax.labels = matrix.matrix.output_labels();
                        },
                        [&](BitProductFile& bits) {
                          r.reading = "JSON (structured)";
                          if (m.sensitive_given) {
                            const IndexSet xs =
                                parse_index_list(m.sensitive, bits.q.k(), "--sensitive");
                            r.scope.protected_zero_bits =
                                f.protected_given
                                    ? parse_index_list(f.protected_list, bits.q.k(), "--protected")
                                : bits.protected_zero_bits
                                    ? IndexSet::from_indices(*bits.protected_zero_bits, bits.q.k(),
                                                             r.name + ": protected_zero_bits")
                                    : xs.complement();
                          }
                          r.model = unary_params(bits.q);
                        }},
             file);
  r.claim = claim_text(r.scope);
  return r;
}

}  // namespace

OutputSyntax sample_syntax(const ConformReference& reference, bool output_index) {
  if (!output_index) return reference.syntax;
  if (reference.pooling) {
    throw InvalidArgument("--output-index: " + reference.name +
                          "'s outputs are too many to list, so they have no column index; "
                          "samples name them as sets ({1,3} or k-bit strings)");
  }
  return {};
}

void ConformReferenceFlags::add_to(CLI::App& command) {
  mech.add_with_mech_option(command);
  mech.add_pum_options(command);
  file.add_to(command,
              "the reference as an exact mechanism file instead of --mech (the formats of `uldp "
              "check --matrix`); a budget makes its claim eps-LDP, --sensitive (and "
              "--protected) ULDP");
  command
      .add_option("--protected", protected_list,
                  "with --matrix and --sensitive: the protected outputs Y_P (dense: output "
                  "indices; structured: bits that are 0); default: the smallest valid Y_P")
      ->each([this](const std::string&) { protected_given = true; });
  add_text_option(command, "--row-sum-tolerance", row_sum_tolerance,
                  "with --matrix: accept rows with |sum - 1| <= T (an exact rational or decimal, "
                  "at most 1/10; default: rows sum to exactly 1)");
}

// --mech pum: without --users the common mechanism Q_cmn over Z (the obfuscator every client
// shares; inputs are X then the bots); with --users, the PUM Q^(i) = Q_cmn ∘ f_pre^(i) of the one
// pre-processor the file holds (one user's client), claiming Proposition 9's
// (X_S ∪ X_S^(i), Y_P, ε)-ULDP.
ConformReference from_personalized(const MechanismFlags& flags) {
  const PumSetup pum = flags.build_pum(false);
  ConformReference r;
  const std::string common(entry_of(pum.common).name);
  if (!pum.users) {
    r.name =
        "pum (Q_cmn: " + common + " over Z = X + " + std::to_string(pum.tags.size()) + " bots)";
    r.model = estimation_model(pum.common);
    if (is_class_family(r.model)) {
      from_dense_expansion(pum.common, r);
    } else {
      r.scope = scope_of(pum.common);
    }
    return r;
  }
  const PumPopulation& users = *pum.users;
  if (users.groups().size() != 1) {
    throw InvalidArgument("--users: conform tests one user's client, and the file holds " +
                          std::to_string(users.groups().size()) +
                          " different pre-processors; give a file with that user's line only");
  }
  const DenseForm q_cmn = [&] {
    try {
      return std::get<DenseForm>(exact_form(pum.common, FormChoice::kDense));
    } catch (const InvalidArgument& e) {
      throw InvalidArgument(std::string("--users: the user's mechanism is built densely, and ") +
                            e.what());
    }
  }();
  const PersonalizedMechanism q =
      personalized_mechanism(q_cmn.q, q_cmn.protected_outputs, users.preprocessor(0));
  r.name = "pum (the user of " + users.groups().front().source + ", Q_cmn: " + common + ")";
  r.model = dense_params(q.q);
  r.syntax.labels = q.q.output_labels();
  // Block families' reports are also read as the |X| + κ-bit strings `simulate` writes.
  const EstimationModel common_model = estimation_model(pum.common);
  if (is_class_family(common_model) && !std::holds_alternative<UhrParams>(common_model)) {
    r.syntax.bit_strings_over = pum.common.sensitive;
  }
  const PrivacyBudget budget = *budget_of(pum.common);
  r.scope.claimed = true;
  r.scope.claimed_exp_eps = claimed_exp_eps(budget);
  r.scope.protected_symbols = q.protected_outputs;
  return r;
}

ConformReference build_reference(const ConformReferenceFlags& flags) {
  if (!flags.file.given() && flags.mech.name.empty()) {
    throw InvalidArgument("--mech: required (" + mechanism_names() + "), or --matrix FILE");
  }
  if (flags.file.given() && !flags.mech.name.empty()) {
    throw InvalidArgument("--matrix: give --mech NAME or --matrix FILE, not both");
  }
  if (flags.file.given()) return from_file(flags);
  flags.file.refuse_without_matrix();
  if (flags.protected_given) throw InvalidArgument("--protected: only with --matrix FILE");
  if (flags.row_sum_tolerance) {
    throw InvalidArgument("--row-sum-tolerance: only with --matrix FILE");
  }
  if (flags.mech.personalized()) {
    ConformReference r = from_personalized(flags.mech);
    r.claim = claim_text(r.scope);
    return r;
  }
  const MechanismSpec spec = flags.mech.build();
  ConformReference r;
  r.name = entry_of(spec).name;
  r.model = estimation_model(spec);
  if (is_class_family(r.model)) {
    from_dense_expansion(spec, r);
  } else {
    r.scope = scope_of(spec);
  }
  r.claim = claim_text(r.scope);
  return r;
}

}  // namespace uldp::cli
