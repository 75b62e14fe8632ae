#include "uldp/mechanisms/none/none.h"

#include <vector>

#include "uldp/error.h"

namespace uldp {

DenseMechanism non_private(std::size_t k) {
  if (k == 0) throw InvalidArgument("non-private mechanism: k must be at least 1");
  std::vector<Rational> entries(k * k);
  for (std::size_t x = 0; x < k; ++x) entries[x * k + x] = 1;
  return DenseMechanism(k, DenseMechanism::index_labels(k), std::move(entries));
}

}  // namespace uldp
