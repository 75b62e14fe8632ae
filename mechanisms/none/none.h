// The non-private mechanism (`none`): every user reports x itself, Q = I. No privacy at all; it
// is the baseline of the paper's utility tables and of its experiments.
#pragma once

#include <string_view>

#include <cstddef>

#include "uldp/forms/dense_mechanism.h"

namespace uldp {

/// The k x k identity matrix.
DenseMechanism non_private(std::size_t k);

/// The non-private mechanism as a registered one: it has no parameter beyond k.
struct NoneSpec {
  static constexpr std::string_view kName = "none";
};

}  // namespace uldp
