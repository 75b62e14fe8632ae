// A reference as a front end is given it, one value per parameter, turned into the
// ReferenceRequest here: the command's flags (cli/conform_reference_flags.cc, mechanism_flags.cc)
// and Python's keywords (python/src/core.cc) both build it with these functions, so a parameter
// means one thing whoever asks; only the names in messages differ ("--k: ..." and "k: ...").
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "uldp/api/conform_reference.h"
#include "uldp/io/pum_users_reader.h"

namespace uldp::api {

/// The name that selects the personalized mechanism (Section 5): not a registry entry but the
/// PUM construction over the registry mechanism named by `common` (docs/architecture.md).
inline constexpr std::string_view kPumName = "pum";

/// How a front end names each parameter in its messages.
struct ReferenceNames {
  /// The parameters of the table (parameter_table.h): "--exp-eps" (flags) or "exp_eps" (keywords).
  bool flags_style = true;
  std::string mech, matrix, protected_outputs, common, tags, users, row_sum_tolerance;
  std::string mech_choice;    ///< a registry mechanism chosen: "--mech NAME", "mech=NAME"
  std::string matrix_choice;  ///< a matrix chosen: "--matrix FILE", "matrix=Q"
  std::string pum_choice;     ///< the PUM chosen: "--mech pum", "mech='pum'"

  /// How messages name the parameter whose keyword is `keyword`: "--exp-eps" or "exp_eps".
  std::string of(std::string_view keyword) const;
  /// The command's flags: "--k", "--exp-eps", "--mech pum", ...
  static ReferenceNames flags();
  /// Python's keywords: "k", "exp_eps", "mech='pum'", ...
  static ReferenceNames keywords();
};

/// A PUM users list (docs/cli.md, "PUM input files"): a file, or its text held in memory.
struct PumUsersInput {
  PumUsersLayout layout = PumUsersLayout::kOneUserPerLine;
  std::string source;               ///< the path, or how errors name the text ("users")
  std::optional<std::string> text;  ///< the lines in memory; none: read the file `source`
};

/// A mechanism as given: a registry name or the PUM, and its parameters as text, read exactly
/// here by their declared grammar (parameter_table.h).
struct MechanismParameters {
  std::string name;  ///< a registry name or kPumName; empty: not given
  /// Each parameter given, by keyword ("k", "exp_eps", "mangat_p"): its text ("0-14", "3/2").
  std::map<std::string, std::string, std::less<>> given;
  std::optional<std::string> common;  ///< the PUM's common mechanism
  std::optional<std::string> tags;    ///< the PUM's tags, "home,work"
  std::optional<PumUsersInput> users;

  bool personalized() const { return name == kPumName; }
  /// The text given for `keyword`, or nullptr.
  const std::string* text(std::string_view keyword) const;
  /// Whether any parameter of `p` was given.
  bool has(const ParameterDeclaration& p) const;
  /// Sets (text) or removes (nullopt) the text of `keyword`.
  void set(std::string_view keyword, std::optional<std::string> text);
};

/// The budget of at most one of ε (as ε, certified) and t = e^ε given as text, each named in
/// errors by its own name ("eps_per_unit / exp_eps_per_unit: give at most one of them"); nullopt
/// when neither is given. The one reader of a budget pair: the budget, the budget per unit.
std::optional<PrivacyBudget> parse_budget_pair(const std::optional<std::string>& eps,
                                               const std::optional<std::string>& exp_eps,
                                               const std::string& eps_name,
                                               const std::string& exp_eps_name);
/// The budget of exactly one of eps and exp_eps, or nullopt when neither is given. Throws
/// InvalidArgument naming the parameter ("eps / exp_eps: give at most one of them").
std::optional<PrivacyBudget> parse_budget(const std::optional<std::string>& eps,
                                          const std::optional<std::string>& exp_eps,
                                          const ReferenceNames& names);

/// "1/2,0.3" as probabilities (exact rationals or decimals, comma-separated, at most
/// `max_entries`); throws InvalidArgument "NAME[i]: ..." naming the entry that is no probability.
std::vector<Rational> parse_probability_list(const std::string& text, const std::string& name,
                                             std::size_t max_entries);

/// The arguments of `entry`: k against the entry's fixed k or its limit before anything is
/// allocated (or the grid's cells, for a mechanism on a grid; the per-input budgets, for one that
/// takes them), X_S over k, the budget, θ (resolve_theta), Mangat's p, the block size, the grid,
/// the budget per unit, the per-input budgets and bit probabilities. Throws
/// InvalidArgument naming the parameter.
MechanismArguments mechanism_arguments(const MechanismEntry& entry, const MechanismParameters& p,
                                       const ReferenceNames& names);
/// The same for the registry entry named p.name; the PUM and its parameters are refused.
MechanismArguments mechanism_arguments(const MechanismParameters& p, const ReferenceNames& names);

/// One more parameter of `entry` given as `text` under `keyword` (any of the table's keywords but
/// k, X_S, the budget and those that set k, which have their own readers), read by its grammar
/// into `into.values` as mechanism_arguments reads it. Throws InvalidArgument naming `name` when
/// no parameter has the keyword, `entry` does not take it, or the text does not read.
void read_parameter(const MechanismEntry& entry, std::string_view keyword, const std::string& text,
                    const std::string& name, MechanismArguments& into);

/// The PUM's tag names from "home,work": letters, digits, '_' and '-', none twice, at most 1000.
std::vector<std::string> parse_pum_tags(const std::string& text, const ReferenceNames& names);

/// What the PUM is built from: Q_cmn over Z = X ∪ bots, X_S as given, the tags and the users.
struct PumSetup {
  MechanismSpec common;
  IndexSet common_sensitive;  ///< X_S over X, as given (none given: empty)
  std::vector<std::string> tags;
  std::optional<PumPopulation> users;
  std::size_t k() const { return common_sensitive.universe(); }
};

/// The PUM (p.personalized()): Q_cmn, the `common` entry over k + κ symbols with X_S ∪ bots, and
/// the users when given, read over X_S. Throws InvalidArgument naming the parameter, InputError
/// naming the users' source:line:column.
PumSetup pum_setup(const MechanismParameters& p, const ReferenceNames& names);

/// Everything a conformance reference may be given as: a mechanism or a matrix.
struct ReferenceArguments {
  MechanismParameters mechanism;
  /// Reads the matrix (called once the other parameters passed); empty: no matrix given.
  std::function<MechanismFile()> matrix;
  std::string matrix_source;  ///< how reports name the matrix ("their_matrix.csv", "matrix")
  /// How the matrix was read, for reports; none: the reader's describe_reading.
  std::optional<std::string> matrix_reading;
  /// Y_P of a matrix: a list of indices, or text such as "0-3" (IndexSet::parse).
  std::optional<std::variant<std::vector<std::size_t>, std::string>> protected_outputs;
  std::optional<std::string> row_sum_tolerance;
};

/// The request for exactly one of a mechanism and a matrix, every parameter refused where it does
/// not apply. Throws InvalidArgument naming the parameter, InputError naming the matrix's or the
/// users' place.
ReferenceRequest reference_request(const ReferenceArguments& a, const ReferenceNames& names);

}  // namespace uldp::api
