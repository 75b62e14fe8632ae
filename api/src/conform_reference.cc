#include "uldp/api/conform_reference.h"

#include <cmath>

#include "uldp/api/check.h"
#include "uldp/api/pair_loss.h"
#include "uldp/api/render.h"
#include "uldp/constructions/personalized_mechanism.h"
#include "uldp/constructions/pum_population.h"
#include "uldp/error.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/forms/form_checks.h"
#include "uldp/forms/tolerance.h"
#include "uldp/io/matrix_reader.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/mechanism_parameters.h"
#include "uldp/mechanisms/pooled_form.h"

namespace uldp::api {
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
                        },
                        [&](const BloomForm&) {}},  // Y_P = Y: the LDP scope
             exact_form(spec));
  return scope;
}

// The mechanisms whose outputs are a class family (blocks, Hadamard columns): their structured
// estimation models have no per-output row, so conformance runs on the dense expansion.
bool is_class_family(const EstimationModel& model) { return model_traits(model).class_family; }

// A block family's memberships in doubles (none for uHR's folded columns).
std::optional<PooledMembership> membership_of(const MechanismSpec& spec, const PooledForm& f) {
  if (f.membership.empty()) return std::nullopt;
  PooledMembership m{spec.sensitive, {}, {}, {}, {}, {}};
  for (const BlockMembership& b : f.membership) {
    m.blocks.push_back(b.block);
    m.own.push_back(to_double(b.own));
    m.other.push_back(to_double(b.other));
    m.open.push_back(to_double(b.open));
    m.sized.push_back(to_double(b.sized));
  }
  return m;
}

// rappor-bloom's bits in doubles: the filters as masks.
BloomBitModel bloom_bit_model(std::size_t k, const CellsByCohort& cells,
                              const BloomBitMarginals& b) {
  BloomBitModel m;
  m.inputs = k;
  m.cohorts = cells.cohorts;
  m.bits = cells.bits;
  m.one_if_on = to_double(b.one_if_on);
  m.one_if_off = to_double(b.one_if_off);
  m.prefix = cells.prefix;
  m.words = (m.bits + 63) / 64;
  m.masks.assign(k * m.cohorts * m.words, 0);
  for (std::size_t c = 0; c < m.cohorts; ++c) {
    for (std::size_t x = 0; x < k; ++x) {
      for (const std::uint32_t j : b.filters[c][x])
        m.masks[(x * m.cohorts + c) * m.words + j / 64] |= std::uint64_t{1} << (j % 64);
    }
  }
  return m;
}

