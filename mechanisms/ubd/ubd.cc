// uBD with one block size: the constants, the class-structured form and its dense formulas.
#include "uldp/mechanisms/ubd/ubd.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "internal/subsets.h"
#include "uldp/error.h"

namespace uldp {
namespace {

using internal::all_subsets;
using internal::first_two;
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
  if (v == 0) throw InvalidArgument("--sensitive: uBD needs a non-empty X_S");
  if (block < 1 || block > v) {
    throw InvalidArgument("--block: " + std::to_string(block) + " is not in [1, |X_S|] = [1, " +
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

ClassStructuredMechanism utility_optimized_block_design_classes(const IndexSet& sensitive,
                                                                std::size_t block,
                                                                const PrivacyBudget& budget) {
  const std::size_t k = sensitive.universe();
  const std::size_t v = sensitive.size();
  const UbdConstants c = ubd_constants(v, block, budget.exp_eps());
  const IndexSet open = sensitive.complement();
  const std::size_t n = open.size();
  const std::vector<std::size_t>& xs = sensitive.indices();
  const std::vector<std::size_t>& xn = open.indices();
  std::vector<InputClass> inputs{{"sensitive", sensitive}};
  const std::size_t s = 0, ns = 1;
  if (n > 0) inputs.push_back({"non-sensitive", open});
  auto add = [](std::vector<ColumnCell>& cells, std::size_t input_class, std::size_t members,
                const Rational& q, std::vector<std::size_t> first) {
    if (members > 0) cells.push_back({input_class, members, q, std::move(first)});
  };
  // Blocks: the first in lexicographic order is the K smallest members of X_S.
  const std::vector<std::size_t> first_block(xs.begin(), xs.begin() + block);
  OutputClass blocks{"blocks", c.blocks, true, {}, {Integer(0), set_label(first_block)}};
  add(blocks.cells, s, block, c.in_block, first_two(first_block));
  add(blocks.cells, s, v - block, c.off_block, first_two(xs, block));
  add(blocks.cells, ns, n, c.from_open, first_two(xn));
  std::vector<OutputClass> outputs{std::move(blocks)};
  if (n > 0) {  // y in X_N: y itself reports it, nobody else
    OutputClass o{"non-sensitive", Integer(n), false, {}, {c.blocks, std::to_string(xn[0])}};
    add(o.cells, s, v, Rational(0), first_two(xs));
    add(o.cells, ns, 1, c.reports_self, {xn[0]});
    add(o.cells, ns, n - 1, Rational(0), first_two(xn, 0, xn[0]));
    outputs.push_back(std::move(o));
  }
  return ClassStructuredMechanism(k, std::move(inputs), std::move(outputs),
                                  dense_formulas(sensitive, block, c), "uBD");
}

}  // namespace uldp
