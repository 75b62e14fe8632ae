// uBD with one block size K as a closed-form family (arXiv 2509.24173): its entry-class model,
// shared with uSS (uBD followed by a post-processing of Y_I).
#pragma once

#include "internal/class_table.h"

namespace uldp::verify::internal {

/// uBD with one block size K (arXiv 2509.24173): |X_S| = ns >= 1, 1 <= K <= ns, |X_N| = nn.
/// C stands for C(ns, K); the only binomial facts used are C(ns-1, K-1) = C K/ns >= 1 and, for
/// K < ns, C(ns-1, K) = C (ns-K)/ns >= 1 (a sensitive row meets C K/ns blocks holding it).
/// The entries are used in a normal form over the one denominator D' C, D' = K D = tK + ns - K;
/// the query "definition" proves it equal to the construction as published.
struct UbdModel {
  z3::expr t, ns, nn, block, blocks;
  Fraction in, off, open, self;
  z3::expr params;
  ClassTable table;
  z3::expr rows_sum_to_one, matches_definition, denominators_positive;
};

/// The model over fresh constants of `ctx`; sizes are Int when `integer_sizes`.
UbdModel make_ubd(z3::context& ctx, bool integer_sizes);

}  // namespace uldp::verify::internal
