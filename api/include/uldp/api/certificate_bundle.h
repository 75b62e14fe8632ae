// `uldp check --certificate DIR`: a bundle a third party re-checks without uldp — the exact
// matrix, the verdicts as JSON, an SMT-LIB2 script for z3 and a README saying how.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "uldp/forms/dense_mechanism.h"

namespace uldp::cli {

/// What goes into a bundle.
struct CertificateContents {
  const DenseMechanism* matrix = nullptr;     ///< the exact matrix that was checked
  nlohmann::json verdicts;                    ///< the `check --json` report
  std::string smt_script;                     ///< the Z3 re-check (verify/smt_recheck.h)
  std::vector<std::string> expected_answers;  ///< what `z3 check.smt2` prints, in order
};

/// Writes matrix.csv, verdicts.json, check.smt2, z3-expected.txt and README.md into `dir`
/// (created if missing). Throws InvalidArgument naming --certificate when a file cannot be written.
void write_certificate_bundle(const std::string& dir, const CertificateContents& contents);

}  // namespace uldp::cli
