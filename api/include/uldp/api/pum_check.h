// `uldp check --mech pum`: Propositions 9 and 10 on the PUMs of a users file.
#pragma once

#include "mechanism_flags.h"

namespace uldp::cli {

/// Builds Q_cmn and every user's Q^(i) exactly, prints the verdicts (text or JSON) and returns
/// the exit code: 0 when the hypothesis and both propositions hold, 1 otherwise.
int run_pum_check(const MechanismFlags& flags, bool json);

}  // namespace uldp::cli