// The block families beyond their dense expansion: the pooled form, outputs read as sets; uHR
// beyond it: its columns by label and X_N folded by the reporting input.
bool from_pooled_form(const MechanismSpec& spec, ConformReference& r,
                      std::size_t max_entries = kMaxPooledEntries) {
  const std::optional<PooledForm> pooled = pooled_form(spec, max_entries);
  if (!pooled) return false;
  if (pooled->cells() > kMaxPooledEntries / spec.k) {
    throw InvalidArgument("conform: " + r.name + " pools into " + std::to_string(pooled->cells()) +
                          " cells for " + std::to_string(spec.k) + " inputs, beyond the limit of " +
                          std::to_string(kMaxPooledEntries) + " entries");
  }
  // The block families' output count, for the pooling line (the exact form: built only for it).
  const auto outputs = [&] {
    return std::visit(Overloaded{[](const ClassForm& f) { return to_string(f.q.num_outputs()); },
                                 [](const auto&) { return std::string("?"); }},
                      exact_form(spec));
  };
  DenseParams model = dense_params(DenseMechanism(spec.k, pooled->labels, pooled->q));
  model.membership = membership_of(spec, *pooled);
  model.cells_relative_to_input = std::holds_alternative<CellsByOwnHash>(pooled->output_cells);
  if (pooled->bloom_bits) {
    model.bloom_bits =
        bloom_bit_model(spec.k, std::get<CellsByCohort>(pooled->output_cells), *pooled->bloom_bits);
  }
  r.model = std::move(model);
  r.syntax.labels = pooled->labels;
  std::visit(
      Overloaded{[&](const CellsBySet& sets) {
                   r.syntax.bit_strings_over = spec.sensitive;
                   r.syntax.cell_of_set = sets.cell_of;
                   r.pooling = std::to_string(pooled->cells()) + " cells pooling its " + outputs() +
                               " outputs (blocks by size and " +
                               (pooled->spans ? "smallest and largest member" : "smallest member") +
                               ", X_N symbols alone), since they are too many to list, and "
                               "by the blocks holding each input, by size";
                 },
                 [&](const CellsByOwnHash& fold) {
                   r.syntax.cell_of_report = fold.cell_of;
                   r.syntax.report_form = fold.form;
                   std::string pooling = std::to_string(pooled->cells()) + " cells: " + fold.fold +
                                         ", since its outputs are too many to list; the cells are "
                                         "relative to the input";
                   if (fold.events_of && spec.k <= kMaxOwnHashEventInputs) {
                     // The events across inputs the cells lose: each bounds eps.
                     r.syntax.input_events = fold.events_of;
                     std::get<DenseParams>(r.model).input_event_name = fold.event_name;
                     std::get<DenseParams>(r.model).inputs_with_events = fold.event_inputs;
                     pooling += ", and each report is tallied by " + fold.events + " (the events " +
                                fold.event_name(0, true) + " and " + fold.event_name(0, false) +
                                ", ..., which bound eps)";
                   } else {
                     pooling += ", so they bound no eps";
                     if (fold.events_of) {
                       pooling += " (the events across inputs are tallied up to k = " +
                                  std::to_string(kMaxOwnHashEventInputs) + ")";
                     }
                   }
                   r.pooling = std::move(pooling);
                 },
                 [&](const CellsByCohort& cohorts) {
                   r.pooling = std::to_string(cohorts.cohorts) + " cells: one per " +
                               cohorts.prefix + ", each report's " + std::to_string(cohorts.bits) +
                               " bits tallied one by one per input and " + cohorts.prefix +
                               ", since its outputs are too many to list";
                 },
                 [&](const CellsByLabel& labels) {
                   r.syntax.folded_symbols = labels.folded;
                   r.pooling = std::to_string(pooled->cells()) + " cells: its " +
                               std::to_string(pooled->protected_cells.size()) +
                               " columns, and its " + std::to_string(labels.folded.symbols.size()) +
                               " X_N outputs as the reporting input's own symbol or "
                               "another's, since they are too many to list";
                 }},
      pooled->output_cells);
  const std::optional<PrivacyBudget> budget = budget_of(spec);
  if (entry_of(spec).claim == Claim::kNone || !budget) return true;
  r.scope.claimed = true;
  r.scope.claimed_exp_eps = claimed_exp_eps(*budget);
  if (entry_of(spec).claim == Claim::kUldp) r.scope.protected_symbols = pooled->protected_cells;
  return true;
}

