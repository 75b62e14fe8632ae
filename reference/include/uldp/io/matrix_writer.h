// Writing an exact matrix as CSV that every reader takes as its author meant: a "# header: yes"
// line (so index labels "0,1" and bit strings are never mistaken for data), the output labels
// quoted as RFC 4180 says, then one row of exact rationals per input. `read_matrix_file` reads
// it back to the same matrix with no flag.
#pragma once

#include <string>
#include <string_view>

#include "uldp/forms/dense_mechanism.h"

namespace uldp {

/// `text` in double quotes, each quote inside doubled (RFC 4180).
std::string csv_quoted(std::string_view text);

/// The matrix as CSV: `comment` lines first (each prefixed "# "; may be empty), then
/// "# header: yes", the quoted labels and the rows.
std::string matrix_csv(const DenseMechanism& q, std::string_view comment = {});

}  // namespace uldp
