// What `check` and the per-pair losses are asked about: a matrix (a file read, or one made in
// memory) with its X_S, or a registry mechanism in the form it is checked in.
#pragma once

#include <optional>
#include <string>
#include <variant>

#include "uldp/api/index_selection.h"
#include "uldp/io/entry_reading.h"
#include "uldp/io/matrix_reader.h"
#include "uldp/mechanisms/mechanism_spec.h"
#include "uldp/mechanisms/registry.h"

namespace uldp::api {

/// A matrix as read from a file (dense or per-bit) or made in memory, with its X_S.
struct MatrixSubject {
  MechanismFile file;
  /// How the matrix is named in reports and messages: the file ("<stdin>"), or "Q".
  std::string source;
  /// Files: how the entries were read (exact decimals or binary64); none: made in memory.
  std::optional<EntryReading> entry_reading;
  /// X_S as input indices; none: every input is sensitive.
  std::optional<IndexSelection> sensitive;
};

/// A registry mechanism, checked in its natural exact form (dense, per-bit or class-structured)
/// or its dense expansion.
struct MechanismSubject {
  MechanismSpec spec;
  FormChoice form = FormChoice::kStructured;
};

using CheckSubject = std::variant<MatrixSubject, MechanismSubject>;

}  // namespace uldp::api
