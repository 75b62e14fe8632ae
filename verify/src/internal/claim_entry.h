// One claim of the catalog with the queries that decide it. The mechanism folders give their
// families' claims (family_claims in mechanisms/NAME/NAME_claims.cc); claims.cc adds the
// constructions' claims and the mutants.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "uldp/verify/claims.h"
#include "uldp/verify/proof_status.h"

namespace uldp::verify::internal {

using ClaimRunner = std::function<std::vector<QueryResult>(unsigned)>;

struct ClaimEntry {
  ClaimInfo info;
  ClaimRunner run;
};

/// A family claim: `expected` kProved for the statement, kRefuted for a dropped hypothesis or
/// an erratum; `every_size` when the encoding covers every size by construction.
/// `coq`: the claim's theorem in the folder's NAME_claims.v.
inline ClaimEntry family_claim(std::string name, std::string paper_reference, std::string statement,
                               std::string shape, ProofStatus expected, bool every_size,
                               ClaimRunner run, std::optional<CoqTheorem> coq = std::nullopt) {
  ClaimEntry entry;
  entry.info.name = std::move(name);
  entry.info.paper_reference = std::move(paper_reference);
  entry.info.statement = std::move(statement);
  entry.info.shape = std::move(shape);
  entry.info.expected = expected;
  entry.info.every_size = every_size;
  entry.info.coq = std::move(coq);
  entry.run = std::move(run);
  return entry;
}

}  // namespace uldp::verify::internal
