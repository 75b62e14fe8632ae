// The formats of `uldp table`: Markdown and LaTeX for papers (decimals with the digits asked
// for, the columns asked for, footnotes that explain them), CSV and JSON for programs (every
// exact value, and a decimal beside it). One list of columns serves every format.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "uldp/api/table_rows.h"

namespace uldp::api {

struct TableLayout {
  std::string format = "md";         ///< md | latex | csv | json
  std::vector<std::string> columns;  ///< md / latex: these keys in this order; empty: all
  int digits = 6;                    ///< significant digits of every decimal
  std::uint64_t n = 0;
  std::string theta;
  bool vs_limit = false;
};

/// The column keys, in their default order (for --columns and its error message).
std::vector<std::string> table_column_keys(bool vs_limit);

/// Checks --format, --columns and --digits; throws InvalidArgument naming the flag.
void validate_layout(const TableLayout& layout);

void write_table(std::ostream& out, const std::vector<TableRow>& rows, const TableLayout& layout);

}  // namespace uldp::api
