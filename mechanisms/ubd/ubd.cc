// uBD with one block size: the constants, the class-structured form and its dense formulas.
#include "uldp/mechanisms/ubd/ubd.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "internal/block_classes.h"
#include "internal/subsets.h"
#include "uldp/error.h"

namespace uldp {
namespace {

using internal::all_subsets;
using internal::BlockClasses;
using internal::set_label;

// The dense formulas: subsets are listed once, when the dense size allows it.
DenseFormulas dense_formulas(const IndexSet& sensitive, std::size_t block, const UbdConstants& c) {
  const std::size_t outputs_limit = ClassStructuredMechanism::kMaxDenseSize;
  auto subsets = std::make_shared<std::vector<std::vector<std::size_t>>>();
  const IndexSet open = sensitive.complement();
  if (c.blocks + open.size() <= outputs_limit) *subsets = all_subsets(sensitive.indices(), block);
  const std::size_t count = subsets->size();
  return DenseFormulas{
      [=](std::size_t x, std::size_t y) -> Rational {
        if (y >= count) return open.indices()[y - count] == x ? c.reports_self : Rational(0);
        if (!sensitive.contains(x)) return c.from_open;
        const auto& b = (*subsets)[y];
        return std::binary_search(b.begin(), b.end(), x) ? c.in_block : c.off_block;
      },
      [=](std::size_t y) {
        return y < count ? set_label((*subsets)[y]) : std::to_string(open.indices()[y - count]);
      },
      [=](std::size_t y) { return y < count; }};
}

}  // namespace

Integer binomial(std::size_t n, std::size_t r) {
  if (r > n) return Integer(0);
  r = std::min(r, n - r);
  Integer result = 1;
  for (std::size_t i = 1; i <= r; ++i) result = result * (n - r + i) / i;  // exact at each step
  return result;
}

UbdConstants ubd_constants(std::size_t v, std::size_t block, const Rational& t) {
  if (v == 0) throw InvalidArgument("sensitive: uBD needs a non-empty X_S");
  if (block < 1 || block > v) {
    throw InvalidArgument("block: " + std::to_string(block) + " is not in [1, |X_S|] = [1, " +
                          std::to_string(v) + "]");
  }
  const Rational d = t + Rational(v, block) - 1;
  UbdConstants c;
  c.blocks = binomial(v, block);
  c.in_block = (t / d) / Rational(binomial(v - 1, block - 1));
  c.off_block = block < v ? Rational((1 - t / d) / Rational(binomial(v - 1, block))) : Rational(0);
  c.from_open = (1 - (t - 1) / d) / Rational(c.blocks);
  c.reports_self = (t - 1) / d;
  return c;
}

ClassStructuredMechanism ubd_classes(const IndexSet& sensitive, std::size_t block,
                                     const PrivacyBudget& budget) {
  const std::size_t k = sensitive.universe();
  const std::size_t v = sensitive.size();
  const UbdConstants c = ubd_constants(v, block, budget.exp_eps());
  BlockClasses classes(sensitive, block, c);
  if (!classes.non_sensitive().empty()) {  // y in X_N: y itself reports it, nobody else
    classes.add_open_class("non-sensitive", Integer(classes.non_sensitive().size()), c.reports_self,
                           std::to_string(classes.non_sensitive()[0]));
  }
  return ClassStructuredMechanism(k, classes.take_inputs(), classes.take_outputs(),
                                  dense_formulas(sensitive, block, c), "uBD", RowEvenness::kPerCell,
                                  ColumnSymmetry::kWithinInputClasses);
}

}  // namespace uldp
