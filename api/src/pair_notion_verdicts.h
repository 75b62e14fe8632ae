// Internal to uldp::api: the per-pair notions of a request decided on the losses already read.
#pragma once

#include "uldp/api/pair_loss.h"

namespace uldp::api {

/// Decides each notion of request.notions on result.losses (with result.tolerance) into result;
/// throws InvalidArgument for a notion over restricted outputs, or whose budgets do not fit the
/// inputs.
void decide_notions(const PairLossRequest& request, PairLossResult& result);

}  // namespace uldp::api
