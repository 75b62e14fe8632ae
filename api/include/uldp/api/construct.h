// `uldp construct uldp-from-ldp` as a workflow: an ε-LDP mechanism on X_S (a dense matrix, one row
// per sensitive input) turned into an (X_S, Y_P, ε)-ULDP mechanism on k inputs
// (uldp/constructions/uldp_from_ldp.h), then checked by the exact ULDP checker at M's tight ratio
// before anyone sees it. One JSON writer, one text renderer, and CSV that `uldp check` reads back.
#pragma once

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "uldp/api/index_selection.h"
#include "uldp/api/mechanism.h"
#include "uldp/constructions/uldp_from_ldp.h"
#include "uldp/forms/verdict.h"

namespace uldp::api {

struct UldpFromLdpRequest {
  DenseMechanism ldp;  ///< M: one row per input of X_S, in increasing order
  std::string source;  ///< how M is named ("m.csv", "<stdin>", "M")
  IndexSelection sensitive;
  std::size_t k = 0;  ///< |X|
  NonSensitiveRow row = NonSensitiveRow::kMinimum;
};

struct UldpFromLdpResult {
  std::string source;
  NonSensitiveRow row = NonSensitiveRow::kMinimum;
  UldpFromLdp construction;
  /// The exact (X_S, Y_P, ε)-ULDP verdict of the result (literal reading) at M's tight ratio.
  Verdict uldp;
};

/// Throws InvalidArgument naming "k", "sensitive" or "matrix" when they do not fit; throws
/// std::logic_error if the result failed its own check (a bug, never an input's fault).
UldpFromLdpResult construct_uldp_from_ldp(const UldpFromLdpRequest& request);

/// md (summary and table), csv (`uldp check --matrix` reads it back; X_S and Y_P in its comment)
/// or json {"construction", "source", "non_sensitive_rows", "k", "sensitive", "protected",
/// "outputs", "Q", "own_output", "exp_eps", "uldp": {"holds", "tight_exp_eps"}}.
std::string render(const UldpFromLdpResult& result, MechanismFormat format);

}  // namespace uldp::api
