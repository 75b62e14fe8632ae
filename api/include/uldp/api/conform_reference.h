// What conformance tests a client against: a registry mechanism (as its arguments, so the
// diagnosis can rebuild it under other readings), any exact matrix with a claim (none, ε-LDP, or
// ULDP with X_S and Y_P), or the personalized mechanism (its common mechanism, or one user's),
// turned into the double-precision model the tests run on and the ratio condition of its claim.
// Privacy of the reference itself is the check workflow's business; here the reference only has
// to be a mechanism (rows summing to 1).
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "uldp/api/index_selection.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/constructions/pum_population.h"
#include "uldp/estimate/conformance.h"
#include "uldp/estimate/estimation_model.h"
#include "uldp/io/matrix_reader.h"
#include "uldp/mechanisms/registry.h"

namespace uldp::api {

/// A registry mechanism by name and arguments (validated by make_mechanism).
struct RegistryReference {
  std::string name;
  MechanismArguments arguments;
  /// θ as it was asked for ("optimal", "optimal-l1", "paper" or a value), when it was: the
  /// diagnosis resolves it again (resolve_theta) for every other budget it tries.
  std::optional<std::string> theta_rule = std::nullopt;
};

/// An exact matrix with its claim: none without a budget, ε-LDP with one, ULDP with X_S too.
struct MatrixReference {
  MechanismFile file;
  std::string source;  ///< how messages name it ("<stdin>", "their_matrix.csv")
  std::optional<PrivacyBudget> budget;
  std::optional<IndexSelection> sensitive;
  /// Y_P (dense: outputs; per-bit: the bits that are 0); none: the smallest valid Y_P, or a
  /// per-bit file's declared one, else its non-sensitive bits.
  std::optional<IndexSelection> protected_outputs;
  /// Rows may sum to 1 within it (exact, validated); none: exactly 1.
  std::optional<Rational> row_sum_tolerance;
  std::string row_sum_tolerance_name = "row_sum_tolerance";  ///< how errors name it
  /// How the matrix was read, for reports, when it was not read from a file (Python's float64
  /// array); none: the reader's describe_reading.
  std::optional<std::string> reading = std::nullopt;
};

/// The personalized mechanism (Section 5): without users the common mechanism Q_cmn over
/// Z = X ∪ bots that every client shares; with the one pre-processor of a users file, that user's
/// Q^(i) = Q_cmn ∘ f_pre^(i), claiming Proposition 9's (X_S ∪ X_S^(i), Y_P, ε)-ULDP.
struct PumReference {
  MechanismSpec common;
  std::vector<std::string> tags;  ///< one bot per tag: κ = tags.size()
  std::optional<PumPopulation> users;
  std::string users_name = "users";  ///< how errors name the users file's flag or parameter

  std::size_t bots() const { return tags.size(); }
  /// X_S over X: Q_cmn's sensitive set without the bots.
  IndexSet sensitive_over_x() const;
};

using ReferenceRequest = std::variant<RegistryReference, MatrixReference, PumReference>;

/// The mechanism a workflow with estimators (golden vectors, estimate, simulate) works on: a
/// registry mechanism's spec, or the PUM's common mechanism with the PUM itself.
struct SpecOrPum {
  MechanismSpec spec;
  std::optional<PumReference> pum;
};

/// Builds it; a matrix is refused ("mechanism: FILE is a matrix; WORKFLOW takes a registry
/// mechanism or the PUM").
SpecOrPum registry_or_pum(const ReferenceRequest& request, const std::string& workflow);

struct ConformReference {
  std::string name;  ///< the registry name, or the file ("<stdin>" for '-')
  /// What the name leaves out that tells the mechanism apart: a block family's K ("K = 2"; uSS
  /// chooses it when not given); empty otherwise.
  std::string parameters;
  /// The name with its parameters, as reports print it: "uss (K = 2)".
  std::string title() const { return parameters.empty() ? name : name + " (" + parameters + ")"; }
  estimate::EstimationModel model;
  estimate::RatioScope scope;
  std::optional<std::string> reading;  ///< files: how the file was read, in one line
  /// Block families too large to list: how their outputs were pooled into cells, in one line.
  std::optional<std::string> pooling;
  std::string claim;  ///< "eps-LDP at exp_eps 3", "ULDP ...", or "none"
  /// A matrix reference that breaks its own claim, decided exactly, in one line (its tight e^eps
  /// and the triple attaining it): a client that matches it breaks the claim too.
  std::optional<std::string> breaks_own_claim;
  /// How sample outputs name their column: by label where labels differ from column indices
  /// (uHR's "h2", uBD's "{1,3}", a matrix file's header), else by index.
  estimate::OutputSyntax syntax;
};

/// Builds the reference. The mechanisms whose outputs are a class family (ubd, ubd-opt, uhr, uss)
/// are tested on their dense expansion (at most 4096 outputs), their samples' outputs read by
/// label; beyond it the block families (ubd, ubd-opt, uss) on their pooled form
/// (uldp/mechanisms/pooled_form.h), outputs read as sets, and uHR on its V columns with X_N folded
/// by the reporting input (uldp/mechanisms/folded_symbols.h). Throws InvalidArgument naming the
/// parameter, InputError naming file:line (a row that does not sum to 1).
ConformReference build_reference(const ReferenceRequest& request);

/// The reference of a block family or uHR on its pooled form whatever its size, as
/// build_reference tests it beyond the dense expansion (blocks kept apart by span when k x cells
/// stays within `max_entries`): for checking that the pooled tests see what privacy depends on.
/// nullopt for a mechanism without a pooled form.
std::optional<ConformReference> pooled_reference(const MechanismSpec& spec,
                                                 std::size_t max_entries);

/// How samples name outputs: the reference's syntax, or with `output_index` the 0-based column
/// (refused for a pooled reference, whose outputs are not listed, naming `output_index_name`).
estimate::OutputSyntax sample_syntax(const ConformReference& reference, bool output_index,
                                     const std::string& output_index_name = "output_index");

}  // namespace uldp::api
