// The flags that say how a mechanism file is read (--matrix FILE, --header, --delimiter,
// --binary64), shared by every command that takes an exact matrix, with one help text each.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "uldp/io/matrix_reader.h"

namespace uldp::cli {

struct MatrixFileFlags {
  std::string path;       ///< --matrix FILE ('-': standard input); empty: not given
  std::string header;     ///< --header yes|no (delimited text); empty: detect
  std::string delimiter;  ///< --delimiter comma|tab|semicolon|whitespace; empty: detect
  bool binary64 = false;  ///< --binary64: each decimal entry is the double nearest to it

  /// Adds --matrix (with `matrix_help`), --header, --delimiter and --binary64.
  void add_to(CLI::App& command, const std::string& matrix_help);
  bool given() const { return !path.empty(); }
  /// The reading options of the flags given.
  MatrixReadOptions read_options() const;
  /// Throws InvalidArgument naming the first of --header, --delimiter, --binary64 given without
  /// --matrix.
  void refuse_without_matrix() const;
};

}  // namespace uldp::cli