void from_dense_expansion(const MechanismSpec& spec, ConformReference& r) {
  const bool blocks = model_traits(r.model).block_family;
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
  DenseParams model = dense_params(dense.q);
  // Each block is its own output here, yet a test of thousands of outputs barely sees a client
  // that never reports its own value in blocks of one size: the memberships see it (coarse
  // cells: only their memberships are used).
  if (blocks) {
    if (const std::optional<PooledForm> pooled = pooled_form(spec, 0))
      model.membership = membership_of(spec, *pooled);
  }
  r.model = std::move(model);
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
void require_stochastic(const MatrixFile& m, const MatrixReference& f) {
  const std::optional<RowSumExcess> row = review_row_sums(m.matrix, f.row_sum_tolerance).beyond;
  if (!row) return;
  const std::string where =
      row->row < m.row_locations.size() ? m.row_locations[row->row] + ": " : std::string();
  throw InputError(
      m.source,
      where + "row " + std::to_string(row->row) + " sums to " +
          message_excerpt(to_string(row->excess + 1)) + " (1 " + (row->excess < 0 ? "- " : "+ ") +
          scientific(row->magnitude()) + "): a reference must be a mechanism" +
          (f.row_sum_tolerance ? ", beyond " + f.row_sum_tolerance_name
                               : " (" + f.row_sum_tolerance_name + " T accepts rounding)"));
}

// The line of a reference whose ratio claim fails: its tight e^eps, the claim, the witness.
std::string ratio_break_line(const Verdict& v, const Rational& claimed) {
  std::string line =
      "its tight e^eps is " + v.tight_exp_eps.to_string() + " > the claimed " + to_string(claimed);
  if (v.witness) {
    line += " (x = " + std::to_string(v.witness->x) +
            ", x' = " + std::to_string(v.witness->x_prime) + ", y = " + v.witness->y_label + ")";
  }
  return line + "; a client that matches it breaks the claim too";
}

// The exact verdict of a matrix reference on its own claim: a line when it breaks it.
std::optional<std::string> own_claim_break(const ExactForm& form, const MatrixReference& f,
                                           std::size_t inputs) {
  if (!f.budget) return std::nullopt;
  const IndexSet xs = f.sensitive ? f.sensitive->resolve(inputs) : IndexSet::all(inputs);
  const Verdict v =
      check_property(form, f.sensitive ? Property::kUldp : Property::kLdp, xs, f.budget);
  if (v.holds) return std::nullopt;
  return ratio_break_line(v, f.budget->exp_eps());
}

// The exact verdict of a registry reference on its own claim, where its construction does not
// guarantee it: IDUE's per-input bits against MinID-LDP, a budget given to a mechanism built from
// other parameters (rappor-bloom's f, p, q; Mangat's p). A line when it breaks it.
std::optional<std::string> registry_claim_break(const MechanismSpec& spec,
                                                const MechanismArguments& arguments) {
  const MechanismEntry& entry = entry_of(spec);
  const bool budget_is_a_claim =
      arguments.budget && entry.takes(kBudgetParameter.declaration) == Takes::kOptional;
  if (entry.claim != Claim::kMinIdLdp && !budget_is_a_claim) return std::nullopt;
  const CheckResult c = check(CheckRequest(MechanismSubject{spec}));
  if (c.passes()) return std::nullopt;
  for (Property p : c.required) {
    const Verdict& v = c[p].verdict;
    if (!v.holds) return ratio_break_line(v, c.budget->exp_eps());
  }
  if (c.pairs) {
    for (const NotionVerdictLine& line : notion_verdict_lines(*c.pairs)) {
      if (!line.accepted) return line.text + "; a client that matches it breaks the claim too";
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<ConformReference> pooled_reference(const MechanismSpec& spec,
                                                 std::size_t max_entries) {
  ConformReference r;
  r.name = entry_of(spec).name;
  if (!from_pooled_form(spec, r, max_entries)) return std::nullopt;
  r.claim = claim_text(r.scope);
  return r;
}

namespace {

ConformReference from_file(const MatrixReference& f) {
  if (f.row_sum_tolerance) {
    validate_tolerance(*f.row_sum_tolerance, to_string(*f.row_sum_tolerance),
                       f.row_sum_tolerance_name);
  }
  if (f.sensitive && !f.budget) {
    throw InvalidArgument(f.sensitive->name + ": a ULDP claim needs its budget");
  }
  if (f.protected_outputs && !f.sensitive) {
    throw InvalidArgument(f.protected_outputs->name + ": a ULDP claim needs its sensitive inputs");
  }
  ConformReference r;
  r.name = f.source;
  if (f.budget) {
    r.scope.claimed = true;
    r.scope.claimed_exp_eps = claimed_exp_eps(*f.budget);
  }
  std::visit(
      Overloaded{
          [&](const MatrixFile& matrix) {
            require_stochastic(matrix, f);
            r.reading = f.reading ? *f.reading : describe_reading(matrix);
            if (f.sensitive) {
              const IndexSet xs = f.sensitive->resolve(matrix.matrix.num_inputs());
              r.scope.protected_symbols =
                  f.protected_outputs ? f.protected_outputs->resolve(matrix.matrix.num_outputs())
                                      : minimal_protected_outputs(matrix.matrix, xs);
            }
            r.model = dense_params(matrix.matrix);
            r.syntax.labels = matrix.matrix.output_labels();
            r.breaks_own_claim = own_claim_break(
                DenseForm{matrix.matrix, r.scope.protected_symbols
                                             ? *r.scope.protected_symbols
                                             : IndexSet::all(matrix.matrix.num_outputs())},
                f, matrix.matrix.num_inputs());
          },
          [&](const BitProductFile& bits) {
            r.reading = "JSON (structured)";
            if (f.sensitive) {
              const IndexSet xs = f.sensitive->resolve(bits.q.k());
              r.scope.protected_zero_bits =
                  f.protected_outputs ? f.protected_outputs->resolve(bits.q.k())
                  : bits.protected_zero_bits
                      ? IndexSet::from_indices(*bits.protected_zero_bits, bits.q.k(),
                                               r.name + ": protected_zero_bits")
                      : xs.complement();
            }
            r.model = unary_params(bits.q);
            r.breaks_own_claim = own_claim_break(
                BitProductForm{bits.q, ZeroMaskOutputs{r.scope.protected_zero_bits
                                                           ? *r.scope.protected_zero_bits
                                                           : IndexSet::first(0, bits.q.k())}},
                f, bits.q.k());
          }},
      f.file);
  r.claim = claim_text(r.scope);
  return r;
}

// The PUM's common mechanism, or one user's Q^(i) (PumReference).
ConformReference from_personalized(const PumReference& pum) {
  ConformReference r;
  const std::string common(entry_of(pum.common).name);
  if (!pum.users) {
    r.name = "pum (Q_cmn: " + common + " over Z = X + " + std::to_string(pum.bots()) + " bots)";
    r.model = estimation_model(pum.common);
    if (is_class_family(r.model)) {
      from_dense_expansion(pum.common, r);
    } else {
      r.scope = scope_of(pum.common);
    }
    r.claim = claim_text(r.scope);
    return r;
  }
  const PumPopulation& users = *pum.users;
  if (users.groups().size() != 1) {
    throw InvalidArgument(pum.users_name +
                          ": conform tests one user's client, and the file holds " +
                          std::to_string(users.groups().size()) +
                          " different pre-processors; give a file with that user's line only");
  }
  const DenseForm q_cmn = [&] {
    try {
      return std::get<DenseForm>(exact_form(pum.common, FormChoice::kDense));
    } catch (const InvalidArgument& e) {
      throw InvalidArgument(pum.users_name + ": the user's mechanism is built densely, and " +
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
  if (model_traits(common_model).block_family) {
    r.syntax.bit_strings_over = pum.common.sensitive;
  }
  const PrivacyBudget budget = *budget_of(pum.common);
  r.scope.claimed = true;
  r.scope.claimed_exp_eps = claimed_exp_eps(budget);
  r.scope.protected_symbols = q.protected_outputs;
  r.claim = claim_text(r.scope);
  return r;
}

ConformReference from_registry(const RegistryReference& reference) {
  const MechanismSpec spec =
      make_mechanism(find_mechanism(reference.name, "mechanism"), reference.arguments);
  ConformReference r;
  r.name = entry_of(spec).name;
  for (const MechanismParameter& parameter : mechanism_parameters(spec)) {
    if (parameter.name == "K") r.parameters = "K = " + to_string(parameter.value);
  }
  r.breaks_own_claim = registry_claim_break(spec, reference.arguments);
  std::optional<EstimationModel> model;
  try {
    model = estimation_model(spec);
  } catch (const InvalidArgument&) {
    // Doubles too large to hold (a Bloom filter's masks for 10^4 inputs) may still pool.
    if (!from_pooled_form(spec, r)) throw;
    r.claim = claim_text(r.scope);
    return r;
  }
  r.model = std::move(*model);
  if (model_traits(r.model).unlisted) {
    // Outputs too many to list (local hashing's 2^32 seeds, Chrome's Bloom filters): tested on
    // the pooled form, which every unlisted mechanism has.
    if (!from_pooled_form(spec, r)) {
      throw InvalidArgument("conform: " + r.name +
                            " has too many outputs to list and no pooled form");
    }
    r.claim = claim_text(r.scope);
    return r;
  }
  if (is_class_family(r.model)) {
    from_dense_expansion(spec, r);
  } else {
    r.scope = scope_of(spec);
    r.syntax.labels = report_labels(r.model);  // as simulate writes them (local hashing: "s,y")
  }
  r.claim = claim_text(r.scope);
  if (const Claim claim = entry_of(spec).claim;
      claim == Claim::kMetricLdp || claim == Claim::kMinIdLdp) {  // per-pair: no single ratio
    r.claim = budget_description(spec) + ": not tested here, its bounds are per pair; the fit is";
  }
  return r;
}

}  // namespace

SpecOrPum registry_or_pum(const ReferenceRequest& request, const std::string& workflow) {
  return std::visit(
      Overloaded{[](const RegistryReference& r) {
                   return SpecOrPum{
                       make_mechanism(find_mechanism(r.name, "mechanism"), r.arguments),
                       std::nullopt};
                 },
                 [&](const MatrixReference& r) -> SpecOrPum {
                   throw InvalidArgument("mechanism: " + r.source + " is a matrix; " + workflow +
                                         " takes a registry mechanism or the PUM");
                 },
                 [](const PumReference& r) {
                   return SpecOrPum{r.common, r};
                 }},
      request);
}

IndexSet PumReference::sensitive_over_x() const {
  const std::size_t k = common.k - bots();
  std::vector<std::size_t> over_x;
  for (const std::size_t x : common.sensitive.indices()) {
    if (x < k) over_x.push_back(x);
  }
  return IndexSet::from_indices(over_x, k, "sensitive");
}

ConformReference build_reference(const ReferenceRequest& request) {
  return std::visit(Overloaded{[](const RegistryReference& r) { return from_registry(r); },
                               [](const MatrixReference& r) { return from_file(r); },
                               [](const PumReference& r) { return from_personalized(r); }},
                    request);
}

OutputSyntax sample_syntax(const ConformReference& reference, bool output_index,
                           const std::string& output_index_name) {
  if (!output_index) {
    estimate::OutputSyntax syntax = reference.syntax;
    syntax.output_index_name = output_index_name;
    return syntax;
  }
  if (reference.pooling) {
    throw InvalidArgument(output_index_name + ": " + reference.name +
                          "'s outputs are too many to list, so they have no column index; "
                          "samples name them by label (h2, 4150) or as sets ({1,3} or k-bit "
                          "strings)");
  }
  estimate::OutputSyntax columns;
  columns.output_index_name = output_index_name;
  return columns;
}

}  // namespace uldp::api
