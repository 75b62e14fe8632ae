// The reference of `uldp conform samples` and `conform plan`: a registry mechanism (--mech NAME
// and its flags) or any exact matrix (--matrix FILE, with a budget for a claim: LDP, or ULDP with
// --sensitive and --protected), turned into the double-precision model the tests run on and the
// ratio condition of its claim. Privacy of the reference itself is `uldp check`'s business; here
// the reference only has to be a mechanism (rows summing to 1).
#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "matrix_file_flags.h"
#include "mechanism_flags.h"
#include "uldp/estimate/conformance.h"
#include "uldp/estimate/estimation_model.h"

namespace uldp::cli {

struct ConformReferenceFlags {
  MechanismFlags mech;  // --mech NAME and its parameters; with --matrix: --sensitive and budget
  MatrixFileFlags file;
  std::string protected_list;
  bool protected_given = false;
  std::optional<std::string> row_sum_tolerance;  // --row-sum-tolerance T; none: exact

  /// Adds --mech and its flags, --matrix and its reading flags, --protected, --row-sum-tolerance.
  void add_to(CLI::App& command);
};

struct ConformReference {
  std::string name;  ///< the registry name, or the file ("<stdin>" for '-')
  estimate::EstimationModel model;
  estimate::RatioScope scope;
  std::optional<std::string> reading;  ///< files: how the file was read, in one line
  /// Block families too large to list: how their outputs were pooled into cells, in one line.
  std::optional<std::string> pooling;
  std::string claim;  ///< "eps-LDP at exp_eps 3", "ULDP ...", or "none"
  /// How sample outputs name their column: by label where labels differ from column indices
  /// (uHR's "h2", uBD's "{1,3}", a matrix file's header), else by index.
  estimate::OutputSyntax syntax;
};

/// Builds the reference from exactly one of --mech and --matrix. The mechanisms whose outputs
/// are a class family (ubd, ubd-opt, uhr, uss) are tested on their dense expansion (at most
/// 4096 outputs), their samples' outputs read by label; beyond it the block families (ubd,
/// ubd-opt, uss) on their pooled form (uldp/mechanisms/pooled_form.h), outputs read as sets.
/// Throws InvalidArgument naming the flag, InputError naming file:line (a row that does not sum
/// to 1, a malformed file).
ConformReference build_reference(const ConformReferenceFlags& flags);

/// How samples name outputs: the reference's syntax, or with --output-index the 0-based column
/// (refused for a pooled reference, whose outputs are not listed).
estimate::OutputSyntax sample_syntax(const ConformReference& reference, bool output_index);

}  // namespace uldp::cli
