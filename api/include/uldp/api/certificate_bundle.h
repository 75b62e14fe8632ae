// `uldp check --certificate DIR`: a bundle a third party re-checks without uldp — the exact
// matrix, the verdicts as JSON, an SMT-LIB2 script for z3 and a README saying how.
#pragma once

#include <string>

#include "uldp/api/check.h"

namespace uldp::api {

/// Writes matrix.csv, verdicts.json, check.smt2, z3-expected.txt and README.md for `result` (a
/// check run with its SMT re-check) into `dir`, created if missing. Throws InvalidArgument
/// "NAME: cannot write '...'" when a file cannot be written, `name` being how the caller calls
/// the bundle ("--certificate").
void write_certificate_bundle(const std::string& dir, const CheckResult& result,
                              const std::string& name = "certificate");

}  // namespace uldp::api
