// Outputs that are input symbols, folded by the input that reports them: how uHR is tested when
// its X_N outputs are too many to list. Each symbol o of X_N is an output that only o reports, so
// for a sample of input x the outputs o = x ("its own symbol") and o != x ("another's symbol",
// probability 0 for every input) are all a fit needs: within one input's row the fold is
// one-to-one on the outputs it can produce, and it never touches the protected outputs.
#pragma once

#include <cstddef>

#include "uldp/arithmetic/index_set.h"

namespace uldp {

struct FoldedSymbols {
  IndexSet symbols;              ///< the outputs that are input symbols (uHR: X_N)
  std::size_t own_cell = 0;      ///< the cell of y = x
  std::size_t another_cell = 0;  ///< the cell of y != x: no input reports another's symbol
};

}  // namespace uldp
