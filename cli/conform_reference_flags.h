// The flags that name the reference of `uldp conform samples`, `client` and `plan`: --mech NAME
// and its flags (the PUM with --common/--users), or --matrix FILE with a budget (ε-LDP) and
// --sensitive/--protected (ULDP); turned into the api's ReferenceRequest.
#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "matrix_file_flags.h"
#include "mechanism_flags.h"
#include "uldp/api/conform_reference.h"

namespace uldp::cli {

struct ConformReferenceFlags {
  MechanismFlags mech;  // --mech NAME and its parameters; with --matrix: --sensitive and budget
  MatrixFileFlags file;
  std::optional<std::string> protected_list;
  std::optional<std::string> row_sum_tolerance;  // --row-sum-tolerance T; none: exact

  /// Adds --mech and its flags, --matrix and its reading flags, --protected, --row-sum-tolerance.
  void add_to(CLI::App& command);
  /// The request for exactly one of --mech and --matrix (the file read here). Throws
  /// InvalidArgument naming the flag, InputError naming file:line:column.
  api::ReferenceRequest request() const;
};

}  // namespace uldp::cli
